import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { registerGuard } from './auth/guard.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { inlineScriptSources } from './domain/contentSecurityPolicy.ts';
import { createMailQueue, type MailQueue } from './domain/mail/index.ts';
import { type PaymentProcessor, paymentProcessorFrom } from './domain/payments/index.ts';
import { createSealer } from './domain/secrets.ts';
import { registerErrorHandling, routeNotFound } from './errors.ts';
import { FEATURES } from './features/index.ts';
import { defaultAllowedHosts, registerAllowedHosts } from './http/allowedHosts.ts';
import { registerApiDocs } from './http/apiDocs.ts';
import { healthRoutes } from './http/health.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerRateLimits } from './http/rateLimit.ts';
import { registerRequestId, requestIdOf } from './http/requestId.ts';
import { frameAncestorsOf, registerSecurityHeaders } from './http/securityHeaders.ts';
import type { Listener, Services } from './kit/feature.ts';
import { createKit } from './kit/kit.ts';
import { type LogOptions, loggerOptions } from './logging.ts';
import { invalidText, invalidTextField } from './validation.ts';

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /**
   * false (the default) for silence, or the level and destination of the log; the serializers and the
   * redaction that keep secrets out of it are always applied (see logging.ts).
   */
  logger?: false | LogOptions;
  /** The clock of rate limits and sign-in delays (tests move it instead of waiting). */
  now?: () => Date;
  /** The card payment processor; by default the one the config names (Stripe, or the test processor). */
  paymentProcessor?: PaymentProcessor;
  /** The outgoing mail; by default the one the config names (SMTP_URL, or the outbox). */
  mailQueue?: MailQueue;
}

const BODY_LIMIT = 1024 * 1024;

/** The version of the API document (the package's). */
const API_VERSION = '0.1.0';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The parts of a request checked for invalid text, with the name a field of each is given under. */
const TEXT_PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/**
 * Every API route refuses a NUL or a lone surrogate in any path parameter, query value or JSON body field
 * (keys included) with 400 `error.validation.invalidText`, before its schema is checked and before any
 * query. Values read inside handlers (multipart json parts, JSON in a query value) are checked by
 * compileCheck in the same way.
 */
function refuseInvalidText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!isApiPath(request.routeOptions.url ?? '')) return;
    for (const [part, root] of TEXT_PARTS) {
      const field = invalidTextField(request[part], root);
      if (field !== undefined) throw invalidText(field);
    }
  });
}

/** Fastify's trustProxy: a number of hops believes that many proxies, nearest first. */
const trustProxyOption = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : (setting ?? false);

/** The ports each app's own listeners are bound to (a test that asks for a free port reads it here). */
export const listeningPorts = new WeakMap<object, Services['listening']>();
/** Each app's metrics registry, as GET /metrics serves it (a test reads a counter without a request). */
export const appMetrics = new WeakMap<object, Registry>();

