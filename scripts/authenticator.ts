/**
 * Plays the mobile app against a running server:
 *
 *   npm run authenticator -- approve|reject SESSION_ID --user EMAIL --password PASSWORD [--server URL]
 *   npm run authenticator -- activate CODE [--device NAME] [--server URL]
 *
 * approve|reject (QR sign-in): it signs in as the user (POST /api/auth/signin), sends the decision for the
 * session shown in the QR code (POST /api/v-key-seamless/app/decision), then signs out. The server decides
 * who may answer: the user must be active, and a client bound to a customer takes only that customer's
 * users. A user who still has to change the initial password is refused (403): change it in the portal first.
 *
 * activate (activation code): it activates the app with the code (POST /api/v-key-app/activate, no sign-in:
 * the code is the credential, and it works once), then prints what the app keeps (the user and the TOTP
 * seed, also as an otpauth:// link an authenticator app takes) and the code of the current 30 seconds.
 *
 * Exit codes: 0 done, 1 refused (or the server cannot be reached), 2 wrong usage.
 */
import { generate, generateURI } from 'otplib';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/config.ts';

const DEFAULT_DEVICE = 'npm run authenticator';

const USAGE = `usage: npm run authenticator -- approve|reject SESSION_ID --user EMAIL --password PASSWORD [--server URL]
       npm run authenticator -- activate CODE [--device NAME] [--server URL]

  approve|reject  the answer to send for the QR sign-in session
  SESSION_ID      the session id of the sign-in page's QR code, or the whole sign-in link
                  (vkey://onboarding/seamless-login?server=…&sessionId=…) that the page copies
  --user          email of the account that answers, as the mobile app's user
  --password      its password
  activate        activate the app with an activation code (once); prints the user, the TOTP seed the app
                  keeps and the current code
  CODE            the activation code (XXXX-XXXX-XXXX-XXXX), or the whole activation link of its QR code
                  (vkey://onboarding/activate?server=…&code=…), whose server is used when --server is not given
  --device        the name of the device, as the server records it (default "${DEFAULT_DEVICE}")
  --server        the server's URL (default ${defaultServer()}, from HOST and PORT as the server reads them)
`;

const REQUEST_TIMEOUT_MS = 15_000;

/** A value a deep link (`vkey://…?name=…`) carries. */
const linkParameter = (link: string, name: string): string | undefined =>
  new URLSearchParams(link.slice(link.indexOf('?') + 1)).get(name) ?? undefined;

/** A bare session id, or the one a sign-in link (the QR code's deep link) carries. */
function sessionIdOf(argument: string | undefined): string | undefined {
  if (!argument?.includes('sessionId=')) return argument;
  return linkParameter(argument, 'sessionId');
}

class UsageError extends Error {}
class Refused extends Error {}

interface DecisionOptions {
  action: 'decide';
  decision: 'APPROVE' | 'REJECT';
  sessionId: string;
  user: string;
  password: string;
  server: string;
}

interface ActivationOptions {
  action: 'activate';
  code: string;
  device: string;
  server: string;
}

type Options = DecisionOptions | ActivationOptions;

/** The options each action takes. */
const ACTION_OPTIONS = { decide: ['user', 'password', 'server'], activate: ['device', 'server'] };

/** Where a server started with the same environment listens; a wildcard address is reached on loopback. */
function defaultServer(env: Record<string, string | undefined> = process.env): string {
  let host = env.HOST?.trim() || DEFAULT_HOST;
  if (host === '0.0.0.0') host = '127.0.0.1';
  if (host === '::') host = '::1';
  const port = env.PORT?.trim() || String(DEFAULT_PORT);
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function parseArguments(args: string[]): Options | 'help' {
  const positional: string[] = [];
  const named = new Map<string, string>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
    if (!['user', 'password', 'server', 'device'].includes(name))
      throw new UsageError(`unknown option --${name}`);
    const value = equals === -1 ? args[++index] : arg.slice(equals + 1);
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    named.set(name, value);
  }
  const [action, argument, ...extra] = positional;
  if (action !== 'approve' && action !== 'reject' && action !== 'activate')
    throw new UsageError(
      'the first argument must be approve or reject (QR sign-in), or activate (activation code)',
    );
  const allowed = ACTION_OPTIONS[action === 'activate' ? 'activate' : 'decide'];
  for (const name of named.keys()) {
    if (!allowed.includes(name)) throw new UsageError(`${action} takes no --${name}`);
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
  const serverOf = (fallback: string) => {
    const server = (named.get('server') ?? fallback).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]/.test(server))
      throw new UsageError(`--server must be an http(s) URL (got "${server}")`);
    return server;
  };
  if (action === 'activate') {
    const isLink = argument?.includes('code=') ?? false;
    const code = isLink ? linkParameter(argument!, 'code') : argument;
    if (!code) throw new UsageError('CODE is missing');
    const linked = isLink ? linkParameter(argument!, 'server') : undefined;
    return {
      action: 'activate',
      code: code.trim(),
      device: named.get('device') ?? DEFAULT_DEVICE,
      server: serverOf(linked ?? defaultServer()),
    };
  }
  const sessionId = sessionIdOf(argument);
  if (!sessionId) throw new UsageError('SESSION_ID is missing');
  const user = named.get('user');
  const password = named.get('password');
  if (!user) throw new UsageError('--user is missing');
  if (!password) throw new UsageError('--password is missing');
  return {
    action: 'decide',
    decision: action === 'approve' ? 'APPROVE' : 'REJECT',
    sessionId,
    user: user.trim(),
    password,
    server: serverOf(defaultServer()),
  };
}

