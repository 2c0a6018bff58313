import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy the built portal runs under (server/http/securityHeaders.ts sends it on every
 * answer), and the means to widen it for one page: the web sign-in page that posts a SAML Response to an
 * application's address (webSignIn/flow.ts) allows that form's origin.
 */

export type Directives = Readonly<Record<string, readonly string[]>>;

export const PORTAL_POLICY: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
};

/**
 * What Stripe.js needs when card payments go through Stripe (Stripe's published CSP list): its script, its
 * card field frames and its API.
 */
export const STRIPE_SOURCES: Directives = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** A policy with more sources for some directives. */
export const withSources = (policy: Directives, more: Directives): Directives =>
  Object.fromEntries(
    [...new Set([...Object.keys(policy), ...Object.keys(more)])].map((name) => [
      name,
      [...(policy[name] ?? policy['default-src'] ?? []), ...(more[name] ?? [])],
    ]),
  );

/** The header's text: `name value value; name value`. */
export const policyText = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** The inline scripts of a page (`<script>` without attributes: no src, no type). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The script sources that allow a page's own inline scripts and no other: the hash of each
 * (`'sha256-…'`, CSP Level 2), for a page the server answers as it is built (the sign-in page's first
 * script: src/signIn/firstScript.js).
 */
export const inlineScriptSources = (page: string): string[] =>
  [...page.matchAll(INLINE_SCRIPT)].map(
    ([, script = '']) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
