import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FederateScriptAnswer, SamlDefaults, SamlRecord } from '../../../contract/saml';
import saml from '../../../src/resources/saml';
import { fill, input, recordRequests, renderForCustomerAdmin, resourcesOf, save } from '../harness';
import { API, server } from '../msw';

const ALL = ['saml:view', 'saml:create', 'saml:modify', 'saml:delete', 'saml:configure'];

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUGatewayTestCert\n-----END CERTIFICATE-----';

const DEFAULTS: SamlDefaults = {
  url: 'https://gateway.provider.test',
  protocol: 'wsFed',
  signInPath: '/adfs/ls',
  signOutPath: '/adfs/ls/logout',
  metaPath: '/FederationMetadata/2007-06/FederationMetadata.xml',
  cert: CERT,
};

const CONNECTOR: SamlRecord = {
  id: 'o1',
  name: 'Contoso 365',
  url: 'https://gateway.provider.test',
  protocol: 'saml',
  signInPath: '/saml/sso',
  signOutPath: '/saml/slo',
  metaPath: '/saml/metadata',
  cert: CERT,
  certificateInfo: {
    subject: 'CN=gateway.provider.test',
    issuer: 'CN=gateway.provider.test',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2036-01-01T00:00:00.000Z',
    fingerprint256: 'AA:BB',
  },
  urls: {
    passiveSignInUri: 'https://gateway.provider.test/saml/sso',
    signOutUri: 'https://gateway.provider.test/saml/slo',
    metadataExchangeUri: 'https://gateway.provider.test/saml/metadata',
  },
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
};

const SCRIPT: FederateScriptAnswer = {
  domain: 'contoso.com',
  unFederate: true,
  fileName: 'unfederate-contoso.com.ps1',
  script:
    'Connect-MgGraph -Scopes "Domain.ReadWrite.All"\nUpdate-MgDomain -DomainId "contoso.com" -AuthenticationType "Managed"',
};

const BASE = `${API}/idm-config/connectors/saml`;

const renderAt = (path: string, permissions: readonly string[] = ALL) => {
  server.use(
    http.get(`${BASE}/c1/defaults`, () => HttpResponse.json(DEFAULTS)),
    http.get(`${BASE}/c1/o1`, () => HttpResponse.json(CONNECTOR)),
  );
  return renderForCustomerAdmin(path, permissions, resourcesOf(saml));
};

const certificateField = () =>
  screen.getByLabelText('Signing certificate', { selector: 'textarea', exact: false });

describe('the Office 365 connector form', () => {
  it("starts from the provider's SAML setting (GET .../saml/c1/defaults)", async () => {
    const sent = recordRequests();
    renderAt('/saml/create');
    await waitFor(() => expect(input('Gateway URL')).toHaveValue('https://gateway.provider.test'));
    expect(sent.filter((request) => request.method === 'GET').map((request) => request.path)).toContain(
      '/idm-config/connectors/saml/c1/defaults',
    );
    expect(input('Sign-in path')).toHaveValue('/adfs/ls');
    expect(input('Sign-out path')).toHaveValue('/adfs/ls/logout');
    expect(input('Metadata path')).toHaveValue('/FederationMetadata/2007-06/FederationMetadata.xml');
    expect(screen.getByRole('radio', { name: 'WS-Federation' })).toBeChecked();
    expect(certificateField()).toHaveValue(CERT);
    expect(input('Name')).toHaveValue('');
  });

  it("refuses a path that does not start with '/', without calling the server", async () => {
    const sent = recordRequests();
    const { user } = renderAt('/saml/create');
    await waitFor(() => expect(input('Sign-in path')).toHaveValue('/adfs/ls'));
    await fill(user, input('Name'), 'Contoso 365');
    await user.clear(input('Sign-in path'));
    await fill(user, input('Sign-in path'), 'adfs/ls');
    await save(user);
    expect(await screen.findByText("Start the path with '/'.")).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends the defaults with the name, then shows the connector', async () => {
    server.use(http.post(`${BASE}/c1`, () => HttpResponse.json({ id: 'o1' }, { status: 201 })));
    const sent = recordRequests();
    const { user, pathname } = renderAt('/saml/create');
    await waitFor(() => expect(input('Gateway URL')).toHaveValue('https://gateway.provider.test'));
    await fill(user, input('Name'), ' Contoso 365 ');
    await save(user);
    await waitFor(() => expect(pathname()).toBe('/saml/o1/show'));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/idm-config/connectors/saml/c1',
        body: { name: 'Contoso 365', ...DEFAULTS },
      },
    ]);
    expect(await screen.findByText('https://gateway.provider.test/saml/metadata')).toBeInTheDocument();
  });
});

