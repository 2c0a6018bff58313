import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { docs } from '../../../src/i18n/en/docPages';
import type { DocPageText } from '../../../src/i18n/en/docs';
import { ALL_DOC_LINKS, DOC_LINKS, docLinksOf, findDocLink } from '../../../src/layout/public/docLinks';
import { onAPhone } from '../phone';
import { i18nProvider, renderDocs } from './renderDocs';

const t = (key: string) => i18nProvider.translate(key, { productName: 'Gateway Portal' });
const nav = () => screen.getByRole('navigation', { name: 'Documentation' });

describe('DOC_LINKS', () => {
  it('groups the pages as the top bar shows them, each path once', () => {
    expect(DOC_LINKS.map((entry) => entry.group)).toEqual([
      'overview',
      'faq',
      'solutions',
      'guidelines',
      'legal',
    ]);
    expect(docLinksOf('solutions').map((link) => [t(link.labelKey), link.path])).toEqual([
      ['RADIUS', '/docs/intro/solutions/2fa-vpn-radius'],
      ['SAML2.0', '/docs/intro/solutions/saml2'],
      ['OIDC', '/docs/intro/solutions/saleforce-oidc'],
    ]);
    expect(docLinksOf('guidelines').map((link) => link.path)).toEqual(
      [
        'mobile-app',
        '2fa-for-vpn',
        'vos-cloud-saml2',
        '2fa-for-o365',
        'ingram-micro-saml2',
        'gitlab-saml2',
        'zoom-saml2',
        'aws-saml2',
        'wordpress-saml2',
        'assembla-saml2',
        'saleforce-oidc',
        'wordpress-oidc',
      ].map((name) => `/docs/help/${name}`),
    );
    const paths = ALL_DOC_LINKS.map((link) => link.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(findDocLink('/docs/legal/privacy-policy/')?.id).toBe('privacyPolicy');
  });

  it('has a title, a label, a lead and at least one section in the catalogue for every page', () => {
    for (const link of ALL_DOC_LINKS) {
      for (const key of [link.titleKey, link.labelKey, `docs.pages.${link.id}.lead`]) {
        expect(t(key), key).not.toBe(key);
        expect(t(key), key).not.toMatch(/%\{/);
      }
      expect(Object.keys(docs.pages[link.id].sections).length).toBeGreaterThan(0);
    }
  });

  it('gives every guide prerequisites, 4 to 8 steps and a check, and the FAQ 8 to 12 questions', () => {
    for (const link of docLinksOf('guidelines')) {
      if (link.id === 'mobileApp') continue;
      const { sections }: DocPageText = docs.pages[link.id];
      const steps = Object.keys(sections.steps?.steps ?? {}).length;
      expect(steps, link.id).toBeGreaterThanOrEqual(4);
      expect(steps, link.id).toBeLessThanOrEqual(8);
      expect(sections.prerequisites, link.id).toBeDefined();
      expect(sections.check, link.id).toBeDefined();
    }
    const questions = Object.keys(docs.pages.faq.sections).length;
    expect(questions).toBeGreaterThanOrEqual(8);
    expect(questions).toBeLessThanOrEqual(12);
  });
});

describe('the documentation pages', () => {
  it.each(ALL_DOC_LINKS.map((link) => [link.path, link] as const))(
    '%s shows its title as the only h1 and is highlighted in the navigation',
    async (path, link) => {
      renderDocs(path);
      const title = t(link.titleKey);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
      const current = within(nav()).getByRole('link', { name: t(link.labelKey) });
      expect(current).toHaveAttribute('href', path);
      expect(current).toHaveAttribute('aria-current', 'page');
      expect(document.title).toBe(`${title} | Gateway Portal`);
      expect(screen.queryByText(/%\{/)).not.toBeInTheDocument();
    },
  );

  it('lists every page in the navigation, under its group', async () => {
    renderDocs('/docs/intro/overview');
    await screen.findByRole('heading', { level: 1 });
    for (const entry of DOC_LINKS) {
      const list = within(nav()).getByRole('list', { name: t(entry.labelKey) });
      for (const link of entry.links) {
        expect(within(list).getByRole('link', { name: t(link.labelKey) })).toHaveAttribute('href', link.path);
      }
    }
    expect(within(nav()).getAllByRole('link')).toHaveLength(ALL_DOC_LINKS.length);
    expect(within(nav()).getAllByRole('link', { current: 'page' })).toHaveLength(1);
  });

  it('draws a guide with h2 sections and its steps as an ordered list', async () => {
    renderDocs('/docs/help/2fa-for-vpn');
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication for your VPN' });
    expect(screen.getByRole('heading', { level: 2, name: 'Prerequisites' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Check it works' })).toBeInTheDocument();
    const steps = screen.getByRole('region', { name: 'Steps' });
    const list = within(steps).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(Object.keys(docs.pages.vpn.sections.steps.steps).length);
    expect(items[0]).toHaveTextContent(
      /^In the portal, open Connectors > RADIUS \(\/radius\) and select Create/,
    );
    expect(within(list).getByText(/RADIUS timeout to at least 60 seconds/)).toBeInTheDocument();
  });

  it('answers the FAQ questions as h2 headings', async () => {
    renderDocs('/docs/intro/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'I lost my phone or got a new one. What do I do?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Set it to at least 60 seconds/)).toBeInTheDocument();
    expect(screen.getByText(/Select Refresh QR Code and scan the new code/)).toBeInTheDocument();
  });

  it('marks the legal texts as defaults the operator should replace', async () => {
    renderDocs('/docs/legal/terms-of-use');
    expect(
      await screen.findByText(/operator of this service should replace them with its own terms/),
    ).toBeInTheDocument();
  });

  it('links back to sign in, and the product name leads to sign in', async () => {
    const user = userEvent.setup();
    renderDocs('/docs/intro/solutions/saml2');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Gateway Portal' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
  });

  it('goes to another page from the navigation and from the related pages', async () => {
    const user = userEvent.setup();
    renderDocs('/docs/intro/solutions/2fa-vpn-radius');
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication for VPNs with RADIUS' });
    await user.click(within(nav()).getByRole('link', { name: 'FAQ' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeVisible();
    const related = screen.getByRole('region', { name: 'Related pages' });
    await user.click(within(related).getByRole('link', { name: 'The V-Key mobile app' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The V-Key mobile app' })).toBeVisible();
    expect(within(nav()).getByRole('link', { current: 'page' })).toHaveAccessibleName('V-Key mobile app');
  });

  it('sends /docs to the overview', async () => {
    renderDocs('/docs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation overview' })).toBeVisible();
  });
});

describe('a documentation path with no page', () => {
  it.each(['/docs/help/nope', '/docs/intro/solutions/nope', '/docs/nope'])(
    '%s says the page is not found, inside the docs frame, with a link to the overview',
    async (path) => {
      const user = userEvent.setup();
      renderDocs(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByText(`There is no documentation page at ${path}.`)).toBeInTheDocument();
      expect(document.title).toBe('Page not found | Gateway Portal');
      expect(within(nav()).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
      const toOverview = screen.getByRole('link', { name: 'Go to the documentation overview' });
      expect(toOverview).toHaveAttribute('href', '/docs/intro/overview');
      await user.click(toOverview);
      expect(await screen.findByRole('heading', { level: 1, name: 'Documentation overview' })).toBeVisible();
    },
  );
});

describe('the product name', () => {
  afterEach(() => document.head.querySelector('meta[name="product-name"]')?.remove());

  it('is filled in from the server setting wherever the texts name the product', async () => {
    const meta = document.createElement('meta');
    meta.name = 'product-name';
    meta.content = 'Acme Access';
    document.head.append(meta);
    renderDocs('/docs/help/gitlab-saml2');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to GitLab with SAML2.0' });
    expect(
      screen.getByText(
        'Add Acme Access as a SAML2.0 sign-in option to your self-managed GitLab at https://gitlab.example.com.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Access' })).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Sign in to GitLab with SAML2.0 | Acme Access');
    expect(screen.queryByText(/%\{productName\}/)).not.toBeInTheDocument();
  });
});

describe('on a small screen', () => {
  onAPhone();

  it('lists the pages in a select in the navigation, and opens the one chosen', async () => {
    const user = userEvent.setup();
    renderDocs('/docs/help/zoom-saml2');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Zoom with SAML2.0' });
    const select = within(nav()).getByRole('combobox', { name: 'Go to page' });
    expect(select).toHaveValue('/docs/help/zoom-saml2');
    expect(within(select).getAllByRole('option')).toHaveLength(ALL_DOC_LINKS.length);
    expect(within(nav()).queryByRole('link')).not.toBeInTheDocument();
    await user.selectOptions(select, '/docs/help/aws-saml2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to AWS with SAML2.0' }),
    ).toBeVisible();
  });
});
