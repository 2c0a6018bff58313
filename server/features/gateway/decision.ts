import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONNECTOR_TYPE_IDS, type ConnectorType } from '../../../contract/connector.ts';
import type { GatewayProtocol, GatewayReason, GatewayResult, RadiusMode } from '../../../contract/gateway.ts';
import { type Changes, Kept, watchChanges } from '../../db/changes.ts';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import {
  customers,
  directories,
  gatewayRequests,
  otpCodes,
  radiusConnectors,
  serviceConnectors,
  serviceInstances,
  serviceUsers,
  type signInEvents,
  subscriptions,
  tokenPacks,
  userDevices,
  users,
  whiteListIps,
} from '../../db/schema.ts';
import { type CandidateUpdate, type CodeCheck, checkCode } from '../../domain/enrollment/codeCheck.ts';
import { blockList, type OutboundPolicy } from '../../domain/outbound.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { signInEventRow } from '../../domain/signInEvents.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { escapeFilterValue, LdapError } from '../directory/ldapClient.ts';
import { connectionOf, type DirectoryRow, readSettings } from '../directory/settings.ts';
import type { Candidate } from '../otp/otp.ts';
import { coversUser, planMembers } from '../subscription/coverage.ts';
import { BatchedLog, type LogEntry } from './batchedLog.ts';
import { PasswordPool } from './passwordPool.ts';

/**
 * The gateway's decision on a sign-in through a customer's connector (README, "Signing in to a VPN through
 * the gateway"), for every protocol the gateway speaks (RADIUS here; the web sign-ins reuse it):
 *
 * 1. the connector's service: started, enabled in its token pack, its customer active;
 * 2. the user: an ACTIVE user of the pack's primary directory with that user name, covered by the pack's
 *    plan; the password checked by a bind as the user's DN on the directory (LDAP only: the other types
 *    cannot check a password);
 * 3. the second factor, skipped for a user on the service's 2FA bypass list and for a client address in
 *    the pack's trusted networks; else by the connector's mode: `challenge` (a request the client answers
 *    with the code, kept in the database so that any instance takes the answer), `append` (the code after
 *    the password and a comma), `push` (a request the user's app approves or rejects, waited for);
 * 4. the answer, kept in the user's sign-in log (gateway_sign_ins) and counted by the dashboard.
 *
 * The client hears only accept, challenge or reject; the reason is in the log. An unknown user name costs
 * a bind as a wrong password does, so that the time does not tell them apart either.
 */

/** How long a challenge waits for its code. */
export const CHALLENGE_TTL_SEC = 120;
/** How often a held push looks for the app's answer. */
const PUSH_POLL_MS = 250;
/**
 * How long a subscription's member count is kept between sign-ins (the plan check counts the users of its
 * directories): a synchronisation that takes a plan past its size is seen by the gateway this much later.
 */
const MEMBERS_KEPT_MS = 10_000;
/**
 * How long the connectors, their services and their users are kept in memory at most: a change of them is
 * noticed at once (server/db/changes.ts), and what depends on the clock (a plan's end) is reckoned at each
 * sign-in; this bounds the rest.
 */
const KEPT_MS = 60_000;
/** The most users kept, of all directories (then all are forgotten and read again): about 300 MB. */
const USERS_KEPT = 1_000_000;

/**
 * How a connector asks for the second factor: a RADIUS connector's mode, or `web` (the web sign-in page:
 * the code typed on the page, or the app's approval the page waits for, whichever comes first).
 */
export type GatewayMode = RadiusMode | 'web';

export interface GatewayConnector {
  id: string;
  customerId: string;
  mode: GatewayMode;
  /** The connector's type (how its service is found): RADIUS when left out. */
  type?: ConnectorType;
}

export interface GatewayAsk {
  protocol: GatewayProtocol;
  connector: GatewayConnector;
  userName: string;
  /** The password (or, answering a challenge, the code); null when the client sent none (not PAP). */
  password: string | null;
  /** The challenge this answers (the State the client sent back). */
  state: string | null;
  /** Where the person is (an IP address), else the client's own address. */
  clientAddress: string | null;
}

export interface GatewayAnswer {
  result: GatewayResult;
  reason: GatewayReason;
  /** CHALLENGE: the id the client sends back as its State. */
  state?: string;
  /** CHALLENGE: what to ask for. */
  asks?: 'code';
  /** A code was checked: the dashboard counts it as an approval. */
  approval?: { method: 'otp' | 'app'; success: boolean };
  /** CHALLENGE: what the held request (kept with the decision, its id the state) is for. */
  held?: { serviceId: string; tokenPackId: string; userId: string };
  /**
   * The user whose password was right (the web sign-in page goes on with it), and whether its app can be
   * asked: set on an ACCEPT that skipped the second factor, and on the web's CHALLENGE.
   */
  web?: { userId: string; app: boolean };
}

/** Why a service cannot be signed in to at all, before anybody is asked anything (Gateway.refusalOf). */
export type ServiceRefusal = Extract<
  GatewayReason,
  'noService' | 'serviceStopped' | 'serviceDisabled' | 'customerInactive'
>;

export interface GatewayOptions {
  db: Database;
  sealer: Sealer;
  outbound: OutboundPolicy;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => Date;
  /** How long a push waits for the app (RADIUS_PUSH_TIMEOUT_SEC). */
  pushTimeoutSec: number;
  /** Each directory request's timeout. */
  ldapTimeoutMs?: number;
}

/** The service a connector serves, with what the decision reads of it. */
interface Served {
  serviceId: string;
  serviceName: string;
  serviceStatus: 'STARTED' | 'STOPPED';
  serviceEnabled: boolean;
  tokenPackId: string;
  subscriptionId: string | null;
  /** The number of users of the pack's subscription, when it is in force (else null: it covers nobody). */
  planUsers: number | null;
  primaryDirectoryId: string | null;
  customerStatus: 'ACTIVE' | 'INACTIVE';
  directory: DirectoryRow | null;
}