describe("an Office 365 connector's federation script", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const openFederationTab = async () => {
    const rendered = renderAt('/saml/o1/show');
    await rendered.user.click(await screen.findByRole('tab', { name: 'Federation script' }));
    return { ...rendered, domain: await screen.findByRole('textbox', { name: 'Domain' }) };
  };

  it('refuses a domain that is not a domain name, without calling the server', async () => {
    const sent = recordRequests();
    const { user, domain } = await openFederationTab();
    await fill(user, domain, 'contoso com');
    await user.click(screen.getByRole('button', { name: 'Make the script' }));
    expect(await screen.findByText('Enter a domain name, such as contoso.com.')).toBeInTheDocument();
    expect(domain).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((request) => request.path.includes('federate-script'))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Federation script' })).not.toBeInTheDocument();
  });

  it('asks for the unfederate script of a domain, shows it, copies it and saves it under its file name', async () => {
    server.use(http.get(`${BASE}/script/federate-script`, () => HttpResponse.json(SCRIPT)));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:script');
    const revokeObjectURL = vi.fn((_url: string) => undefined);
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const sent = recordRequests();
    const { user, domain } = await openFederationTab();
    await fill(user, domain, ' contoso.com ');
    await user.click(screen.getByRole('radio', { name: 'Unfederate' }));
    await user.click(screen.getByRole('button', { name: 'Make the script' }));
    const region = await screen.findByRole('region', { name: 'Federation script' });
    expect(region.textContent).toBe(SCRIPT.script);

    const scriptCalls = sent.filter((request) => request.path.includes('federate-script'));
    expect(scriptCalls).toHaveLength(1);
    const url = new URL(scriptCalls[0].path, 'http://portal.test');
    expect(url.pathname).toBe('/idm-config/connectors/saml/script/federate-script');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      customerId: 'c1',
      id: 'o1',
      domain: 'contoso.com',
      unFederate: '1',
    });

    const block = region.parentElement as HTMLElement;
    await user.click(within(block).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SCRIPT.script);

    await user.click(within(block).getByRole('button', { name: 'Download' }));
    expect(saved).toEqual(['unfederate-contoso.com.ps1']);
    expect(await createObjectURL.mock.calls[0][0].text()).toBe(SCRIPT.script);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:script'));
  });

  it('keeps the domain typed while the connector behind it is read again', async () => {
    server.use(http.get(`${BASE}/script/federate-script`, () => HttpResponse.json(SCRIPT)));
    const { user, domain } = await openFederationTab();
    await fill(user, domain, 'contoso.com');
    // The connector has changed since: the tab coming back into view reads it again.
    let reread = false;
    server.use(
      http.get(`${BASE}/c1/o1`, () => {
        reread = true;
        return HttpResponse.json({ ...CONNECTOR, name: 'Contoso 365 (renamed)' });
      }),
    );
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(reread).toBe(true));
    // Let the page take the new record in (it did reset the form to it, emptying the domain).
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('textbox', { name: 'Domain' })).toHaveValue('contoso.com');
    await user.click(screen.getByRole('button', { name: 'Make the script' }));
    expect(await screen.findByRole('region', { name: 'Federation script' })).toHaveTextContent(
      'Update-MgDomain',
    );
  });

  it('asks for the federate script by default', async () => {
    server.use(
      http.get(`${BASE}/script/federate-script`, ({ request }) => {
        const domain = new URL(request.url).searchParams.get('domain') ?? '';
        return HttpResponse.json({
          domain,
          unFederate: false,
          fileName: `federate-${domain}.ps1`,
          script: `# federate ${domain}`,
        } satisfies FederateScriptAnswer);
      }),
    );
    const sent = recordRequests();
    const { user, domain } = await openFederationTab();
    expect(screen.getByRole('radio', { name: 'Federate' })).toBeChecked();
    await fill(user, domain, 'fabrikam.com');
    await user.click(screen.getByRole('button', { name: 'Make the script' }));
    expect(await screen.findByRole('region', { name: 'Federation script' })).toHaveTextContent(
      '# federate fabrikam.com',
    );
    expect(sent.map((request) => request.path)).toContain(
      '/idm-config/connectors/saml/script/federate-script?customerId=c1&id=o1&domain=fabrikam.com&unFederate=0',
    );
  });
});
