import { eq } from 'drizzle-orm';
import { verify } from 'otplib';
import { activationLink } from '../../../contract/activationCode.ts';
import { activationCodes, userDevices } from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { runAuthenticator } from '../fixtures/authenticatorCli.ts';
import { sharedTestContext } from '../helpers.ts';
import { addUsers, generated, storedCodes, type Tenant, tenant } from './fixtures.ts';

/**
 * `npm run authenticator -- activate CODE`: the mobile app's activation from the command line, against a
 * running server. It prints what the app keeps (the user and the TOTP seed) and the current code.
 */

const ctx = sharedTestContext();
let acme: Tenant;
let server: string;

beforeAll(async () => {
  acme = await tenant(ctx, 'Acme');
  server = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

/** A new user of Acme's pack and its code. */
async function newCode() {
  const [user] = await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 1);
  await generated(ctx, acme);
  return (await storedCodes(ctx, acme.packId)).find((row) => row.userId === user!.id)!;
}

describe('npm run authenticator -- activate', () => {
  it('activates the app, prints the user, the seed the server keeps and a current code of it', async () => {
    const code = await newCode();
    const run = await runAuthenticator(['activate', code.code, '--device', 'Test bench', '--server', server]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`activated the app as ${code.username} (token pack ${acme.packId})`);
    const seed = /^totp seed: ([A-Z2-7]{32}) \(SHA1, 6 digits, 30 s\)$/.exec(lines[1]!)?.[1];
    expect(seed).toBeDefined();
    // SHA1, 6 digits and 30 s are the defaults of otpauth links: left out.
    expect(lines[2]).toBe(
      `otpauth link: otpauth://totp/Test%20Portal:${code.username}?secret=${seed}&issuer=Test%20Portal`,
    );
    const current = /^current code: (\d{6})$/.exec(lines[3]!)?.[1];
    expect(current).toBeDefined();

    const [device] = await ctx.db.select().from(userDevices).where(eq(userDevices.userId, code.userId));
    expect(device!.deviceName).toBe('Test bench');
    const stored = createSealer(ctx.config.secretsKey).open(device!.totpSeed);
    expect(stored).toBe(seed);
    const valid = await verify({ secret: stored, token: current!, epochTolerance: 60 });
    expect(valid.valid).toBe(true);
    const [row] = await ctx.db.select().from(activationCodes).where(eq(activationCodes.id, code.id));
    expect(row!.status).toBe('ACTIVATED');
  });

  it("takes the QR code's whole activation link, and its server", async () => {
    const code = await newCode();
    const run = await runAuthenticator(['activate', activationLink(server, code.code)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`activated the app as ${code.username}`);
    const [device] = await ctx.db.select().from(userDevices).where(eq(userDevices.userId, code.userId));
    expect(device!.deviceName).toBe('npm run authenticator');
  });

  it('exits 1 with the server message for a code used already', async () => {
    const code = await newCode();
    expect((await runAuthenticator(['activate', code.code, '--server', server])).code).toBe(0);
    const again = await runAuthenticator(['activate', code.code, '--server', server]);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain(
      `could not activate with code ${code.code}: This activation code has been used already. (HTTP 409)`,
    );
  });

  it('exits 2 with the usage for wrong arguments', async () => {
    const missing = await runAuthenticator(['activate']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('CODE is missing');
    expect(missing.stderr).toContain('npm run authenticator -- activate CODE [--device NAME] [--server URL]');
    const foreign = await runAuthenticator(['activate', 'ABCD-EFGH-JKMN-PQRS', '--user', 'ada@example.com']);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain('activate takes no --user');
  });
});
