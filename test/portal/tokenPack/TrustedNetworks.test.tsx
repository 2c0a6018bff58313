import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { savingPut } from '../fakeServer';
import { fill, recordRequests, refill, row } from '../harness';
import { server } from '../msw';
import { OFFICE, renderAt, WL } from './fixtures';

const TAB = '/token-pack-v2/tp1/show/trusted-networks';
const EXPLANATION = /A sign-in from a trusted network may skip the second factor/;
const INVALID = 'Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24 or 2001:db8::/32.';

const writes = (sent: ReturnType<typeof recordRequests>) => sent.filter((one) => one.method !== 'GET');

describe("a token pack's trusted networks", () => {
  it('lists the networks of the pack with the explanation', async () => {
    const sent = recordRequests();
    renderAt(TAB);
    expect(await screen.findByText('203.0.113.0/24')).toBeInTheDocument();
    expect(within(row('203.0.113.0/24')).getByText('Head office')).toBeInTheDocument();
    expect(screen.getByText('198.51.100.7')).toBeInTheDocument();
    expect(screen.getByText(EXPLANATION)).toBeInTheDocument();
    expect(sent.map((one) => one.path)).toContain(
      '/idm-config/white-list-ips/c1/tp1/search?page=0&pageSize=25&sort=createdDate&order=ASC',
    );
  });

  it('refuses an address that is not a network, sending nothing', async () => {
    const sent = recordRequests();
    const { user } = renderAt(TAB);
    await screen.findByText('203.0.113.0/24');
    await user.click(screen.getByRole('button', { name: 'Add network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a trusted network' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'IP address or range' }), '10.0.0.300');
    await user.click(within(dialog).getByRole('button', { name: 'Add network' }));
    expect(await within(dialog).findByText(INVALID)).toBeInTheDocument();
    await refill(user, within(dialog).getByRole('textbox', { name: 'IP address or range' }), '10.0.0.0/33');
    await user.click(within(dialog).getByRole('button', { name: 'Add network' }));
    expect(await within(dialog).findByText(INVALID)).toBeInTheDocument();
    expect(writes(sent)).toEqual([]);
  });

  it('adds a network to the pack and shows it in the list', async () => {
    const sent = recordRequests();
    const { user } = renderAt(TAB);
    await screen.findByText('203.0.113.0/24');
    await user.click(screen.getByRole('button', { name: 'Add network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a trusted network' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'IP address or range' }), ' 2001:db8::/32 ');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Branch office');
    await user.click(within(dialog).getByRole('button', { name: 'Add network' }));
    expect(await screen.findByText('2001:db8::/32')).toBeInTheDocument();
    expect(within(row('2001:db8::/32')).getByText('Branch office')).toBeInTheDocument();
    expect(screen.getByText('Trusted network added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/idm-config/white-list-ips/c1/tp1',
        body: { ip: '2001:db8::/32', description: 'Branch office' },
      },
    ]);
  });

  it("changes a network's description", async () => {
    const sent = recordRequests();
    server.use(savingPut(`${WL}/c1/tp1/w1`, OFFICE));
    const { user } = renderAt(TAB);
    await screen.findByText('203.0.113.0/24');
    await user.click(screen.getByRole('button', { name: 'Edit 203.0.113.0/24' }));
    const edit = await screen.findByRole('dialog', { name: 'Change a trusted network' });
    expect(within(edit).getByRole('textbox', { name: 'IP address or range' })).toHaveValue('203.0.113.0/24');
    const description = within(edit).getByRole('textbox', { name: 'Description' });
    await refill(user, description, 'Head office, 2nd floor');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trusted network updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/idm-config/white-list-ips/c1/tp1/w1',
        body: { ip: '203.0.113.0/24', description: 'Head office, 2nd floor', tokenPackId: 'tp1' },
      },
    ]);
  });

  it("shows the server's refusal of a network already trusted, keeping the dialog open", async () => {
    const { user } = renderAt(TAB);
    // After the fixtures' handlers, which it overrides.
    server.use(
      http.post(`${WL}/c1/tp1`, () =>
        HttpResponse.json(
          {
            messageKey: 'error.whiteListIp.duplicate',
            message: 'This network is already trusted for this token pack.',
          },
          { status: 409 },
        ),
      ),
    );
    await screen.findByText('203.0.113.0/24');
    await user.click(screen.getByRole('button', { name: 'Add network' }));
    const add = await screen.findByRole('dialog', { name: 'Add a trusted network' });
    await fill(user, within(add).getByRole('textbox', { name: 'IP address or range' }), '198.51.100.7');
    await user.click(within(add).getByRole('button', { name: 'Add network' }));
    expect(
      await screen.findByText('This network is already trusted for this token pack.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add a trusted network' })).toBeInTheDocument();
  });

  it('deletes the selected networks after confirmation', async () => {
    const sent = recordRequests();
    const { user } = renderAt(TAB);
    await screen.findByText('203.0.113.0/24');
    await user.click(within(row('203.0.113.0/24')).getByRole('checkbox'));
    await user.click(within(row('198.51.100.7')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete trusted networks' });
    expect(
      within(confirm).getByText(
        'Stop trusting the 2 selected networks? Sign-ins from them will ask for the second factor.',
      ),
    ).toBeInTheDocument();
    expect(writes(sent)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('2 trusted networks deleted')).toBeInTheDocument();
    expect(
      await screen.findByText('No trusted networks yet: every sign-in asks for the second factor.'),
    ).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      {
        method: 'DELETE',
        path: '/idm-config/white-list-ips/c1/tp1/delete-many',
        body: { ids: ['w1', 'w2'] },
      },
    ]);
  });

  it('shows the networks without changing them to a user who may not configure the pack', async () => {
    renderAt(TAB, { permissions: ['token-pack:view', 'token-pack:modify'] });
    expect(await screen.findByText('203.0.113.0/24')).toBeInTheDocument();
    expect(screen.getByText(EXPLANATION)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add network' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});
