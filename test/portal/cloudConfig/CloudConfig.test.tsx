import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import vosCloudConfig from '../../../src/resources/cloudConfig';
import { fill, refill, renderAdmin, resourcesOf, save } from '../harness';
import { API, server } from '../msw';
import { expectCancelToLeave, expectCancelToStay, stubConfirm } from '../unsavedChanges';

const BASE = `${API}/idm-config/vos-cloud-config`;
const ALL = [
  'vos-cloud-configuration:view',
  'vos-cloud-configuration:create',
  'vos-cloud-configuration:modify',
];

const config = (id: string, status: 'ACTIVE' | 'INACTIVE', cloudUrl: string) => ({
  id,
  cloudUrl,
  companyId: `company-${id}`,
  companyPasswordSet: true,
  httpAuthMode: 'DIGEST',
  pushPassType: 'PUSH',
  notifyMessageFlag: 0,
  messageFlag: 1,
  callbackUrl: 'https://portal.example.com/callback',
  certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  gatewayUrl: '',
  provisioningUrl: '',
  smartTokenUrl: '',
  pkiServerUrl: '',
  status,
  createdDate: '2024-01-01T00:00:00Z',
  modifiedDate: '2024-01-02T00:00:00Z',
});

/**
 * A small server of the range convention: GET list (sort, range, filter; Content-Range), GET one, POST
 * create, PUT update, POST active/{id} (the others become INACTIVE). It records what it receives.
 */