/** The service as read (servedBy) and kept: its plan's size, state and end, whatever the time. */
interface ServedRow extends Omit<Served, 'planUsers'> {
  planSize: number | null;
  planActive: boolean;
  planEnds: Date | null;
}

/** The connector's service at `now`: its plan's size when the plan is in force. */
const servedAt = ({ planSize, planActive, planEnds, ...row }: ServedRow, now: Date): Served => ({
  ...row,
  planUsers: planActive && planEnds && planEnds.getTime() > now.getTime() ? planSize : null,
});

/** A RADIUS connector as the listener finds it by its address, its shared secret opened. */
export interface RadiusClient extends GatewayConnector {
  secret: string | null;
}

/** What the decision reads of a user (userFacts, directoryFacts). */
interface UserFacts {
  person: Person;
  bypass: boolean;
  networks: string[];
  apps: number;
  seeds: number;
}

/** The users of a service's directory (directoryFacts), found by name as userFacts finds one. */
class DirectoryFacts {
  readonly #exact = new Map<string, UserFacts>();
  readonly #anyCase = new Map<string, UserFacts>();
  /** How many users it holds. */
  readonly size: number;

  /** `users` in the order of preference among namesakes: ACTIVE first, then the oldest. */
  constructor(users: readonly { username: string; facts: UserFacts }[]) {
    this.size = users.length;
    for (const { username, facts } of users) {
      if (!this.#exact.has(username)) this.#exact.set(username, facts);
      const folded = username.toLowerCase();
      if (!this.#anyCase.has(folded)) this.#anyCase.set(folded, facts);
    }
  }

  named(userName: string): UserFacts | undefined {
    return (
      this.#exact.get(userName) ?? (userName === '' ? undefined : this.#anyCase.get(userName.toLowerCase()))
    );
  }
}

/** What the decision reads before the directory is asked (Gateway.#factsOf). */
interface Facts {
  served: Served;
  person?: Person;
  covered: boolean;
  skip: 'bypass' | 'trustedNetwork' | null;
  hasApp: boolean;
  hasSeed: boolean;
}

interface Person {
  id: string;
  status: 'ACTIVE' | 'INACTIVE';
  source: 'LDAP' | 'AZURE' | 'REST' | 'CSV';
  externalId: string | null;
}

type PushStatus = 'INITIAL' | 'APPROVE' | 'REJECT';

const answer = (result: GatewayResult, reason: GatewayReason): GatewayAnswer => ({ result, reason });
const refuse = (reason: GatewayReason) => answer('REJECT', reason);

/** A code's candidate as read for a check without locks: its row's version (xmin) as read. */
interface VersionedCandidate extends Candidate {
  version: string;
}

/** How many times a check is decided again when another one changed its rows meanwhile. */
const MOST_CODE_ROUNDS = 5;

/** The answer to a checked code; the dashboard's approvals count it, right or wrong. */
function codeAnswer(checked: CodeCheck<Candidate>): GatewayAnswer {
  if (checked.outcome === 'none') return refuse('noSecondFactor');
  const approval = {
    method: checked.outcome === 'match' ? checked.candidate.method : ('otp' as const),
    success: checked.outcome === 'match',
  };
  if (checked.outcome === 'match') return { ...answer('ACCEPT', 'secondFactor'), approval };
  if (checked.outcome === 'locked') return { ...refuse('codeLocked'), approval };
  return { ...refuse('wrongCode'), approval };
}

/** `secret,123456`: the password and the code after its last comma (append mode). */
export function splitAppended(value: string): { password: string; code: string | null } {
  const match = /^(.*),\s*(\d{6})$/s.exec(value);
  return match ? { password: match[1]!, code: match[2]! } : { password: value, code: null };
}

export class Gateway {
  readonly #options: GatewayOptions;
  readonly #passwords: PasswordPool;
  readonly #stopping = new AbortController();
  #holding = 0;
  /** Each subscription's member count, kept MEMBERS_KEPT_MS (by subscription id). */
  readonly #members = new Map<string, { count: number; until: number }>();
  readonly #changes: Changes;
  /** The RADIUS connectors of each address. */
  readonly #clients: Kept<RadiusClient[]>;
  /** The service each connector serves (null: none). */
  readonly #served: Kept<ServedRow | null>;
  /** The users of each service's directory, by name. */
  readonly #users: Kept<DirectoryFacts>;
  /** Each directory's connection settings, as #checkPassword reads them from a kept directory row. */
  readonly #connections = new WeakMap<DirectoryRow, ReturnType<typeof connectionOf>>();
  readonly #log: BatchedLog;

  constructor(options: GatewayOptions) {
    this.#options = options;
    this.#passwords = new PasswordPool(options.outbound, options.ldapTimeoutMs);
    this.#changes = watchChanges(options.db, options.log);
    // An address without a connector is read again each time: a VPN registered a moment ago is answered.
    this.#clients = new Kept(this.#changes, {
      ttlMs: KEPT_MS,
      max: 10_000,
      keepIf: (found) => found.length > 0,
    });
    this.#served = new Kept(this.#changes, { ttlMs: KEPT_MS, max: 10_000 });
    this.#users = new Kept(this.#changes, {
      ttlMs: KEPT_MS,
      max: USERS_KEPT,
      weigh: (directory) => directory.size + 1,
    });
    this.#log = new BatchedLog(options.db, options.now);
  }

  /**
   * Values its callers keep between sign-ins, forgotten as the gateway's own are: at every change of a kept
   * table (migrations 0031 and 0036), and after `ttlMs` (KEPT_MS when not given).
   */
  keep<V>(options: { max: number; ttlMs?: number; keepIf?: (value: V) => boolean }): Kept<V> {
    return new Kept<V>(this.#changes, { ttlMs: KEPT_MS, ...options });
  }

  /** Resolves once every change committed before the call has been heard (see Changes.caughtUp). */
  caughtUp(): Promise<void> {
    return this.#changes.caughtUp();
  }

  /** How many pushes are waiting for the app's answer now. */
  get holding(): number {
    return this.#holding;
  }

  /** Stops holding pushes (each answers as timed out) and closes the directory connections. */
  async close(): Promise<void> {
    this.#stopping.abort();
    await this.#log.flushed();
    await this.#changes.close();
    await this.#passwords.close();
  }

  /**
   * The RADIUS connectors registered at `address` (several when customers share a NAT), with their shared
   * secrets opened (null when one cannot be: the listener drops its packets and says so).
   */
  connectorsAt(address: string): Promise<RadiusClient[]> {
    return this.#clients.get(address, async () => {
      const rows = await this.#options.db
        .select({
          id: radiusConnectors.id,
          customerId: radiusConnectors.customerId,
          mode: radiusConnectors.mode,
          sharedSecret: radiusConnectors.sharedSecret,
        })
        .from(radiusConnectors)
        .where(eq(radiusConnectors.ipAddress, address));
      return rows.map(({ sharedSecret, ...row }) => {
        try {
          return { ...row, secret: this.#options.sealer.open(sharedSecret) };
        } catch {
          return { ...row, secret: null };
        }
      });
    });
  }

  /** Decides a sign-in (see the module's comment) and keeps it in the log. */
  async decide(ask: GatewayAsk): Promise<GatewayAnswer> {
    if (ask.state !== null) return this.#answerChallenge(ask);
    const facts = await this.#factsOf(ask);
    if (!facts) {
      const decided = refuse('noService');
      await this.#keep(ask, null, null, decided);
      return decided;
    }
    const decided = await this.#firstAndSecond(ask, facts);
    await this.#keep(ask, facts.served, facts.person ?? null, decided);
    return decided;
  }

  /** The service the connector serves, as kept (read in the connector's customer). */
  async #servedBy(connector: GatewayConnector): Promise<Served | undefined> {
    const row = await this.#served.get(connector.id, async () => {
      const read = await withinCustomer(this.#options.db, connector.customerId, (tx) =>
        servedBy(tx, connector.id, CONNECTOR_TYPE_IDS[connector.type ?? 'radius']),
      );
      return read ?? null;
    });
    return row ? servedAt(row, this.#options.now()) : undefined;
  }

  /**
   * What the decision reads of the database before the directory is asked, each part in the connector's
   * customer and kept (see KEPT_MS): the service, the user, whether the plan covers it, whether it skips
   * the second factor, and what it can prove the second factor with.
   */
  async #factsOf(ask: GatewayAsk): Promise<Facts | undefined> {
    const served = await this.#servedBy(ask.connector);
    if (!served) return undefined;
    const facts: Facts = { served, covered: false, skip: null, hasApp: false, hasSeed: false };
    if (!served.primaryDirectoryId) return facts;
    const customer = ask.connector.customerId;
    const found = await this.#userFacts(customer, served, ask.userName);
    if (!found) return facts;
    facts.person = found.person;
    if (found.person.status !== 'ACTIVE') return facts;
    // A plan in force with room for all its members covers this one (an ACTIVE user of the pack's directory):
    // no ranking then.
    if (served.subscriptionId && served.planUsers !== null) {
      const { subscriptionId, planUsers } = served;
      facts.covered =
        (await this.#membersOf(customer, subscriptionId)) <= planUsers ||
        (await withinCustomer(this.#options.db, customer, (tx) =>
          coversUser(tx, served, found.person.id, this.#options.now()),
        ));
    }
    const address = ask.clientAddress;
    if (found.bypass) facts.skip = 'bypass';
    else if (address && isIP(address) !== 0 && found.networks.length > 0) {
      const list = blockList(found.networks);
      if (list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) facts.skip = 'trustedNetwork';
    }
    facts.hasApp = found.apps > 0;
    facts.hasSeed = found.seeds > 0;
    return facts;
  }

  /**
   * The user named `userName` in the service's directory: from the directory's users, kept, while changes
   * are heard (a sign-in reads no user then); else, and for a name the kept users do not have (a user
   * synchronised a moment ago, before the notice arrived, signs in at once), read alone.
   */
  async #userFacts(customerId: string, served: Served, userName: string): Promise<UserFacts | undefined> {
    const read = <T>(work: (tx: Database) => Promise<T>) =>
      withinCustomer(this.#options.db, customerId, work);
    if (!this.#changes.live) return read((tx) => userFacts(tx, served, userName));
    const users = await this.#users.get(
      `${served.serviceId} ${served.tokenPackId} ${served.primaryDirectoryId}`,
      () => read((tx) => directoryFacts(tx, served)),
    );
    return users.named(userName) ?? read((tx) => userFacts(tx, served, userName));
  }

  /** The subscription's member count (planMembers), counted again when older than MEMBERS_KEPT_MS. */
  async #membersOf(customerId: string, subscriptionId: string): Promise<number> {
    const now = Date.now();
    const kept = this.#members.get(subscriptionId);
    if (kept && kept.until > now) return kept.count;
    const count = await withinCustomer(this.#options.db, customerId, (tx) => planMembers(tx, subscriptionId));
    if (this.#members.size >= 10_000) {
      for (const [id, entry] of this.#members) if (entry.until <= now) this.#members.delete(id);
    }
    this.#members.set(subscriptionId, { count, until: now + MEMBERS_KEPT_MS });
    return count;
  }

  /** Why the service cannot be signed in to now, or null when it can. */
  #serviceRefusal(served: Served): ServiceRefusal | null {
    if (served.serviceStatus !== 'STARTED') return 'serviceStopped';
    if (!served.serviceEnabled) return 'serviceDisabled';
    if (served.customerStatus !== 'ACTIVE') return 'customerInactive';
    return null;
  }

  /**
   * Why nobody can sign in through the connector now (its service stopped, disabled in its pack, or its
   * customer inactive; no service), or null: the web sign-in page says it before asking for a password.
   */
  async refusalOf(connector: GatewayConnector): Promise<ServiceRefusal | null> {
    const served = await this.#servedBy(connector);
    return served ? this.#serviceRefusal(served) : 'noService';
  }

  async #firstAndSecond(ask: GatewayAsk, facts: Facts): Promise<GatewayAnswer> {
    const { served, person } = facts;
    const closed = this.#serviceRefusal(served);
    if (closed) return refuse(closed);
    if (ask.password === null) return refuse('notPap');
    const appended = ask.connector.mode === 'append' ? splitAppended(ask.password) : null;
    const password = appended ? appended.password : ask.password;

    if (!person) {
      // As long as a wrong password takes: a bind that cannot succeed.
      await this.#bindNobody(served, password);
      return refuse('unknownUser');
    }
    // An inactive user, or one no plan covers, is told so only after its password was right: before, it is
    // refused as a wrong password is (the web sign-in page says why; nobody learns a name exists).
    const standing = person.status !== 'ACTIVE' ? 'userInactive' : !facts.covered ? 'notCovered' : null;
    const directory = served.directory;
    if (directory?.type !== 'LDAP' || person.source !== 'LDAP' || !person.externalId) {
      if (!standing) return refuse('directoryCannotCheck');
      await this.#bindNobody(served, password);
      return refuse(standing);
    }
    const checked = await this.#checkPassword(directory, person.externalId, password);
    if (checked !== 'ok') return refuse(checked === 'wrong' ? 'wrongPassword' : 'directoryUnreachable');
    if (standing) return refuse(standing);

    if (facts.skip) return { ...answer('ACCEPT', facts.skip), web: { userId: person.id, app: false } };

    switch (ask.connector.mode) {
      case 'append': {
        const code = appended?.code;
        if (code == null) return refuse('wrongCode');
        return this.#checkCode(ask.connector.customerId, served, person.id, code);
      }
      case 'push':
        if (!facts.hasApp) return refuse('noSecondFactor');
        return this.#push(ask, served, person.id);
      case 'web':
        if (!facts.hasApp && !facts.hasSeed) return refuse('noSecondFactor');
        return {
          ...answer('CHALLENGE', 'challenged'),
          asks: 'code',
          web: { userId: person.id, app: facts.hasApp },
        };
      default:
        if (!facts.hasApp && !facts.hasSeed) return refuse('noSecondFactor');
        return this.#challenge(served, person.id);
    }
  }

  /** The directory's verdict on the user's password: 'ok', 'wrong', or 'unreachable' (logged). */
  async #checkPassword(directory: DirectoryRow, dn: string, password: string) {
    try {
      let connection = this.#connections.get(directory);
      if (!connection) {
        connection = connectionOf(readSettings({ ...directory }, { purpose: 'test', stored: directory }));
        this.#connections.set(directory, connection);
      }
      if (connection.type !== 'LDAP') return 'unreachable';
      return await this.#passwords.check(directory.id, connection.settings, dn, password);
    } catch (error) {
      this.#options.log.warn(
        { directoryId: directory.id, reason: error instanceof LdapError ? error.reason : 'other' },
        `gateway: the directory could not check a password: ${error instanceof LdapError ? error.detail : 'its settings are incomplete'}`,
      );
      return 'unreachable';
    }
  }

  /** A bind the directory refuses (a DN no entry has), so that a refusal before the bind takes as long. */
  async #bindNobody(served: Served, password: string): Promise<void> {
    const directory = served.directory;
    if (directory?.type !== 'LDAP' || !directory.baseDn) return;
    const nobody = `cn=${escapeFilterValue(`gateway-nobody-${randomBytes(8).toString('hex')}`)},${directory.baseDn}`;
    await this.#checkPassword(directory, nobody, password || 'x');
  }

  /** A held request (challenge or push) with the id `id`, as a row of gateway_requests. */
  #heldRow(
    id: string,
    ask: GatewayAsk,
    hold: { serviceId: string; tokenPackId: string; userId: string },
    kind: 'challenge' | 'push',
    ttlSec: number,
  ): typeof gatewayRequests.$inferInsert {
    const now = this.#options.now();
    return {
      id,
      customerId: ask.connector.customerId,
      kind,
      connectorId: ask.connector.id,
      serviceInstanceId: hold.serviceId,
      tokenPackId: hold.tokenPackId,
      userId: hold.userId,
      userName: ask.userName,
      clientAddress: ask.clientAddress,
      createdDate: now,
      expiresAt: new Date(now.getTime() + ttlSec * 1000),
    };
  }

  /** A challenge: its request is opened with the decision's log entry (#keep), under the State's id. */
  #challenge(served: Served, userId: string): GatewayAnswer {
    return {
      result: 'CHALLENGE',
      reason: 'challenged',
      state: randomUUID(),
      asks: 'code',
      held: { serviceId: served.serviceId, tokenPackId: served.tokenPackId, userId },
    };
  }

  /**
   * The code a challenge asked for: the challenge is used up, right or wrong. One statement uses up the
   * challenge and reads its user with what the user can prove a code with; the log names the user even
   * when the challenge is unknown (used already, or of another connector).
   */
  async #answerChallenge(ask: GatewayAsk): Promise<GatewayAnswer> {
    const state = ask.state ?? '';
    const customerId = ask.connector.customerId;
    const served = await this.#servedBy(ask.connector);
    if (!served) {
      const decided = refuse('noService');
      await this.#keep(ask, null, null, decided);
      return decided;
    }
    const held = UUID_PATTERN.test(state)
      ? await takeChallenge(this.#options.db, ask, state, served, this.#options.now())
      : undefined;
    const person = held
      ? held.person
      : served.primaryDirectoryId
        ? await withinCustomer(this.#options.db, customerId, (tx) =>
            personNamed(tx, served.primaryDirectoryId!, ask.userName),
          )
        : undefined;
    let decided: GatewayAnswer;
    const closed = this.#serviceRefusal(served);
    if (!held?.live || !person) decided = refuse('challengeExpired');
    else if (closed) decided = refuse(closed);
    else if (person.status !== 'ACTIVE') decided = refuse('userInactive');
    else if (ask.password === null) decided = refuse('notPap');
    else decided = await this.#checkCode(customerId, served, person.id, ask.password.trim(), held.candidates);
    await this.#keep(ask, served, person ?? null, decided);
    return decided;
  }

  /**
   * The user's code for the service (an OTP seed of it, or an app activated in its pack), checked as
   * codeCheck.ts checks one, without a transaction: each candidate's bookkeeping is written only if the row
   * is still as read (its version, xmin), so that two checks at the same time cannot both accept one code.
   * A write that finds its row changed is decided again on the row as it is now (the writes that went
   * through stay); a code is never accepted on a row it could not write. The embedded database is one
   * session: a transaction there would hold every other sign-in's statements while this thread is busy
   * between its own (measured: the stalls of `npm run bench -- radius` were such transactions).
   */
  async #checkCode(
    customerId: string,
    served: Served,
    userId: string,
    code: string,
    read?: VersionedCandidate[],
  ): Promise<GatewayAnswer> {
    const { db, sealer } = this.#options;
    let candidates = read ?? (await readCandidates(db, customerId, served, userId));
    // The latest decision: a match whose row could not be written is no match (another check took the code).
    let decided: CodeCheck<VersionedCandidate> = { outcome: 'none' };
    for (let round = 0; round < MOST_CODE_ROUNDS && candidates.length > 0; round++) {
      const now = this.#options.now();
      const changed = new Set<string>();
      const checked = await checkCode(sealer, candidates, code, now, async (candidate, values, matched) => {
        if (!(await writeIfUnchanged(db, customerId, candidate, values, matched, now))) {
          changed.add(candidate.id);
        }
      });
      if (checked.outcome === 'match' && !changed.has(checked.candidate.id)) return codeAnswer(checked);
      decided = checked.outcome === 'match' ? { outcome: 'wrong' } : checked;
      if (checked.outcome !== 'match' && changed.size === 0) break;
      // Decided again on the rows as they are now: after a refused match, all of them (the code may have
      // been taken meanwhile); after wrong codes, those whose count did not go through.
      const fresh = await readCandidates(db, customerId, served, userId);
      candidates =
        checked.outcome === 'match' ? fresh : fresh.filter((candidate) => changed.has(candidate.id));
    }
    return codeAnswer(decided);
  }

  /** Asks the user's app and holds the answer until it decides or the push times out. */
  async #push(ask: GatewayAsk, served: Served, userId: string): Promise<GatewayAnswer> {
    const { pushTimeoutSec } = this.#options;
    const id = await this.#openPush(ask, served, userId, pushTimeoutSec);
    const deadline = Date.now() + pushTimeoutSec * 1000;
    let status: PushStatus = 'INITIAL';
    this.#holding++;
    try {
      while (status === 'INITIAL' && Date.now() < deadline && !this.#stopping.signal.aborted) {
        await pause(Math.min(PUSH_POLL_MS, deadline - Date.now()), this.#stopping.signal);
        status = await this.#pushStatus(ask.connector.customerId, id);
      }
    } finally {
      this.#holding--;
    }
    return this.#closePush(ask.connector.customerId, id, status);
  }

  /** A push for the user's app to answer (gateway_requests), waiting `ttlSec`: its id. */
  async #openPush(ask: GatewayAsk, served: Served, userId: string, ttlSec: number): Promise<string> {
    const id = randomUUID();
    // Before the transaction: the sweep is a statement of its own (in the embedded database's one session,
    // it would wait for the transaction to end).
    await this.#log.sweepExpired();
    await withinCustomer(this.#options.db, ask.connector.customerId, async (tx) => {
      const hold = { serviceId: served.serviceId, tokenPackId: served.tokenPackId, userId };
      await tx.insert(gatewayRequests).values(this.#heldRow(id, ask, hold, 'push', ttlSec));
    });
    return id;
  }

  /** A push's answer so far (REJECT when it is gone). */
  async #pushStatus(customerId: string, id: string): Promise<PushStatus> {
    const [row] = await withinCustomer(this.#options.db, customerId, (tx) =>
      tx.select({ status: gatewayRequests.status }).from(gatewayRequests).where(eq(gatewayRequests.id, id)),
    );
    return row?.status ?? 'REJECT';
  }

  /** Ends a push: its row deleted, its answer the decision (still INITIAL: timed out). */
  async #closePush(customerId: string, id: string, status: PushStatus): Promise<GatewayAnswer> {
    await withinCustomer(this.#options.db, customerId, (tx) =>
      tx.delete(gatewayRequests).where(eq(gatewayRequests.id, id)),
    );
    if (status === 'APPROVE') return answer('ACCEPT', 'secondFactor');
    return refuse(status === 'REJECT' ? 'pushRejected' : 'pushTimedOut');
  }

  /**
   * The web sign-in page's second step (its first was `decide`, answered CHALLENGE with `web`): the service
   * and the user are looked at again (either may have stopped meanwhile), then the code is checked as a
   * RADIUS challenge's is, and the decision kept in the log.
   */
  async webCode(ask: GatewayAsk, userId: string, code: string): Promise<GatewayAnswer> {
    return this.#webStep(ask, userId, (served) =>
      this.#checkCode(ask.connector.customerId, served, userId, code.trim()),
    );
  }

  /** Ends a push the web sign-in page no longer waits for (its code was typed, or it was cancelled). */
  async webEndPush(customerId: string, pushId: string): Promise<void> {
    await withinCustomer(this.#options.db, customerId, (tx) =>
      tx.delete(gatewayRequests).where(eq(gatewayRequests.id, pushId)),
    );
  }

  /** The web sign-in page asks the user's app (a push it then polls with webPush): the push's id. */
  async webAskApp(ask: GatewayAsk, userId: string, ttlSec: number): Promise<string | null> {
    const served = await this.#servedBy(ask.connector);
    if (!served || this.#serviceRefusal(served)) return null;
    return this.#openPush(ask, served, userId, ttlSec);
  }

  /**
   * The app's answer to a push of the web sign-in page: undefined while it waits (and has not expired);
   * else the decision, kept in the log, the push ended.
   */
  async webPush(ask: GatewayAsk, userId: string, pushId: string): Promise<GatewayAnswer | undefined> {
    const customerId = ask.connector.customerId;
    const [row] = await withinCustomer(this.#options.db, customerId, (tx) =>
      tx
        .select({ status: gatewayRequests.status, expiresAt: gatewayRequests.expiresAt })
        .from(gatewayRequests)
        .where(and(eq(gatewayRequests.id, pushId), eq(gatewayRequests.userId, userId))),
    );
    const status = row?.status ?? 'REJECT';
    if (status === 'INITIAL' && row && row.expiresAt.getTime() > this.#options.now().getTime())
      return undefined;
    return this.#webStep(ask, userId, () => this.#closePush(customerId, pushId, status));
  }

  /** A web second step: refused when the service or the user can no longer sign in, else `step`; kept. */
  async #webStep(
    ask: GatewayAsk,
    userId: string,
    step: (served: Served) => Promise<GatewayAnswer>,
  ): Promise<GatewayAnswer> {
    const customerId = ask.connector.customerId;
    const served = await this.#servedBy(ask.connector);
    const person = UUID_PATTERN.test(userId)
      ? await withinCustomer(this.#options.db, customerId, (tx) => personWithId(tx, userId))
      : undefined;
    const closed = served ? this.#serviceRefusal(served) : 'noService';
    let decided: GatewayAnswer;
    if (!served || closed) decided = refuse(closed ?? 'noService');
    else if (!person) decided = refuse('challengeExpired');
    else if (person.status !== 'ACTIVE') decided = refuse('userInactive');
    else decided = await step(served);
    await this.#keep(ask, served ?? null, person ?? null, decided);
    return decided;
  }

  /**
   * Keeps the decision in the sign-in log (BatchedLog), with the challenge it holds. When a challenge
   * cannot be written the failure goes up (no answer: the client asks again); any other decision is
   * answered even when its log entry is lost (logged as an error).
   */
  async #keep(ask: GatewayAsk, served: Served | null, person: Person | null, decided: GatewayAnswer) {
    try {
      await this.#log.write(this.#entryOf(ask, served, person, decided));
    } catch (error) {
      if (decided.held) throw error;
      this.#options.log.error({ err: error }, 'gateway: a decision could not be kept in the sign-in log');
    }
  }

  /** The decision's log entry, its challenge held, and a finished sign-in counted for the dashboard. */
  #entryOf(ask: GatewayAsk, served: Served | null, person: Person | null, decided: GatewayAnswer): LogEntry {
    const customerId = ask.connector.customerId;
    const userId = person?.id ?? null;
    const at = this.#options.now();
    const events: (typeof signInEvents.$inferInsert)[] = [];
    if (decided.approval) {
      const outcome = decided.approval.success ? 'success' : 'failure';
      events.push(
        signInEventRow({
          kind: 'approval',
          method: decided.approval.method,
          outcome,
          userId,
          customerId,
          at,
        }),
      );
    }
    if (decided.result !== 'CHALLENGE') {
      const outcome = decided.result === 'ACCEPT' ? 'success' : 'failure';
      events.push(signInEventRow({ kind: 'sign-in', method: 'password', outcome, userId, customerId, at }));
    }
    return {
      signIn: {
        customerId,
        protocol: ask.protocol,
        connectorId: ask.connector.id,
        serviceInstanceId: served?.serviceId ?? null,
        userId,
        userName: ask.userName.slice(0, 256),
        clientAddress: ask.clientAddress,
        result: decided.result,
        reason: decided.reason,
        createdDate: at,
      },
      held:
        decided.held && decided.state
          ? this.#heldRow(decided.state, ask, decided.held, 'challenge', CHALLENGE_TTL_SEC)
          : undefined,
      events,
    };
  }
}

