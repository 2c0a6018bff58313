import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { GatewayConfigurationPage } from '../../../src/pages/configuration/GatewayConfigurationPage';
import { customerAdmin, operator, renderAdmin } from '../harness';
import { API, server } from '../msw';

/** A list call's answer: every record on one page. */
const page = (content: object[]) => HttpResponse.json({ content, totalElements: content.length });

/** The customer c1's directories and connectors, as their list calls answer them (the fields shown). */
const serveLists = ({
  directories = [] as object[],
  radius = [] as object[],
  saml2 = [] as object[],
  oidc = [] as object[],
}) =>
  server.use(
    http.get(`${API}/idm-ldap/ldap/c1/search`, () => page(directories)),
    http.get(`${API}/idm-config/connectors/radius/c1/search`, () => page(radius)),
    http.get(`${API}/idm-config/connectors/saml2/c1/search`, () => page(saml2)),
    http.get(`${API}/idm-config/connectors/oidc/c1/search`, () => page(oidc)),
  );

const DIRECTORY = {
  id: 'd1',
  name: 'Head office',
  type: 'LDAP',
  host: 'ldap.acme.test',
  port: 636,
  secured: true,
  baseDn: 'ou=people,dc=acme,dc=test',
  loginProperty: 'uid',
  tenantId: null,
  listUsersUrl: null,
};
const RADIUS = {
  id: 'r1',
  name: 'Office VPN',
  ipAddress: '10.0.0.5',
  proxyPort: 1812,
  mode: 'challenge',
  nasIdentifier: 'r1',
  lastSignIn: null,
  secretSet: true,
};
const SAML2 = {
  id: 's1',
  uname: 'zoom',
  providerName: 'Zoom',
  entityId: 'https://acme.zoom.us',
  idp: {
    entityId: 'https://portal.test/saml2/zoom',
    ssoUrl: 'https://portal.test/saml2/zoom/sso',
    sloUrl: 'https://portal.test/saml2/zoom/slo',
    metadataUrl: 'https://portal.test/saml2/zoom/metadata',
  },
};
const OIDC = {
  id: 'o1',
  clientId: 'c-acme-wiki',
  clientName: 'Wiki',
  redirectUrls: ['https://wiki.acme.test/callback', 'https://wiki.acme.test/silent'],
  endpoints: { discovery: 'https://portal.test/realms/r-acme/.well-known/openid-configuration' },
  secretSet: true,
};

const ALL = [
  'directories:view',
  'directories:create',
  'radius:view',
  'radius:create',
  'saml:view',
  'saml:create',
];

const stub = (text: string) => () => <p>{text}</p>;

/** /ad-config with the four kinds registered (their screens stubbed), for the session given. */
const renderPage = (permissions: string[] = ALL, session = customerAdmin) =>
  renderAdmin({
    path: '/ad-config',
    permissions,
    session: { ...session, customerName: 'Acme Corp' },
    children: [
      <Resource
        key="ldap"
        name="ldap"
        list={stub('directories')}
        create={stub('new directory')}
        edit={stub('edit directory')}
      />,
      <Resource
        key="radius"
        name="radius"
        list={stub('radius')}
        create={stub('new radius')}
        edit={stub('edit radius')}
      />,
      <Resource
        key="saml2"
        name="saml2"
        list={stub('saml2')}
        create={stub('new saml2')}
        edit={stub('edit saml2')}
      />,
      <Resource
        key="oidc"
        name="oidc"
        list={stub('oidc')}
        create={stub('new oidc')}
        edit={stub('edit oidc')}
      />,
      <Resource key="customer" name="customer" list={stub('customers page')} />,
      <CustomRoutes key="pages">
        <Route path="/ad-config" element={<GatewayConfigurationPage />} />
      </CustomRoutes>,
    ],
  });

/** The values shown in a section, as label → value. */
const valuesIn = (section: HTMLElement) =>
  Object.fromEntries(
    within(section)
      .getAllByRole('term')
      .map((term) => [term.textContent, (term.nextElementSibling as HTMLElement).textContent]),
  );

describe('/ad-config, the gateway configuration for installers', () => {
  it("lists what an installer enters: the portal, the customer's directories and connectors, without secrets", async () => {
    serveLists({ directories: [DIRECTORY], radius: [RADIUS], saml2: [SAML2], oidc: [OIDC] });
    const { user, pathname } = renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Gateway configuration for installers', level: 1 }),
    ).toBeInTheDocument();
    expect(valuesIn(screen.getByRole('region', { name: 'Portal' }))).toEqual({
      'Portal address': window.location.origin,
    });
    expect(valuesIn(await screen.findByRole('region', { name: 'Head office' }))).toEqual({
      Type: 'LDAP',
      'IP address or domain name': 'ldap.acme.test',
      Port: '636',
      'Base DN': 'ou=people,dc=acme,dc=test',
      'Login property': 'uid',
    });
    expect(valuesIn(await screen.findByRole('region', { name: 'Office VPN' }))).toEqual({
      'Client IP address': '10.0.0.5',
      'RADIUS port': '1812',
    });
    const zoom = await screen.findByRole('region', { name: 'Zoom' });
    expect(valuesIn(zoom)).toEqual({
      "Service provider's entity ID": 'https://acme.zoom.us',
      "Gateway's entity ID (issuer)": 'https://portal.test/saml2/zoom',
      'Single sign-on URL': 'https://portal.test/saml2/zoom/sso',
      'Metadata URL': 'https://portal.test/saml2/zoom/metadata',
    });
    expect(
      within(zoom).getByRole('link', { name: 'https://portal.test/saml2/zoom/metadata' }),
    ).toHaveAttribute('href', 'https://portal.test/saml2/zoom/metadata');
    expect(valuesIn(await screen.findByRole('region', { name: 'Wiki' }))).toEqual({
      'Client ID': 'c-acme-wiki',
      'Redirect URLs': 'https://wiki.acme.test/callbackhttps://wiki.acme.test/silent',
      'Discovery document': 'https://portal.test/realms/r-acme/.well-known/openid-configuration',
    });
    expect(screen.queryByText(/secret/i, { selector: 'dt' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit Office VPN' }));
    expect(await screen.findByText('edit radius')).toBeInTheDocument();
    expect(pathname()).toBe('/radius/r1');
  });

  it('offers to add a directory or a connector where there is none, to those who may', async () => {
    serveLists({});
    const { user } = renderPage(['directories:view', 'directories:create', 'radius:view']);
    const directories = await screen.findByRole('region', { name: 'Directories' });
    expect(await within(directories).findByText('No directories yet')).toBeInTheDocument();
    const radius = screen.getByRole('region', { name: 'RADIUS' });
    expect(await within(radius).findByText('No RADIUS connector yet')).toBeInTheDocument();
    expect(within(radius).queryByRole('link', { name: 'Add a RADIUS connector' })).not.toBeInTheDocument();
    // Those the account may not see are left out.
    expect(screen.queryByRole('region', { name: 'SAML2.0' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'OIDC' })).not.toBeInTheDocument();
    await user.click(within(directories).getByRole('link', { name: 'Add a directory' }));
    expect(await screen.findByText('new directory')).toBeInTheDocument();
  });

  it('tells an operator outside any customer that the page is a customer’s, and where to open one', async () => {
    const { user } = renderPage(['customer:view'], operator);
    expect(await screen.findByText(/This page shows a customer's gateway configuration/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to customers' }));
    expect(await screen.findByText('customers page')).toBeInTheDocument();
  });
});
