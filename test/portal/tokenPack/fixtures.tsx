import { HttpResponse, http } from 'msw';
import { Resource } from 'react-admin';
import type { TokenPackRecord, WhiteListIpRecord } from '../../../contract/tokenPack';
import tokenPack from '../../../src/resources/tokenPack';
import { removeIds } from '../fakeServer';
import { customerAdmin, renderAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';

export const ALL = [
  'token-pack:view',
  'token-pack:create',
  'token-pack:modify',
  'token-pack:delete',
  'token-pack:configure',
];
export const VIEW = ['token-pack:view'];

export const TP = `${API}/idm-config/token-pack-v2`;
export const WL = `${API}/idm-config/white-list-ips`;

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const S3 = '33333333-3333-4333-8333-333333333333';
export const SERVICE_IDS = { vpn: S1, mail: S2, wiki: S3 };
export const DIRECTORY_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

/** A pack with three services: VPN and Wiki usable, Mail not. */
export const PRO: TokenPackRecord = {
  id: 'tp1',
  customerId: 'c1',
  name: 'Professional Token Pack',
  subscriptionId: 'aaaabbbb-cccc-4ddd-8eee-ffff00001111',
  subscriptionPlan: { tierPlanType: 'NORMAL', tierName: 'Professional', periodName: '12 months' },
  wizardStatus: 'COMPLETED',
  iconUrl: '/api/idm-config/token-pack-v2/tp1/image/icon?v=f1',
  featureImageUrl: null,
  primaryDirectoryId: DIRECTORY_ID,
  themeId: null,
  themeName: null,
  activationReminderDays: null,
  serviceIds: [S1, S3],
  services: [
    { id: S1, instanceName: 'VPN', status: 'STARTED', enabled: true },
    { id: S2, instanceName: 'Mail', status: 'STOPPED', enabled: false },
    { id: S3, instanceName: 'Wiki', status: 'STARTED', enabled: true },
  ],
  createdDate: '2024-03-01T08:00:00Z',
  lastModifiedDate: '2024-03-02T09:30:00Z',
};

export const FREE: TokenPackRecord = {
  ...PRO,
  id: 'tp2',
  name: 'Free Token Pack',
  subscriptionId: null,
  subscriptionPlan: null,
  wizardStatus: 'NEW',
  iconUrl: null,
  primaryDirectoryId: null,
  serviceIds: [],
  services: [],
};

export const OFFICE: WhiteListIpRecord = {
  id: 'w1',
  tokenPackId: 'tp1',
  ip: '203.0.113.0/24',
  description: 'Head office',
  createdDate: '2024-03-03T08:00:00Z',
  lastModifiedDate: '2024-03-03T08:00:00Z',
};
export const HOME: WhiteListIpRecord = {
  ...OFFICE,
  id: 'w2',
  ip: '198.51.100.7',
  description: 'Home of the administrator',
};

const DIRECTORY = { id: DIRECTORY_ID, name: 'Corporate AD', type: 'LDAP' };

export interface Fixtures {
  packs?: TokenPackRecord[];
  networks?: WhiteListIpRecord[];
}

/**
 * The server as the contract answers it: the packs (search, read, update, delete), the customer's
 * directories, and a pack's trusted networks, kept in a list that create and delete-many change (so a
 * refetch shows what was sent).
 */
export const serve = ({ packs = [PRO, FREE], networks = [OFFICE, HOME] }: Fixtures = {}) => {
  const trusted = [...networks];
  server.use(
    http.get(`${TP}/c1/search`, () =>
      HttpResponse.json({ content: packs, totalElements: packs.length, page: 0, pageSize: 10 }),
    ),
    http.get(`${TP}/c1/:id`, ({ params }) => {
      const pack = packs.find((one) => one.id === params.id);
      return pack
        ? HttpResponse.json(pack)
        : HttpResponse.json({ messageKey: 'error.tokenPack.notFound', message: 'x' }, { status: 404 });
    }),
    http.get(`${API}/idm-ldap/ldap/c1/search`, () =>
      HttpResponse.json({ content: [DIRECTORY], totalElements: 1, page: 0, pageSize: 25 }),
    ),
    http.get(`${API}/idm-ldap/ldap/c1/:id`, () => HttpResponse.json(DIRECTORY)),
    http.get(`${WL}/c1/:packId/search`, ({ params }) => {
      const rows = trusted.filter((one) => one.tokenPackId === params.packId);
      return HttpResponse.json({ content: rows, totalElements: rows.length, page: 0, pageSize: 25 });
    }),
    http.post(`${WL}/c1/:packId`, async ({ request, params }) => {
      const body = (await request.json()) as { ip: string; description?: string };
      const created: WhiteListIpRecord = {
        id: `w${trusted.length + 1}`,
        tokenPackId: String(params.packId),
        ip: body.ip,
        description: body.description ?? '',
        createdDate: '2024-04-01T08:00:00Z',
        lastModifiedDate: '2024-04-01T08:00:00Z',
      };
      trusted.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(`${WL}/c1/:packId/delete-many`, async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      removeIds(trusted, ids);
      return HttpResponse.json({ ids });
    }),
  );
  return trusted;
};

/** The token pack screens at `path`, for a customer administrator of c1 with these permissions. */
export const renderAt = (
  path: string,
  { permissions = ALL, ...fixtures }: Fixtures & { permissions?: string[] } = {},
) => {
  serve(fixtures);
  return renderAdmin({
    path,
    permissions,
    session: customerAdmin,
    children: [...resourcesOf(tokenPack), <Resource key="ldap" name="ldap" recordRepresentation="name" />],
    // Files dropped on the zone are not filtered by the file dialog's `accept`: the form must check them.
    user: { applyAccept: false },
  });
};

export const file = (bytes: number, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });
