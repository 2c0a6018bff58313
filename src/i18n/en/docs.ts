/**
 * The public documentation (/docs/...): its frame and the names of its pages (./docPages.ts: their text). Translators: edit the strings, keep
 * the keys, the structure (the same sections, and the same numbered paragraphs, items and steps) and
 * the %{productName} placeholder. No HTML: each string is one paragraph, list item or step.
 *
 * A page has a title (its h1 and the browser tab; no placeholder there), a short label (menus and the navigation), a lead
 * paragraph and sections; a section has a heading and any of: paragraphs, items (a bulleted list) and
 * steps (a numbered list), drawn in that order.
 */

/** Numbered texts: the keys give the order (1, 2, 3 ...). */
export type DocTexts = Record<number, string>;

export interface DocSectionText {
  heading: string;
  paragraphs?: DocTexts;
  items?: DocTexts;
  steps?: DocTexts;
}

/** A page's names: its title (its h1 and the browser tab; no placeholder there) and its short label. */
export interface DocPageName {
  title: string;
  label: string;
}

/** A page's text: its lead paragraph and its sections (src/i18n/en/docPages.ts). */
export interface DocPageBody {
  lead: string;
  sections: Record<string, DocSectionText>;
}

export type DocPageText = DocPageName & DocPageBody;

/** Each page's names: the public top bar and footer link to the pages with them. */
const names = {
  overview: {
    title: 'Documentation overview',
    label: 'Overview',
  },
  faq: {
    title: 'Frequently asked questions',
    label: 'FAQ',
  },
  solutionRadius: {
    title: 'Two-factor authentication for VPNs with RADIUS',
    label: 'RADIUS',
  },
  solutionSaml2: {
    title: 'Single sign-on and two-factor authentication with SAML2.0',
    label: 'SAML2.0',
  },
  solutionOidc: {
    title: 'Single sign-on with OpenID Connect (Salesforce)',
    label: 'OIDC',
  },
  mobileApp: {
    title: 'The V-Key mobile app',
    label: 'V-Key mobile app',
  },
  vpn: {
    title: 'Two-factor authentication for your VPN',
    label: 'VPN (RADIUS)',
  },
  vosCloudSaml2: {
    title: 'Sign in to V-OS Cloud with SAML2.0',
    label: 'V-OS Cloud (SAML2.0)',
  },
  office365: {
    title: 'Two-factor authentication for Office 365',
    label: 'Office 365',
  },
  ingramMicroSaml2: {
    title: 'Sign in to Ingram Micro with SAML2.0',
    label: 'Ingram Micro (SAML2.0)',
  },
  gitlabSaml2: {
    title: 'Sign in to GitLab with SAML2.0',
    label: 'GitLab (SAML2.0)',
  },
  zoomSaml2: {
    title: 'Sign in to Zoom with SAML2.0',
    label: 'Zoom (SAML2.0)',
  },
  awsSaml2: {
    title: 'Sign in to AWS with SAML2.0',
    label: 'AWS (SAML2.0)',
  },
  wordpressSaml2: {
    title: 'Sign in to WordPress with SAML2.0',
    label: 'WordPress (SAML2.0)',
  },
  assemblaSaml2: {
    title: 'Sign in to Assembla with SAML2.0',
    label: 'Assembla (SAML2.0)',
  },
  salesforceOidc: {
    title: 'Sign in to Salesforce with OpenID Connect',
    label: 'Salesforce (OIDC)',
  },
  wordpressOidc: {
    title: 'Sign in to WordPress with OpenID Connect',
    label: 'WordPress (OIDC)',
  },
  termsOfUse: {
    title: 'Terms of use',
    label: 'Terms of use',
  },
  privacyPolicy: {
    title: 'Privacy policy',
    label: 'Privacy policy',
  },
} satisfies Record<string, DocPageName>;

/**
 * What the first pages need of the documentation: the frame's texts and each page's names. The pages'
 * bodies (./docPages.ts) come with the whole catalogue, which the documentation pages load.
 */
export const docsShell = {
  frame: {
    navLabel: 'Documentation',
    skipToContent: 'Skip to content',
    jumpTo: 'Go to page',
    backToSignIn: 'Back to sign in',
    related: 'Related pages',
  },
  groups: {
    overview: 'Overview',
    faq: 'FAQ',
    solutions: 'Solutions',
    guidelines: 'Guidelines',
    legal: 'Legal',
  },
  notFound: {
    title: 'Page not found',
    body: 'There is no documentation page at %{path}.',
    toOverview: 'Go to the documentation overview',
  },
  pages: names,
};

/** The page ids, one per documentation page. */
export type DocPageId = keyof typeof names;
