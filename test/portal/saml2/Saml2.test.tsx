import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEW_SAML2_SETTINGS, type Saml2Defaults, Saml2Form, type Saml2Record } from '../../../contract/saml2';
import saml2 from '../../../src/resources/saml2';
import { fill, input, recordRequests, renderForCustomerAdmin, resourcesOf, save } from '../harness';
import { API, server } from '../msw';

const ALL = ['saml:view', 'saml:create', 'saml:modify', 'saml:delete', 'saml:configure'];

const CONNECTOR: Saml2Record = {
  id: 's1',
  ...NEW_SAML2_SETTINGS,
  uname: 'acme-app',
  providerName: 'Acme App',
  domainName: 'acme.test',
  entityId: 'https://app.acme.test/saml',
  acsUrl: 'https://app.acme.test/saml/acs',
  certificateInfo: null,
  idp: {
    entityId: 'https://gateway.test/saml2/acme-app',
    ssoUrl: 'https://gateway.test/saml2/acme-app/sso',
    sloUrl: 'https://gateway.test/saml2/acme-app/slo',
    metadataUrl: 'https://gateway.test/api/idm-config/connectors/saml2/xml/acme-app',
    startUrl: 'https://gateway.test/saml2/acme-app/start',
    trySignIn: 'https://gateway.test/saml2/acme-app/try',
  },
  lastSignIn: null,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
};

const GITLAB: Saml2Defaults = {
  type: 'gitlab',
  providerName: 'GitLab',
  entityId: 'https://gitlab.example.com',
  acsUrl: 'https://gitlab.example.com/users/auth/saml/callback',
  nameIdFormat: 'persistent',
  nameIdAttribute: 'username',
  sendAttribute: 'ALL',
  signatureAlgorithm: 'SHA-512',
  signResponse: false,
  signAssertion: true,
  attributeMapping: [{ name: 'mail', property: 'email' }],
};

const BASE = `${API}/idm-config/connectors/saml2`;

/** The fields the server takes: the contract's form without what it only echoes back. */
const ECHOED = ['id', 'createdDate', 'lastModifiedDate', 'certificateInfo', 'idp', 'lastSignIn'];
const BODY_FIELDS = Object.keys(Saml2Form.properties)
  .filter((field) => !ECHOED.includes(field))
  .sort();

const renderAt = (path: string, permissions: readonly string[] = ALL) => {
  server.use(
    http.get(`${BASE}/c1/s1`, () => HttpResponse.json(CONNECTOR)),
    http.get(`${API}/idm-config/saml2/gitlab`, () => HttpResponse.json(GITLAB)),
  );
  return renderForCustomerAdmin(path, permissions, resourcesOf(saml2));
};

/** Answers the URL suffix check: valid, and free unless `taken`. */
const checkAnswers = (taken: readonly string[] = []) =>
  server.use(
    http.get(`${BASE}/check/:uname`, ({ params }) =>
      HttpResponse.json({
        uname: params.uname,
        valid: true,
        available: !taken.includes(String(params.uname)),
      }),
    ),
  );

const certificateField = () =>
  screen.getByLabelText('X.509 certificate', { selector: 'textarea', exact: false });

