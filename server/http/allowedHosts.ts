import type { FastifyInstance } from 'fastify';
import { COMMON_ERRORS } from '../../contract/errors.ts';
import type { Config } from '../config.ts';
import { fail } from '../errors.ts';

/**
 * The host names the server answers to (ALLOWED_HOSTS). The Host header builds what the server gives out
 * when PUBLIC_URL is not set (the OAuth2 redirect_uri, the activation QR link, SAML metadata): a request
 * for any other name gets 421 `error.host.notAllowed`, so that a forged Host cannot make the server hand out
 * links to somebody else's site. `*` answers every name. The health probes and /metrics answer whatever the
 * name (orchestrators call them by address).
 *
 * Default: the listening address (unless it is every interface), `localhost`, the loopback addresses and
 * PUBLIC_URL's host.
 */

/** The names answered when ALLOWED_HOSTS is not set. */
export function defaultAllowedHosts(config: Pick<Config, 'host' | 'publicUrl'>): string[] {
  const names = ['localhost', '127.0.0.1', '::1'];
  if (!['0.0.0.0', '::', ''].includes(config.host)) names.push(config.host);
  if (config.publicUrl) names.push(new URL(config.publicUrl).hostname);
  return [...new Set(names.map(normalHost))];
}

/** A host name as compared: lower case, without brackets or a trailing dot. */
const normalHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** The paths that answer whatever the name. */
const ANY_HOST = /^\/(health\/(live|ready)|metrics)(\?|$)/;

export function registerAllowedHosts(app: FastifyInstance, allowed: readonly string[]): void {
  if (allowed.includes('*')) return;
  const names = new Set(allowed.map(normalHost));
  app.addHook('onRequest', async (request) => {
    if (ANY_HOST.test(request.url)) return;
    const host = normalHost(request.hostname ?? '');
    if (!names.has(host)) throw fail(COMMON_ERRORS.hostNotAllowed, { host: host.slice(0, 100) });
  });
}
