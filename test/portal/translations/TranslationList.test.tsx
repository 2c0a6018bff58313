import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TranslationRecord } from '../../../contract/translations';
import translations from '../../../src/resources/translations';
import { operator, renderAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';

const none = { en: null, vi: null };

const TITLE: TranslationRecord = {
  id: 'portal.login.title',
  base: { en: 'Sign In', vi: 'Đăng nhập' },
  override: none,
  inherited: none,
  placeholders: [],
};
const MIN_USERS: TranslationRecord = {
  id: 'error.billing.order.minNumberOfUser',
  base: { en: 'Number of users must be at least %{minUser}', vi: null },
  override: { en: null, vi: 'Cần ít nhất %{minUser} người dùng' },
  inherited: none,
  placeholders: ['minUser'],
};

const UNTRANSLATED: TranslationRecord = {
  id: 'portal.menu.help',
  base: { en: 'Help', vi: null },
  override: none,
  inherited: none,
  placeholders: [],
};

/** /translations for an operator, over a server holding these rows; answers what the server received. */
const renderList = (rows: TranslationRecord[] = [TITLE, MIN_USERS, UNTRANSLATED]) => {
  const seen: { url: string; body?: unknown }[] = [];
  server.use(
    http.get(`${API}/translations`, ({ request }) => {
      seen.push({ url: request.url });
      const state = new URL(request.url).searchParams.get('state');
      const found = rows.filter((row) => state !== 'missing' || row.base.vi === null);
      return HttpResponse.json({ content: found, totalElements: found.length, page: 0, pageSize: 25 });
    }),
    http.put(`${API}/translations/:key`, async ({ request, params }) => {
      const body = (await request.json()) as { locale: 'en' | 'vi'; text: string | null };
      seen.push({ url: request.url, body });
      const row = rows.find((candidate) => candidate.id === params.key)!;
      if (body.text && !body.text.includes('%{minUser}') && row.placeholders.includes('minUser')) {
        return HttpResponse.json(
          {
            messageKey: 'error.translation.placeholders',
            message: 'The text must keep the placeholders of the message: %{minUser}.',
            params: { placeholders: '%{minUser}', field: body.locale },
          },
          { status: 400 },
        );
      }
      return HttpResponse.json({ ...row, override: { ...row.override, [body.locale]: body.text } });
    }),
  );
  const rendered = renderAdmin({
    path: '/translations',
    permissions: ['translations:view', 'translations:modify'],
    session: operator,
    children: resourcesOf(translations),
  });
  return { ...rendered, seen };
};

describe('/translations', () => {
  it('lists each key with its English and Vietnamese texts, the overrides marked and the missing ones said', async () => {
    renderList();
    const title = (await screen.findByText('portal.login.title')).closest('tr')!;
    expect(within(title).getByText('Sign In')).toBeInTheDocument();
    expect(within(title).getByText('Đăng nhập')).toBeInTheDocument();
    const minimum = screen.getByText('error.billing.order.minNumberOfUser').closest('tr')!;
    expect(within(minimum).getByText('Cần ít nhất %{minUser} người dùng')).toBeInTheDocument();
    expect(within(minimum).getByText('Override')).toBeInTheDocument();
    const help = screen.getByText('portal.menu.help').closest('tr')!;
    expect(within(help).getByText('Missing')).toBeInTheDocument();
    expect(screen.getByText(/An override changes a message for everyone/)).toBeInTheDocument();
  });

  it('edits an override in place, sending only the locale that changed', async () => {
    const { user, seen } = renderList();
    const title = (await screen.findByText('portal.login.title')).closest('tr')!;
    await user.click(within(title).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit portal.login.title' });
    expect(within(dialog).getByText('Catalogue: Sign In')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'English override' }), 'Welcome back');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved\. This portal shows it now/);
    const puts = seen.filter((request) => request.body !== undefined);
    expect(puts).toEqual([
      { url: `${API}/translations/portal.login.title`, body: { locale: 'en', text: 'Welcome back' } },
    ]);
  });

  it('says under its field why a text is refused, and keeps what was typed', async () => {
    const { user } = renderList();
    const minimum = (await screen.findByText('error.billing.order.minNumberOfUser')).closest('tr')!;
    await user.click(within(minimum).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Keep these placeholders: %{minUser}')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Vietnamese override' });
    await user.clear(field);
    await user.type(field, 'Quá ít người dùng');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(dialog).getByText('The text must keep the placeholders of the message: %{minUser}.'),
    ).toBeInTheDocument();
    expect(field).toHaveValue('Quá ít người dùng');
  });
});
