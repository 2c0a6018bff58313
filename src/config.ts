/**
 * The settings of a page drawn without a browser, at build time (src/signIn/prerender.tsx): the product name
 * is the placeholder the server fills in, in the page's text as in its head; the others are unset, as they
 * are by default (a page whose settings differ is drawn by the browser: src/signIn/drawnAhead.ts).
 */
const DRAWN_AHEAD: Readonly<Record<string, string>> = { 'product-name': '%PRODUCT_NAME%' };

/**
 * Settings the server writes into index.html when it serves the portal
 * (`<meta name="product-name">`, from PRODUCT_NAME).
 */
const meta = (name: string): string | undefined => {
  if (typeof document === 'undefined') return DRAWN_AHEAD[name];
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content && !content.startsWith('%') ? content : undefined;
};

export const API_URL = '/api';

export const getProductName = (): string => meta('product-name') ?? 'Gateway Portal';

/** Where the side menu's Help entry leads (opened in a new tab); HELP_URL on the server. */
export const getHelpUrl = (): string => meta('help-url') ?? '/docs/intro/overview';

/**
 * The onboarding deep link the V-Key app opens for a QR sign-in session: the QR code on the sign-in page
 * encodes it, and a tap on the code opens it on a mobile device. It names this server and the session.
 */
export const onboardingDeepLink = (sessionId: string, origin: string = window.location.origin): string =>
  `vkey://onboarding/seamless-login?server=${encodeURIComponent(origin)}&sessionId=${encodeURIComponent(sessionId)}`;

/** The external support-ticket page (FAQ/Ticket menu); SUPPORT_URL on the server. */
export const getSupportUrl = (): string | undefined => meta('support-url');

/** Social links shown in the public footer, as `name=url` pairs; SOCIAL_LINKS on the server. */
export const getSocialLinks = (): { name: string; url: string }[] =>
  (meta('social-links') ?? '')
    .split(/[\s,]+/)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), url: pair.slice(pair.indexOf('=') + 1) }))
    .filter(({ name, url }) => name.length > 0 && /^https?:\/\//.test(url));
