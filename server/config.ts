import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the folder holding the PGlite database and the generated JWT secret. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl?: string;
  jwtSecret: string;
  initialOperatorEmail: string;
  initialOperatorPassword?: string;
  productName: string;
  tokenTtlSec: number;
  /** The built portal (index.html and its assets). */
  distDir: string;
  /** The OAuth2 client id of the portal itself; its realm is `r-` plus the id's second dash-separated part. */
  portalClientId: string;
  /** How long a QR sign-in (seamless) session waits for the mobile app's decision, in seconds. */
  seamlessSessionTtlSec: number;
  /** Links the portal shows: the external support-ticket page, the side menu's Help, the footer's social links. */
  portalLinks?: { supportUrl?: string; helpUrl?: string; socialLinks?: string };
  /** CSP sources that may frame the embeddable screens (/iframe/…); the portal itself when unset. */
  frameAncestors?: string[];
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

/** Defaults the server listens with; the authenticator command reaches the server with the same ones. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;
export const DEFAULT_PORTAL_CLIENT_ID = 'gateway-portal-web';

type Env = Record<string, string | undefined>;

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

/** Reads `<dataDir>/jwt-secret`, or creates it (mode 0600) with 48 random bytes on first start. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters: delete it or fix it`,
      );
    }
    return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', DEFAULT_PORT, 0, 65535);
  const tokenTtlSec = integer(env, 'TOKEN_TTL_SEC', 28800, 60, 31 * 24 * 3600);
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
  jwtSecret ??= persistentSecret(dataDir);

  return {
    port,
    host: nonEmpty(env, 'HOST') ?? DEFAULT_HOST,
    dataDir,
    databaseUrl,
    jwtSecret,
    initialOperatorEmail,
    initialOperatorPassword: env.INITIAL_OPERATOR_PASSWORD || undefined,
    productName: nonEmpty(env, 'PRODUCT_NAME') ?? 'Gateway Portal',
    tokenTtlSec,
    distDir: path.resolve(nonEmpty(env, 'DIST_DIR') ?? path.join(repoDir, 'dist')),
    portalClientId,
    seamlessSessionTtlSec,
    portalLinks: {
      supportUrl: linkSetting(env, 'SUPPORT_URL'),
      helpUrl: linkSetting(env, 'HELP_URL'),
      socialLinks: socialLinksSetting(env),
    },
    frameAncestors: frameAncestorsSetting(env),
  };
}
