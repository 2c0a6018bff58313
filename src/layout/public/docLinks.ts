import type { DocPageId } from '../../i18n/en/docs';

/** The groups of documentation pages, in menu order. */
export type DocGroupId = 'overview' | 'faq' | 'solutions' | 'guidelines' | 'legal';

export interface DocLink {
  /** The page's key in the catalogue (docs.pages.{id}). */
  id: DocPageId;
  path: string;
  /** The page's full title: its h1 and the browser tab. */
  titleKey: string;
  /** A short name for menus and the navigation, e.g. 'RADIUS' or 'GitLab (SAML2.0)'. */
  labelKey: string;
}

export interface DocLinkGroup {
  group: DocGroupId;
  labelKey: string;
  links: readonly DocLink[];
}

const link = (id: DocPageId, path: string): DocLink => ({
  id,
  path,
  titleKey: `docs.pages.${id}.title`,
  labelKey: `docs.pages.${id}.label`,
});

const group = (id: DocGroupId, links: DocLink[]): DocLinkGroup => ({
  group: id,
  labelKey: `docs.groups.${id}`,
  links,
});

/**
 * Every public documentation page (docs/requirements/portal-routes-and-menus.md), grouped as the public top bar and the docs navigation
 * show them: Overview, FAQ, Solutions (RADIUS, SAML2.0, OIDC), Guidelines (one per integration), Legal.
 * Texts are translated with `translate(labelKey or titleKey, { productName: getProductName() })`.
 */
export const DOC_LINKS: readonly DocLinkGroup[] = [
  group('overview', [link('overview', '/docs/intro/overview')]),
  group('faq', [link('faq', '/docs/intro/faq')]),
  group('solutions', [
    link('solutionRadius', '/docs/intro/solutions/2fa-vpn-radius'),
    link('solutionSaml2', '/docs/intro/solutions/saml2'),
    link('solutionOidc', '/docs/intro/solutions/saleforce-oidc'),
  ]),
  group('guidelines', [
    link('mobileApp', '/docs/help/mobile-app'),
    link('vpn', '/docs/help/2fa-for-vpn'),
    link('vosCloudSaml2', '/docs/help/vos-cloud-saml2'),
    link('office365', '/docs/help/2fa-for-o365'),
    link('ingramMicroSaml2', '/docs/help/ingram-micro-saml2'),
    link('gitlabSaml2', '/docs/help/gitlab-saml2'),
    link('zoomSaml2', '/docs/help/zoom-saml2'),
    link('awsSaml2', '/docs/help/aws-saml2'),
    link('wordpressSaml2', '/docs/help/wordpress-saml2'),
    link('assemblaSaml2', '/docs/help/assembla-saml2'),
    link('salesforceOidc', '/docs/help/saleforce-oidc'),
    link('wordpressOidc', '/docs/help/wordpress-oidc'),
  ]),
  group('legal', [
    link('termsOfUse', '/docs/legal/terms-of-use'),
    link('privacyPolicy', '/docs/legal/privacy-policy'),
  ]),
];

/** The links of one group, e.g. `docLinksOf('solutions')` for the Solutions menu. */
export const docLinksOf = (id: DocGroupId): readonly DocLink[] =>
  DOC_LINKS.find((entry) => entry.group === id)?.links ?? [];

/** All documentation pages in menu order. */
export const ALL_DOC_LINKS: readonly DocLink[] = DOC_LINKS.flatMap((entry) => entry.links);

/** The page served at a path (a trailing slash is ignored), if any. */
export const findDocLink = (pathname: string): DocLink | undefined => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALL_DOC_LINKS.find((entry) => entry.path === path);
};

export const DOCS_HOME: DocLink = ALL_DOC_LINKS[0]!;

/** Pages worth reading next, shown under a page's content. */
export const RELATED_DOCS: Partial<Record<DocPageId, readonly DocPageId[]>> = {
  overview: ['mobileApp', 'faq'],
  faq: ['mobileApp', 'overview'],
  solutionRadius: ['vpn', 'mobileApp'],
  solutionSaml2: ['gitlabSaml2', 'zoomSaml2', 'awsSaml2', 'office365'],
  solutionOidc: ['salesforceOidc', 'wordpressOidc'],
  mobileApp: ['faq'],
  vpn: ['solutionRadius', 'mobileApp', 'faq'],
  vosCloudSaml2: ['solutionSaml2', 'mobileApp'],
  office365: ['solutionSaml2', 'mobileApp'],
  ingramMicroSaml2: ['solutionSaml2', 'mobileApp'],
  gitlabSaml2: ['solutionSaml2', 'mobileApp'],
  zoomSaml2: ['solutionSaml2', 'mobileApp'],
  awsSaml2: ['solutionSaml2', 'mobileApp'],
  wordpressSaml2: ['solutionSaml2', 'wordpressOidc'],
  assemblaSaml2: ['solutionSaml2', 'mobileApp'],
  salesforceOidc: ['solutionOidc', 'mobileApp'],
  wordpressOidc: ['solutionOidc', 'wordpressSaml2'],
  termsOfUse: ['privacyPolicy'],
  privacyPolicy: ['termsOfUse'],
};