/** Waits `ms`, or less when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** The service the connector (of the type `typeId`) serves, read in its customer. */
async function servedBy(tx: Database, connectorId: string, typeId: number): Promise<ServedRow | undefined> {
  const [row] = await tx
    .select({
      serviceId: serviceInstances.id,
      serviceName: serviceInstances.instanceName,
      serviceStatus: serviceInstances.status,
      serviceEnabled: serviceInstances.enabled,
      tokenPackId: tokenPacks.id,
      subscriptionId: tokenPacks.subscriptionId,
      planSize: subscriptions.numberOfUsers,
      planActive: sql<boolean>`coalesce(${subscriptions.status} = 'ACTIVE', false)`,
      planEnds: subscriptions.expireDate,
      primaryDirectoryId: tokenPacks.primaryDirectoryId,
      customerStatus: customers.status,
      directory: directories,
    })
    .from(serviceConnectors)
    .innerJoin(serviceInstances, eq(serviceInstances.id, serviceConnectors.serviceInstanceId))
    .innerJoin(tokenPacks, eq(tokenPacks.id, serviceInstances.tokenPackId))
    .innerJoin(customers, eq(customers.id, serviceInstances.customerId))
    .leftJoin(directories, eq(directories.id, tokenPacks.primaryDirectoryId))
    .leftJoin(subscriptions, eq(subscriptions.id, tokenPacks.subscriptionId))
    .where(and(eq(serviceConnectors.typeId, typeId), eq(serviceConnectors.connectorId, connectorId)))
    .limit(1);
  return row;
}

