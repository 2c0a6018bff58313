import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import samlSettings from '../../../src/resources/samlSetting';
import { refuseCall } from '../fakeServer';
import { fill, refill, renderAdmin, resourcesOf, save } from '../harness';
import { API, server } from '../msw';

const SETTING = {
  url: 'https://login.example.com',
  protocol: 'https',
  signOutPath: '/saml/logout',
  signInPath: '/saml/login',
  metaPath: '/saml/metadata',
  cert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
};

const serveSetting = (setting: Record<string, string> = SETTING) => {
  const saved: unknown[] = [];
  server.use(
    http.get(`${API}/idm-config/saml-setting`, () => HttpResponse.json(setting)),
    http.put(`${API}/idm-config/saml-setting`, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      saved.push(body);
      return HttpResponse.json(body);
    }),
  );
  return saved;
};

const admin = (permissions = ['saml-configuration:view', 'saml-configuration:modify']) =>
  renderAdmin({
    path: '/saml-settings',
    permissions,
    children: resourcesOf(samlSettings),
  });

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the SAML settings page', () => {
  it('loads the setting and saves it, showing the updated notification', async () => {
    const saved = serveSetting();
    const { user } = admin();
    await waitFor(() => expect(field('URL')).toHaveValue('https://login.example.com'));
    expect(field('Metadata path')).toHaveValue('/saml/metadata');
    expect(field('Trusted certificate')).toHaveValue(SETTING.cert);
    await refill(user, field('Sign-in path'), '/sso/login');
    await save(user);
    expect(await screen.findByText('SAML settings updated')).toBeInTheDocument();
    expect(saved).toEqual([{ ...SETTING, signInPath: '/sso/login' }]);
  });

  it('stops input at each maximum length', async () => {
    serveSetting({ ...SETTING, protocol: '' });
    const { user } = admin();
    await waitFor(() => expect(field('URL')).toHaveValue('https://login.example.com'));
    await fill(user, field('Protocol'), 'p'.repeat(17));
    expect(field('Protocol')).toHaveValue('p'.repeat(16));
    for (const [name, max] of [
      ['URL', 2048],
      ['Sign-out path', 512],
      ['Sign-in path', 512],
      ['Metadata path', 512],
      ['Trusted certificate', 20000],
    ] as const)
      expect(field(name)).toHaveAttribute('maxlength', String(max));
    expect(screen.getByText('At most 16 characters.')).toBeInTheDocument();
  });

  it('refuses values over the limits or of the wrong form, and sends nothing', async () => {
    const saved = serveSetting({
      url: `https://login.example.com/${'u'.repeat(2048)}`,
      protocol: 'p'.repeat(17),
      signOutPath: 'saml/logout',
      signInPath: `/${'s'.repeat(512)}`,
      metaPath: '/saml/metadata',
      cert: 'c'.repeat(20001),
    });
    const { user } = admin();
    await waitFor(() => expect(field('Metadata path')).toHaveValue('/saml/metadata'));
    await fill(user, field('Metadata path'), '.xml');
    await save(user);
    expect(await screen.findByText('Must be 2048 characters or less')).toBeInTheDocument();
    expect(screen.getByText('Must be 16 characters or less')).toBeInTheDocument();
    expect(screen.getByText("Start the path with '/', or leave it empty.")).toBeInTheDocument();
    expect(screen.getByText('Must be 512 characters or less')).toBeInTheDocument();
    expect(screen.getByText('Must be 20000 characters or less')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('accepts values exactly at the limits, and empty ones', async () => {
    const atLimits = {
      url: `https://login.example.com/${'u'.repeat(2048 - 'https://login.example.com/'.length)}`,
      protocol: 'p'.repeat(16),
      signOutPath: `/${'o'.repeat(511)}`,
      signInPath: '/to-be-cleared',
      metaPath: `/${'m'.repeat(511)}`,
      cert: 'c'.repeat(20000),
    };
    const saved = serveSetting(atLimits);
    const { user } = admin();
    await waitFor(() => expect(field('Protocol')).toHaveValue('p'.repeat(16)));
    await user.clear(field('Sign-in path'));
    await save(user);
    expect(await screen.findByText('SAML settings updated')).toBeInTheDocument();
    expect(saved).toEqual([{ ...atLimits, signInPath: '' }]);
  });

  it('refuses a URL that is not http(s)', async () => {
    const saved = serveSetting({ ...SETTING, url: 'ftp://login.example.com' });
    const { user } = admin();
    await waitFor(() => expect(field('URL')).toHaveValue('ftp://login.example.com'));
    await fill(user, field('URL'), '/');
    await save(user);
    expect(
      await screen.findByText('Enter an http:// or https:// URL, or leave it empty.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('is read-only without the modify permission', async () => {
    serveSetting();
    admin(['saml-configuration:view']);
    await waitFor(() => expect(field('URL')).toHaveValue('https://login.example.com'));
    expect(field('URL')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'You can view the SAML settings. Changing them needs the modify permission on SAML configuration.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the setting cannot be loaded", async () => {
    refuseCall('get', `${API}/idm-config/saml-setting`, {
      status: 403,
      messageKey: 'error.action.notallow',
      message: 'Action does not allow.',
    });
    admin();
    expect(await screen.findByText('Action does not allow.')).toBeInTheDocument();
  });
});
