import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import type { Subscription } from '../../../contract/billing';
import type { ConnectorSummary } from '../../../contract/connector';
import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TemplateRecord } from '../../../contract/serviceTemplate';
import type { UserRecord } from '../../../contract/user';
import serviceLaunch from '../../../src/resources/service';
import { LaunchNow } from '../../../src/resources/service/LaunchNow';
import { subscriptionOf } from '../billingFixtures';
import { renderForCustomerAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';
import { pack } from '../wizard/fixtures';

export const ALL = [
  'service_instance:view',
  'service_instance:create',
  'service_instance:modify',
  'service_instance:configure',
  'user-management:view',
];

const template = (fields: Partial<TemplateRecord>): TemplateRecord => ({
  id: 'st0',
  uname: 'template',
  templateName: 'Template',
  shortDescription: '',
  description: '',
  status: 'PUBLISHED',
  protocol: 'RADIUS',
  connectorIds: [],
  iconUrl: null,
  createdDate: '2026-01-01T00:00:00Z',
  modifiedDate: '2026-01-01T00:00:00Z',
  ...fields,
});

export const VPN = template({
  id: 'st1',
  uname: 'vpn',
  templateName: 'VPN access',
  shortDescription: 'RADIUS second factor for the VPN',
  description: 'Protect the VPN with a second factor.\nUsers approve each sign-in in the app.',
  protocol: 'RADIUS',
  connectorIds: [1, 2],
  iconUrl: '/api/service-mgmt/template/st1/icon?v=f1',
});
export const PARTNER_VPN = template({
  id: 'st2',
  uname: 'partner-vpn',
  templateName: 'Partner vpn',
  shortDescription: 'For partners',
  protocol: 'RADIUS',
  connectorIds: [2],
});
export const O365 = template({
  id: 'st3',
  uname: 'office-365',
  templateName: 'Office 365',
  shortDescription: 'Federated sign-in to Microsoft 365',
  protocol: 'SAML',
  connectorIds: [3],
});
export const SALESFORCE = template({
  id: 'st4',
  uname: 'salesforce',
  templateName: 'Salesforce',
  shortDescription: 'OpenID Connect',
  protocol: 'OIDC',
  connectorIds: [4],
});
export const TEMPLATES = [SALESFORCE, O365, VPN, PARTNER_VPN];

export const SUBSCRIPTION: Subscription = subscriptionOf({
  id: 'sub1',
  startDate: '2026-01-01T00:00:00Z',
  expireDate: '2027-01-01T00:00:00Z',
  createdDate: '2026-01-01T00:00:00Z',
});

export const TOKEN_PACK = pack({
  serviceIds: [],
  createdDate: '2026-01-01T00:00:00Z',
  lastModifiedDate: '2026-01-01T00:00:00Z',
});

const connector = (id: string, name: string, type: ConnectorSummary['type'], typeId: number) => ({
  id,
  name,
  type,
  typeId,
});
/** The customer's connectors by lookup kind. */
export const CONNECTORS: Record<string, ConnectorSummary[]> = {
  ldap_2fa: [connector('dir1', 'Corp AD', 'ldap_2fa', 1)],
  ldap: [connector('dir1', 'Corp AD', 'ldap', 1), connector('dir2', 'Partners Azure', 'ldap', 1)],
  radius: [connector('rad1', 'Corp RADIUS', 'radius', 2), connector('rad2', 'Lab RADIUS', 'radius', 2)],
  saml: [],
  oidc: [],
  saml2: [],
  https: [connector('https1', 'Gateway API', 'https', 7)],
};

export const SERVICE: ServiceInstanceRecord = {
  id: 's1',
  customerId: 'c1',
  instanceName: 'Head office VPN',
  description: 'The VPN of the head office',
  status: 'STARTED',
  tokenPackId: 'tp1',
  tokenPackName: 'Professional Token Pack',
  serviceTemplateId: 'st1',
  templateName: 'VPN access',
  protocol: 'RADIUS',
  iconUrl: null,
  enabled: true,
  rememberPassword: false,
  connectorConfig: { connector_1: 'dir1', connector_2: 'rad1', connector_7: 'https1' },
  connectors: [
    { id: 'dir1', name: 'Corp AD', type: 'ldap_2fa' },
    { id: 'rad1', name: 'Corp RADIUS', type: 'radius' },
    { id: 'https1', name: 'Gateway API', type: 'https' },
  ],
  connectorIds: [1, 2, 7],
  bypassCount: 1,
  seamlessCount: 0,
  createdDate: '2026-02-01T00:00:00Z',
  lastModifiedDate: '2026-02-01T00:00:00Z',
};

const user = (id: string, username: string, displayName: string): UserRecord => ({
  id,
  username,
  displayName,
  email: `${username}@acme.test`,
  mobilePhone: null,
  status: 'ACTIVE',
  directoryId: 'dir1',
  directoryName: 'Corp AD',
  source: 'LDAP',
  appActivated: true,
  createdDate: '2026-01-01T00:00:00Z',
  lastModifiedDate: '2026-01-01T00:00:00Z',
});
export const ANN = user('u1', 'ann', 'Ann Lee');
export const BOB = user('u2', 'bob', 'Bob Tran');
export const CAROL = user('u3', 'carol', 'Carol Vo');

export interface Fixtures {
  templates?: TemplateRecord[] | 'fail';
  subscriptions?: Subscription[];
  connectors?: Record<string, ConnectorSummary[]> | 'fail';
  services?: ServiceInstanceRecord[];
  bypass?: UserRecord[];
  seamless?: UserRecord[];
  users?: UserRecord[];
}

/** The server's answers to the service screens' calls (each test passes what differs). */
export const serve = ({
  templates = TEMPLATES,
  subscriptions = [SUBSCRIPTION],
  connectors = CONNECTORS,
  services = [SERVICE],
  bypass = [ANN],
  seamless = [],
  users = [ANN, BOB, CAROL],
}: Fixtures = {}) =>
  server.use(
    http.get(`${API}/service-mgmt/template`, () =>
      templates === 'fail'
        ? HttpResponse.json({ messageKey: 'error.default.internal.server.error' }, { status: 500 })
        : HttpResponse.json(templates),
    ),
    http.post(`${API}/billing/subscription/c1/search`, () =>
      HttpResponse.json({ contents: subscriptions, totalElements: subscriptions.length }),
    ),
    http.get(`${API}/idm-config/token-pack-v2/get-by-subscription/:subscriptionId`, () =>
      HttpResponse.json([TOKEN_PACK]),
    ),
    http.get(`${API}/idm-config/connectors/:type`, ({ params }) =>
      connectors === 'fail'
        ? HttpResponse.json({ messageKey: 'error.default.internal.server.error' }, { status: 500 })
        : HttpResponse.json(connectors[params.type as string] ?? []),
    ),
    http.get(`${API}/service-mgmt/service-instance/c1/list`, () => HttpResponse.json(services)),
    http.get(`${API}/service-mgmt/service-launch/c1/:id`, ({ params }) => {
      const found = services.find((service) => service.id === params.id);
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ messageKey: 'error.service.notFound' }, { status: 404 });
    }),
    http.get(`${API}/user-management/deny_service_users/c1/search`, () =>
      HttpResponse.json({ content: bypass, totalElements: bypass.length }),
    ),
    http.get(`${API}/user-management/seamless_service_users/c1/search`, () =>
      HttpResponse.json({ content: seamless, totalElements: seamless.length }),
    ),
    http.get(`${API}/user-management/users/c1/search`, () =>
      HttpResponse.json({ content: users, totalElements: users.length }),
    ),
  );

/** The service screens of the customer c1's administrator, at `path`. */
export const renderAt = (path: string, fixtures: Fixtures = {}, permissions = ALL) => {
  serve(fixtures);
  return renderForCustomerAdmin(path, permissions, [
    ...resourcesOf(serviceLaunch),
    <CustomRoutes key="pages">
      <Route path="/launch-now/:serviceTemplateId" element={<LaunchNow />} />
    </CustomRoutes>,
  ]);
};

/** The options of the open listbox, as read. */
export const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);
