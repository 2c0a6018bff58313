import { ACTIVATION_CODE_PATTERN, activationLink } from '../../../contract/activationCode';
import { URL_MAX_LENGTH } from '../../../contract/rules';

/** The V-Key app's custom scheme: the links it opens (config.ts onboardingDeepLink, contract/activationCode.ts). */
const VKEY_LINK = /^vkey:\/\/\S+$/i;

/** Whether `text` is a link the V-Key app opens (and nothing a browser would run, such as `javascript:`). */
export const isVkeyLink = (text: string): boolean => text.length <= URL_MAX_LENGTH && VKEY_LINK.test(text);

/** Whether `text` is an onboarding link of the V-Key app (`vkey://onboarding/…`). */
export const isOnboardingLink = (text: string): boolean =>
  isVkeyLink(text) && text.toLowerCase().startsWith('vkey://onboarding/');

/** The activation code an onboarding link holds (`…&code=7KQ2-…`), if any. */
const codeOf = (link: string): string | undefined => {
  try {
    return new URL(link).searchParams.get('code') ?? undefined;
  } catch {
    return undefined;
  }
};

export interface Onboarding {
  /** The link the QR code holds and the app opens. */
  link: string;
  code?: string;
}

/**
 * The onboarding an address names: `?link=` an onboarding link, or `?code=` one, or an activation code
 * (made into this server's activation link, as the activation email's: contract/activationCode.ts). Anything
 * else names none.
 */
export const onboardingOf = (params: URLSearchParams, origin: string): Onboarding | undefined => {
  for (const value of [params.get('link'), params.get('code')]) {
    const text = value?.trim();
    if (text && isOnboardingLink(text)) return { link: text, code: codeOf(text) };
  }
  const code = params.get('code')?.trim().toUpperCase();
  if (code && ACTIVATION_CODE_PATTERN.test(code)) return { link: activationLink(origin, code), code };
  return undefined;
};