export function buildApp({
  db,
  config,
  logger = false,
  now = () => new Date(),
  paymentProcessor = paymentProcessorFrom(config),
  mailQueue,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(logger),
    bodyLimit: BODY_LIMIT,
    // Behind a reverse proxy, the client's address (for the rate limits) comes from X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    // X-Request-Id: the client's when it is a safe short token, a random UUID otherwise (http/requestId.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox checks bodies exactly as declared (no coercion of types); query and path values are converted.
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  // JSON only. A POST without a body is accepted as "no body" even when it says it is JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.length === 0) return done(null, undefined);
      parseJson(request, text, done);
    },
  );

  const sealer = createSealer(config.secretsKey);
  const mail = mailQueue ?? createMailQueue({ db, config, logger: app.log });
  // The background sender runs while the app does.
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());

  registerRequestId(app);
  // Only the host names the server answers to (ALLOWED_HOSTS): the Host header builds links it gives out.
  registerAllowedHosts(app, config.allowedHosts ?? defaultAllowedHosts(config));
  // Counts every request by route pattern; GET /metrics for Prometheus (METRICS_TOKEN, METRICS_ALLOW).
  const metrics = registerMetrics(app, { db, settings: config.metrics, now });
  const portalPolicyWith = registerSecurityHeaders(app, {
    frameAncestors: config.frameAncestors,
    stripe: paymentProcessor.name === 'stripe',
    publicUrl: config.publicUrl,
  });
  registerErrorHandling(app);
  registerGuard(app, { db, jwtSecret: config.jwtSecret });
  registerRateLimits(app, { db, settings: config.rateLimits, now });
  refuseInvalidText(app);

  // Operational endpoints at the root, outside the API: GET /health/live and /health/ready.
  app.register(healthRoutes, { db });

  // The document collects the routes registered after it.
  registerApiDocs(app, { title: `${config.productName} API`, version: API_VERSION });

  const services: Services = {
    config,
    sealer,
    mail,
    payments: paymentProcessor,
    now,
    listening: { radius: null },
  };
  // What the features serve beside HTTP (the RADIUS server) starts with the app: a port that cannot be
  // bound fails the start (a gateway that silently does not answer is worse), and closes with it.
  listeningPorts.set(app, services.listening);
  appMetrics.set(app, metrics);
  const listeners: Listener[] = [];
  app.addHook('onReady', async () => {
    for (const feature of FEATURES) {
      const listener = await feature.listen?.({ db, services, log: app.log, metrics });
      if (listener) listeners.push(listener);
    }
  });
  app.addHook('onClose', async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()));
  });
  // Every feature of server/features, found from its folder (server/features/index.ts).
  app.register(
    async (api) => {
      const kit = createKit(api, { db, services });
      for (const feature of FEATURES) await feature.routes(kit);
    },
    { prefix: '/api' },
  );

  // What features serve at the root in protocols of their own (the OpenID Connect provider's /realms).
  app.register(async (root) => {
    for (const feature of FEATURES) await feature.site?.(root, { db, services });
  });

  // The built pages, each with the installation's product name and links filled in: the portal's, and the
  // sign-in page's own (login.html, a smaller entry: src/signIn), answered at /login.
  const builtPage = (file: string) => {
    const pageFile = path.join(config.distDir, file);
    return existsSync(pageFile)
      ? // Each setting as it is (a function: a `$&` or `` $` `` in a setting is text, not a pattern).
        readFileSync(pageFile, 'utf8')
          .replaceAll('%PRODUCT_NAME%', () => escapeHtml(config.productName))
          .replaceAll('%SUPPORT_URL%', () => escapeHtml(config.portalLinks?.supportUrl ?? ''))
          .replaceAll('%HELP_URL%', () => escapeHtml(config.portalLinks?.helpUrl ?? ''))
          .replaceAll('%SOCIAL_LINKS%', () => escapeHtml(config.portalLinks?.socialLinks ?? ''))
          // The embeddable screens take their token only from a page of these origins (src/pages/iframe).
          .replaceAll('%FRAME_ANCESTORS%', () =>
            escapeHtml(frameAncestorsOf(config.frameAncestors).join(' ')),
          )
      : undefined;
  };
  const indexHtml = builtPage('index.html');
  const loginHtml = builtPage('login.html');
  // The sign-in page's first script is in the page (it runs before the page is shown): allowed by its hash.
  const loginPolicy =
    loginHtml === undefined ? undefined : portalPolicyWith({ 'script-src': inlineScriptSources(loginHtml) });
  if (indexHtml !== undefined) {
    app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      index: false,
      // The pages are answered below, with the product name filled in.
      globIgnore: ['index.html', 'login.html'],
      // The build writes a brotli and a gzip copy of each asset (vite.config.ts): the one the browser
      // accepts is sent, with content-encoding and `vary: accept-encoding`; otherwise the file itself.
      preCompressed: true,
      // @fastify/static 10 hands setHeaders the reply, not Node's response.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return reply.status(404).send(routeNotFound(request.method, request.url));
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html');
    if (indexHtml === undefined) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The portal is not built yet: run `npm run build`, then start the server again.\n');
    }
    if (wantsPage) {
      if (loginHtml !== undefined && loginPolicy !== undefined && request.url.split('?')[0] === '/login') {
        reply.header('content-security-policy', loginPolicy);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(loginHtml);
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
  });

  return app;
}

export type App = ReturnType<typeof buildApp>;