const serveConfigs = () => {
  let rows = [
    config('1', 'ACTIVE', 'https://cloud-a.example.com'),
    config('2', 'INACTIVE', 'https://cloud-b.example.com'),
  ];
  const seen = {
    lists: [] as URLSearchParams[],
    created: [] as unknown[],
    updated: [] as unknown[],
    activated: [] as string[],
    rotations: 0,
  };
  let keys = {
    current: { kid: 'kid-current', createdDate: '2026-01-01T00:00:00Z' },
    previous: null as { kid: string; createdDate: string } | null,
  };
  server.use(
    http.get(`${BASE}/oidc-signing-keys`, () => HttpResponse.json(keys)),
    http.post(`${BASE}/oidc-signing-keys/rotate`, () => {
      seen.rotations += 1;
      keys = { current: { kid: 'kid-new', createdDate: '2026-02-01T00:00:00Z' }, previous: keys.current };
      return HttpResponse.json(keys);
    }),
    http.get(BASE, ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.lists.push(query);
      return HttpResponse.json(rows, {
        headers: { 'Content-Range': `items 0-${rows.length - 1}/${rows.length + 20}` },
      });
    }),
    http.get(`${BASE}/:id`, ({ params }) => HttpResponse.json(rows.find((row) => row.id === params.id))),
    http.post(BASE, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.created.push(body);
      return HttpResponse.json({ ...config('3', 'INACTIVE', String(body.cloudUrl)), ...body, id: '3' });
    }),
    http.put(`${BASE}/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.updated.push(body);
      return HttpResponse.json({ ...rows.find((row) => row.id === params.id), ...body });
    }),
    http.post(`${BASE}/active/:id`, ({ params }) => {
      seen.activated.push(String(params.id));
      rows = rows.map((row) => ({ ...row, status: row.id === params.id ? 'ACTIVE' : 'INACTIVE' }));
      return HttpResponse.json(rows.find((row) => row.id === params.id));
    }),
  );
  return seen;
};

const admin = (path: string, permissions = ALL) =>
  renderAdmin({ path, permissions, children: resourcesOf(vosCloudConfig) });

/** The form's labels as read (react-admin marks a required field's label with a thin space and '*'). */
const labelTexts = () =>
  Array.from(document.querySelectorAll('label'), (label) => label.textContent!.replace(/\s+/g, ' ').trim());

/** The notification showing this text, as react-admin's 'info' (no success, warning or error colours). */
const expectInfoNotification = async (text: string) => {
  const message = await screen.findByText(text);
  expect(message.closest('.MuiSnackbarContent-root')!.className).not.toMatch(
    /RaNotification-(success|warning|error)/,
  );
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('the cloud authentication server settings', () => {
  it('lists the settings with the range convention, its total from Content-Range, and sends the filters', async () => {
    const seen = serveConfigs();
    const { user } = admin('/vos-cloud-config');
    const active = await rowOf('https://cloud-a.example.com');
    expect(within(active).getByText('company-1')).toBeInTheDocument();
    expect(within(active).getByText('Digest')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('1-10 of 22')).toBeInTheDocument();
    expect(Object.fromEntries(seen.lists[0])).toEqual({
      sort: '["cloudUrl","ASC"]',
      range: '[0,9]',
      filter: '{}',
    });
    await fill(user, screen.getByPlaceholderText('Search'), 'cloud-b');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(JSON.parse(seen.lists.at(-1)!.get('filter')!)).toEqual({ q: 'cloud-b', status: 'INACTIVE' }),
    );
  });

  it('activates an inactive setting after the confirmation; the list then shows the other one inactive', async () => {
    const seen = serveConfigs();
    const { user } = admin('/vos-cloud-config');
    const active = await rowOf('https://cloud-a.example.com');
    const inactive = await rowOf('https://cloud-b.example.com');
    await within(inactive).findByRole('link', { name: 'Edit' });
    expect(within(active).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    await user.click(within(inactive).getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Activate this configuration? The active one becomes inactive.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Configuration activated')).toBeInTheDocument();
    expect(seen.activated).toEqual(['2']);
    await waitFor(() => expect(within(inactive).getByText('Active')).toBeInTheDocument());
    expect(within(active).getByText('Inactive')).toBeInTheDocument();
  });

  it('offers no Activate without the modify permission', async () => {
    serveConfigs();
    admin('/vos-cloud-config', ['vos-cloud-configuration:view']);
    const inactive = await rowOf('https://cloud-b.example.com');
    await within(inactive).findByRole('link', { name: 'Show' });
    expect(within(inactive).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
  });

  it('creates a setting with its fields grouped, the flags as choices and the URLs checked', async () => {
    const seen = serveConfigs();
    const { user, pathname } = admin('/vos-cloud-config/create');
    for (const heading of ['Connection', 'Messages', 'Endpoints'])
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Cloud URL' }), 'ftp://cloud.example.com');
    await fill(user, screen.getByRole('textbox', { name: 'Company ID' }), 'acme');
    await fill(user, screen.getByLabelText('Company password'), 'S3cret!');
    await user.click(screen.getByRole('combobox', { name: 'HTTP authentication mode' }));
    await user.click(await screen.findByRole('option', { name: 'Client certificate' }));
    await fill(
      user,
      screen.getByRole('textbox', { name: 'Certificate' }),
      '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
    );
    await fill(user, screen.getByRole('textbox', { name: 'Push pass type' }), 'PUSH');
    await user.click(screen.getByRole('combobox', { name: 'Notify message flag' }));
    await user.click(await screen.findByRole('option', { name: 'Encrypted (1)' }));
    await fill(user, screen.getByRole('textbox', { name: 'Gateway URL' }), 'https://gw.example.com');
    await save(user);
    expect(
      await screen.findAllByText('Enter an http:// or https:// URL of at most 2048 characters.'),
    ).not.toHaveLength(0);
    expect(seen.created).toEqual([]);
    const cloudUrl = screen.getByRole('textbox', { name: 'Cloud URL' });
    await refill(user, cloudUrl, 'https://cloud.example.com');
    await save(user);
    await waitFor(() => expect(seen.created).toHaveLength(1));
    expect(seen.created[0]).toEqual({
      cloudUrl: 'https://cloud.example.com',
      companyId: 'acme',
      companyPassword: 'S3cret!',
      httpAuthMode: 'CLIENT_CERTIFICATE',
      pushPassType: 'PUSH',
      notifyMessageFlag: 1,
      messageFlag: 0,
      callbackUrl: '',
      certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
      gatewayUrl: 'https://gw.example.com',
      provisioningUrl: '',
      smartTokenUrl: '',
      pkiServerUrl: '',
    });
    await expectInfoNotification('Cloud authentication server created');
    await waitFor(() => expect(pathname()).toBe('/vos-cloud-config'));
  });

  it('edits a setting without sending the company password when it is left empty', async () => {
    const seen = serveConfigs();
    const { user, pathname } = admin('/vos-cloud-config/2');
    const companyId = await screen.findByRole('textbox', { name: 'Company ID' });
    await waitFor(() => expect(companyId).toHaveValue('company-2'));
    expect(screen.getByText('Set')).toBeInTheDocument();
    expect(screen.getByText('Leave empty to keep the stored password.')).toBeInTheDocument();
    await refill(user, companyId, 'acme-2');
    await save(user);
    await waitFor(() => expect(seen.updated).toHaveLength(1));
    // The stored setting's own fields (not its id, status, dates nor password flag), the company ID changed.
    const { id, companyPasswordSet, status, createdDate, modifiedDate, ...fields } = config(
      '2',
      'INACTIVE',
      'https://cloud-b.example.com',
    );
    expect(seen.updated[0]).toEqual({ ...fields, companyId: 'acme-2' });
    await expectInfoNotification('Cloud authentication server updated');
    await waitFor(() => expect(pathname()).toBe('/vos-cloud-config'));
  });

  it('sends a new company password typed on edit', async () => {
    const seen = serveConfigs();
    const { user } = admin('/vos-cloud-config/2');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Company ID' })).toHaveValue('company-2'));
    await fill(user, screen.getByLabelText('New company password'), 'N3wer!');
    await save(user);
    await waitFor(() => expect(seen.updated).toHaveLength(1));
    expect(seen.updated[0]).toMatchObject({ companyId: 'company-2', companyPassword: 'N3wer!' });
  });

  it('marks the required fields: cloud URL, company ID and HTTP authentication mode', async () => {
    serveConfigs();
    admin('/vos-cloud-config/create');
    await screen.findByRole('textbox', { name: 'Cloud URL' });
    const labels = labelTexts();
    expect(labels).toEqual(expect.arrayContaining(['Company password', 'Certificate', 'Gateway URL']));
    expect(labels.filter((label) => label.endsWith(' *')).sort()).toEqual([
      'Cloud URL *',
      'Company ID *',
      'HTTP authentication mode *',
    ]);
  });

  it.each([
    ['a new setting', '/vos-cloud-config/create'],
    ['an edited setting', '/vos-cloud-config/2'],
  ])('asks before leaving %s with unsaved changes', async (_, path) => {
    serveConfigs();
    const confirm = stubConfirm();
    const { user, pathname } = admin(path);
    const companyId = await screen.findByRole('textbox', { name: 'Company ID' });
    if (path.endsWith('/2')) await waitFor(() => expect(companyId).toHaveValue('company-2'));
    await fill(user, companyId, 'x');
    await expectCancelToStay({ user, confirm, pathname }, path);
    expect(companyId).toHaveValue(path.endsWith('/2') ? 'company-2x' : 'x');
    await expectCancelToLeave({ user, confirm, pathname }, '/vos-cloud-config');
  });

  it('offers to create the first setting on a fresh install, to an operator who may create', async () => {
    server.use(
      http.get(BASE, () => HttpResponse.json([], { headers: { 'Content-Range': 'items */0' } })),
      http.get(`${BASE}/oidc-signing-keys`, () =>
        HttpResponse.json({ current: { kid: 'k', createdDate: '2026-01-01T00:00:00Z' }, previous: null }),
      ),
    );
    admin('/vos-cloud-config');
    expect(await screen.findByText('No cloud authentication servers yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Add the cloud authentication server the gateway checks second factors with, then activate it.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/vos-cloud-config/create',
    );
  });

  it('offers no Create on an empty list to an operator who may only view', async () => {
    server.use(
      http.get(BASE, () => HttpResponse.json([], { headers: { 'Content-Range': 'items */0' } })),
      http.get(`${BASE}/oidc-signing-keys`, () =>
        HttpResponse.json({ current: { kid: 'k', createdDate: '2026-01-01T00:00:00Z' }, previous: null }),
      ),
    );
    admin('/vos-cloud-config', ['vos-cloud-configuration:view']);
    expect(await screen.findByText('No cloud authentication servers yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
  });
});

describe("the gateway's OpenID Connect signing key", () => {
  it('shows the current key and rotates it after a confirmation', async () => {
    const seen = serveConfigs();
    const { user } = admin('/vos-cloud-config');
    const panel = await screen.findByRole('region', { name: 'OpenID Connect signing key' });
    await within(panel).findByText(/^kid-current, made /);
    expect(within(panel).getByText('None yet')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Rotate key' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/every instance within 10 seconds/)).toBeTruthy();
    expect(seen.rotations).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Signing key rotated');
    expect(seen.rotations).toBe(1);
    await within(panel).findByText(/^kid-new, made /);
    expect(within(panel).getByText(/^kid-current, made /)).toBeTruthy();
  });

  it('offers no rotation to an operator who may only view cloud settings', async () => {
    serveConfigs();
    admin('/vos-cloud-config', ['vos-cloud-configuration:view']);
    const panel = await screen.findByRole('region', { name: 'OpenID Connect signing key' });
    await within(panel).findByText(/^kid-current, made /);
    expect(within(panel).queryByRole('button', { name: 'Rotate key' })).toBeNull();
  });
});
