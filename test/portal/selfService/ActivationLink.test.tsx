import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../src/session';
import { signIn } from '../harness';
import { answerPost, findTitle, main, renderPublicPage } from './renderPublic';

const ACTIVATE = '/customer/signup/activate';

// Each test has its own token: a page load sends a token once, and the tests share one page load.
describe('the activation link of a sign-up', () => {
  it('activates once as the page opens, then leads to sign in', async () => {
    const activate = answerPost(ACTIVATE, { status: 200, json: { email: 'ann@acme.test', tierId: null } });
    renderPublicPage('/signup-activate/tok-1');
    await findTitle('Account activation');
    expect(await screen.findByText('Your account is active')).toBeInTheDocument();
    expect(screen.getByText('Sign in with ann@acme.test and the password you chose.')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    // StrictMode ran the page's effects twice: the single-use token went once.
    expect(activate.bodies).toEqual([{ token: 'tok-1' }]);
    expect(sessionStore.get()).toBeNull();
  });

  it('keeps the plan chosen at sign-up for the sign-in, which continues with it', async () => {
    answerPost(ACTIVATE, { status: 200, json: { email: 'ann@acme.test', tierId: 'pro' } });
    renderPublicPage('/signup-activate/tok-2');
    expect(await screen.findByText('Your account is active')).toBeInTheDocument();
    expect(
      screen.getByText('Once you are signed in, you continue with the plan you chose.'),
    ).toBeInTheDocument();
    expect(sessionStore.get()?.buying).toEqual({ isBuying: true, tierId: 'pro' });
  });

  it('leaves the session of a signed-in visitor as it is', async () => {
    signIn();
    answerPost(ACTIVATE, { status: 200, json: { email: 'ann@acme.test', tierId: 'pro' } });
    const { at } = renderPublicPage('/signup-activate/tok-3');
    expect(await screen.findByText('Your account is active')).toBeInTheDocument();
    expect(sessionStore.get()?.token).toBe('tok');
    expect(sessionStore.get()?.buying).toBeUndefined();
    expect(at()).toBe('/signup-activate/tok-3');
  });

  it.each([
    [
      404,
      'error.signupActivation.invalid',
      'This activation link is invalid. Please contact your administrator.',
    ],
    [
      410,
      'error.signupActivation.expired',
      'This activation link has expired. Please contact your administrator.',
    ],
    [
      409,
      'error.signupActivation.processed',
      'This activation request has already been processed. Please contact your administrator.',
    ],
  ])('says the refusal %i (%s) in its own words, once', async (status, messageKey, text) => {
    const activate = answerPost(ACTIVATE, { status, messageKey, message: 'refused' });
    renderPublicPage(`/signup-activate/refused-${status}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('The account could not be activated')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    expect(main().getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    // A link the server judged is not sent again.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(activate.bodies).toHaveLength(1);
  });

  it('sends the link again when the server could not answer', async () => {
    answerPost(ACTIVATE, { status: 500, messageKey: 'error.default.internal.server.error', message: 'boom' });
    const { user } = renderPublicPage('/signup-activate/tok-5');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const activate = answerPost(ACTIVATE, { status: 200, json: { email: 'ann@acme.test', tierId: null } });
    await user.click(retry);
    expect(await screen.findByText('Your account is active')).toBeInTheDocument();
    expect(activate.bodies).toEqual([{ token: 'tok-5' }]);
  });
});
