import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectRowToShow } from '../expectations';
import { acceptConfirmationOf, bulkButton, fill, recordRequests, row } from '../harness';
import { describeListStates } from '../listScenarios';
import { server } from '../msw';
import { onAPhone } from '../phone';
import { BRAND, LOCKED, REJECTED, renderAt, TH } from './fixtures';

describeListStates('the theme list', {
  render: ({ empty }) => renderAt('/theme', empty ? { themes: [] } : {}),
  call: { method: 'post', path: '/whitelabelapp/theme/c1/search' },
  row: 'Acme brand',
  empty: { title: 'No theme yet', next: { name: 'Create', to: '/theme/create' } },
  phone: [
    'Acme brand',
    'Rejected · The logo is a trademark of another company',
    'Active · Professional Token Pack, Free Token Pack',
  ],
});

describe('the theme list', () => {
  it('shows each theme with its status, the reason of a rejection, its token packs and last change', async () => {
    const sent = recordRequests();
    renderAt('/theme');
    expect(await screen.findByText('Acme brand')).toBeInTheDocument();
    const locked = row('Shop brand');
    expect(within(locked).getByText('Active')).toBeInTheDocument();
    expect(within(locked).getByRole('link', { name: 'Professional Token Pack' })).toHaveAttribute(
      'href',
      '/token-pack-v2/tp1/show',
    );
    expect(within(locked).getByRole('link', { name: 'Free Token Pack' })).toBeInTheDocument();
    expectRowToShow('Borrowed brand', 'Rejected', 'The logo is a trademark of another company');
    expectRowToShow('Acme brand', 'None', /2024/);
    const search = sent.find((one) => one.path === '/whitelabelapp/theme/c1/search');
    expect(search?.body).toMatchObject({ page: 0, filters: {}, sort: { field: 'name', order: 'ASC' } });
  });

  it('sends the search and the status filter', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/theme');
    await screen.findByText('Acme brand');
    await fill(user, screen.getByPlaceholderText('Search'), 'shop');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() =>
      expect(sent.at(-1)?.body).toMatchObject({ filters: { q: 'shop', status: 'REJECTED' } }),
    );
  });

  it('says why a theme a token pack shows cannot be deleted', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/theme');
    await screen.findByText('Shop brand');
    const deleteLocked = await within(row('Shop brand')).findByRole('button', { name: 'Delete' });
    expect(deleteLocked).toHaveAttribute('aria-disabled', 'true');
    await user.click(deleteLocked);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((one) => one.method === 'DELETE')).toEqual([]);
  });

  it('deletes a theme after confirmation', async () => {
    const deleted: unknown[] = [];
    server.use(
      http.delete(`${TH}/delete`, async ({ request }) => {
        deleted.push(await request.json());
        return HttpResponse.json(BRAND);
      }),
    );
    const { user } = renderAt('/theme');
    await screen.findByText('Acme brand');
    await user.click(await within(row('Acme brand')).findByRole('button', { name: 'Delete' }));
    await acceptConfirmationOf(user, 'Delete the theme Acme brand?');
    await waitFor(() => expect(deleted).toEqual([{ themeId: 'th1', customerId: 'c1' }]));
    expect(await screen.findByText('Theme deleted')).toBeInTheDocument();
  });

  it("shows the server's refusal of a bulk delete (409 THEME_IN_USE)", async () => {
    server.use(
      http.delete(`${TH}/delete`, () =>
        HttpResponse.json(
          {
            messageKey: 'error.theme.inUse',
            message:
              'This theme is assigned to a token pack: assign another theme to the token pack before deleting it.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderAt('/theme', { themes: [BRAND, LOCKED, REJECTED] });
    await screen.findByText('Acme brand');
    await user.click(within(row('Shop brand')).getByRole('checkbox'));
    await user.click(bulkButton('Delete'));
    await acceptConfirmationOf(user, 'Delete the selected theme for good?');
    expect(
      await screen.findByText(
        'This theme is assigned to a token pack: assign another theme to the token pack before deleting it.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no Delete without theme:configure', async () => {
    renderAt('/theme', { permissions: ['theme:view', 'theme:modify', 'theme:create'] });
    await screen.findByText('Acme brand');
    expect(await within(row('Acme brand')).findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(row('Acme brand')).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('the theme list on a phone', () => {
  onAPhone();

  it('opens a theme from its row', async () => {
    const { user, pathname } = renderAt('/theme');
    await user.click(await screen.findByText('Acme brand'));
    await waitFor(() => expect(pathname()).toBe('/theme/th1'));
  });
});
