import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { CONNECTOR_TYPE_IDS, type ConnectorType } from '../../../contract/connector.ts';
import type { GatewayReason } from '../../../contract/gateway.ts';
import { gateway as englishTexts } from '../../../contract/gatewayTexts.ts';
import type { Messages } from '../../../contract/i18n/messages.ts';
import type { ThemeDefinition } from '../../../contract/theme.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../contract/translations.ts';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import { serviceConnectors, serviceInstances, themes, tokenPacks, webSignIns } from '../../db/schema.ts';
import { windowCounter } from '../../db/windowCounter.ts';
import { PORTAL_POLICY, policyText, withSources } from '../../domain/contentSecurityPolicy.ts';
import { outboundPolicy } from '../../domain/outbound.ts';
import type { Services } from '../../kit/feature.ts';
import { Gateway, type GatewayAsk } from '../gateway/decision.ts';
import { mergedCatalogue } from '../translations/overrides.ts';
import { filled, type PageState, type PageView, pageThemeOf, renderPage, type WebTexts } from './page.ts';
import type { WebSignInPost } from './schema.ts';

/**
 * The steps of a web sign-in (README, "Signing in to web applications through the gateway"), the same for
 * OpenID Connect and SAML 2.0: the protocol hands over a sign-in (a SignInTarget: which connector asks, and
 * how to send the browser back), the page takes the user name and password, then the second factor (the
 * app's approval, waited for, or a code), each step decided by the gateway's one decision module (the
 * RADIUS server's, gateway/decision.ts) and kept in the user's sign-in log; the protocol then sends the
 * application the user, or its refusal (`access_denied`): by a redirect (OpenID Connect), or by a form the
 * page posts to the application (SAML's HTTP-POST binding).
 */

/** How long the page waits for the app's approval before offering to ask again. */
export const WEB_PUSH_SECONDS = 60;
/** Wrong passwords one sign-in may take: past them it ends (the application is told access_denied). */
export const WEB_MOST_FAILURES = 5;
/** The most characters of a user name and a password the page takes. */
const NAME_MAX = 256;
const PASSWORD_MAX = 1024;

/** What the application is told: the user signed in (with the methods it proved), or refused. */
export type SignInOutcome =
  | { accountId: string; amr: string[]; authTime: number }
  | { error: 'access_denied'; description: string };

/** A sign-in a protocol hands to the page. */
export interface SignInTarget {
  protocol: 'OIDC' | 'SAML';
  /** The sign-in's id (the protocol's own, unguessable). */
  id: string;
  customerId: string;
  connector: { id: string; type: ConnectorType };
  /** The application, as its connector names it. */
  application: string;
  /** Until when the protocol keeps the sign-in. */
  expiresAt: Date;
  /** The page's address (its forms post there). */
  action: string;
  /** Tells the application the outcome: where the browser goes next, or the form it posts there. */
  finish(outcome: SignInOutcome): Promise<string | WebSignInPost>;
}

type Row = typeof webSignIns.$inferSelect;

/** The reasons a sign-in goes on from: the password form shows them as one (nothing tells them apart). */
const WRONG_CREDENTIALS = new Set<GatewayReason>(['unknownUser', 'wrongPassword', 'notPap']);

