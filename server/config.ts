import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { isAddressRange } from './domain/outbound.ts';
import { fromRoot } from './paths.ts';

/** At most `max` requests in `windowSec` seconds (a fixed window, counted in the database). */
export interface LimitRule {
  max: number;
  windowSec: number;
}

/** The rate limits of server/http/rateLimit.ts; README "Configuration" names their variables. */
export interface RateLimitSettings {
  /** POST /auth/signin, per client address. */
  signin: LimitRule;
  /** Every other call declared `limit: 'public'`, per client address and call. */
  public: LimitRule;
  /** Change-password (its old-password check), per signed-in account. */
  passwordPerAccount: LimitRule;
  /** Change-password, per client address. */
  passwordPerAddress: LimitRule;
  /** A gateway's code checks (POST /otp/verify), per API key, whatever the address. */
  gatewayPerKey: LimitRule;
  /** Administrator accounts created, per creating administrator. */
  accountsPerAdmin: LimitRule;
  /**
   * The calls that send mail to, or tell about, an address a visitor types (sign-up, the email lookups,
   * forgot-password, contact): per client address and call, and per email named.
   */
  signup: LimitRule;
  /** Wrong passwords on the gateway's web sign-in page, per customer and user name, across sign-ins. */
  webSignInPerUser: LimitRule;
  /** Wrong passwords on the gateway's web sign-in page, per client address, whatever the user name. */
  webSignInPerAddress: LimitRule;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the folder holding the PGlite database and the generated JWT secret. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl?: string;
  jwtSecret: string;
  /**
   * On PostgreSQL without JWT_SECRET: every server on the database signs with the secret kept in it
   * (`instance_secrets`, server/db/startupLock.ts shareInstanceSecrets), and `jwtSecret` is only this
   * server's proposal until then (an existing `<dataDir>/jwt-secret`, so that an upgrade keeps its tokens,
   * or a new random one).
   */
  jwtSecretInDatabase?: boolean;
  /**
   * The key that seals stored secrets (RADIUS shared secrets, OIDC client secrets, the gateway's private
   * key): SECRETS_KEY, or generated on first start and kept beside the JWT secret. With DATABASE_URL it
   * is never generated: SECRETS_KEY, or an existing `<dataDir>/secrets-key` of an earlier install.
   */
  secretsKey: string;
  /**
   * The gateway's address as others reach it (SAML metadata, OIDC endpoints); unset: the address each
   * request was made to.
   */
  publicUrl?: string;
  initialOperatorEmail: string;
  initialOperatorPassword?: string;
  productName: string;
  tokenTtlSec: number;
  /**
   * How long a session lasts at most after its password sign-in (SESSION_MAX_SEC, default 24 hours): _Stay
   * signed in_ renews its token up to then, never after.
   */
  sessionMaxSec: number;
  /** The built portal (index.html and its assets). */
  distDir: string;
  /** The OAuth2 client id of the portal itself; its realm is `r-` plus the id's second dash-separated part. */
  portalClientId: string;
  /** How long a QR sign-in (seamless) session waits for the mobile app's decision, in seconds. */
  seamlessSessionTtlSec: number;
  /** Links the portal shows: the external support-ticket page, the side menu's Help, the footer's social links. */
  portalLinks?: { supportUrl?: string; helpUrl?: string; socialLinks?: string };
  rateLimits: RateLimitSettings;
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For):
   * a number of hops, or addresses and CIDR ranges. Unset: the address of the connection.
   */
  trustProxy?: number | string;
  /** CSP sources that may frame the embeddable screens (/iframe/…); the portal itself when unset. */
  frameAncestors?: string[];
  /** Card payments through Stripe (STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY); unset: the test processor. */
  stripe?: { secretKey: string; publishableKey: string };
  /**
   * Outgoing mail through this SMTP server (SMTP_URL, from MAIL_FROM); unset: every message stays in the
   * outbox, which operators read in the portal.
   */
  smtp?: { url: string; from: string };
  /**
   * Where the contact form's messages go (CONTACT_EMAIL); unset: to every ACTIVE provider operator holding
   * the provider administrator role.
   */
  contactEmail?: string;
  /**
   * Who may read GET /metrics: the addresses and CIDR ranges of METRICS_ALLOW, or anyone sending
   * `Authorization: Bearer <METRICS_TOKEN>`. Neither set: 127.0.0.1 and ::1 only; only the token: the token
   * from anywhere, no address without it (server/http/metrics.ts).
   */
  metrics?: { token?: string; allow?: string[] };
  /**
   * The addresses and CIDR ranges of OUTBOUND_ALLOW: loopback, private, link-local… addresses a customer's
   * directory may be reached at (server/domain/outbound.ts); empty, none. Cloud metadata addresses never.
   */
  outboundAllow: string[];
  /** ALLOWED_HOSTS: the host names requests may name (server/http/allowedHosts.ts); `*` any. */
  allowedHosts?: string[];
  /**
   * The gateway's RADIUS server (server/features/radius/listener.ts): RADIUS_HOST (default HOST) and
   * RADIUS_PORT (default 1812; 0 in the environment turns it off, leaving this undefined; 0 here, in a
   * test, binds a free port). RADIUS_PUSH_TIMEOUT_SEC (default 25): how long a push waits for the app.
   * RADIUS_REJECT_DELAY_MS (default 1000): an Access-Reject is sent no sooner, whatever the reason, so that
   * its time does not tell an unknown user from a wrong password and slows down guessing.
   * RADIUS_MAX_PENDING (default 64): requests decided at once (pushes waiting for the app aside); a request
   * past them is dropped unanswered, for its client to send again, rather than queued past its timeout.
   */
  radius?: RadiusSettings;
}

