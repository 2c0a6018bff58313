/**
 * Plays the mobile app against a running server:
 *
 *   npm run authenticator -- approve|reject SESSION_ID --user EMAIL --password PASSWORD [--server URL]
 *   npm run authenticator -- approve|reject SESSION_ID --user EMAIL --seed SEED [--server URL]
 *   npm run authenticator -- approve-2fa|reject-2fa REQUEST_ID --seed SEED [--server URL]
 *   npm run authenticator -- approve-2fa|reject-2fa --user USERNAME --token-pack ID --seed SEED [--server URL]
 *   npm run authenticator -- activate CODE [--device NAME] [--server URL]
 *
 * approve|reject (QR sign-in) with --password: it signs in as the user (POST /api/auth/signin), sends the
 * decision for the session shown in the QR code (POST /api/v-key-seamless/app/decision), then signs out.
 * With --seed instead, it answers as the activated app does, without a password: the current code of the
 * TOTP seed that `activate` printed proves it (POST /api/v-key-app/seamless/decision). The server decides
 * who may answer: the user must be active, and a client bound to a customer takes only that customer's
 * users. A user who still has to change the initial password is refused (403): change it in the portal first.
 *
 * approve-2fa|reject-2fa (second factor): the answer to a sign-in request of an account whose second factor
 * is on (the request id the sign-in page shows while it waits for the app), proved with the current code
 * of the seed that `activate` printed (POST /api/v-key-app/2fa/decision). A code works once: a second
 * answer within the same 30 seconds is refused. With --user and --token-pack instead of REQUEST_ID (what
 * `activate` printed), it answers the sign-ins the gateway holds for that user (a VPN's RADIUS connector in
 * push mode: POST /api/v-key-app/gateway/decision).
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
/** The codes the server's seeds make (RFC 6238 with SHA-1), what activate prints. */
const CODE_DIGITS = 6;
const CODE_PERIOD_SEC = 30;

