import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { APPEAR_BOUND_MS } from '../../../support/bounds.ts';

/**
 * A real SMTP server on a free local port (smtp-server), for the sender's tests: what it receives is parsed
 * with mailparser, the way a mail client reads it. `refuseRecipients` makes it answer RCPT TO with an error,
 * as a server that will not take the message does.
 */
export interface SmtpPeer {
  /** smtp://127.0.0.1:<port> (with user:password@ when asked). */
  url: string;
  /** The messages received, in order. */
  received: ParsedMail[];
  /** The envelopes' recipients, in order. */
  recipients: string[];
  /** The credentials the sender signed in with. */
  logins: { username: string; password: string }[];
  /** RCPT TO answers an error from now on (`false`: takes messages again). */
  refuseRecipients(refuse: boolean): void;
  /** Waits until `count` messages have arrived (at most `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export const REFUSAL = 'Mailbox is on holiday';

export async function startSmtpPeer(options: { user?: string; password?: string } = {}): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const recipients: string[] = [];
  const logins: SmtpPeer['logins'] = [];
  let refusing = false;
  const withAuth = options.user !== undefined;

  const settings: SMTPServerOptions = {
    disabledCommands: withAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !withAuth,
    allowInsecureAuth: withAuth,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else {
        // Echoes what it was given, as a careless server may: the sender must not keep it.
        callback(new Error(`Invalid username or password (${auth.username}:${auth.password})`));
      }
    },
    onRcptTo(address, _session, callback) {
      if (refusing) {
        const error = Object.assign(new Error(REFUSAL), { responseCode: 450 });
        callback(error);
        return;
      }
      recipients.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream, { keepCidLinks: true })
        .then((parsed) => {
          received.push(parsed);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  };
  const server = new SMTPServer(settings);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = withAuth
    ? `${encodeURIComponent(options.user!)}:${encodeURIComponent(options.password ?? '')}@`
    : '';

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    recipients,
    logins,
    refuseRecipients(refuse) {
      refusing = refuse;
    },
    async waitFor(count, timeoutMs = APPEAR_BOUND_MS) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} messages, received ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
