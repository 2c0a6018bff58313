import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerPost, findTitle, main, renderPublicPage } from './renderPublic';

const VERIFY = '/account/verify-personal-email';

// Each test has its own token: a page load sends a token once, and the tests share one page load.
describe('the verification link of a recovery email', () => {
  it('verifies once as the page opens, then leads to My Account and to sign in', async () => {
    const verify = answerPost(VERIFY, { status: 200, json: { recoveryEmail: 'ann@home.test' } });
    renderPublicPage('/verify-personal-email/jwt-1');
    await findTitle('Recovery email');
    expect(await screen.findByText('Your recovery email is verified')).toBeInTheDocument();
    expect(screen.getByText(/^ann@home\.test is now your recovery email/)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account/profile');
    expect(main().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(verify.bodies).toEqual([{ token: 'jwt-1' }]);
  });

  it("says the server's refusal", async () => {
    answerPost(VERIFY, {
      status: 410,
      messageKey: 'error.recoveryEmail.expired',
      message: 'expired',
    });
    renderPublicPage('/verify-personal-email/jwt-2');
    expect(
      await screen.findByText(
        'This verification link has expired. Set your recovery email again in My Account to get a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The recovery email could not be verified')).toBeInTheDocument();
  });
});
