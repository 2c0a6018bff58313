import { count } from 'drizzle-orm';
import { files, serviceTemplates, signinFailures } from '../../server/db/schema.ts';
import { PROVIDER_ADMIN_ROLE } from '../../server/seed.ts';
import { builtInRoleId, signedIn } from './fixtures/admin.ts';
import { type JsonAnswer, sharedTestContext } from './helpers.ts';

/**
 * A NUL (U+0000) or a lone UTF-16 surrogate is refused in every field, wherever it comes from, with one
 * answer that names the field, before any query reaches the database.
 */

const MESSAGE = (field: string) =>
  `The field '${field}' contains a character that is not allowed (NUL or an unpaired surrogate).`;

const refusal = (field: string) => ({
  status: 400,
  body: { messageKey: 'error.validation.invalidText', message: MESSAGE(field), params: { field } },
});

const answerOf = ({ status, body }: JsonAnswer) => ({ status, body });

const ctx = sharedTestContext();
let token: string;

beforeAll(async () => {
  ({ token } = await signedIn(ctx, { roleIds: [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)] }));
});

describe('in a JSON body', () => {
  it('refuses a NUL byte in a field of a public call, and records no failed sign-in', async () => {
    const answer = await ctx.call('POST', '/api/auth/signin', {
      json: { login: 'ada\u0000@example.com', password: 'whatever' },
    });
    expect(answerOf(answer)).toEqual(refusal('login'));
    const [failures] = await ctx.db.select({ total: count() }).from(signinFailures);
    expect(failures?.total).toBe(0);
  });

  it('names a nested field holding a lone surrogate', async () => {
    const answer = await ctx.call('POST', '/api/customer/search', {
      token,
      json: { page: 0, limit: 10, filters: { q: 'acme\ud800' } },
    });
    expect(answerOf(answer)).toEqual(refusal('filters.q'));
  });

  it('refuses a key holding a NUL byte, and writes it back escaped', async () => {
    const answer = await ctx.call('POST', '/api/customer/search', {
      token,
      json: { page: 0, limit: 10, 'x\u0000y': 1 },
    });
    expect(answerOf(answer)).toEqual(refusal('x\\u0000y'));
    expect(answer.body.message).not.toContain('\u0000');
  });

  it('checks the text before the schema: a lone low surrogate in an otherwise valid list item', async () => {
    const answer = await ctx.call('POST', '/api/service-mgmt/template/details', {
      token,
      json: { ids: ['\udc00'] },
    });
    expect(answerOf(answer)).toEqual(refusal('ids.0'));
  });

  it('lets paired surrogates (emoji) through', async () => {
    const answer = await ctx.call('POST', '/api/customer/search', {
      token,
      json: { page: 0, limit: 10, filters: { q: 'rocket \u{1F680}' } },
    });
    expect(answer.status).toBe(200);
  });
});

describe('in the query and the path', () => {
  it('refuses a NUL byte in a query value', async () => {
    const answer = await ctx.call(
      'GET',
      '/api/authentication/oauth2/authorize?client_id=a%00b&redirect_uri=x&state=s&response_type=code',
    );
    expect(answerOf(answer)).toEqual(refusal('client_id'));
  });

  it('refuses a NUL byte in a path parameter', async () => {
    const answer = await ctx.call('GET', '/api/service-mgmt/seamless/get-request-status-by-id/a%00b');
    expect(answerOf(answer)).toEqual(refusal('sessionId'));
  });

  it('refuses an escaped NUL inside the JSON a query value carries', async () => {
    const filter = encodeURIComponent('{"q":"\\u0000"}');
    const answer = await ctx.call('GET', `/api/idm-config/vos-cloud-config?filter=${filter}`, { token });
    expect(answerOf(answer)).toEqual(refusal('filter.q'));
  });
});

describe('in a multipart form', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const BOUNDARY = 'invalid-text-boundary';

  /** A form with a json part and, optionally, the icon; the file name is written as given. */
  function form(json: string, fileName?: string) {
    const parts = [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="json"\r\nContent-Type: application/json\r\n\r\n${json}\r\n`,
    ];
    const chunks = [Buffer.from(parts[0]!)];
    if (fileName !== undefined) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="iconFile"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    return Buffer.concat(chunks);
  }

  const create = async (payload: Buffer) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/service-mgmt/template/create',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  const rows = async () => ({
    templates: (await ctx.db.select({ total: count() }).from(serviceTemplates))[0]?.total,
    files: (await ctx.db.select({ total: count() }).from(files))[0]?.total,
  });

  it('refuses an escaped NUL in a field of the json part', async () => {
    const answer = await create(form('{"uname":"vpn","templateName":"VPN\\u0000","protocol":"RADIUS"}'));
    expect(answerOf(answer)).toEqual(refusal('templateName'));
  });

  it('creates the template from the same form with a proper file name', async () => {
    const answer = await create(
      form('{"uname":"vpn-ok","templateName":"VPN","protocol":"RADIUS"}', 'icon.png'),
    );
    expect(answer.status).toBe(201);
  });

  it('refuses a NUL byte in the file name, and stores neither the template nor the file', async () => {
    const before = await rows();
    const answer = await create(
      form('{"uname":"vpn","templateName":"VPN","protocol":"RADIUS"}', 'a\u0000b.png'),
    );
    expect(answerOf(answer)).toEqual(refusal('iconFile'));
    expect(await rows()).toEqual(before);
  });
});
