import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Directives,
  PORTAL_POLICY,
  policyText,
  STRIPE_SOURCES,
  withSources,
} from '../domain/contentSecurityPolicy.ts';

/**
 * The security headers of every answer (with @fastify/helmet), and the cache rule of the API.
 *
 * The Content-Security-Policy is the one the built portal runs under: its scripts are files of its own
 * origin (no inline script, no eval; the sign-in page's one inline script, its first, is allowed by its hash
 * on that page alone: server/app.ts); MUI/emotion inject <style> elements, so styles need 'unsafe-inline';
 * images may be data:, blob: (the preview of a chosen icon) and https: URLs (customer logos, avatars);
 * the QR sign-in posts a hidden form to the registered redirect URL of a foreign client (docs/requirements/sign-in-and-session-calls.md,
 * form_post), so forms may go to any https: origin, and to http on localhost for clients under development.
 * No page may be framed (`frame-ancestors 'none'`, X-Frame-Options DENY), except the embeddable screens
 * under FRAMEABLE_PREFIXES, which the sources of the FRAME_ANCESTORS setting may frame. With Stripe configured,
 * Stripe.js's sources are added (STRIPE_SOURCES).
 *
 * Every API answer is `Cache-Control: no-store` (sign-in answers, one-time passwords, personal data),
 * except the successful answers of public routes that set their own cache policy: the service template
 * icons, public and versioned by their URL (`?v=<file id>`).
 */

/** Paths of the embeddable screens (docs/requirements/portal-routes-and-menus.md: /iframe/account-list, /iframe/user-list, …). */
export const FRAMEABLE_PREFIXES: readonly string[] = ['/iframe/'];

/** Who may frame the embeddable screens when FRAME_ANCESTORS is not set: the portal itself. */
export const DEFAULT_FRAME_ANCESTORS: readonly string[] = ["'self'"];

/** The sources that may frame the embeddable screens: FRAME_ANCESTORS, or the portal itself. */
export const frameAncestorsOf = (setting: readonly string[] | undefined): readonly string[] =>
  setting ?? DEFAULT_FRAME_ANCESTORS;

const pathOf = (url: string) => url.split('?')[0] ?? url;

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

const isFrameable = (path: string) => FRAMEABLE_PREFIXES.some((prefix) => path.startsWith(prefix));

/** Whether an API answer may keep the cache policy its route set: a success of a public route. */
const mayBeCached = (request: FastifyRequest, reply: FastifyReply) =>
  reply.statusCode < 400 &&
  request.routeOptions.config?.access?.public === true &&
  reply.hasHeader('cache-control');

/** The text of the portal's policy with more sources for some directives (a page's own inline scripts). */
export type PolicyWith = (more: Directives) => string;

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { frameAncestors?: readonly string[]; stripe?: boolean; publicUrl?: string } = {},
): PolicyWith {
  const portalPolicy = options.stripe ? withSources(PORTAL_POLICY, STRIPE_SOURCES) : PORTAL_POLICY;
  const framedPolicy = policyText({
    ...portalPolicy,
    'frame-ancestors': frameAncestorsOf(options.frameAncestors),
  });

  app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: portalPolicy },
    // The sign-in popups of the portal keep their opener when they come back from another origin.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, over HTTPS only.
    strictTransportSecurity: false,
  });
  const httpsPublic = options.publicUrl?.startsWith('https:') === true;

  app.addHook('onSend', async (request, reply, payload) => {
    const path = pathOf(request.url);
    if (isApiPath(path) && !mayBeCached(request, reply)) reply.header('cache-control', 'no-store');
    // HSTS means something only over HTTPS (RFC 6797 §7.2: not sent over plain HTTP): when the request came
    // over it (through a trusted proxy's X-Forwarded-Proto), or PUBLIC_URL says the portal is served so.
    // Sibling subdomains are not the portal's to decide.
    if (httpsPublic || request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000');
    }
    if (isFrameable(path)) {
      reply.header('content-security-policy', framedPolicy);
      // Helmet wrote it on the raw answer; CSP frame-ancestors says who may frame instead.
      reply.raw.removeHeader('x-frame-options');
    }
    return payload;
  });
  return (more) => policyText(withSources(portalPolicy, more));
}