export interface RadiusSettings {
  host: string;
  port: number;
  pushTimeoutSec: number;
  rejectDelayMs: number;
  maxPending: number;
}

export const DEFAULT_RADIUS_PORT = 1812;

/** RADIUS_* (see Config.radius); undefined when RADIUS_PORT is 0. */
function radiusSetting(env: Env, host: string): RadiusSettings | undefined {
  const port = integer(env, 'RADIUS_PORT', DEFAULT_RADIUS_PORT, 0, 65535);
  if (port === 0) return undefined;
  const radiusHost = nonEmpty(env, 'RADIUS_HOST') ?? host;
  if (isIP(radiusHost) === 0 && radiusHost !== 'localhost') {
    throw new Error(`RADIUS_HOST must be an IP address to listen on, as 0.0.0.0 or :: (got "${radiusHost}")`);
  }
  return {
    host: radiusHost === 'localhost' ? '127.0.0.1' : radiusHost,
    port,
    pushTimeoutSec: integer(env, 'RADIUS_PUSH_TIMEOUT_SEC', 25, 1, 300),
    rejectDelayMs: integer(env, 'RADIUS_REJECT_DELAY_MS', 1000, 0, 10_000),
    maxPending: integer(env, 'RADIUS_MAX_PENDING', 64, 1, 10_000),
  };
}

/** STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: both or neither, of the same mode (test or live). */
function stripeSetting(env: NodeJS.ProcessEnv): Config['stripe'] {
  const secretKey = nonEmpty(env, 'STRIPE_SECRET_KEY');
  const publishableKey = nonEmpty(env, 'STRIPE_PUBLISHABLE_KEY');
  if (secretKey === undefined && publishableKey === undefined) return undefined;
  if (secretKey === undefined || publishableKey === undefined) {
    throw new Error(
      'Card payments through Stripe need both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both, or neither to use the built-in test processor',
    );
  }
  const secret = /^(sk|rk)_(test|live)_\S+$/.exec(secretKey);
  if (!secret) throw new Error('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)');
  const publishable = /^pk_(test|live)_\S+$/.exec(publishableKey);
  if (!publishable) {
    throw new Error('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)');
  }
  if (secret[2] !== publishable[1]) {
    throw new Error('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys');
  }
  return { secretKey, publishableKey };
}

/** An SMTP URL as it may be shown: without its password. */
export function redactSmtpUrl(url: string): string {
  const scheme = url.indexOf('//');
  const start = scheme === -1 ? 0 : scheme + 2;
  const at = url.lastIndexOf('@');
  const colon = url.indexOf(':', start);
  // Everything from the user's colon to the last @ is hidden (an unescaped @ or : in a password included).
  if (at < start || colon === -1 || colon > at) return url;
  return `${url.slice(0, colon)}:***${url.slice(at)}`;
}

/** A mail address as MAIL_FROM takes it: `name@host`, or `Display Name <name@host>`. */
const MAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const MAIL_NAMED_ADDRESS = /^[^<>\r\n]*<[^\s@<>"]+@[^\s@<>"]+>$/;

/**
 * SMTP_URL (smtp:// or smtps://, with user:password@ and nodemailer's query options when needed) and
 * MAIL_FROM (default no-reply@ the host of PUBLIC_URL, or localhost). Errors never show the password.
 */
