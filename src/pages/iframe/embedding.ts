/**
 * How an embeddable screen (/iframe/…) gets its session from the page that embeds it. The screen posts
 * `{type: 'gateway-portal:ready'}` to its parent when it is drawn without a session (at first, and whenever
 * its session ends); the parent answers with `{type: 'gateway-portal:token', token, customerId?}`, posted
 * to the portal's origin. The screen takes that message only from its own parent window, and only from an
 * origin that FRAME_ANCESTORS names (the server writes the list into index.html; the browser already refuses
 * to draw the screen in a page of any other origin, by the Content-Security-Policy's frame-ancestors).
 */

/** What the screen posts to its parent: "pass me a token". */
export const READY_MESSAGE = { type: 'gateway-portal:ready' } as const;

/** The type of the parent's answer. */
export const TOKEN_MESSAGE_TYPE = 'gateway-portal:token';

export interface TokenMessage {
  type: typeof TOKEN_MESSAGE_TYPE;
  token: string;
  customerId?: string;
}

/** The parent's answer, or undefined when the data is anything else. */
export const tokenMessageOf = (data: unknown): TokenMessage | undefined => {
  if (!data || typeof data !== 'object') return undefined;
  const { type, token, customerId } = data as Record<string, unknown>;
  if (type !== TOKEN_MESSAGE_TYPE || typeof token !== 'string' || token.length === 0) return undefined;
  if (customerId !== undefined && typeof customerId !== 'string') return undefined;
  return { type, token, ...(customerId ? { customerId } : {}) };
};

/**
 * The FRAME_ANCESTORS sources as the server wrote them into `<meta name="frame-ancestors">`; `'self'` when
 * the page was not served by the server (the development server).
 */
export const frameAncestors = (): string[] => {
  const content = document.querySelector<HTMLMetaElement>('meta[name="frame-ancestors"]')?.content;
  if (!content || content.startsWith('%')) return ["'self'"];
  return content.split(/\s+/).filter(Boolean);
};

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Whether a page of `origin` matches one CSP source of frame-ancestors (CSP's source matching, simplified). */
const matchesSource = (origin: URL, source: string, self: string): boolean => {
  if (source === "'self'") return origin.origin === self;
  if (source === "'none'") return false;
  // A scheme source: `https:`.
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return origin.protocol === source.toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*:)\/\/(\*\.)?([^:/]+)(?::(\d+|\*))?\/?$/i.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (origin.protocol !== scheme!.toLowerCase()) return false;
  const hostname = origin.hostname.toLowerCase();
  const wanted = host!.toLowerCase();
  if (wildcard ? !hostname.endsWith(`.${wanted}`) : hostname !== wanted) return false;
  if (port === '*') return true;
  const actual = origin.port || DEFAULT_PORTS[origin.protocol] || '';
  return actual === (port ?? DEFAULT_PORTS[origin.protocol] ?? '');
};

/** Whether a message from `origin` may give the screen its session. */
export const isAllowedOrigin = (
  origin: string,
  sources: readonly string[] = frameAncestors(),
  self: string = window.location.origin,
): boolean => {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return sources.some((source) => matchesSource(url, source, self));
};
