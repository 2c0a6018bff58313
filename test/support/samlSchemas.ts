import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * The OASIS SAML 2.0 and W3C schemas, as published (xsd/README.md), and libxml2's xmllint compiled to
 * WebAssembly (xmllint-wasm) checking a document against them: no system xmllint, nothing read from the
 * network. The tests check the gateway's metadata and its SAML responses with it.
 */

const FOLDER = fileURLToPath(new URL('./xsd/', import.meta.url));

/** The documents' root schemas. */
export type SamlSchema = 'saml-schema-protocol-2.0.xsd' | 'saml-schema-metadata-2.0.xsd';

/** Every schema a root schema may import, and the http URLs some imports name them by. */
const FILES = [
  'saml-schema-protocol-2.0.xsd',
  'saml-schema-metadata-2.0.xsd',
  'saml-schema-assertion-2.0.xsd',
  'xmldsig-core-schema.xsd',
  'xenc-schema.xsd',
  'xml.xsd',
] as const;
const BY_URL: Record<string, string> = {
  'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd': 'xmldsig-core-schema.xsd',
  'http://www.w3.org/TR/2002/REC-xmlenc-core-20021210/xenc-schema.xsd': 'xenc-schema.xsd',
  'http://www.w3.org/2001/xml.xsd': 'xml.xsd',
};

type SchemaFile = { fileName: string; contents: string };
let files: Promise<Map<string, SchemaFile>> | undefined;

/** The files, read once; their imports by http URL pointed at the files given with them. */
function schemaFiles(): Promise<Map<string, SchemaFile>> {
  files ??= Promise.all(
    FILES.map(async (fileName) => {
      let contents = await readFile(path.join(FOLDER, fileName), 'utf8');
      for (const [url, local] of Object.entries(BY_URL)) {
        contents = contents.replaceAll(`schemaLocation="${url}"`, `schemaLocation="${local}"`);
      }
      return [fileName, { fileName, contents }] as const;
    }),
  ).then((read) => new Map(read));
  files.catch(() => {
    files = undefined;
  });
  return files;
}

export interface SchemaVerdict {
  valid: boolean;
  /** xmllint's messages ("document.xml validates", or the errors). */
  output: string;
}

/**
 * xmllint's verdict on `xml` against a root schema. A schema that does not compile (an import not found:
 * xmllint's exit code 5) rejects, rather than call the document invalid.
 */
export async function validateAgainst(xml: string, root: SamlSchema): Promise<SchemaVerdict> {
  const all = await schemaFiles();
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: all.get(root)!,
    preload: [...all.values()].filter((file) => file.fileName !== root),
  });
  return { valid: result.valid, output: result.rawOutput };
}