function smtpSetting(env: Env, publicUrl: string | undefined): Config['smtp'] {
  const url = nonEmpty(env, 'SMTP_URL');
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  const from = nonEmpty(env, 'MAIL_FROM') ?? `no-reply@${host}`;
  if (!MAIL_ADDRESS.test(from) && !MAIL_NAMED_ADDRESS.test(from)) {
    throw new Error(
      `MAIL_FROM must be an email address, as no-reply@example.com or "Gateway <no-reply@example.com>" (got "${from}")`,
    );
  }
  if (url === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^smtps?:$/i.test(parsed.protocol) || parsed.hostname === '') {
    throw new Error(
      `SMTP_URL must be an smtp:// or smtps:// URL with a host, as smtp://user:password@mail.example.com:587 (got "${redactSmtpUrl(url)}")`,
    );
  }
  if (parsed.port !== '' && Number(parsed.port) === 0) {
    throw new Error(`SMTP_URL has port 0 (got "${redactSmtpUrl(url)}")`);
  }
  return { url, from };
}

/** CONTACT_EMAIL: one email address. */
function contactEmailSetting(env: Env): string | undefined {
  const value = nonEmpty(env, 'CONTACT_EMAIL');
  if (value !== undefined && !MAIL_ADDRESS.test(value)) {
    throw new Error(`CONTACT_EMAIL must be an email address, as support@example.com (got "${value}")`);
  }
  return value;
}

/** A link setting: an http(s) URL or a path of the portal. */
function linkSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = nonEmpty(env, name);
  if (value !== undefined && !/^(https?:\/\/\S+|\/\S*)$/.test(value)) {
    throw new Error(`${name} must be an http(s) URL or a path starting with /`);
  }
  return value;
}

/** SOCIAL_LINKS: space- or comma-separated `name=https://…` pairs. */
function socialLinksSetting(env: NodeJS.ProcessEnv): string | undefined {
  const value = nonEmpty(env, 'SOCIAL_LINKS');
  if (value === undefined) return undefined;
  for (const pair of value.split(/[\s,]+/).filter(Boolean)) {
    if (!/^[^=\s]+=https?:\/\/\S+$/.test(pair)) {
      throw new Error(
        `SOCIAL_LINKS must be name=https://… pairs separated by spaces or commas (found "${pair}")`,
      );
    }
  }
  return value;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signin: { max: 20, windowSec: 60 },
  public: { max: 120, windowSec: 60 },
  passwordPerAccount: { max: 5, windowSec: 900 },
  passwordPerAddress: { max: 20, windowSec: 900 },
  gatewayPerKey: { max: 600, windowSec: 60 },
  accountsPerAdmin: { max: 60, windowSec: 3600 },
  signup: { max: 5, windowSec: 3600 },
  webSignInPerUser: { max: 10, windowSec: 900 },
  webSignInPerAddress: { max: 50, windowSec: 900 },
};

/** A limit setting: `max/seconds`, for example `20/60` (at most 20 requests in 60 seconds). */
function limitSetting(env: Env, name: string, fallback: LimitRule): LimitRule {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  const match = /^(\d{1,7})\/(\d{1,6})$/.exec(raw);
  const max = Number(match?.[1]);
  const windowSec = Number(match?.[2]);
  if (!match || max < 1 || windowSec < 1 || windowSec > 86_400) {
    throw new Error(
      `${name} must be max/seconds, for example 20/60: at least 1 request, a window of 1 to 86400 seconds (got "${raw}")`,
    );
  }
  return { max, windowSec };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: a number of proxy hops, or addresses, CIDR ranges and names (loopback…) separated by commas. */
function trustProxySetting(env: Env): number | string | undefined {
  const raw = nonEmpty(env, 'TRUST_PROXY');
  if (raw === undefined) return undefined;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10)
      throw new Error(`TRUST_PROXY as a number of hops must be 1 to 10 (got "${raw}")`);
    return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!(PROXY_NAMES.has(entry) || (family !== 0 && prefixOk && extra === undefined))) {
      throw new Error(
        `TRUST_PROXY must be a number of hops, or addresses, CIDR ranges, loopback, linklocal or uniquelocal separated by commas (found "${entry}")`,
      );
    }
  }
  return entries.join(',');
}

/** A CSP source a frame-ancestors directive takes: 'self', 'none', a scheme or an origin (with a wildcard host or port). */
const FRAME_SOURCE = /^('self'|'none'|https?:|https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?)$/i;