describe('the SAML2 connector form', () => {
  it('starts from the chosen service provider: GET /idm-config/saml2/gitlab fills the form', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/saml2/create');
    await user.click(await screen.findByRole('combobox', { name: 'Start from' }));
    await user.click(await screen.findByRole('option', { name: 'GitLab' }));
    await waitFor(() => expect(input('Provider name')).toHaveValue('GitLab'));
    expect(sent.filter((request) => request.path === '/idm-config/saml2/gitlab')).toHaveLength(1);
    expect(input('Entity ID')).toHaveValue('https://gitlab.example.com');
    expect(input('Assertion consumer service URL')).toHaveValue(
      'https://gitlab.example.com/users/auth/saml/callback',
    );
    expect(screen.getByRole('combobox', { name: 'NameID format' })).toHaveTextContent('Persistent');
    expect(screen.getByRole('combobox', { name: 'NameID attribute' })).toHaveTextContent('Username');
    expect(screen.getByRole('combobox', { name: 'Signature algorithm' })).toHaveTextContent('SHA-512');
    expect(screen.getByRole('radio', { name: 'Every user property' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Sign response' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Sign assertion' })).toBeChecked();
    expect(await screen.findByDisplayValue('mail')).toBeInTheDocument();
  });

  it('signs with SHA-256 by default', async () => {
    renderAt('/saml2/create');
    expect(await screen.findByRole('combobox', { name: 'Signature algorithm' })).toHaveTextContent('SHA-256');
  });

  it('says whether the URL suffix is free as it is typed', async () => {
    checkAnswers(['acme-app']);
    const sent = recordRequests();
    const { user } = renderAt('/saml2/create');
    const uname = await screen.findByLabelText('URL suffix', { selector: 'input', exact: false });
    await fill(user, uname, 'new-app');
    expect(await screen.findByText('This URL suffix is free.')).toBeInTheDocument();
    expect(sent.map((request) => request.path)).toContain('/idm-config/connectors/saml2/check/new-app');
    await user.clear(uname);
    await fill(user, uname, 'acme-app');
    expect(await screen.findByText('SAML2 connector name already existed')).toBeInTheDocument();
    expect(screen.queryByText('This URL suffix is free.')).not.toBeInTheDocument();
    expect(sent.map((request) => request.path)).toContain('/idm-config/connectors/saml2/check/acme-app');
  });

  it('refuses a wrong URL suffix, ACS URL and certificate, without calling the server', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/saml2/create');
    await fill(
      user,
      await screen.findByLabelText('Provider name', { selector: 'input', exact: false }),
      'Acme',
    );
    await fill(user, input('URL suffix'), 'My App');
    await fill(user, input('Entity ID'), 'https://app.acme.test/saml');
    await fill(user, input('Assertion consumer service URL'), 'ftp://x');
    await fill(user, certificateField(), 'MIIC-not-a-pem');
    await save(user);
    expect(await screen.findByText(/^Use lower-case letters and digits/)).toBeInTheDocument();
    expect(screen.getByText('Enter an http:// or https:// address.')).toBeInTheDocument();
    expect(screen.getByText(/^Paste the whole certificate/)).toBeInTheDocument();
    expect(sent).not.toContainEqual(expect.objectContaining({ method: 'POST' }));
    expect(sent.filter((request) => request.path.includes('/check/'))).toEqual([]);
  });

  it("sends exactly the contract's fields, without the 'Start from' choice", async () => {
    checkAnswers();
    server.use(http.post(`${BASE}/c1`, () => HttpResponse.json({ id: 's1' }, { status: 201 })));
    const sent = recordRequests();
    const { user, pathname } = renderAt('/saml2/create');
    await user.click(await screen.findByRole('combobox', { name: 'Start from' }));
    await user.click(await screen.findByRole('option', { name: 'GitLab' }));
    await waitFor(() => expect(input('Provider name')).toHaveValue('GitLab'));
    await fill(user, input('URL suffix'), 'gitlab-acme');
    expect(await screen.findByText('This URL suffix is free.')).toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(pathname()).toBe('/saml2/s1/show'));
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.path)).toEqual(['/idm-config/connectors/saml2/c1']);
    const body = posts[0].body as Record<string, unknown>;
    expect(body).not.toHaveProperty('provider');
    expect(Object.keys(body).sort()).toEqual(BODY_FIELDS);
    // GitLab's defaults as they are, but for their type; the fields they leave out empty.
    const { type, ...gitlabDefaults } = GITLAB;
    expect(body).toEqual({
      ...gitlabDefaults,
      uname: 'gitlab-acme',
      domainName: '',
      logoutUrl: '',
      loginUrl: '',
      defaultRelayState: '',
      certificate: '',
      createdAttributes: [],
    });
  });
});

describe("the server's refusal of the certificate", () => {
  it('is said under the certificate, marked invalid, the values kept and no toast', async () => {
    checkAnswers();
    const text =
      'The certificate is not a PEM X.509 certificate. Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.';
    server.use(
      http.post(`${BASE}/c1`, () =>
        HttpResponse.json(
          { messageKey: 'error.saml2.certificate', message: text, params: { field: 'certificate' } },
          { status: 400 },
        ),
      ),
    );
    // Well-formed to the portal's eye, but not a certificate the server can read.
    const pem = `-----BEGIN CERTIFICATE-----\n${'QUFB'.repeat(20)}\n-----END CERTIFICATE-----`;
    const { user } = renderAt('/saml2/create');
    await user.click(await screen.findByRole('combobox', { name: 'Start from' }));
    await user.click(await screen.findByRole('option', { name: 'GitLab' }));
    await waitFor(() => expect(input('Provider name')).toHaveValue('GitLab'));
    await fill(user, input('URL suffix'), 'gitlab-acme');
    expect(await screen.findByText('This URL suffix is free.')).toBeInTheDocument();
    await fill(user, certificateField(), pem);
    await save(user);
    await waitFor(() => expect(certificateField()).toHaveAccessibleDescription(text));
    expect(certificateField()).toHaveAttribute('aria-invalid', 'true');
    expect(certificateField()).toHaveValue(pem);
    expect(input('URL suffix')).toHaveValue('gitlab-acme');
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
  });
});

describe('a SAML2 connector', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows its sign-in link, its last sign-in and Try sign-in', async () => {
    renderAt('/saml2/s1/show', ['saml:view']);
    expect(await screen.findByText('https://gateway.test/saml2/acme-app/start')).toBeInTheDocument();
    expect(screen.getByText('Nobody signed in through it yet.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Try sign-in' });
    expect(link).toHaveAttribute('href', 'https://gateway.test/saml2/acme-app/try');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("shows the gateway's URLs and saves its metadata under the server's file name", async () => {
    const xml = '<?xml version="1.0"?><md:EntityDescriptor entityID="https://gateway.test/saml2/acme-app"/>';
    server.use(
      http.get(
        `${BASE}/xml/acme-app`,
        () =>
          new HttpResponse(xml, {
            headers: {
              'content-type': 'application/samlmetadata+xml',
              'content-disposition': 'attachment; filename="acme-app-idp-metadata.xml"',
            },
          }),
      ),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:idp-metadata');
    const revokeObjectURL = vi.fn((_url: string) => undefined);
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const saved: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href });
    });
    const sent = recordRequests();
    const { user } = renderAt('/saml2/s1/show');
    expect(await screen.findByText('https://gateway.test/saml2/acme-app/sso')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Download metadata' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ download: 'acme-app-idp-metadata.xml', href: 'blob:idp-metadata' });
    expect(sent.filter((request) => request.method === 'GET').map((request) => request.path)).toContain(
      '/idm-config/connectors/saml2/xml/acme-app',
    );
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await createObjectURL.mock.calls[0][0].text()).toBe(xml);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:idp-metadata'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
