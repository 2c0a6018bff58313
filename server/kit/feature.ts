import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MailQueue } from '../domain/mail/index.ts';
import type { PaymentProcessor } from '../domain/payments/index.ts';
import type { Sealer } from '../domain/secrets.ts';
import type { Kit } from './kit.ts';

/**
 * A feature of the server: the folder `server/features/<name>/`, whose `index.ts` exports it as default.
 * The app registers every feature the generated list `server/features/index.ts` names (`npm run registry`
 * writes it from the folders): adding a feature edits no list by hand.
 *
 *   export default defineFeature({
 *     name: 'theme',
 *     routes: (kit) => { kit.crud(theme, themeRows, { … }); kit.route(theme, 'reject', async (call) => …); },
 *   });
 */

/** What the features' calls may use beside their transaction: the app's settings and outside services. */
export interface Services {
  config: Config;
  sealer: Sealer;
  mail: MailQueue;
  payments: PaymentProcessor;
  /** The clock of rate limits, sign-in delays and expiries (tests move it instead of waiting). */
  now: () => Date;
  /** The ports the gateway's own listeners are bound to now (null: not listening), set as they start. */
  listening: {
    radius: number | null;
    /** Resolves once the RADIUS server has heard every change committed before the call (it keeps what it reads). */
    radiusCaughtUp?: () => Promise<void>;
    /** The same for the web sign-in page's gateway (webSignIn/flow.ts), once it has decided something. */
    webSignInCaughtUp?: () => Promise<void>;
  };
}

/** What a feature's listener (a protocol served beside HTTP) is started with. */
export interface ListenerContext {
  db: Database;
  services: Services;
  log: FastifyBaseLogger;
  /** The app's metrics registry: the listener's counters are served with GET /metrics. */
  metrics: Registry;
}

/** A running listener: closed when the app closes. */
export interface Listener {
  close(): Promise<void>;
}

export interface ServerFeature {
  /** The feature's domain word: its folder's name on every layer. */
  name: string;
  /** Registers the feature's calls with the route kit. */
  routes: (kit: Kit) => void | Promise<void>;
  /**
   * Starts what the feature serves beside HTTP (the RADIUS server), when the app is ready; a failure to
   * start fails the app's start. Undefined when the config turns it off.
   */
  listen?: (context: ListenerContext) => Promise<Listener | undefined>;
  /**
   * Registers what the feature serves at the root, outside /api, in a protocol of its own (the OpenID
   * Connect provider under /realms): raw Fastify routes in a scope of their own.
   */
  site?: (scope: FastifyInstance, context: SiteContext) => void | Promise<void>;
}

/** What a feature's site is registered with. */
export interface SiteContext {
  db: Database;
  services: Services;
}

export const defineFeature = (feature: ServerFeature): ServerFeature => feature;
