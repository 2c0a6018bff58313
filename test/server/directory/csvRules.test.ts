import { and, eq } from 'drizzle-orm';
import { directories, users } from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';

/**
 * The rows a directory's CSV import refuses for what they hold, each reported with its line and its reason
 * (in English, and as the catalogue's key and params): a username a spreadsheet would read as a formula
 * (`=`, `+`, `-`, `@` first) or that climbs out of a folder (`../`), a mobile phone that is not a phone
 * number (contract/phone.ts). The other rows are taken.
 */

const ctx = sharedTestContext();
let admin: string;
let acme: { id: string };
let directoryId: string;

beforeAll(async () => {
  acme = await ctx.createCustomer({ companyName: 'Acme' });
  const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  admin = (await signedIn(ctx, { customerId: acme.id, roleIds: [role] })).token;
  const [directory] = await ctx.db
    .insert(directories)
    .values({ customerId: acme.id, name: 'Imports', type: 'LDAP', hybrid: true })
    .returning();
  directoryId = directory!.id;
});

const upload = (content: string) => {
  const boundary = '----csv-rules-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/idm-ldap/users/r-${acme.id}/users/connectors/${directoryId}/upload-csv-file`,
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
};

const formula = (username: string) => ({
  reason: `the username '${username}' begins with ${username[0]}, which a spreadsheet reads as a formula: a username may not begin with =, +, - or @.`,
  messageKey: 'error.csv.usernameFormula',
  params: { username, character: username[0] },
});
const path = (username: string, sequence: string) => ({
  reason: `the username '${username}' holds ${sequence}: a username may not hold ../ or ..\\.`,
  messageKey: 'error.csv.usernamePath',
  params: { username, sequence },
});

const usernamesOf = async () =>
  (
    await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.customerId, acme.id), eq(users.directoryId, directoryId)))
  )
    .map((row) => row.username)
    .sort();

describe("a CSV import's usernames and phones", () => {
  it.each([
    ['=', '=HYPERLINK("http://x.example","click")', formula('=HYPERLINK("http://x.example","click")')],
    ['+', '+cmd', formula('+cmd')],
    ['-', '-2+3', formula('-2+3')],
    ['@', '@SUM(A1:A2)', formula('@SUM(A1:A2)')],
    ['../', 'reports/../../etc', path('reports/../../etc', '../')],
    ['..\\', '..\\windows', path('..\\windows', '..\\')],
  ])('refuses a username with %s, with its reason, and takes the other rows', async (_, username, failed) => {
    const quoted = `"${username.replaceAll('"', '""')}"`;
    const answer = await upload(
      ['username,email', `${quoted},bad@example.test`, 'fine.user,fine@example.test'].join('\n'),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      added: expect.any(Number),
      updated: 0,
      rows: expect.arrayContaining([{ line: 2, username: username.slice(0, 100), outcome: 'REFUSED' }]),
    });
    expect(answer.json().failed).toEqual([{ line: 2, ...failed }]);
    const taken = await usernamesOf();
    expect(taken).toContain('fine.user');
    expect(taken).not.toContain(username);
  });

  it('takes usernames that only hold those characters further in', async () => {
    const answer = await upload(['username', 'ann-lee', 'ann+test', 'a=b', 'first.last', 'x..y'].join('\n'));
    expect(answer.json()).toMatchObject({ failed: [] });
    expect(await usernamesOf()).toEqual(
      expect.arrayContaining(['ann-lee', 'ann+test', 'a=b', 'first.last', 'x..y']),
    );
  });

  it('refuses a mobile phone that is not a phone number, with its reason, and takes one that is', async () => {
    const answer = await upload(
      [
        'username,mobilePhone',
        'phone.html,<b>+84 90 123 4567</b>',
        'phone.short,+1 555 0100',
        'phone.good,+84 90 123 45 67',
        'phone.none,',
      ].join('\n'),
    );
    const reason = (phone: string) =>
      `the mobile phone '${phone}' is not a phone number in international format: + and the country code, then the number (+84 90 123 45 67).`;
    expect(answer.json()).toMatchObject({
      added: 2,
      updated: 0,
      failed: [
        {
          line: 2,
          reason: reason('<b>+84 90 123 4567</b>'),
          messageKey: 'error.csv.mobilePhoneInvalid',
          params: { mobilePhone: '<b>+84 90 123 4567</b>' },
        },
        {
          line: 3,
          reason: reason('+1 555 0100'),
          messageKey: 'error.csv.mobilePhoneInvalid',
          params: { mobilePhone: '+1 555 0100' },
        },
      ],
    });
    const [good] = await ctx.db.select().from(users).where(eq(users.username, 'phone.good'));
    expect(good!.mobilePhone).toBe('+84 90 123 45 67');
    expect(await usernamesOf()).not.toContain('phone.html');
  });
});