const USAGE = `usage: npm run authenticator -- approve|reject SESSION_ID --user EMAIL --password PASSWORD [--server URL]
       npm run authenticator -- approve|reject SESSION_ID --user EMAIL --seed SEED [--server URL]
       npm run authenticator -- approve-2fa|reject-2fa REQUEST_ID --seed SEED [--server URL]
       npm run authenticator -- approve-2fa|reject-2fa --user USERNAME --token-pack ID --seed SEED [--server URL]
       npm run authenticator -- activate CODE [--device NAME] [--server URL]

  approve|reject  the answer to send for the QR sign-in session
  SESSION_ID      the session id of the sign-in page's QR code, or the whole sign-in link
                  (vkey://onboarding/seamless-login?server=…&sessionId=…) that the page copies
  --user          email of the account that answers, as the mobile app's user
  --password      its password
  --seed          instead of --password: the TOTP seed that activate printed (the app's proof is its
                  current code)
  approve-2fa|reject-2fa
                  the answer to a sign-in request waiting for the account's second factor
  REQUEST_ID      the id of that sign-in request
  --user, --token-pack
                  instead of REQUEST_ID: the user name and token pack that activate printed; answers the
                  sign-ins a gateway holds for the user (a VPN's RADIUS connector in push mode)
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
  /** Proves the answer: the user's password, or the activated app's seed. */
  proof: { password: string } | { seed: string };
  server: string;
}

interface SecondFactorOptions {
  action: 'second-factor';
  decision: 'APPROVE' | 'REJECT';
  /** A portal sign-in's request, or the user whose gateway sign-ins are held (push). */
  target: { requestId: string } | { username: string; tokenPackId: string };
  seed: string;
  server: string;
}

interface ActivationOptions {
  action: 'activate';
  code: string;
  device: string;
  server: string;
}

type Options = DecisionOptions | SecondFactorOptions | ActivationOptions;

/** The options each action takes. */
const ACTION_OPTIONS = {
  decide: ['user', 'password', 'seed', 'server'],
  'second-factor': ['seed', 'server', 'user', 'token-pack'],
  activate: ['device', 'server'],
};

const ACTIONS: Record<string, keyof typeof ACTION_OPTIONS> = {
  approve: 'decide',
  reject: 'decide',
  'approve-2fa': 'second-factor',
  'reject-2fa': 'second-factor',
  activate: 'activate',
};

/** A seed as typed (base32, any case, spaces allowed), or undefined when it is not base32. */
function seedOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const seed = value.replace(/\s+/g, '').toUpperCase().replace(/=+$/, '');
  if (!/^[A-Z2-7]{16,}$/.test(seed))
    throw new UsageError('--seed must be the base32 TOTP seed that activate printed');
  return seed;
}

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
    if (!['user', 'password', 'seed', 'server', 'device', 'token-pack'].includes(name))
      throw new UsageError(`unknown option --${name}`);
    const value = equals === -1 ? args[++index] : arg.slice(equals + 1);
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    named.set(name, value);
  }
  const [action, argument, ...extra] = positional;
  const kind = action === undefined ? undefined : ACTIONS[action];
  if (kind === undefined)
    throw new UsageError(
      'the first argument must be approve or reject (QR sign-in), approve-2fa or reject-2fa (second factor), or activate (activation code)',
    );
  const allowed = ACTION_OPTIONS[kind];
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
  const decision = action!.startsWith('approve') ? 'APPROVE' : 'REJECT';
  const seed = seedOf(named.get('seed'));
  if (kind === 'second-factor') {
    const user = named.get('user');
    const tokenPackId = named.get('token-pack');
    if (argument && (user || tokenPackId))
      throw new UsageError('give REQUEST_ID or --user and --token-pack, not both');
    if (!argument && !(user && tokenPackId)) {
      throw new UsageError('REQUEST_ID (or --user and --token-pack) is missing');
    }
    if (!seed) throw new UsageError('--seed is missing');
    return {
      action: 'second-factor',
      decision,
      target: argument
        ? { requestId: argument.trim() }
        : { username: user!.trim(), tokenPackId: tokenPackId!.trim() },
      seed,
      server: serverOf(defaultServer()),
    };
  }
  const sessionId = sessionIdOf(argument);
  if (!sessionId) throw new UsageError('SESSION_ID is missing');
  const user = named.get('user');
  const password = named.get('password');
  if (!user) throw new UsageError('--user is missing');
  if (password && seed) throw new UsageError('give --password or --seed, not both');
  if (!password && !seed) throw new UsageError('--password (or --seed) is missing');
  return {
    action: 'decide',
    decision,
    sessionId,
    user: user.trim(),
    proof: seed ? { seed } : { password: password! },
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

/** The app's current code of a seed (what the activated app shows). */
const currentCode = (seed: string) =>
  generate({ algorithm: 'sha1', digits: CODE_DIGITS, period: CODE_PERIOD_SEC, secret: seed });

async function answerSignInRequest(options: SecondFactorOptions): Promise<string> {
  const verb = options.decision === 'APPROVE' ? 'approve' : 'reject';
  const done = options.decision === 'APPROVE' ? 'approved' : 'rejected';
  const code = await currentCode(options.seed);
  const { target } = options;
  if ('username' in target) {
    const answer = await call(options.server, '/api/v-key-app/gateway/decision', {
      json: { ...target, decision: options.decision, code },
    });
    const answered = (answer.body as { answered?: unknown } | undefined)?.answered;
    if (answer.status !== 200 || typeof answered !== 'number') {
      throw new Refused(`could not ${verb} the sign-ins held for ${target.username}: ${describe(answer)}`);
    }
    return `${done} ${answered} sign-in${answered === 1 ? '' : 's'} held for ${target.username}`;
  }
  const answer = await call(options.server, '/api/v-key-app/2fa/decision', {
    json: { requestId: target.requestId, decision: options.decision, code },
  });
  if (answer.status !== 200) {
    throw new Refused(`could not ${verb} sign-in request ${target.requestId}: ${describe(answer)}`);
  }
  return `${done} sign-in request ${target.requestId}`;
}

/** The QR sign-in's answer as the activated app sends it: its current code instead of a password. */
async function decideWithSeed(options: DecisionOptions, seed: string): Promise<void> {
  const verb = options.decision === 'APPROVE' ? 'approve' : 'reject';
  const decision = await call(options.server, '/api/v-key-app/seamless/decision', {
    json: {
      sessionId: options.sessionId,
      decision: options.decision,
      login: options.user,
      code: await currentCode(seed),
    },
  });
  if (decision.status !== 204) {
    throw new Refused(`could not ${verb} session ${options.sessionId}: ${describe(decision)}`);
  }
}

/** The QR sign-in's answer as a signed-in user: sign in, decide, sign out. */
async function decideWithPassword(options: DecisionOptions, password: string): Promise<void> {
  const signin = await call(options.server, '/api/auth/signin', {
    json: { login: options.user, password },
  });
  const body = signin.body;
  if (signin.status !== 200 || typeof body !== 'object' || body === null || !('token' in body)) {
    const secondFactor = typeof body === 'object' && body !== null && 'secondFactor' in body;
    const reason = secondFactor
      ? "the account's second factor is on: answer with --seed instead of --password"
      : describe(signin);
    throw new Refused(`sign-in as ${options.user} refused: ${reason}`);
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
}

async function run(options: Options): Promise<string> {
  if (options.action === 'activate') return activate(options);
  if (options.action === 'second-factor') return answerSignInRequest(options);
  if ('seed' in options.proof) await decideWithSeed(options, options.proof.seed);
  else await decideWithPassword(options, options.proof.password);
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
