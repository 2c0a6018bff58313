import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bulkButton, fill, recordRequests, row } from '../harness';
import { API, server } from '../msw';
import { BRAND, LOCKED, REJECTED, renderAt, TH } from './fixtures';

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
    const rejected = row('Borrowed brand');
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('The logo is a trademark of another company')).toBeInTheDocument();
    expect(within(row('Acme brand')).getByText('None')).toBeInTheDocument();
    expect(within(row('Acme brand')).getByText(/2024/)).toBeInTheDocument();
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

  it("says in place of the rows that the list failed, with the server error's reference, and asks again", async () => {
    let fail = true;
    const { user } = renderAt('/theme');
    // After the fixtures' handlers, so that it answers first; the list asks once it has rendered.
    server.use(
      http.post(`${API}/whitelabelapp/theme/c1/search`, () =>
        fail
          ? HttpResponse.json(
              { messageKey: 'error.default.internal.server.error', requestId: 'req-42' },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const reference =
      'The server encountered an internal error and was unable to complete your request. If it happens again, give your administrator this reference: req-42';
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByText('This list could not be loaded.')).toBeInTheDocument();
    expect(within(failed).getByText(reference)).toBeInTheDocument();
    // The notification says it too, and goes; the list keeps it.
    expect((await screen.findAllByText(reference)).length).toBe(2);
    expect(screen.queryByText('No theme yet')).toBeNull();
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Acme brand')).toBeInTheDocument();
    expect(screen.queryByText('This list could not be loaded.')).toBeNull();
  });

  it('offers Create when there is no theme yet', async () => {
    const { user, pathname } = renderAt('/theme', { themes: [] });
    expect(await screen.findByText('No theme yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create' }));
    await waitFor(() => expect(pathname()).toBe('/theme/create'));
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
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the theme Acme brand?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
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
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the selected theme for good?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
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

describe('on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the themes simply: the name, the status with the reason, the token packs', async () => {
    // 375 px wide: every max-width query matches, no min-width one does.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const { user, pathname } = renderAt('/theme');
    expect(await screen.findByText('Acme brand')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Rejected · The logo is a trademark of another company')).toBeInTheDocument();
    expect(screen.getByText('Active · Professional Token Pack, Free Token Pack')).toBeInTheDocument();
    await user.click(screen.getByText('Acme brand'));
    await waitFor(() => expect(pathname()).toBe('/theme/th1'));
  });
});
