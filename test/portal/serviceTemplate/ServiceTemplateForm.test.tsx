import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { keepingParts, partsReceived, type ReceivedParts } from '../fakeServer';
import { fill, refill, save } from '../harness';
import { API, server } from '../msw';
import { expectCancelToLeave, expectCancelToStay, stubConfirm } from '../unsavedChanges';
import { admin, expectInfoNotification, file, labelTexts, serveList, VPN } from './fixtures';

/** The icon's file input, by its label. */
const iconPicker = () => screen.getByLabelText('Icon file', { selector: 'input[type="file"]' });

describe('the service template form', () => {
  const fillRequired = async (user: ReturnType<typeof admin>['user']) => {
    await user.type(await screen.findByRole('textbox', { name: 'Template name' }), 'Accès VPN (RADIUS)');
    await user.click(screen.getByRole('button', { name: 'Use suggestion' }));
    await user.click(screen.getByRole('combobox', { name: 'Protocol' }));
    await user.click(await screen.findByRole('option', { name: 'RADIUS' }));
  };

  it('suggests the URL name from the template name', async () => {
    const { user } = admin('/service-template/create');
    await user.type(await screen.findByRole('textbox', { name: 'Template name' }), 'Accès VPN — Hà Nội!');
    expect(screen.getByText('Suggested from the template name: acces-vpn-ha-noi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use suggestion' }));
    expect(screen.getByRole('textbox', { name: 'URL name' })).toHaveValue('acces-vpn-ha-noi');
  });

  it('refuses a URL name that is not lower-case words joined by single hyphens', async () => {
    const { user } = admin('/service-template/create');
    await fill(user, await screen.findByRole('textbox', { name: 'Template name' }), 'VPN');
    await fill(user, screen.getByRole('textbox', { name: 'URL name' }), 'VPN--access');
    await save(user);
    expect(
      await screen.findByText(
        'Use lower-case letters and digits, with single hyphens between words (as in vpn-radius-2).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Protocol is required.')).toBeInTheDocument();
  });

  it('creates a template as multipart: a json part with the fields and an iconFile part', async () => {
    serveList();
    const received: ReceivedParts = {};
    server.use(
      keepingParts(received, 'post', `${API}/service-mgmt/template/create`, () =>
        HttpResponse.json({ id: 'st9' }),
      ),
    );
    const { user, pathname } = admin('/service-template/create');
    await fillRequired(user);
    await fill(user, screen.getByRole('textbox', { name: 'Short description' }), 'VPN with a second factor');
    await user.click(screen.getByRole('combobox', { name: 'Connectors' }));
    await user.click(await screen.findByRole('option', { name: 'LDAP' }));
    await user.click(screen.getByRole('option', { name: 'RADIUS' }));
    await user.keyboard('{Escape}');
    await user.upload(iconPicker(), file(1200, 'vpn.png', 'image/png'));
    await save(user);
    const parts = await partsReceived(received);
    expect(Object.keys(parts).sort()).toEqual(['iconFile', 'json']);
    expect(parts.json.type).toMatch(/^application\/json/);
    expect(JSON.parse(parts.json.text)).toEqual({
      uname: 'acces-vpn-radius',
      templateName: 'Accès VPN (RADIUS)',
      shortDescription: 'VPN with a second factor',
      description: '',
      protocol: 'RADIUS',
      connectorIds: [1, 2],
    });
    expect(parts.iconFile).toMatchObject({ fileName: 'vpn.png', type: 'image/png' });
    expect(parts.iconFile.text.length).toBe(1200);
    await expectInfoNotification('Service template created');
    await waitFor(() => expect(pathname()).toBe('/service-template'));
  });

  it('marks the required fields: template name, URL name and protocol', async () => {
    admin('/service-template/create');
    await screen.findByRole('textbox', { name: 'Template name' });
    const labels = labelTexts();
    expect(labels).toEqual(expect.arrayContaining(['Short description', 'Description', 'Connectors']));
    expect(labels.filter((label) => label.endsWith(' *')).sort()).toEqual([
      'Protocol *',
      'Template name *',
      'URL name *',
    ]);
  });

  it('refuses an icon not an image or over 2,000,000 bytes with no preview, keeping the icon chosen before', async () => {
    serveList();
    const received: ReceivedParts = {};
    server.use(
      keepingParts(received, 'post', `${API}/service-mgmt/template/create`, () =>
        HttpResponse.json({ id: 'st9' }),
      ),
    );
    const { user } = admin('/service-template/create');
    await fillRequired(user);
    expect(
      screen.getByText('An image file (PNG, JPEG, GIF, WebP or SVG) of at most 2,000,000 bytes.'),
    ).toBeVisible();
    await user.upload(iconPicker(), file(100, 'notes.txt', 'text/plain'));
    expect(
      await screen.findByText('The icon must be an image file (PNG, JPEG, GIF, WebP or SVG).'),
    ).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.upload(iconPicker(), file(1200, 'vpn.png', 'image/png'));
    expect(await screen.findByRole('img', { name: 'vpn.png' })).toBeInTheDocument();
    expect(screen.queryByText('The icon must be an image file (PNG, JPEG, GIF, WebP or SVG).')).toBeNull();
    await user.upload(iconPicker(), file(2_000_001, 'huge.png', 'image/png'));
    expect(await screen.findByText('The icon is 2000001 bytes; the limit is 2000000 bytes.')).toBeVisible();
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(['vpn.png']);
    await user.upload(iconPicker(), file(100, 'notes.txt', 'text/plain'));
    expect(
      await screen.findByText('The icon must be an image file (PNG, JPEG, GIF, WebP or SVG).'),
    ).toBeVisible();
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(['vpn.png']);
    await save(user);
    const parts = await partsReceived(received);
    expect(parts.iconFile).toMatchObject({ fileName: 'vpn.png', type: 'image/png' });
  });

  it("shows the server's refusal of a URL name already in use", async () => {
    server.use(
      http.post(`${API}/service-mgmt/template/create`, () =>
        HttpResponse.json(
          {
            messageKey: 'error.template.unameExisted',
            message: 'A service template with this URL name already exists.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = admin('/service-template/create');
    await fillRequired(user);
    await save(user);
    expect(
      await screen.findByText('A service template with this URL name already exists.'),
    ).toBeInTheDocument();
  });

  it('edits a template and can remove its icon', async () => {
    serveList();
    const received: ReceivedParts = {};
    server.use(
      http.post(`${API}/service-mgmt/template/detail`, () => HttpResponse.json(VPN)),
      keepingParts(received, 'post', `${API}/service-mgmt/template/st1/update`, () =>
        HttpResponse.json({ id: 'st1' }),
      ),
    );
    const { user, pathname } = admin('/service-template/st1');
    const name = await screen.findByRole('textbox', { name: 'Template name' });
    await waitFor(() => expect(name).toHaveValue('VPN access'));
    await refill(user, name, 'VPN');
    await user.click(screen.getByRole('switch', { name: 'Remove the current icon' }));
    await save(user);
    const parts = await partsReceived(received);
    expect(Object.keys(parts)).toEqual(['json']);
    expect(JSON.parse(parts.json.text)).toEqual({
      uname: 'vpn',
      templateName: 'VPN',
      shortDescription: 'RADIUS for VPN',
      description: 'Second factor for the VPN',
      protocol: 'RADIUS',
      connectorIds: [1, 2],
      removeIcon: true,
    });
    await expectInfoNotification('Service template updated');
    await waitFor(() => expect(pathname()).toBe('/service-template'));
  });

  it('shows the picker of a new icon below the current one, as the remove choice says', async () => {
    server.use(http.post(`${API}/service-mgmt/template/detail`, () => HttpResponse.json(VPN)));
    admin('/service-template/st1');
    const remove = await screen.findByRole('switch', { name: 'Remove the current icon' });
    expect(
      screen.getByText(
        'The template is shown without an icon. A new icon chosen below replaces the current one instead.',
      ),
    ).toBeVisible();
    expect(remove.compareDocumentPosition(iconPicker()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks before leaving a new template with unsaved changes', async () => {
    serveList();
    const confirm = stubConfirm();
    const { user, pathname } = admin('/service-template/create');
    await fill(user, await screen.findByRole('textbox', { name: 'Template name' }), 'VPN');
    await expectCancelToStay({ user, confirm, pathname }, '/service-template/create');
    expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('VPN');
    await expectCancelToLeave({ user, confirm, pathname }, '/service-template');
  });

  it('asks before leaving an edited template with unsaved changes', async () => {
    server.use(http.post(`${API}/service-mgmt/template/detail`, () => HttpResponse.json(VPN)));
    const confirm = stubConfirm();
    const { user, pathname } = admin('/service-template/st1');
    const name = await screen.findByRole('textbox', { name: 'Template name' });
    await waitFor(() => expect(name).toHaveValue('VPN access'));
    await fill(user, name, ' 2');
    await expectCancelToStay({ user, confirm, pathname }, '/service-template/st1');
    expect(name).toHaveValue('VPN access 2');
  });
});