const personFields = {
  id: users.id,
  status: users.status,
  source: users.source,
  externalId: users.externalId,
};

/** The user with that id (in the transaction's customer). */
async function personWithId(tx: Database, userId: string): Promise<Person | undefined> {
  const [person] = await tx.select(personFields).from(users).where(eq(users.id, userId)).limit(1);
  return person;
}

/**
 * The user of the directory with that user name: as the directory spells it, else in any case (directories
 * match login names without case, and people type them as they like).
 */
async function personNamed(tx: Database, directoryId: string, userName: string): Promise<Person | undefined> {
  const named = (condition: SQL) =>
    tx
      .select(personFields)
      .from(users)
      .where(and(eq(users.directoryId, directoryId), condition))
      .orderBy(sql`${users.status} = 'ACTIVE' desc`, users.createdDate)
      .limit(1);
  const [exact] = await named(eq(users.username, userName));
  if (exact || userName === '') return exact;
  const [anyCase] = await named(sql`lower(${users.username}) = lower(${userName})`);
  return anyCase;
}

/**
 * The user named `userName` in the service's directory (as personNamed finds it), with, in the same
 * statement, whether it is on the service's bypass list, the pack's trusted networks, and how many apps
 * (activated in the pack) and OTP seeds (of the service) it has.
 */
