import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ThemeRecord } from '../../../contract/theme';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { keepingParts, partsReceived, type ReceivedParts } from '../fakeServer';
import { save } from '../harness';
import { API, server } from '../msw';
import { BRAND } from '../theme/fixtures';
import { ALL, FREE, PRO, renderAt, TP } from './fixtures';

const BLUE_ID = 'b1b1b1b1-b1b1-4b1b-8b1b-b1b1b1b1b1b1';
const GREEN_ID = 'c2c2c2c2-c2c2-4c2c-8c2c-c2c2c2c2c2c2';
const theme = (id: string, name: string): ThemeRecord => ({
  ...BRAND,
  id,
  name,
  lastModifiedDate: '2024-05-01T08:00:00Z',
});
const THEMES = [theme(BLUE_ID, 'Blue brand'), theme(GREEN_ID, 'Green brand')];
const WITH_THEME: TokenPackRecord = { ...PRO, themeId: BLUE_ID, themeName: 'Blue brand' };

/** The customer's themes (search and details), and the update of a pack, keeping the parts received. */
const serveThemes = (pack: TokenPackRecord) => {
  const received: ReceivedParts & { searches: unknown[] } = { searches: [] };
  server.use(
    http.post(`${API}/whitelabelapp/theme/c1/search`, async ({ request }) => {
      received.searches.push(await request.json());
      return HttpResponse.json({ content: THEMES, totalElements: THEMES.length });
    }),
    http.post(`${API}/whitelabelapp/theme/details`, async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      return HttpResponse.json(THEMES.filter((one) => ids.includes(one.id)));
    }),
    keepingParts(received, 'put', `${TP}/c1/${pack.id}`, (parts) =>
      HttpResponse.json({ ...pack, ...JSON.parse(parts.info.text) }),
    ),
  );
  return received;
};

const WITH_THEME_VIEW = [...ALL, 'theme:view'];
const themeSelect = () => screen.findByRole('combobox', { name: 'Theme' });

describe("a token pack's theme", () => {
  it('is chosen among the active themes and sent as themeId on save', async () => {
    const { user } = renderAt('/token-pack-v2/tp1', { permissions: WITH_THEME_VIEW });
    const received = serveThemes(PRO);
    await user.click(await themeSelect());
    await user.click(await screen.findByRole('option', { name: 'Green brand' }));
    await save(user);
    const parts = await partsReceived(received);
    expect(JSON.parse(parts.info.text)).toMatchObject({ name: PRO.name, themeId: GREEN_ID });
    expect(received.searches[0]).toMatchObject({
      filters: { status: 'ACTIVE' },
      sort: { field: 'name', order: 'ASC' },
    });
  });

  it('is sent as null when taken off', async () => {
    const { user } = renderAt('/token-pack-v2/tp1', {
      permissions: WITH_THEME_VIEW,
      packs: [WITH_THEME, FREE],
    });
    const received = serveThemes(WITH_THEME);
    const select = await themeSelect();
    await waitFor(() => expect(select).toHaveTextContent('Blue brand'));
    await user.click(select);
    // react-admin names the empty choice "Clear value"; it reads "No theme: the default look".
    const none = (await screen.findAllByRole('option')).find(
      (option) => option.textContent === 'No theme: the default look',
    );
    await user.click(none as HTMLElement);
    await save(user);
    const parts = await partsReceived(received);
    expect(JSON.parse(parts.info.text)).toMatchObject({ themeId: null });
  });

  it('is left out of the save when unchanged', async () => {
    const { user } = renderAt('/token-pack-v2/tp1', {
      permissions: WITH_THEME_VIEW,
      packs: [WITH_THEME, FREE],
    });
    const received = serveThemes(WITH_THEME);
    await waitFor(async () => expect(await themeSelect()).toHaveTextContent('Blue brand'));
    await user.click(screen.getByRole('switch', { name: 'Mail' }));
    await save(user);
    const parts = await partsReceived(received);
    expect(JSON.parse(parts.info.text)).not.toHaveProperty('themeId');
  });

  it('is not offered without theme:view', async () => {
    renderAt('/token-pack-v2/tp1');
    expect(await screen.findByRole('switch', { name: 'Mail' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Theme' })).toBeNull();
  });

  it("is shown on the pack's page by its name, a link to it", async () => {
    renderAt('/token-pack-v2/tp1/show', { permissions: WITH_THEME_VIEW, packs: [WITH_THEME, FREE] });
    const link = await screen.findByRole('link', { name: 'Blue brand' });
    expect(link).toHaveAttribute('href', `/theme/${BLUE_ID}/show`);
  });

  it("says a pack has none, on the pack's page", async () => {
    renderAt('/token-pack-v2/tp1/show', { permissions: WITH_THEME_VIEW });
    expect(await screen.findByText('No theme: the default look')).toBeInTheDocument();
  });
});
