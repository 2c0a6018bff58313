import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import { gateway as texts } from '../../../contract/gatewayTexts.ts';
import { customerOfRealm, OIDC_REALMS_PATH, OIDC_ROUTES } from '../../../contract/oidc.ts';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { sharedSecret } from '../../db/startupLock.ts';
import { escapeHtml } from '../../domain/mail/index.ts';
import type { SiteContext } from '../../kit/feature.ts';
import { oidcSigningKeys } from '../connector/gateway.ts';
import { adapterFor } from './adapter.ts';

/**
 * The gateway's OpenID Connect provider (oidc-provider, certified): one issuer per customer realm, at the
 * addresses the OIDC connector page lists (server/features/oidc/oidcClients.ts endpointsOf): discovery,
 * JWKS, authorization (code flow, PKCE S256 required), token, userinfo and end session. Its state is in the
 * database (adapter.ts), its signing keys are the gateway's (connector/gateway.ts), its clients the
 * customer's OIDC connectors.
 */

const PREFIX = OIDC_REALMS_PATH;
/** The name of the key oidc-provider signs its cookies with, shared by every process (instance_secrets). */
const COOKIE_KEY = 'oidc-cookies';

/** How long each thing the provider makes lives, in seconds (an authorization code: 60 s, used once). */
const TTL = {
  AuthorizationCode: 60,
  AccessToken: 3600,
  IdToken: 3600,
  RefreshToken: 14 * 24 * 3600,
  Interaction: 10 * 60,
  Session: 12 * 3600,
  Grant: 14 * 24 * 3600,
};

/** The page a request the provider cannot answer ends on (never a redirect to an unregistered address). */
function errorPage(error: string): string {
  const { errorTitle, errorBody } = texts.oidc;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(errorTitle)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5"><main><h1>${escapeHtml(errorTitle)}</h1><p>${escapeHtml(errorBody)} <code>${escapeHtml(error)}</code></p></main></body></html>`;
}

/** The customer of a realm (see contract/oidc.ts), when it exists. */
async function customerNamedBy(db: Database, realm: string): Promise<string | undefined> {
  const id = customerOfRealm(realm);
  if (!id) return undefined;
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return row?.id;
}

export function oidcProviderSite(scope: FastifyInstance, { db, services }: SiteContext): void {
  const providers = new Map<string, Promise<Provider>>();
  // The key of the cookies oidc-provider signs: one for every process, so that any of them takes a sign-in on.
  let cookieKey: Promise<string> | undefined;

  const providerOf = (origin: string, realm: string, customerId: string) => {
    const key = `${origin} ${realm}`;
    let made = providers.get(key);
    if (!made) {
      made = (async () => {
        const keys = await oidcSigningKeys(db, services.sealer);
        cookieKey ??= sharedSecret(db, COOKIE_KEY, randomBytes(32).toString('base64url'));
        const provider = new Provider(`${origin}${PREFIX}${realm}`, {
          adapter: adapterFor(db, services.sealer, customerId),
          jwks: { keys: [keys.current, ...(keys.previous ? [keys.previous] : [])] as never },
          routes: {
            authorization: OIDC_ROUTES.authorization,
            token: OIDC_ROUTES.token,
            userinfo: OIDC_ROUTES.userinfo,
            jwks: OIDC_ROUTES.jwks,
            end_session: OIDC_ROUTES.endSession,
          },
          cookies: { keys: [await cookieKey] },
          ttl: TTL,
          renderError: (ctx, out) => {
            ctx.type = 'html';
            ctx.body = errorPage(String(out.error ?? 'server_error'));
          },
          features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
          pkce: { required: () => true },
          interactions: { url: (_ctx, interaction) => `${PREFIX}${realm}/interaction/${interaction.uid}` },
        });
        // The forwarded protocol and host are believed as far as the app believes its proxies (TRUST_PROXY).
        provider.proxy = services.config.trustProxy !== undefined;
        return provider;
      })();
      providers.set(key, made);
      made.catch(() => providers.delete(key));
    }
    return made;
  };

  const originOf = (request: FastifyRequest) =>
    services.config.publicUrl ?? `${request.protocol}://${request.host}`;

  // The provider reads its requests' bodies itself.
  scope.register(async (realms) => {
    realms.removeAllContentTypeParsers();
    realms.addContentTypeParser('*', (_request, _payload, done) => done(null));
    realms.all<{ Params: { realm: string } }>(`${PREFIX}:realm/*`, async (request, reply) => {
      const { realm } = request.params;
      const customerId = await customerNamedBy(db, realm);
      if (!customerId) return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
      const provider = await providerOf(originOf(request), realm, customerId);
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(`${PREFIX}${realm}`.length) || '/';
      provider.callback()(raw, reply.raw);
    });
  });
}