interface Answer {
  status: number;
  body: unknown;
}

async function call(server: string, path: string, init: { json?: unknown; token?: string }): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, {
      method: 'POST',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Refused(`cannot reach the server at ${server}: ${cause || reason}`);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** The server's own message for a refusal, with its status. */
function describe(answer: Answer): string {
  const body = answer.body;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return `${body.message} (HTTP ${answer.status})`;
  }
  return `HTTP ${answer.status}`;
}

/** What the app receives on activation (contract/activationCode.ts, Activation). */
interface Activation {
  username: string;
  tokenPackId: string;
  totpSeed: string;
  algorithm: 'SHA1';
  digits: 6;
  period: 30;
  issuer: string;
}

const isActivation = (body: unknown): body is Activation =>
  typeof body === 'object' &&
  body !== null &&
  ['username', 'tokenPackId', 'totpSeed', 'issuer'].every(
    (field) => typeof (body as Record<string, unknown>)[field] === 'string',
  );

async function activate(options: ActivationOptions): Promise<string> {
  const answer = await call(options.server, '/api/v-key-app/activate', {
    json: { code: options.code, deviceName: options.device },
  });
  if (answer.status !== 200 || !isActivation(answer.body)) {
    throw new Refused(`could not activate with code ${options.code}: ${describe(answer)}`);
  }
  const app = answer.body;
  const settings = { algorithm: 'sha1', digits: app.digits, period: app.period } as const;
  const current = await generate({ ...settings, secret: app.totpSeed });
  const uri = generateURI({ ...settings, issuer: app.issuer, label: app.username, secret: app.totpSeed });
  return [
    `activated the app as ${app.username} (token pack ${app.tokenPackId})`,
    `totp seed: ${app.totpSeed} (${app.algorithm}, ${app.digits} digits, ${app.period} s)`,
    `otpauth link: ${uri}`,
    `current code: ${current}`,
  ].join('\n');
}

async function run(options: Options): Promise<string> {
  if (options.action === 'activate') return activate(options);
  const signin = await call(options.server, '/api/auth/signin', {
    json: { login: options.user, password: options.password },
  });
  const body = signin.body;
  if (signin.status !== 200 || typeof body !== 'object' || body === null || !('token' in body)) {
    throw new Refused(`sign-in as ${options.user} refused: ${describe(signin)}`);
  }
  const token = String(body.token);
  const verb = options.decision === 'APPROVE' ? 'approve' : 'reject';
  try {
    const decision = await call(options.server, '/api/v-key-seamless/app/decision', {
      token,
      json: { sessionId: options.sessionId, decision: options.decision },
    });
    if (decision.status !== 204) {
      throw new Refused(`could not ${verb} session ${options.sessionId}: ${describe(decision)}`);
    }
  } finally {
    const signout = await call(options.server, '/api/auth/signout', { token }).catch((error: unknown) => ({
      status: 0,
      body: { message: error instanceof Error ? error.message : String(error) },
    }));
    if (signout.status !== 204) console.error(`warning: sign-out failed: ${describe(signout)}`);
  }
  const done = options.decision === 'APPROVE' ? 'approved' : 'rejected';
  return `${done} session ${options.sessionId} as ${options.user}`;
}

async function main(): Promise<number> {
  let options: Options | 'help';
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`authenticator: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  try {
    console.log(await run(options));
    return 0;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(`authenticator: ${error.message}`);
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`authenticator: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
