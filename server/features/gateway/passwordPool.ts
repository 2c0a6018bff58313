import type { OutboundPolicy } from '../../domain/outbound.ts';
import { type LdapSettings, openPasswordChecker, type PasswordChecker } from '../directory/ldapClient.ts';

/**
 * The gateway's connections to the customers' directories for checking passwords: a few per directory,
 * opened as sign-ins need them, reused by the next ones (a bind as a user on a connection already open is
 * one round trip, where a new connection is three or four), closed after IDLE_MS without use. A directory
 * whose settings change gets new connections (the key holds its address).
 */

/** Connections open at once to one directory: more sign-ins at the same time wait their turn. */
const MAX_PER_DIRECTORY = 8;
const IDLE_MS = 30_000;

interface Idle {
  checker: PasswordChecker;
  since: number;
}

interface DirectoryPool {
  idle: Idle[];
  open: number;
  waiting: (() => void)[];
}

export class PasswordPool {
  readonly #outbound: OutboundPolicy;
  readonly #timeoutMs: number;
  readonly #pools = new Map<string, DirectoryPool>();
  readonly #sweeper: NodeJS.Timeout;
  #closed = false;

  constructor(outbound: OutboundPolicy, timeoutMs = 5000) {
    this.#outbound = outbound;
    this.#timeoutMs = timeoutMs;
    this.#sweeper = setInterval(() => this.#sweep(), IDLE_MS / 3);
    this.#sweeper.unref();
  }

  /** Binds as `dn` with `password` on the directory: 'ok' or 'wrong'; an LdapError when it cannot tell. */
  async check(
    directoryId: string,
    settings: LdapSettings,
    dn: string,
    password: string,
  ): Promise<'ok' | 'wrong'> {
    const key = `${directoryId}|${settings.secured ? 'ldaps' : 'ldap'}|${settings.host}|${settings.port}`;
    let pool = this.#pools.get(key);
    if (!pool) {
      pool = { idle: [], open: 0, waiting: [] };
      this.#pools.set(key, pool);
    }
    // A connection kept open may have been closed by the directory meanwhile: one more try, on a new one.
    for (let attempt = 1; ; attempt++) {
      const { checker, fresh } = await this.#take(pool, settings);
      try {
        const answer = await checker.check(dn, password);
        this.#give(pool, checker);
        return answer;
      } catch (error) {
        this.#give(pool, checker);
        if (fresh || attempt > 1) throw error;
      }
    }
  }

  async #take(
    pool: DirectoryPool,
    settings: LdapSettings,
  ): Promise<{ checker: PasswordChecker; fresh: boolean }> {
    for (;;) {
      const idle = pool.idle.pop();
      if (idle) return { checker: idle.checker, fresh: false };
      if (pool.open < MAX_PER_DIRECTORY) {
        pool.open++;
        try {
          const checker = await openPasswordChecker(settings, {
            outbound: this.#outbound,
            timeoutMs: this.#timeoutMs,
          });
          return { checker, fresh: true };
        } catch (error) {
          pool.open--;
          pool.waiting.shift()?.();
          throw error;
        }
      }
      await new Promise<void>((resolve) => pool.waiting.push(resolve));
    }
  }

  #give(pool: DirectoryPool, checker: PasswordChecker): void {
    if (checker.usable && !this.#closed) pool.idle.push({ checker, since: Date.now() });
    else {
      pool.open--;
      void checker.close();
    }
    pool.waiting.shift()?.();
  }

  #sweep(): void {
    const before = Date.now() - IDLE_MS;
    for (const pool of this.#pools.values()) {
      const kept = pool.idle.filter((idle) => idle.since > before);
      for (const idle of pool.idle) {
        if (idle.since <= before) {
          pool.open--;
          void idle.checker.close();
        }
      }
      pool.idle = kept;
    }
  }

  /** Closes every idle connection; the busy ones close when their check ends. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#sweeper);
    const closing: Promise<void>[] = [];
    for (const pool of this.#pools.values()) {
      for (const idle of pool.idle) closing.push(idle.checker.close());
      pool.idle = [];
    }
    await Promise.all(closing);
  }
}