async function userFacts(tx: Database, served: Served, userName: string): Promise<UserFacts | undefined> {
  const named = (condition: SQL) => sql`(select ${users.id} from ${users}
    where ${users.directoryId} = ${served.primaryDirectoryId}::uuid and ${condition}
    order by ${users.status} = 'ACTIVE' desc, ${users.createdDate} limit 1)`;
  const result = (await tx.execute(sql`
    select u.id, u.status, u.source, u.external_id,
      exists (select 1 from ${serviceUsers} b where b.service_instance_id = ${served.serviceId}::uuid
        and b.list = 'BYPASS' and b.user_id = u.id) as bypass,
      coalesce((select array_agg(w.ip) from ${whiteListIps} w
        where w.token_pack_id = ${served.tokenPackId}::uuid), '{}') as networks,
      (select count(*) from ${userDevices} d
        where d.user_id = u.id and d.token_pack_id = ${served.tokenPackId}::uuid)::int as apps,
      (select count(*) from ${otpCodes} o
        where o.user_id = u.id and o.service_instance_id = ${served.serviceId}::uuid)::int as seeds
    from ${users} u
    where u.id = coalesce(${named(sql`${users.username} = ${userName}`)},
      ${named(sql`${userName} <> '' and lower(${users.username}) = lower(${userName})`)})`)) as unknown as {
    rows: {
      id: string;
      status: Person['status'];
      source: Person['source'];
      external_id: string | null;
      bypass: boolean;
      networks: string[];
      apps: number;
      seeds: number;
    }[];
  };
  const [row] = result.rows;
  if (!row) return undefined;
  return {
    person: { id: row.id, status: row.status, source: row.source, externalId: row.external_id },
    bypass: row.bypass,
    networks: row.networks,
    apps: Number(row.apps),
    seeds: Number(row.seeds),
  };
}

