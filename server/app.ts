import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerGuard } from './auth/guard.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createMailQueue, type MailQueue } from './domain/mail/index.ts';
import { type PaymentProcessor, paymentProcessorFrom } from './domain/payments/index.ts';
import { createSealer } from './domain/secrets.ts';
import { registerErrorHandling, routeNotFound } from './errors.ts';
import { accountAdminRoutes } from './features/account/routes.ts';
import { activationCodeRoutes } from './features/activationCode/routes.ts';
import { assetRoutes } from './features/asset/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { cardRoutes } from './features/card/routes.ts';
import { cloudConfigRoutes } from './features/cloudConfig/routes.ts';
import { connectorRoutes } from './features/connector/routes.ts';
import { customerRoutes } from './features/customer/routes.ts';
import { directoryRoutes } from './features/directory/routes.ts';
import { httpsRoutes } from './features/https/routes.ts';
import { oauth2Routes } from './features/oauth2/routes.ts';
import { oidcRoutes } from './features/oidc/routes.ts';
import { orderRoutes } from './features/order/routes.ts';
import { otpRoutes } from './features/otp/routes.ts';
import { mailRoutes } from './features/outbox/routes.ts';
import { planRoutes } from './features/plan/routes.ts';
import { radiusRoutes } from './features/radius/routes.ts';
import { reportRoutes } from './features/report/routes.ts';
import { roleRoutes } from './features/role/routes.ts';
import { samlRoutes } from './features/saml/routes.ts';
import { saml2Routes } from './features/saml2/routes.ts';
import { samlSettingRoutes } from './features/samlSetting/routes.ts';
import { seamlessRoutes } from './features/seamless/routes.ts';
import { secondFactorRoutes } from './features/secondFactor/routes.ts';
import { serviceRoutes } from './features/service/routes.ts';
import { serviceTemplateRoutes } from './features/serviceTemplate/routes.ts';
import { accountRoutes } from './features/session/myAccountRoutes.ts';
import { authRoutes } from './features/session/routes.ts';
import { subscriptionRoutes } from './features/subscription/routes.ts';
import { billingRoutes } from './features/subscription/supportFeatureRoutes.ts';
import { themeRoutes } from './features/theme/routes.ts';
import { tokenPackRoutes } from './features/tokenPack/routes.ts';
import { userRoutes } from './features/user/routes.ts';
import { registerApiDocs } from './http/apiDocs.ts';
import { healthRoutes } from './http/health.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerRateLimits } from './http/rateLimit.ts';
import { registerRequestId, requestIdOf } from './http/requestId.ts';
import { frameAncestorsOf, registerSecurityHeaders } from './http/securityHeaders.ts';
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
  // Counts every request by route pattern; GET /metrics for Prometheus (METRICS_TOKEN, METRICS_ALLOW).
  registerMetrics(app, { db, settings: config.metrics });
  registerSecurityHeaders(app, {
    frameAncestors: config.frameAncestors,
    stripe: paymentProcessor.name === 'stripe',
  });
  registerErrorHandling(app);
  registerGuard(app, { db, jwtSecret: config.jwtSecret });
  registerRateLimits(app, { db, settings: config.rateLimits, now });
  refuseInvalidText(app);

  // Operational endpoints at the root, outside the API: GET /health/live and /health/ready.
  app.register(healthRoutes, { db });

  // The document collects the routes registered after it.
  registerApiDocs(app, { title: `${config.productName} API`, version: API_VERSION });

  app.register(
    async (api) => {
      await api.register(authRoutes, { db, config, now });
      await api.register(accountRoutes, { db });
      await api.register(customerRoutes, { db });
      await api.register(accountAdminRoutes, { db });
      await api.register(roleRoutes, { db });
      await api.register(assetRoutes, { db });
      await api.register(oauth2Routes, { db, config });
      await api.register(seamlessRoutes, { db, config, now });
      await api.register(secondFactorRoutes, { db, config, sealer, now });
      await api.register(serviceTemplateRoutes, { db });
      await api.register(cloudConfigRoutes, { db });
      await api.register(samlSettingRoutes, { db });
      await api.register(billingRoutes, { db });
      await api.register(planRoutes, { db });
      await api.register(orderRoutes, { db, now });
      await api.register(subscriptionRoutes, { db, now });
      await api.register(cardRoutes, { db, processor: paymentProcessor });
      await api.register(directoryRoutes, { db });
      await api.register(userRoutes, { db });
      await api.register(radiusRoutes, { db, sealer });
      await api.register(saml2Routes, { db, sealer, config });
      await api.register(samlRoutes, { db, sealer, config });
      await api.register(oidcRoutes, { db, sealer, config });
      await api.register(httpsRoutes, { db });
      await api.register(connectorRoutes, { db });
      await api.register(tokenPackRoutes, { db });
      await api.register(serviceRoutes, { db, sealer, config });
      await api.register(activationCodeRoutes, { db, sealer, config, mail });
      await api.register(otpRoutes, { db, sealer, config, mail });
      await api.register(mailRoutes, { db });
      await api.register(auditRoutes, { db, now });
      await api.register(reportRoutes, { db, now });
      await api.register(themeRoutes, { db });
    },
    { prefix: '/api' },
  );

  const indexFile = path.join(config.distDir, 'index.html');
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
        .replaceAll('%PRODUCT_NAME%', escapeHtml(config.productName))
        .replaceAll('%SUPPORT_URL%', escapeHtml(config.portalLinks?.supportUrl ?? ''))
        .replaceAll('%HELP_URL%', escapeHtml(config.portalLinks?.helpUrl ?? ''))
        .replaceAll('%SOCIAL_LINKS%', escapeHtml(config.portalLinks?.socialLinks ?? ''))
        // The embeddable screens take their token only from a page of these origins (src/pages/iframe).
        .replaceAll('%FRAME_ANCESTORS%', escapeHtml(frameAncestorsOf(config.frameAncestors).join(' ')))
    : undefined;
  if (indexHtml !== undefined) {
    app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      index: false,
      // index.html is answered below, with the product name filled in.
      globIgnore: ['index.html'],
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
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
  });

  return app;
}

export type App = ReturnType<typeof buildApp>;
