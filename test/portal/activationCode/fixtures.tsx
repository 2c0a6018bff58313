import { HttpResponse, http } from 'msw';
import { Resource } from 'react-admin';
import type { ActivationCodeRecord } from '../../../contract/activationCode';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import activationCode from '../../../src/resources/activationCode';
import tokenPack from '../../../src/resources/tokenPack';
import { pageOf, type Refusal, refuse, removeIds, sendMailOf } from '../fakeServer';
import { renderForCustomerAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';

export const ALL = ['token-pack:view', 'token-pack:configure', 'token-pack:delete', 'token-pack:modify'];
export const VIEW = ['token-pack:view'];

export const AC = `${API}/idm-config/v2/reactive/activation-code`;

export const PACK: TokenPackRecord = {
  id: 'tp1',
  customerId: 'c1',
  name: 'Professional Token Pack',
  subscriptionId: null,
  subscriptionPlan: null,
  wizardStatus: 'COMPLETED',
  iconUrl: null,
  featureImageUrl: null,
  primaryDirectoryId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  themeId: null,
  themeName: null,
  activationReminderDays: null,
  serviceIds: [],
  services: [],
  createdDate: '2024-03-01T08:00:00Z',
  lastModifiedDate: '2024-03-02T09:30:00Z',
};

const code = (
  fields: Partial<ActivationCodeRecord> & Pick<ActivationCodeRecord, 'id'>,
): ActivationCodeRecord => ({
  code: '7KQ2-M9XD-4HJT-0PWC',
  tokenPackId: 'tp1',
  userId: 'u1',
  username: 'ann',
  email: null,
  distinguishedName: null,
  status: 'NEW',
  lastModifiedDate: '2024-05-01T08:00:00Z',
  expireDate: '2024-05-31T08:00:00Z',
  activatedDate: null,
  ...fields,
});

export const ANN = code({
  id: 'a0000000-0000-4000-8000-000000000001',
  username: 'ann',
  email: 'ann@acme.test',
  distinguishedName: 'CN=Ann,OU=Staff,DC=acme,DC=test',
});
export const BOB = code({
  id: 'a0000000-0000-4000-8000-000000000002',
  code: 'N3VR-8ZQA-KM2E-55TB',
  userId: 'u2',
  username: 'bob',
  status: 'ACTIVATED',
  activatedDate: '2024-05-02T08:00:00Z',
});
export const CID = code({
  id: 'a0000000-0000-4000-8000-000000000003',
  code: 'XW1H-6G9C-PR4D-ST7Y',
  userId: 'u3',
  username: 'cid',
  email: 'cid@acme.test',
  status: 'EXPIRED',
});

export interface Fixtures {
  pack?: TokenPackRecord;
  codes?: ActivationCodeRecord[];
  /** What send-mail answers. */
  sendMail?: { queued: number; skipped: number } | Refusal;
  /** What generate answers when it fails. */
  generateError?: Refusal;
  /** What generate answers (one code, nobody left out, unless told). */
  generated?: Record<string, unknown>;
  /** The zips wait for this before answering (to see the progress). */
  zipReady?: Promise<void>;
}

const zip = () =>
  new HttpResponse('PK-zip-bytes', {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="Professional Token Pack-activation-codes.zip"',
    },
  });

/**
 * The server as the contract answers it: the pack, its codes (search with tokenPackId, q, status,
 * emailExist and pages), generate (a code for each directory user without one: here, dan), re-generate,
 * send-mail, the zips and delete-many, kept in a list that the writes change.
 */
export const serve = ({
  pack = PACK,
  codes = [ANN, BOB, CID],
  sendMail,
  generateError,
  generated = { generated: 1, leftOut: 0, planCovers: 25, subscriptionId: 's1', tierId: 't1' },
  zipReady,
}: Fixtures = {}) => {
  const rows = [...codes];
  server.use(
    http.get(`${API}/idm-config/token-pack-v2/c1/:id`, ({ params }) =>
      params.id === pack.id
        ? HttpResponse.json(pack)
        : HttpResponse.json({ messageKey: 'error.tokenPack.notFound', message: 'x' }, { status: 404 }),
    ),
    http.get(`${AC}/c1/search`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const q = query.get('q')?.toLowerCase();
      const status = query.get('status');
      const emailExist = query.get('emailExist');
      const found = rows.filter(
        (row) =>
          row.tokenPackId === query.get('tokenPackId') &&
          (!q || row.username.includes(q) || row.code.toLowerCase().includes(q)) &&
          (!status || row.status === status) &&
          (emailExist === null || (row.email !== null) === (emailExist === 'true')),
      );
      return HttpResponse.json(pageOf(found, query));
    }),
    http.put(`${AC}/generate/c1/:tokenPackId`, () => {
      if (generateError) return refuse(generateError);
      rows.push(code({ id: 'a0000000-0000-4000-8000-000000000004', username: 'dan', userId: 'u4' }));
      return HttpResponse.json(generated);
    }),
    // The follow-up's counts, from the codes as they stand (EXPIRED read as the server reads it).
    http.get(`${AC}/c1/summary/:tokenPackId`, ({ params }) => {
      const mine = rows.filter((row) => row.tokenPackId === params.tokenPackId);
      const count = (status: string) => mine.filter((row) => row.status === status).length;
      return HttpResponse.json({
        total: mine.length,
        pending: count('NEW'),
        expired: count('EXPIRED'),
        activated: count('ACTIVATED'),
      });
    }),
    http.post(`${AC}/c1/re-issue-expired/:tokenPackId`, () => {
      const expired = rows.filter((row) => row.status === 'EXPIRED');
      // New codes in place of the expired ones (copies: the fixtures stay as they are for the next test).
      for (const [index, row] of rows.entries())
        if (row.status === 'EXPIRED') rows[index] = { ...row, status: 'NEW' };
      return HttpResponse.json({
        reissued: expired.length,
        queued: expired.filter((row) => row.email).length,
        skipped: expired.filter((row) => !row.email).length,
      });
    }),
    http.put(`${AC}/c1/re-generate/:tokenPackId`, async ({ request }) => {
      const body = (await request.json()) as { ids?: string[]; all?: boolean };
      return HttpResponse.json({ regenerated: body.all ? rows.length : (body.ids?.length ?? 0) });
    }),
    sendMailOf(`${AC}/c1/send-mail`, rows, sendMail),
    http.post(`${AC}/c1/zip-token-pack-ac/:tokenPackId`, async () => {
      await zipReady;
      return zip();
    }),
    http.get(`${AC}/c1/download-token-pack-ac-zip/:tokenPackId`, async () => {
      await zipReady;
      return zip();
    }),
    http.delete(`${AC}/c1/delete-many`, async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      removeIds(rows, ids);
      return HttpResponse.json({ ids });
    }),
  );
  return rows;
};

/** The activation-code page of `tokenPackId` (or `path`) for a customer administrator of c1. */
export const renderAt = (
  tokenPackId = 'tp1',
  {
    permissions = ALL,
    path = `/activation-code/${tokenPackId}`,
    ...fixtures
  }: Fixtures & { permissions?: string[]; path?: string } = {},
) => {
  serve(fixtures);
  server.use(
    http.get(`${API}/idm-ldap/ldap/c1/:id`, ({ params }) =>
      HttpResponse.json({ id: params.id, name: 'Corporate AD', type: 'LDAP' }),
    ),
  );
  return renderForCustomerAdmin(path, permissions, [
    ...resourcesOf(activationCode),
    ...resourcesOf(tokenPack),
    <Resource key="ldap" name="ldap" recordRepresentation="name" />,
  ]);
};
