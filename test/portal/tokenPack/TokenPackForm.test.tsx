import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { keepingParts, partsReceived, type ReceivedParts } from '../fakeServer';
import { fill, recordRequests, refill, save } from '../harness';
import { server } from '../msw';
import { expectCancelToStay, stubConfirm } from '../unsavedChanges';
import { DIRECTORY_ID, file, PRO, renderAt, SERVICE_IDS, TP, VIEW } from './fixtures';

const nameBox = () => screen.findByRole('textbox', { name: 'Name' });
const picker = (label: string) => screen.getByLabelText(label, { selector: 'input[type="file"]' });

/** Answers the update with the pack changed and keeps the parts received. */
const acceptUpdate = () => {
  const received: ReceivedParts = {};
  server.use(
    keepingParts(received, 'put', `${TP}/c1/tp1`, (parts) =>
      HttpResponse.json({ ...PRO, ...JSON.parse(parts.info.text) }),
    ),
  );
  return received;
};

describe('the token pack name', () => {
  it("says 'Name is required' and 'Name is invalid' before sending anything", async () => {
    const sent = recordRequests();
    const { user } = renderAt('/token-pack-v2/create');
    const name = await nameBox();
    await user.upload(picker('Icon file'), file(1200, 'pack.png', 'image/png'));
    await save(user);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await fill(user, name, 'Sales <Pack>!');
    await save(user);
    expect(await screen.findByText('Name is invalid')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).toBeNull();
    await refill(user, name, ' Sales');
    await save(user);
    expect(await screen.findByText('Name is invalid')).toBeInTheDocument();
    expect(sent.filter((one) => one.method !== 'GET')).toEqual([]);
  });

  it('creates a pack as multipart: the info part and the icon, then opens it', async () => {
    const received: ReceivedParts = {};
    const created = { ...PRO, id: 'tp9', name: 'Sales (EU) pack_2', services: [], serviceIds: [] };
    server.use(keepingParts(received, 'post', `${TP}/c1`, () => HttpResponse.json(created, { status: 201 })));
    const { user, pathname } = renderAt('/token-pack-v2/create', { packs: [PRO, created] });
    await fill(user, await nameBox(), 'Sales (EU) pack_2');
    expect(screen.queryByText('Usable services')).toBeNull();
    await user.upload(picker('Icon file'), file(1200, 'pack.png', 'image/png'));
    await save(user);
    const parts = await partsReceived(received);
    expect(Object.keys(parts).sort()).toEqual(['iconFile', 'info']);
    expect(JSON.parse(parts.info.text)).toEqual({
      name: 'Sales (EU) pack_2',
      primaryDirectoryId: null,
      activationReminderDays: null,
    });
    expect(parts.iconFile).toMatchObject({ fileName: 'pack.png', type: 'image/png' });
    expect(await screen.findByText('Token pack created')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/token-pack-v2/tp9/show'));
    expect(await screen.findByText('Sales (EU) pack_2')).toBeInTheDocument();
    expect(await screen.findByText('Corporate AD')).toBeInTheDocument();
  });
});

describe('the token pack edit form', () => {
  it('sends the usable services: the switches that are on, as toggled', async () => {
    const received = acceptUpdate();
    const { user, pathname } = renderAt('/token-pack-v2/tp1');
    await waitFor(async () => expect(await nameBox()).toHaveValue('Professional Token Pack'));
    expect(screen.getByText(/Changes take effect when you save/)).toBeInTheDocument();
    const vpn = screen.getByRole('switch', { name: 'VPN' });
    const mail = screen.getByRole('switch', { name: 'Mail' });
    const wiki = screen.getByRole('switch', { name: 'Wiki' });
    expect([vpn, mail, wiki].map((one) => (one as HTMLInputElement).checked)).toEqual([true, false, true]);
    await user.click(mail);
    await user.click(wiki);
    await save(user);
    const parts = await partsReceived(received);
    expect(Object.keys(parts)).toEqual(['info']);
    expect(parts.info.type).toMatch(/^application\/json/);
    expect(JSON.parse(parts.info.text)).toEqual({
      name: 'Professional Token Pack',
      primaryDirectoryId: DIRECTORY_ID,
      activationReminderDays: null,
      serviceIds: [SERVICE_IDS.vpn, SERVICE_IDS.mail],
    });
    expect(await screen.findByText('Token pack updated')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/token-pack-v2/tp1/show'));
  });

  it('sends the services unchanged, a removed icon and a new feature image', async () => {
    const received = acceptUpdate();
    const { user } = renderAt('/token-pack-v2/tp1');
    await waitFor(async () => expect(await nameBox()).toHaveValue('Professional Token Pack'));
    await user.click(screen.getByRole('switch', { name: 'Remove the current icon' }));
    await user.upload(picker('Feature image file'), file(3000, 'banner.jpg', 'image/jpeg'));
    expect(await screen.findByRole('img', { name: 'banner.jpg' })).toBeInTheDocument();
    await save(user);
    const parts = await partsReceived(received);
    expect(Object.keys(parts).sort()).toEqual(['featureImageFile', 'info']);
    expect(JSON.parse(parts.info.text)).toEqual({
      name: 'Professional Token Pack',
      primaryDirectoryId: DIRECTORY_ID,
      activationReminderDays: null,
      serviceIds: [SERVICE_IDS.vpn, SERVICE_IDS.wiki],
      removeIcon: true,
    });
    expect(parts.featureImageFile).toMatchObject({ fileName: 'banner.jpg', type: 'image/jpeg' });
  });

  it('refuses an image over 2,000,000 bytes or not an image, without a preview', async () => {
    const received = acceptUpdate();
    const { user } = renderAt('/token-pack-v2/tp1');
    await waitFor(async () => expect(await nameBox()).toHaveValue('Professional Token Pack'));
    await user.upload(picker('Icon file'), file(2_000_001, 'huge.png', 'image/png'));
    expect(
      await screen.findByText('This file is 2000001 bytes; an image may be at most 2000000 bytes.'),
    ).toBeVisible();
    await user.upload(picker('Icon file'), file(10, 'notes.txt', 'text/plain'));
    expect(
      await screen.findByText('This file is not an image: choose a PNG, JPEG, GIF, WebP or SVG file.'),
    ).toBeVisible();
    expect(screen.queryByRole('img', { name: /huge|notes/ })).toBeNull();
    await fill(user, await nameBox(), ' 2');
    await save(user);
    const parts = await partsReceived(received);
    expect(Object.keys(parts)).toEqual(['info']);
  });

  it('asks before leaving a pack whose services were switched but not saved', async () => {
    const confirm = stubConfirm();
    const { user, pathname } = renderAt('/token-pack-v2/tp1');
    await waitFor(async () => expect(await nameBox()).toHaveValue('Professional Token Pack'));
    await user.click(screen.getByRole('switch', { name: 'Mail' }));
    await expectCancelToStay({ user, confirm, pathname }, '/token-pack-v2/tp1');
    expect(screen.getByRole('switch', { name: 'Mail' })).toBeChecked();
  });

  it("shows the server's refusal to delete a pack that has services, after asking", async () => {
    const sent = recordRequests();
    server.use(
      http.delete(`${TP}/tp1`, () =>
        HttpResponse.json(
          {
            messageKey: 'error.tokenPack.hasServices',
            message: 'This token pack has services: delete them or move them to another token pack first.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user, pathname } = renderAt('/token-pack-v2/tp1/show');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Do you want to delete the token pack Professional Token Pack? Its trusted networks are deleted with it.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText(
        'This token pack has services: delete them or move them to another token pack first.',
      ),
    ).toBeInTheDocument();
    expect(sent.filter((one) => one.method === 'DELETE').map((one) => one.path)).toEqual([
      '/idm-config/token-pack-v2/tp1?customerId=c1',
    ]);
    expect(pathname()).toBe('/token-pack-v2/tp1/show');
  });

  it('shows a viewer the pack without Edit or Delete', async () => {
    renderAt('/token-pack-v2/tp1/show', { permissions: VIEW });
    expect(await screen.findByText('Corporate AD')).toBeInTheDocument();
    expect(screen.getAllByText('Usable')).toHaveLength(2);
    expect(screen.getByText('Not usable')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