/** FRAME_ANCESTORS: CSP sources separated by spaces or commas ('self', https://app.example.com, https://*.example.com). */
function frameAncestorsSetting(env: Env): string[] | undefined {
  const value = nonEmpty(env, 'FRAME_ANCESTORS');
  if (value === undefined) return undefined;
  const sources = value.split(/[\s,]+/).filter(Boolean);
  for (const source of sources) {
    if (!FRAME_SOURCE.test(source)) {
      throw new Error(
        `FRAME_ANCESTORS must be CSP sources such as 'self' or https://app.example.com, separated by spaces or commas (found "${source}")`,
      );
    }
  }
  if (sources.includes("'none'") && sources.length > 1) {
    throw new Error("FRAME_ANCESTORS cannot combine 'none' with other sources");
  }
  return sources;
}

/** METRICS_TOKEN (at least 16 characters) and METRICS_ALLOW (addresses and CIDR ranges separated by commas). */
function metricsSetting(env: Env): Config['metrics'] {
  const token = nonEmpty(env, 'METRICS_TOKEN');
  if (token !== undefined && !/^[\x21-\x7e]{16,}$/.test(token)) {
    throw new Error('METRICS_TOKEN must be at least 16 printable characters without spaces');
  }
  const allow = addressRanges(env, 'METRICS_ALLOW', '127.0.0.1,10.0.0.0/8');
  return token === undefined && allow === undefined ? undefined : { token, allow };
}

/** A list of IP addresses and CIDR ranges separated by commas (METRICS_ALLOW, OUTBOUND_ALLOW); unset: undefined. */
function addressRanges(env: Env, name: string, example: string): string[] | undefined {
  const raw = nonEmpty(env, name);
  const entries = raw?.split(',').map((entry) => entry.trim());
  for (const entry of entries ?? []) {
    if (!isAddressRange(entry)) {
      throw new Error(
        `${name} must be IP addresses or CIDR ranges separated by commas, as ${example} (found "${entry}")`,
      );
    }
  }
  return entries;
}

/** ALLOWED_HOSTS: host names (or `*`) separated by commas. */
function allowedHostsSetting(env: Env): string[] | undefined {
  const raw = nonEmpty(env, 'ALLOWED_HOSTS');
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (
      name !== '*' &&
      !/^(\[[0-9a-f:.]+\]|[0-9a-f:]*:[0-9a-f:.]+|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)$/i.test(name)
    ) {
      throw new Error(
        `ALLOWED_HOSTS must be host names or addresses separated by commas, as portal.example.com,10.0.0.5, or * (found "${name}")`,
      );
    }
  }
  return names;
}