/** The page's language: the first of the browser's languages the catalogues have (else English). */
export function localeOf(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (tag && isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

export class WebSignIn {
  readonly #db: Database;
  readonly #services: Services;
  readonly #log: FastifyBaseLogger;
  #gateway: Gateway | undefined;
  /** The page's texts of each merged catalogue lately used, by its ETag. */
  readonly #texts = new Map<string, WebTexts>();

  /** Password tries across sign-ins that were wrong, per user name and per client address (rate_limits). */
  readonly #failures: ReturnType<typeof windowCounter>;

  constructor(db: Database, services: Services, log: FastifyBaseLogger) {
    this.#db = db;
    this.#services = services;
    this.#log = log;
    this.#failures = windowCounter(db, services.now);
  }

  /**
   * The counters of wrong passwords a password try counts against, with their limits: the customer's user
   * name (its SHA-256: the table holds no names), whether or not such a user exists, and the browser's
   * address. Each sign-in ends after WEB_MOST_FAILURES; these stop guessing across sign-ins.
   */
  #failureMeters(request: FastifyRequest, target: SignInTarget, userName: string) {
    const { webSignInPerUser, webSignInPerAddress } = this.#services.config.rateLimits;
    const name = createHash('sha256').update(userName.toLowerCase()).digest('base64url');
    return [
      { key: `web-password:user:${target.customerId}:${name}`, rule: webSignInPerUser },
      { key: `web-password:address:${request.ip}`, rule: webSignInPerAddress },
    ];
  }

  /**
   * Counts a password try against its counters before the password is checked, so that tries sent at
   * once are all counted; answers the minutes until a password may be tried again when a counter is past
   * its limit (else 0). A try that was not a wrong password is given back (#notFailed).
   */
  async #counted(request: FastifyRequest, target: SignInTarget, userName: string): Promise<number> {
    const meters = this.#failureMeters(request, target, userName);
    const counts = await this.#failures.hitAll(
      meters.map(({ key, rule }) => ({ key, windowMs: rule.windowSec * 1000 })),
    );
    let wait = 0;
    meters.forEach(({ rule }, index) => {
      const { current, ttl } = counts[index]!;
      if (current > rule.max) wait = Math.max(wait, Math.ceil(ttl / 60_000));
    });
    return wait;
  }

  /** A counted try that was no wrong password: taken back from its counters. */
  async #notFailed(request: FastifyRequest, target: SignInTarget, userName: string): Promise<void> {
    await this.#failures.giveBack(this.#failureMeters(request, target, userName).map(({ key }) => key));
  }

  get #decisions(): Gateway {
    this.#gateway ??= new Gateway({
      db: this.#db,
      sealer: this.#services.sealer,
      outbound: outboundPolicy(this.#services.config.outboundAllow),
      log: this.#log,
      now: this.#services.now,
      pushTimeoutSec: WEB_PUSH_SECONDS,
    });
    return this.#gateway;
  }

  /** Why nobody can sign in through the connector now (Gateway.refusalOf), or null. */
  refusalOf(connector: SignInTarget['connector'], customerId: string) {
    return this.#decisions.refusalOf({ ...connector, customerId, mode: 'web' });
  }

  /** Values a protocol keeps between sign-ins, forgotten at every change of a kept table (Gateway.keep). */
  keep<V>(options: { max: number; ttlMs?: number; keepIf?: (value: V) => boolean }) {
    return this.#decisions.keep<V>(options);
  }

  /** Resolves once its gateway has heard every change committed before the call (Gateway.caughtUp). */
  async caughtUp(): Promise<void> {
    await this.#gateway?.caughtUp();
  }

  async close(): Promise<void> {
    await this.#gateway?.close();
  }

  /**
   * Opens a sign-in the protocol took a request for (SAML: the application's AuthnRequest, or the
   * connector's own link), keeping what the protocol needs to answer it; a connector nobody can sign in
   * through now opens it refused (the page says why, and offers to tell the application).
   */
  async begin(target: SignInTarget, request: unknown): Promise<void> {
    const refusal = await this.refusalOf(target.connector, target.customerId);
    await this.#made(target, { request, refusal });
  }

  /** A sign-in begun by its protocol (begin), while it lasts: its connector and what the protocol kept. */
  async begun(customerId: string, id: string) {
    const [row] = await withinCustomer(this.#db, customerId, (tx) =>
      tx
        .select({
          connectorId: webSignIns.connectorId,
          request: webSignIns.request,
          expiresAt: webSignIns.expiresAt,
        })
        .from(webSignIns)
        .where(and(eq(webSignIns.id, id), gt(webSignIns.expiresAt, this.#services.now()))),
    );
    return row;
  }

  /** Draws the page for the sign-in as it stands (GET); once answered, the form back to the application. */
  async show(request: FastifyRequest, reply: FastifyReply, target: SignInTarget): Promise<void> {
    const row = await this.#opened(target);
    const texts = await this.#textsOf(request, target.customerId);
    if (typeof row === 'string') return this.#send(request, reply, target, refusedState(texts, row));
    if (row.step === 'done' && row.post) {
      // Posted once: the answer is the application's, not to be drawn again.
      await withinCustomer(this.#db, target.customerId, (tx) =>
        tx.delete(webSignIns).where(eq(webSignIns.id, target.id)),
      );
      const state: PageState = { kind: 'post', url: row.post.url, fields: row.post.fields };
      return this.#send(request, reply, target, state);
    }
    return this.#send(request, reply, target, this.#stateOf(texts, row));
  }

  /** The page for a sign-in the protocol no longer knows (expired, or finished). */
  async expired(request: FastifyRequest, reply: FastifyReply, customerId: string | null): Promise<void> {
    return this.#sendPlain(request, reply, customerId, { kind: 'expired' }, 410);
  }

  /** The page after an application's logout that has nowhere to send the browser back to. */
  async signedOut(request: FastifyRequest, reply: FastifyReply, customerId: string): Promise<void> {
    return this.#sendPlain(request, reply, customerId, { kind: 'signedOut' }, 200);
  }

  /** The gateway's own test of a connector (Try sign-in): what the application would receive. */
  async tried(
    request: FastifyRequest,
    reply: FastifyReply,
    customerId: string,
    application: string,
    rows: [string, string][],
  ): Promise<void> {
    const view = await this.#view(request, customerId, null, '', { kind: 'tried', rows });
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage({ ...view, application }));
  }

  async #sendPlain(
    request: FastifyRequest,
    reply: FastifyReply,
    customerId: string | null,
    state: PageState,
    status: number,
  ): Promise<void> {
    const view = await this.#view(request, customerId, null, '', state);
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage(view));
  }

  /** A form of the page (POST): its `action` field says which. */
  async submit(
    request: FastifyRequest,
    reply: FastifyReply,
    target: SignInTarget,
    fields: Record<string, unknown>,
  ): Promise<void> {
    const field = (name: string, max: number) => {
      const value = fields[name];
      return typeof value === 'string' ? value.slice(0, max) : '';
    };
    const opened = await this.#opened(target);
    const texts = await this.#textsOf(request, target.customerId);
    if (typeof opened === 'string') {
      if (field('action', 20) === 'cancel') return this.#finishRefused(reply, target, opened);
      return this.#send(request, reply, target, refusedState(texts, opened), 403);
    }
    let row = opened;
    if (row.step === 'done') return reply.redirect(target.action, 303);
    if (row.refusal) {
      if (field('action', 20) === 'cancel') return this.#finishRefused(reply, target, row.refusal);
      return this.#send(request, reply, target, refusedState(texts, row.refusal), 403);
    }
    switch (field('action', 20)) {
      case 'cancel':
        if (row.pushId) await this.#decisions.webEndPush(target.customerId, row.pushId);
        return this.#finish(reply, target, {
          error: 'access_denied',
          description: 'The user cancelled the sign-in.',
        });
      case 'password': {
        if (row.step !== 'password') break;
        const userName = field('username', NAME_MAX).trim();
        const password = field('password', PASSWORD_MAX);
        const wait = await this.#counted(request, target, userName);
        if (wait > 0) {
          const error = filled(texts.throttled, { minutes: wait });
          return this.#send(request, reply, target, { kind: 'password', userName, error }, 429);
        }
        const decided = await this.#decisions.decide({ ...this.#ask(request, target, userName), password });
        const wrong = decided.result === 'REJECT' && WRONG_CREDENTIALS.has(decided.reason);
        if (!wrong) await this.#notFailed(request, target, userName);
        if (wrong) {
          row = await this.#failed(target, row);
          if (row.failures >= WEB_MOST_FAILURES) {
            return this.#send(
              request,
              reply,
              target,
              {
                kind: 'refused',
                message: texts.tooManyAttempts,
                canReturn: true,
              },
              403,
            );
          }
          return this.#send(
            request,
            reply,
            target,
            { kind: 'password', userName, error: texts.wrongCredentials },
            401,
          );
        }
        if (decided.result === 'REJECT' || !decided.web) {
          return this.#refuse(request, reply, target, texts, decided.reason);
        }
        if (decided.result === 'ACCEPT') {
          return this.#finish(reply, target, this.#signedIn(decided.web.userId, ['pwd']));
        }
        row = await this.#update(target, {
          step: 'second',
          userId: decided.web.userId,
          userName,
          app: decided.web.app,
        });
        if (row.app) row = await this.#askApp(request, target, row);
        return reply.redirect(target.action, 303);
      }
      case 'code': {
        if (row.step !== 'second' || !row.userId) break;
        const code = field('code', 12).replace(/\s/g, '');
        const decided = await this.#decisions.webCode(
          this.#ask(request, target, row.userName ?? ''),
          row.userId,
          code,
        );
        if (decided.result === 'ACCEPT') {
          if (row.pushId) await this.#decisions.webEndPush(target.customerId, row.pushId);
          return this.#finish(reply, target, this.#signedIn(row.userId, ['pwd', 'otp']));
        }
        if (decided.reason === 'wrongCode') {
          const state = this.#stateOf(texts, row);
          return this.#send(request, reply, target, { ...state, error: texts.wrongCode } as PageState, 401);
        }
        return this.#refuse(request, reply, target, texts, decided.reason);
      }
      case 'push': {
        if (row.step !== 'second' || !row.userId || !row.pushId) break;
        const outcome = await this.#pushOutcome(request, target, row);
        if (outcome) return reply.redirect(outcome, 303);
        break;
      }
      case 'ask-again':
        if (row.step === 'second' && row.app && row.userId) {
          if (row.pushId) await this.#decisions.webEndPush(target.customerId, row.pushId);
          await this.#askApp(request, target, row);
        }
        break;
    }
    return reply.redirect(target.action, 303);
  }

  /** The page's status for its script: waiting for the app, or where to go now (JSON). */
  async status(request: FastifyRequest, reply: FastifyReply, target: SignInTarget): Promise<void> {
    reply.header('cache-control', 'no-store');
    const row = await this.#row(target);
    if (row?.step !== 'second' || !row.userId || !row.pushId || row.refusal) {
      return reply.send({ state: 'changed' });
    }
    const location = await this.#pushOutcome(request, target, row);
    if (location) return reply.send({ state: 'done', location });
    return reply.send({ state: 'waiting' });
  }

  /**
   * The app's answer to the push the page waits for: where the browser goes (the application, or the page
   * again when refused or expired), or undefined while it waits.
   */
  async #pushOutcome(request: FastifyRequest, target: SignInTarget, row: Row): Promise<string | undefined> {
    const decided = await this.#decisions.webPush(
      this.#ask(request, target, row.userName ?? ''),
      row.userId!,
      row.pushId!,
    );
    if (!decided) return undefined;
    if (decided.result === 'ACCEPT') {
      return this.#finished(target, this.#signedIn(row.userId!, ['pwd', 'mfa']));
    }
    if (decided.reason === 'pushTimedOut') await this.#update(target, { pushId: null, pushExpiresAt: null });
    else await this.#update(target, { refusal: decided.reason, pushId: null, pushExpiresAt: null });
    return target.action;
  }

  #signedIn(accountId: string, amr: string[]): SignInOutcome {
    return { accountId, amr, authTime: Math.floor(this.#services.now().getTime() / 1000) };
  }

  #ask(request: FastifyRequest, target: SignInTarget, userName: string): GatewayAsk {
    return {
      protocol: target.protocol,
      connector: {
        id: target.connector.id,
        customerId: target.customerId,
        mode: 'web',
        type: target.connector.type,
      },
      userName,
      password: null,
      state: null,
      clientAddress: request.ip,
    };
  }

  async #askApp(request: FastifyRequest, target: SignInTarget, row: Row): Promise<Row> {
    const pushId = await this.#decisions.webAskApp(
      this.#ask(request, target, row.userName ?? ''),
      row.userId!,
      WEB_PUSH_SECONDS,
    );
    if (!pushId) return row;
    const pushExpiresAt = new Date(this.#services.now().getTime() + WEB_PUSH_SECONDS * 1000);
    return this.#update(target, { pushId, pushExpiresAt });
  }

  /** A refusal the page says; the sign-in ends there (its button tells the application). */
  async #refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    target: SignInTarget,
    texts: WebTexts,
    reason: GatewayReason,
  ) {
    await this.#update(target, { refusal: reason, pushId: null, pushExpiresAt: null });
    return this.#send(request, reply, target, refusedState(texts, reason), 403);
  }

  async #finishRefused(reply: FastifyReply, target: SignInTarget, reason: string) {
    return this.#finish(reply, target, {
      error: 'access_denied',
      description: `The gateway refused the sign-in (${reason}).`,
    });
  }

  async #finish(reply: FastifyReply, target: SignInTarget, outcome: SignInOutcome) {
    return reply.redirect(await this.#finished(target, outcome), 303);
  }

  /**
   * Ends the sign-in: the protocol tells the application; where the browser goes next. A redirect ends the
   * page's row; a form to post is kept on it until the page draws it (show).
   */
  async #finished(target: SignInTarget, outcome: SignInOutcome): Promise<string> {
    const answer = await target.finish(outcome);
    if (typeof answer !== 'string') {
      await this.#update(target, { step: 'done', post: answer, pushId: null, pushExpiresAt: null });
      return target.action;
    }
    await withinCustomer(this.#db, target.customerId, (tx) =>
      tx.delete(webSignIns).where(eq(webSignIns.id, target.id)),
    );
    return answer;
  }

  /** The page's state from its row. */
  #stateOf(texts: WebTexts, row: Row): PageState {
    if (row.refusal) return refusedState(texts, row.refusal);
    if (row.step === 'password') return { kind: 'password' };
    const now = this.#services.now().getTime();
    const appSeconds = !row.app
      ? null
      : row.pushId && row.pushExpiresAt
        ? Math.max(0, Math.ceil((row.pushExpiresAt.getTime() - now) / 1000))
        : 0;
    return { kind: 'second', userName: row.userName ?? '', appSeconds };
  }

  /**
   * The sign-in's row, made on first sight; or why it cannot go on: the connector's service cannot be signed
   * in to (stopped, disabled, no service, the customer inactive: before any form), or too many failures.
   */
  async #opened(target: SignInTarget): Promise<Row | string> {
    const found = await this.#row(target);
    if (found) return found.failures >= WEB_MOST_FAILURES ? 'tooManyAttempts' : found;
    const refusal = await this.#decisions.refusalOf({
      id: target.connector.id,
      customerId: target.customerId,
      mode: 'web',
      type: target.connector.type,
    });
    if (refusal) return refusal;
    return this.#made(target, {});
  }

  /** The sign-in's row, made (the expired ones swept first); one made meanwhile is answered as it is. */
  async #made(target: SignInTarget, more: Pick<Partial<Row>, 'request' | 'refusal'>): Promise<Row> {
    const now = this.#services.now();
    return withinCustomer(this.#db, target.customerId, async (tx) => {
      await tx.delete(webSignIns).where(lt(webSignIns.expiresAt, now));
      const [row] = await tx
        .insert(webSignIns)
        .values({
          id: target.id,
          customerId: target.customerId,
          protocol: target.protocol,
          connectorId: target.connector.id,
          createdDate: now,
          expiresAt: target.expiresAt,
          ...more,
        })
        .onConflictDoUpdate({ target: webSignIns.id, set: { id: sql`excluded.id` } })
        .returning();
      return row!;
    });
  }

  async #row(target: SignInTarget): Promise<Row | undefined> {
    const [row] = await withinCustomer(this.#db, target.customerId, (tx) =>
      tx
        .select()
        .from(webSignIns)
        .where(and(eq(webSignIns.id, target.id), eq(webSignIns.connectorId, target.connector.id))),
    );
    return row;
  }

  async #update(target: SignInTarget, values: Partial<Row>): Promise<Row> {
    const [row] = await withinCustomer(this.#db, target.customerId, (tx) =>
      tx.update(webSignIns).set(values).where(eq(webSignIns.id, target.id)).returning(),
    );
    return row!;
  }

  async #failed(target: SignInTarget, row: Row): Promise<Row> {
    const [updated] = await withinCustomer(this.#db, target.customerId, (tx) =>
      tx
        .update(webSignIns)
        .set({ failures: sql`${webSignIns.failures} + 1` })
        .where(eq(webSignIns.id, target.id))
        .returning(),
    );
    return updated ?? row;
  }

  async #send(
    request: FastifyRequest,
    reply: FastifyReply,
    target: SignInTarget,
    state: PageState,
    status = 200,
  ): Promise<void> {
    const view = await this.#view(request, target.customerId, target, target.action, state);
    if (state.kind === 'post') {
      // The page's one form goes to the application, whatever its address (http on a LAN too).
      const policy = withSources(PORTAL_POLICY, { 'form-action': [new URL(state.url).origin] });
      reply.header('content-security-policy', policyText(policy));
    }
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage(view));
  }

  async #view(
    request: FastifyRequest,
    customerId: string | null,
    target: SignInTarget | null,
    action: string,
    state: PageState,
  ): Promise<PageView> {
    const texts = await this.#textsOf(request, customerId);
    const definition = target ? await this.#themeOf(target) : null;
    return {
      lang: localeOf(request.headers['accept-language']),
      texts,
      theme: pageThemeOf(definition),
      productName: this.#services.config.productName,
      application: target?.application ?? null,
      action,
      state,
    };
  }

  /** The theme of the token pack whose service the connector serves, when it has one. */
  async #themeOf(target: SignInTarget): Promise<ThemeDefinition | null> {
    const [row] = await withinCustomer(this.#db, target.customerId, (tx) =>
      tx
        .select({ definition: themes.definition })
        .from(serviceConnectors)
        .innerJoin(serviceInstances, eq(serviceInstances.id, serviceConnectors.serviceInstanceId))
        .innerJoin(tokenPacks, eq(tokenPacks.id, serviceInstances.tokenPackId))
        .innerJoin(themes, eq(themes.id, tokenPacks.themeId))
        .where(
          and(
            eq(serviceConnectors.typeId, CONNECTOR_TYPE_IDS[target.connector.type]),
            eq(serviceConnectors.connectorId, target.connector.id),
            eq(themes.status, 'ACTIVE'),
          ),
        )
        .limit(1),
    );
    return (row?.definition as ThemeDefinition | undefined) ?? null;
  }

  /** The page's texts in the browser's language, with the provider's and the customer's own wording. */
  async #textsOf(request: FastifyRequest, customerId: string | null): Promise<WebTexts> {
    const locale = localeOf(request.headers['accept-language']);
    const { etag, body } = await mergedCatalogue(this.#db, locale, customerId);
    let texts = this.#texts.get(etag);
    if (!texts) {
      const messages = JSON.parse(body()) as Messages;
      const web = (messages.gateway as Messages | undefined)?.web as Messages | undefined;
      // The page's title as the portal's pages have theirs (`portal.pageTitle`).
      const pageTitle = (messages.portal as Messages | undefined)?.pageTitle;
      texts = {
        ...mergedTexts(englishTexts.web, web),
        pageTitle: typeof pageTitle === 'string' ? pageTitle : '%{title}',
      };
      if (this.#texts.size >= 32) this.#texts.delete(this.#texts.keys().next().value!);
      this.#texts.set(etag, texts);
    }
    return texts;
  }
}

/** The page of a refused sign-in: why, in the user's words (a reason it has no text for: `unavailable`). */
function refusedState(texts: WebTexts, reason: string): PageState {
  const messages = texts.refused as Record<string, string>;
  const message =
    reason === 'tooManyAttempts' ? texts.tooManyAttempts : (messages[reason] ?? texts.refused.unavailable);
  return { kind: 'refused', message, canReturn: true };
}

/** The catalogue's texts over the English ones (a text a catalogue lacks stays English). */
function mergedTexts<T extends object>(english: T, given: Messages | undefined): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(english)) {
    const other = given?.[key];
    out[key] =
      typeof value === 'string'
        ? typeof other === 'string'
          ? other
          : value
        : mergedTexts(value as object, typeof other === 'object' ? other : undefined);
  }
  return out as T;
}