/**
 * The code candidates of a user for the service, as a column of one statement (`user` its id): its OTP seeds
 * for the service and the apps it activated in the pack, each with its row's version (xmin).
 */
const candidatesColumn = (user: SQL, customerId: string, served: Served) => sql`json_build_array(
  coalesce((select json_agg(json_build_object('id', o.id, 'seed', o.seed, 'lastUsedStep', o.last_used_step,
      'failedAttempts', o.failed_attempts, 'lockedUntil', o.locked_until, 'version', o.xmin::text,
      'method', 'otp') order by o.id)
    from ${otpCodes} o where o.user_id = ${user} and o.service_instance_id = ${served.serviceId}::uuid
      and o.customer_id = ${customerId}::uuid), '[]'),
  coalesce((select json_agg(json_build_object('id', d.id, 'seed', d.totp_seed, 'lastUsedStep', d.last_used_step,
      'failedAttempts', d.failed_attempts, 'lockedUntil', d.locked_until, 'version', d.xmin::text,
      'method', 'app') order by d.activated_date, d.id)
    from ${userDevices} d where d.user_id = ${user} and d.token_pack_id = ${served.tokenPackId}::uuid
      and d.customer_id = ${customerId}::uuid), '[]'))`;

type CandidateJson = Omit<VersionedCandidate, 'lockedUntil'> & { lockedUntil: string | null };