/** Defaults the server listens with; the authenticator command reaches the server with the same ones. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;
export const DEFAULT_PORTAL_CLIENT_ID = 'gateway-portal-web';

type Env = Record<string, string | undefined>;

const MIN_SECRET_LENGTH = 32;

function nonEmpty(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
  }
  return Number(raw);
}

const newSecret = () => randomBytes(48).toString('base64url');

/** Reads `<dataDir>/<name>` when it exists. */
function existingSecret(dataDir: string, name: string): string | undefined {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) return undefined;
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters: delete it or fix it`,
    );
  }
  return secret;
}

/** Reads `<dataDir>/<name>`, or creates it (mode 0600) with 48 random bytes on first start. */
function persistentSecret(dataDir: string, name: string): string {
  const existing = existingSecret(dataDir, name);
  if (existing !== undefined) return existing;
  const file = path.join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  const secret = newSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', DEFAULT_PORT, 0, 65535);
  const tokenTtlSec = integer(env, 'TOKEN_TTL_SEC', 28800, 60, 31 * 24 * 3600);
  const sessionMaxSec = integer(env, 'SESSION_MAX_SEC', 86400, 60, 31 * 24 * 3600);
  const dataDir = path.resolve(nonEmpty(env, 'DATA_DIR') ?? './data');

  const databaseUrl = nonEmpty(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const initialOperatorEmail = (
    nonEmpty(env, 'INITIAL_OPERATOR_EMAIL') ?? 'operator@example.com'
  ).toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(initialOperatorEmail)) {
    throw new Error(`INITIAL_OPERATOR_EMAIL is not a valid email address (got "${initialOperatorEmail}")`);
  }

  const portalClientId = nonEmpty(env, 'PORTAL_CLIENT_ID') ?? DEFAULT_PORTAL_CLIENT_ID;
  if (!/^[A-Za-z0-9_.]+(-[A-Za-z0-9_.]+)+$/.test(portalClientId) || portalClientId.length > 200) {
    throw new Error(
      `PORTAL_CLIENT_ID must be dash-separated parts of letters, digits, '_' or '.', at least two (got "${portalClientId}")`,
    );
  }
  const seamlessSessionTtlSec = integer(env, 'SEAMLESS_SESSION_TTL_SEC', 120, 1, 3600);

  let jwtSecret = nonEmpty(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < MIN_SECRET_LENGTH) {
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  // Several servers on one PostgreSQL share the database, not a data folder: the first one to start
  // keeps its proposal in the database and every other one takes it from there.
  const jwtSecretInDatabase = jwtSecret === undefined && databaseUrl !== undefined;
  if (jwtSecretInDatabase) jwtSecret = existingSecret(dataDir, 'jwt-secret') ?? newSecret();
  jwtSecret ??= persistentSecret(dataDir, 'jwt-secret');
  let secretsKey = nonEmpty(env, 'SECRETS_KEY');
  if (secretsKey !== undefined && secretsKey.length < MIN_SECRET_LENGTH) {
    throw new Error(`SECRETS_KEY must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  if (secretsKey === undefined && databaseUrl !== undefined) {
    // Not kept in the database it protects (a copy of the database would carry its own key), nor
    // generated per data folder (each server would seal with a key the others do not have).
    secretsKey = existingSecret(dataDir, 'secrets-key');
    if (secretsKey === undefined) {
      throw new Error(
        `SECRETS_KEY must be set when DATABASE_URL is set: every server on the database seals and reads stored secrets with it (at least ${MIN_SECRET_LENGTH} characters, for example from \`openssl rand -base64 48\`; the same value on every server, kept with the database's backups)`,
      );
    }
  }
  secretsKey ??= persistentSecret(dataDir, 'secrets-key');
  const publicUrl = nonEmpty(env, 'PUBLIC_URL')?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(publicUrl)) {
    throw new Error(
      `PUBLIC_URL must be an http(s) URL without a query, as https://gateway.example.com (got "${publicUrl}")`,
    );
  }

  const host = nonEmpty(env, 'HOST') ?? DEFAULT_HOST;
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    jwtSecret,
    jwtSecretInDatabase,
    secretsKey,
    publicUrl,
    initialOperatorEmail,
    initialOperatorPassword: env.INITIAL_OPERATOR_PASSWORD || undefined,
    productName: nonEmpty(env, 'PRODUCT_NAME') ?? 'Gateway Portal',
    tokenTtlSec,
    sessionMaxSec,
    distDir: path.resolve(nonEmpty(env, 'DIST_DIR') ?? fromRoot('dist')),
    portalClientId,
    seamlessSessionTtlSec,
    portalLinks: {
      supportUrl: linkSetting(env, 'SUPPORT_URL'),
      helpUrl: linkSetting(env, 'HELP_URL'),
      socialLinks: socialLinksSetting(env),
    },
    rateLimits: {
      signin: limitSetting(env, 'RATE_LIMIT_SIGNIN', DEFAULT_RATE_LIMITS.signin),
      public: limitSetting(env, 'RATE_LIMIT_PUBLIC', DEFAULT_RATE_LIMITS.public),
      passwordPerAccount: limitSetting(env, 'RATE_LIMIT_PASSWORD', DEFAULT_RATE_LIMITS.passwordPerAccount),
      passwordPerAddress: limitSetting(env, 'RATE_LIMIT_PASSWORD_IP', DEFAULT_RATE_LIMITS.passwordPerAddress),
      gatewayPerKey: limitSetting(env, 'RATE_LIMIT_GATEWAY_KEY', DEFAULT_RATE_LIMITS.gatewayPerKey),
      accountsPerAdmin: limitSetting(env, 'RATE_LIMIT_ACCOUNTS', DEFAULT_RATE_LIMITS.accountsPerAdmin),
      signup: limitSetting(env, 'RATE_LIMIT_SIGNUP', DEFAULT_RATE_LIMITS.signup),
      webSignInPerUser: limitSetting(env, 'RATE_LIMIT_WEB_USER', DEFAULT_RATE_LIMITS.webSignInPerUser),
      webSignInPerAddress: limitSetting(env, 'RATE_LIMIT_WEB_IP', DEFAULT_RATE_LIMITS.webSignInPerAddress),
    },
    trustProxy: trustProxySetting(env),
    frameAncestors: frameAncestorsSetting(env),
    stripe: stripeSetting(env),
    smtp: smtpSetting(env, publicUrl),
    contactEmail: contactEmailSetting(env),
    metrics: metricsSetting(env),
    outboundAllow: addressRanges(env, 'OUTBOUND_ALLOW', '10.0.0.0/8,192.168.10.5') ?? [],
    allowedHosts: allowedHostsSetting(env),
    radius: radiusSetting(env, host),
  };
}
