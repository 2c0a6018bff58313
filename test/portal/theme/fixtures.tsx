import { HttpResponse, http } from 'msw';
import { Resource } from 'react-admin';
import { DEFAULT_THEME_DEFINITION, type ThemeDefinition, type ThemeRecord } from '../../../contract/theme';
import theme from '../../../src/resources/theme';
import type { Session } from '../../../src/session';
import { customerAdmin, renderAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';

export const ALL = ['theme:view', 'theme:create', 'theme:modify', 'theme:configure'];
export const TH = `${API}/whitelabelapp/theme`;
export const CUSTOMER = 'c1';

export const LOGO_PATH = '/whitelabelapp/files/0f0e0d0c-0b0a-4909-8807-060504030201';

const copy = <T,>(value: T): T => structuredClone(value);

/** An active theme on no token pack, with the default definition. */
export const BRAND: ThemeRecord = {
  id: 'th1',
  customerId: CUSTOMER,
  name: 'Acme brand',
  themeDefinition: copy(DEFAULT_THEME_DEFINITION),
  imageMap: {},
  status: 'ACTIVE',
  rejectReason: null,
  tokenPacks: [],
  locked: false,
  createdDate: '2024-05-01T08:00:00Z',
  lastModifiedDate: '2024-05-02T09:30:00Z',
};

/** A theme two token packs show: it cannot be edited nor deleted. */
export const LOCKED: ThemeRecord = {
  ...BRAND,
  id: 'th2',
  name: 'Shop brand',
  themeDefinition: copy(DEFAULT_THEME_DEFINITION),
  tokenPacks: [
    { id: 'tp1', name: 'Professional Token Pack' },
    { id: 'tp2', name: 'Free Token Pack' },
  ],
  locked: true,
};

/** A theme the provider refused. */
export const REJECTED: ThemeRecord = {
  ...BRAND,
  id: 'th3',
  name: 'Borrowed brand',
  themeDefinition: copy(DEFAULT_THEME_DEFINITION),
  status: 'REJECTED',
  rejectReason: 'The logo is a trademark of another company',
};

export const withDefinition = (record: ThemeRecord, themeDefinition: ThemeDefinition): ThemeRecord => ({
  ...record,
  themeDefinition,
});

export interface Fixtures {
  themes?: ThemeRecord[];
}

/** The server as the contract answers it: search, detail, update (echoing the record changed), delete. */
export const serve = ({ themes = [BRAND, LOCKED, REJECTED] }: Fixtures = {}) => {
  const kept = [...themes];
  server.use(
    http.post(`${TH}/${CUSTOMER}/search`, () =>
      HttpResponse.json({ content: kept, totalElements: kept.length, page: 0, pageSize: 25 }),
    ),
    http.post(`${TH}/detail`, async ({ request }) => {
      const { themeId } = (await request.json()) as { themeId: string };
      const found = kept.find((one) => one.id === themeId);
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json(
            { messageKey: 'error.theme.notFound', message: 'Theme not found' },
            { status: 404 },
          );
    }),
    http.post(`${TH}/details`, async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      return HttpResponse.json(kept.filter((one) => ids.includes(one.id)));
    }),
    http.put(`${TH}/update`, async ({ request }) => {
      const body = (await request.json()) as Pick<ThemeRecord, 'id' | 'name' | 'themeDefinition'>;
      const at = kept.findIndex((one) => one.id === body.id);
      kept[at] = { ...kept[at], ...body, status: 'ACTIVE', rejectReason: null };
      return HttpResponse.json(kept[at]);
    }),
  );
  return kept;
};

/** The theme screens at `path` (a customer administrator of c1 by default). */
export const renderAt = (
  path: string,
  {
    permissions = ALL,
    session = customerAdmin,
    user,
    ...fixtures
  }: Fixtures & {
    permissions?: string[];
    session?: Partial<Session>;
    user?: Parameters<typeof renderAdmin>[0]['user'];
  } = {},
) => {
  serve(fixtures);
  return renderAdmin({
    path,
    permissions,
    session,
    user,
    children: [...resourcesOf(theme), <Resource key="token-pack-v2" name="token-pack-v2" />],
  });
};