/** The candidates as candidatesColumn reads them (json, parsed by the driver or not). */
function candidatesOf(column: unknown): VersionedCandidate[] {
  const [seeds, devices] = (typeof column === 'string' ? JSON.parse(column) : column) as CandidateJson[][];
  return [...(seeds ?? []), ...(devices ?? [])].map((one) => ({
    ...one,
    lockedUntil: one.lockedUntil === null ? null : new Date(one.lockedUntil),
  }));
}

/**
 * The code candidates of the user (see candidatesColumn). Read as the tables' owner, as the log is written
 * (batchedLog.ts): the customer is the connector's, the user the one its challenge or directory named.
 */
async function readCandidates(
  db: Database,
  customerId: string,
  served: Served,
  userId: string,
): Promise<VersionedCandidate[]> {
  const result = (await db.execute(
    sql`select ${candidatesColumn(sql`${userId}::uuid`, customerId, served)} as candidates`,
  )) as unknown as { rows: { candidates: unknown }[] };
  return candidatesOf(result.rows[0]?.candidates);
}

/**
 * Writes a candidate's bookkeeping if its row is still the version read; whether it did. The device a code
 * came from records the sign-in (its lastSignInDate).
 */
async function writeIfUnchanged(
  db: Database,
  customerId: string,
  candidate: VersionedCandidate,
  values: CandidateUpdate,
  matched: boolean,
  now: Date,
): Promise<boolean> {
  const unchanged = (table: typeof otpCodes | typeof userDevices) =>
    and(
      eq(table.id, candidate.id),
      eq(table.customerId, customerId),
      sql`${table}.xmin::text = ${candidate.version}`,
    );
  const written =
    candidate.method === 'otp'
      ? await db.update(otpCodes).set(values).where(unchanged(otpCodes)).returning({ id: otpCodes.id })
      : await db
          .update(userDevices)
          .set(matched ? { ...values, lastSignInDate: now } : values)
          .where(unchanged(userDevices))
          .returning({ id: userDevices.id });
  return written.length === 1;
}

