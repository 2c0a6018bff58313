import { describe, expect, it } from 'vitest';
import { PORTAL_RESOURCES } from '../../../src/features';
import { docs } from '../../../src/i18n/en/docPages';
import type { DocPageId, DocPageText } from '../../../src/i18n/en/docs';
import { buildMenu, type MenuEntry, resourceMenuItems } from '../../../src/layout/menu/entries';
import { docLinksOf } from '../../../src/layout/public/docLinks';
import { PAGE_MENU_ITEMS } from '../../../src/pages/menu';
import { i18nProvider } from './renderDocs';

/**
 * The documentation names the portal's screens as their menus do, with their paths in parentheses:
 * 'Connectors > RADIUS (/radius)'. These tests hold the pages to the menus the portal really draws.
 */

const t = (key: string) => i18nProvider.translate(key, { smart_count: 2 });

interface Place {
  label: string;
  /** The group or menu the entry is reached through (Connectors, My Account), if any. */
  parent?: string;
}

/** Every link of the side menus, by path: its label and the group (or the menu) it is in. */
const menuPlaces = (): Map<string, Place> => {
  const items = [...PAGE_MENU_ITEMS, ...resourceMenuItems(PORTAL_RESOURCES)];
  const places = new Map<string, Place>();
  const add = (entry: MenuEntry, parent?: string) => {
    if (entry.kind === 'link') places.set(entry.to, { label: t(entry.label), parent });
  };
  for (const menu of ['customer', 'provider'] as const) {
    for (const entry of buildMenu(items, menu)) {
      if (entry.kind === 'group') for (const inner of entry.entries) add(inner, t(entry.label));
      else add(entry);
    }
  }
  // The My Account pages are reached through the user menu's My Account.
  for (const entry of buildMenu(items, 'myAccount')) {
    for (const inner of entry.kind === 'group' ? entry.entries : [entry])
      add(inner, t('portal.menu.myAccount'));
  }
  return places;
};

/**
 * Pages of the portal without a side-menu entry that the documentation may name: the public self-service
 * pages (spec 01 §2) and My Account's Profile tab.
 */
const OTHER_PAGES: ReadonlyMap<string, Place | undefined> = new Map([
  ['/login', undefined],
  ['/signup', undefined],
  ['/forgot-password', undefined],
  ['/contact-us', undefined],
  ['/my-account/profile', { label: t('portal.menu.profile'), parent: t('portal.menu.myAccount') }],
]);

/** Every text of a page, its lead first. */
const textsOf = (page: DocPageText): string[] => [
  page.lead,
  ...Object.values(page.sections).flatMap((section) => [
    section.heading,
    ...Object.values(section.paragraphs ?? {}),
    ...Object.values(section.items ?? {}),
    ...Object.values(section.steps ?? {}),
  ]),
];

const PAGE_IDS = Object.keys(docs.pages) as DocPageId[];

describe('the portal paths the documentation names', () => {
  const places = menuPlaces();

  it('finds the menus it checks against', () => {
    expect(places.get('/radius')).toEqual({ label: 'RADIUS', parent: 'Connectors' });
    expect(places.get('/ldap')).toEqual({ label: 'Directories', parent: undefined });
    expect(places.get('/my-account/security')).toEqual({ label: 'Security', parent: 'My Account' });
  });

  it.each(PAGE_IDS)('%s: each path in parentheses follows the label of its menu entry', (id) => {
    for (const text of textsOf(docs.pages[id])) {
      for (const match of text.matchAll(/\((\/[a-z][\w/-]*)\)/g)) {
        const path = match[1]!;
        const place = places.get(path) ?? OTHER_PAGES.get(path);
        expect(places.has(path) || OTHER_PAGES.has(path), `${id}: ${path} is no page of the portal`).toBe(
          true,
        );
        if (!place) continue;
        const before = text.slice(0, match.index).trimEnd();
        expect(before.endsWith(place.label), `${id}: '${path}' should follow '${place.label}'`).toBe(true);
        const rest = before.slice(0, -place.label.length);
        if (rest.endsWith(' > ')) {
          expect(
            rest.slice(0, -3).endsWith(place.parent ?? '\u0000'),
            `${id}: ${path} is under ${place.parent}`,
          ).toBe(true);
        }
      }
    }
  });

  it.each(PAGE_IDS)('%s: a path it tells to open is a page of the portal', (id) => {
    for (const text of textsOf(docs.pages[id])) {
      for (const [, path] of text.matchAll(/\b(?:at|open) (\/[a-z][\w/-]*)/g)) {
        expect(places.has(path!) || OTHER_PAGES.has(path!), `${id}: ${path}`).toBe(true);
      }
    }
  });

  it.each([...docLinksOf('solutions'), ...docLinksOf('guidelines')].map((link) => link.id))(
    '%s names at least one screen of the side menus by its path',
    (id) => {
      const paths = textsOf(docs.pages[id]).flatMap((text) =>
        [...text.matchAll(/\((\/[a-z][\w/-]*)\)/g)].map((match) => match[1]!),
      );
      expect(
        paths.some((path) => places.has(path)),
        id,
      ).toBe(true);
    },
  );
});
