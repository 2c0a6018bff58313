/**
 * The RADIUS clients of `npm run bench -- radius` (bench/radius.ts), in a process of their own so that the
 * server's thread does only the server's work, as when the VPNs are other machines: 20 clients (a UDP socket
 * each) paced open loop to the job's rate; half the requests are bypass users' (password only), half
 * challenge conversations (the password, then the code of the user's OTP secret with the State), each user
 * once. Each request's round trip counts from when it was due, so a server that falls behind is not
 * excused; no answer within 5 s counts as lost. Run by bench/radius.ts with a LoadJob message for each load
 * (the warm-up, then the measured runs, in this one process: its code is compiled by the warm-up too);
 * answers each with its Outcome, and waits to be ended.
 */
import { createSocket, type Socket } from 'node:dgram';
import { performance } from 'node:perf_hooks';
import radius from 'radius';
import { totpCode } from '../server/domain/enrollment/totp.ts';
import { SLAPD_USER_PASSWORD } from '../test/support/slapd.ts';

export const CLIENTS = 20;
export const RATE = 200;
export const SECONDS = 20;
const LOST_AFTER_MS = 5000;

export interface World {
  secret: string;
  bypass: string[];
  challenged: { username: string; seed: string }[];
}

export interface LoadJob {
  port: number;
  world: World;
  seconds: number;
  rate: number;
}

/** The three kinds of request: a bypass user's, a conversation's first (challenged), its code. */
export type RequestKind = 'bypass' | 'challenge' | 'code';

export interface Outcome {
  latencies: number[];
  /** The same round trips by kind of request. */
  byKind: Record<RequestKind, number[]>;
  lost: number;
  wrong: number;
  sent: number;
  /** The clients' own CPU time over the run, in ms. */
  cpuMs: number;
}

/** The paced load (see the module's comment) against the RADIUS server on `port`. */
async function load(port: number, world: World, seconds = SECONDS, rate = RATE): Promise<Outcome> {
  const sockets: Socket[] = [];
  const waiting = new Map<
    string,
    { due: number; request: Buffer; resolve: (answer: radius.RadiusPacket | null) => void }
  >();
  for (let index = 0; index < CLIENTS; index++) {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    socket.on('message', (message) => {
      const key = `${index}:${message[1]}`;
      const pending = waiting.get(key);
      if (!pending) return;
      waiting.delete(key);
      const valid = radius.verify_response({
        request: pending.request,
        response: Buffer.from(message),
        secret: world.secret,
      });
      pending.resolve(valid ? radius.decode({ packet: message, secret: world.secret }) : null);
    });
    sockets.push(socket);
  }
  const identifiers = new Array<number>(CLIENTS).fill(0);
  const outcome: Outcome = {
    latencies: [],
    byKind: { bypass: [], challenge: [], code: [] },
    lost: 0,
    wrong: 0,
    sent: 0,
    cpuMs: 0,
  };
  const cpu = process.cpuUsage();
  /** One Access-Request from client `index`, due at `due` (ms): its answer, or null when lost. */
  const ask = (index: number, kind: RequestKind, due: number, attributes: [string, string | Buffer][]) =>
    new Promise<radius.RadiusPacket | null>((resolve) => {
      // An identifier not in use on this socket (256 per socket; far fewer are ever waiting).
      let identifier = identifiers[index]!;
      do identifier = (identifier + 1) % 256;
      while (waiting.has(`${index}:${identifier}`));
      identifiers[index] = identifier;
      const request = radius.encode({
        code: 'Access-Request',
        identifier,
        secret: world.secret,
        attributes,
        add_message_authenticator: true,
      });
      const key = `${index}:${identifier}`;
      const timer = setTimeout(() => {
        waiting.delete(key);
        outcome.lost++;
        resolve(null);
      }, LOST_AFTER_MS);
      waiting.set(key, {
        due,
        request,
        resolve: (answer) => {
          clearTimeout(timer);
          const latency = performance.now() - due;
          outcome.latencies.push(latency);
          outcome.byKind[kind].push(latency);
          resolve(answer);
        },
      });
      outcome.sent++;
      sockets[index]!.send(request, port, '127.0.0.1');
    });

  const start = performance.now();
  const total = rate * seconds;
  const done: Promise<void>[] = [];
  let bypassNext = 0;
  let challengeNext = 0;
  for (let n = 0; n < total; n++) {
    // Two requests of a conversation are one slot of each pair: 100 bypass requests and 50 conversations
    // a second make 200 requests a second.
    const slot = n % 4;
    if (slot === 3) continue; // taken by the code of the conversation started at slot 1
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const index = n % CLIENTS;
    if (slot !== 1) {
      const username = world.bypass[bypassNext++ % world.bypass.length]!;
      done.push(
        ask(index, 'bypass', due, [
          ['User-Name', username],
          ['User-Password', SLAPD_USER_PASSWORD],
        ]).then((answer) => {
          if (answer && answer.code !== 'Access-Accept') outcome.wrong++;
        }),
      );
      continue;
    }
    const user = world.challenged[challengeNext++ % world.challenged.length]!;
    done.push(
      (async () => {
        const challenge = await ask(index, 'challenge', due, [
          ['User-Name', user.username],
          ['User-Password', SLAPD_USER_PASSWORD],
        ]);
        if (!challenge) return;
        if (challenge.code !== 'Access-Challenge') {
          outcome.wrong++;
          return;
        }
        const codeDue = Math.max(performance.now(), start + ((n + 2) * 1000) / rate);
        const wait = codeDue - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const accepted = await ask(index, 'code', codeDue, [
          ['User-Name', user.username],
          ['User-Password', await totpCode(user.seed)],
          ['State', challenge.attributes.State as Buffer],
        ]);
        if (accepted && accepted.code !== 'Access-Accept') outcome.wrong++;
      })(),
    );
  }
  await Promise.all(done);
  for (const socket of sockets) socket.close();
  const used = process.cpuUsage(cpu);
  outcome.cpuMs = (used.user + used.system) / 1000;
  return outcome;
}

// One job at a time: bench/radius.ts sends the next after this one's outcome.
process.on('message', (job: LoadJob) => {
  void load(job.port, job.world, job.seconds, job.rate).then((outcome) => process.send?.(outcome));
});
