import { screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { selfService } from '../../../contract/selfService';
import { isPublicCall } from '../../../src/dataProviders/transport';
import { PUBLIC_PAGES } from '../../../src/pages/routes';
import { sessionUser, signIn } from '../harness';
import { findTitle, main, renderPublicPage } from './renderPublic';

/** Each self-service page at an address that asks the server nothing as it opens, and its title. */
const PAGES: [string, string][] = [
  ['/signup', 'Create your account'],
  ['/signup/completed', 'Check your mailbox'],
  ['/forgot-password', 'Forgot password'],
  ['/account/reset-password', 'Reset password'],
  ['/contact-us', 'Contact us'],
  ['/onboarding', 'Activate the V-Key app'],
  ['/scheme', 'Open the V-Key app'],
];

describe('the self-service pages', () => {
  it.each(PAGES)('draws %s in the public frame, titled', async (path, title) => {
    const { at } = renderPublicPage(path);
    expect(await findTitle(title)).toBeInTheDocument();
    // The tab's title is set by an effect, after the page is drawn.
    await waitFor(() => expect(document.title).toBe(`${title} | Gateway Portal`));
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(at()).toBe(path);
  });

  it.each(PAGES)('leaves a signed-in visitor on %s', async (path, title) => {
    signIn({ user: sessionUser() });
    const { at } = renderPublicPage(path);
    expect(await findTitle(title)).toBeInTheDocument();
    expect(at()).toBe(path);
  });

  it('are where the sign-in page links, not in the signed-in app (which would send the visitor back)', () => {
    for (const path of ['/signup', '/forgot-password'])
      expect(matchRoutes(PUBLIC_PAGES, path)?.[0]?.route.path, path).toBe(path);
  });

  it('are linked from the public footer: contact', async () => {
    renderPublicPage('/forgot-password');
    await findTitle('Forgot password');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
  });

  it('send their calls without a token, as public calls', () => {
    for (const call of Object.values(selfService.calls))
      if ('public' in call.access && call.access.public)
        expect(isPublicCall(call.method, call.path), `${call.method} ${call.path}`).toBe(true);
  });
});

describe('the onboarding page', () => {
  it('shows the activation QR code of the link in the address, and the steps to load it', async () => {
    const link = 'vkey://onboarding/activate?server=https%3A%2F%2Fgw.test&code=7KQ2-M9XD-4TNB-QW8R';
    renderPublicPage(`/onboarding?link=${encodeURIComponent(link)}`);
    await findTitle('Activate the V-Key app');
    expect(screen.getByRole('img', { name: 'Activation QR code' })).toBeInTheDocument();
    expect(screen.getByText('7KQ2-M9XD-4TNB-QW8R')).toBeInTheDocument();
    const steps = within(main().getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Take a screenshot of the QR code.',
      'Open the V-Key app.',
      'Choose to scan a QR code.',
      'Load the screenshot from your photos: the app reads the code and activates.',
    ]);
    expect(main().getByRole('link', { name: 'Open in the V-Key app' })).toHaveAttribute('href', link);
  });

  it("makes this server's activation link of a code in the address", async () => {
    renderPublicPage('/onboarding?code=7kq2-m9xd-4tnb-qw8r');
    await findTitle('Activate the V-Key app');
    expect(main().getByRole('link', { name: 'Open in the V-Key app' })).toHaveAttribute(
      'href',
      'vkey://onboarding/activate?server=http%3A%2F%2Flocalhost%3A3000&code=7KQ2-M9XD-4TNB-QW8R',
    );
  });

  it('says where the code comes from when the address has none, and links the app guide', async () => {
    renderPublicPage('/onboarding?link=javascript%3Aalert(1)');
    await findTitle('Activate the V-Key app');
    expect(screen.getByText(/comes in the activation email your administrator sent you/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Activation QR code' })).not.toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Read the mobile app guide' })).toHaveAttribute(
      'href',
      '/docs/help/mobile-app',
    );
    expect(main().getByRole('link', { name: "Don't have V-Key app? Download here" })).toHaveAttribute(
      'href',
      '/docs/help/mobile-app',
    );
  });
});

describe('the scheme test page', () => {
  it('opens the vkey:// link the address names', async () => {
    renderPublicPage(`/scheme?link=${encodeURIComponent('vkey://onboarding/seamless-login?sessionId=s1')}`);
    await findTitle('Open the V-Key app');
    expect(main().getByRole('link', { name: 'Open the V-Key app' })).toHaveAttribute(
      'href',
      'vkey://onboarding/seamless-login?sessionId=s1',
    );
  });

  it('opens a harmless test link otherwise', async () => {
    renderPublicPage(`/scheme?link=${encodeURIComponent('https://evil.test')}`);
    await findTitle('Open the V-Key app');
    expect(main().getByRole('link', { name: 'Open the V-Key app' })).toHaveAttribute(
      'href',
      'vkey://onboarding/test',
    );
    expect(screen.getByText(/is not a V-Key app link/)).toBeInTheDocument();
  });
});
