import { DOMParser } from '@xmldom/xmldom';

/** The most characters of a SAML message the gateway reads. */
export const SAML_MESSAGE_MOST = 256 * 1024;

/**
 * A SAML message parsed strictly (@xmldom/xmldom): undefined when it is too long, declares a document type
 * (no entities, internal or external), or is not well-formed (what xmldom calls a warning included).
 */
export function strictXml(xml: string): Document | undefined {
  if (xml === '' || xml.length > SAML_MESSAGE_MOST || /<!DOCTYPE/i.test(xml)) return undefined;
  let broken = false;
  const fail = () => {
    broken = true;
  };
  try {
    const document = new DOMParser({
      locator: false,
      errorHandler: { warning: fail, error: fail, fatalError: fail },
    }).parseFromString(xml, 'text/xml');
    return broken ? undefined : (document as unknown as Document);
  } catch {
    return undefined;
  }
}