/**
 * Uses up the challenge `state` of the asking connector and user name, in one statement: whether it was
 * still open at `now`, its user, and the user's code candidates (none when there is no such challenge). As
 * the tables' owner (see readCandidates): the challenge is found by the connector the packet came through.
 */
async function takeChallenge(db: Database, ask: GatewayAsk, state: string, served: Served, now: Date) {
  const customerId = ask.connector.customerId;
  const result = (await db.execute(sql`
    with held as (
      delete from ${gatewayRequests}
      where ${gatewayRequests.id} = ${state.toLowerCase()}::uuid
        and ${gatewayRequests.customerId} = ${customerId}::uuid
        and ${gatewayRequests.connectorId} = ${ask.connector.id}::uuid
        and ${gatewayRequests.kind} = 'challenge' and ${gatewayRequests.userName} = ${ask.userName}
      returning ${gatewayRequests.userId}, ${gatewayRequests.expiresAt})
    select held.expires_at > ${now.toISOString()}::timestamptz as live,
      u.id, u.status, u.source, u.external_id,
      case when u.id is null then null else ${candidatesColumn(sql`u.id`, customerId, served)} end as candidates
    from held left join ${users} u on u.id = held.user_id and u.customer_id = ${customerId}::uuid`)) as unknown as {
    rows: {
      live: boolean;
      id: string | null;
      status: Person['status'];
      source: Person['source'];
      external_id: string | null;
      candidates: unknown;
    }[];
  };
  const [row] = result.rows;
  if (!row) return undefined;
  const person: Person | undefined = row.id
    ? { id: row.id, status: row.status, source: row.source, externalId: row.external_id }
    : undefined;
  return { live: row.live, person, candidates: person ? candidatesOf(row.candidates) : [] };
}

/**
 * Every user of the service's directory as userFacts reads one, in one statement: for a gateway that keeps
 * them.
 */
async function directoryFacts(tx: Database, served: Served): Promise<DirectoryFacts> {
  const result = (await tx.execute(sql`
    select u.id, u.username, u.status, u.source, u.external_id,
      exists (select 1 from ${serviceUsers} b where b.service_instance_id = ${served.serviceId}::uuid
        and b.list = 'BYPASS' and b.user_id = u.id) as bypass,
      coalesce(d.n, 0)::int as apps, coalesce(o.n, 0)::int as seeds
    from ${users} u
    left join (select user_id, count(*) as n from ${userDevices}
      where token_pack_id = ${served.tokenPackId}::uuid group by user_id) d on d.user_id = u.id
    left join (select user_id, count(*) as n from ${otpCodes}
      where service_instance_id = ${served.serviceId}::uuid group by user_id) o on o.user_id = u.id
    where u.directory_id = ${served.primaryDirectoryId}::uuid
    order by u.status = 'ACTIVE' desc, u.created_date`)) as unknown as {
    rows: {
      id: string;
      username: string;
      status: Person['status'];
      source: Person['source'];
      external_id: string | null;
      bypass: boolean;
      apps: number;
      seeds: number;
    }[];
  };
  const [networks] = await tx
    .select({ ips: sql<string[]>`coalesce(array_agg(${whiteListIps.ip}), '{}')` })
    .from(whiteListIps)
    .where(eq(whiteListIps.tokenPackId, served.tokenPackId));
  const ips = networks?.ips ?? [];
  return new DirectoryFacts(
    result.rows.map((row) => ({
      username: row.username,
      facts: {
        person: { id: row.id, status: row.status, source: row.source, externalId: row.external_id },
        bypass: row.bypass,
        networks: ips,
        apps: Number(row.apps),
        seeds: Number(row.seeds),
      },
    })),
  );
}

/** Held pushes of a user in a token pack still waiting for the app, as the app's decision finds them. */
export const waitingPushes = (tokenPackId: string, userIds: readonly string[], now: Date) =>
  and(
    eq(gatewayRequests.tokenPackId, tokenPackId),
    sql`${gatewayRequests.userId} = any(${`{${userIds.join(',')}}`}::uuid[])`,
    eq(gatewayRequests.kind, 'push'),
    eq(gatewayRequests.status, 'INITIAL'),
    gt(gatewayRequests.expiresAt, now),
  );
