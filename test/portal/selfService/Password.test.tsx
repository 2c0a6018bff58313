import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerPost, field, findTitle, main, renderPublicPage } from './renderPublic';

const FORGOT = '/account/forgot-password';
const RESET = '/account/reset-password';

const SENT =
  'If an account has this email, we have sent a link to it to reset the password. The link works once, within 60 minutes.';

describe('the forgot password page', () => {
  it('asks for a valid email before sending', async () => {
    const forgot = answerPost(FORGOT, { status: 202, json: { success: true } });
    const { user } = renderPublicPage('/forgot-password');
    await findTitle('Forgot password');
    await user.click(main().getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await user.type(field('Email'), 'ann');
    expect(await screen.findByText('The email address is invalid.')).toBeInTheDocument();
    expect(forgot.bodies).toEqual([]);
  });

  it('confirms in the same words whatever the address, never telling whether an account has it', async () => {
    const forgot = answerPost(FORGOT, { status: 202, json: { success: true } });
    const { user } = renderPublicPage('/forgot-password');
    await findTitle('Forgot password');
    await user.type(field('Email'), ' nobody@acme.test ');
    await user.click(main().getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByText('Check your mailbox')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(forgot.bodies).toEqual([{ email: 'nobody@acme.test', to: 'email' }]);
  });

  it('sends the link to the recovery email when the visitor can no longer read the mailbox', async () => {
    const forgot = answerPost(FORGOT, { status: 202, json: { success: true } });
    const { user } = renderPublicPage('/forgot-password');
    await findTitle('Forgot password');
    await user.type(field('Email'), 'ann@acme.test');
    await user.click(screen.getByRole('checkbox', { name: /send the link to my recovery email/ }));
    await user.click(main().getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText(
        /^If an account has this email and a verified recovery email, we have sent a link/,
      ),
    ).toBeInTheDocument();
    expect(forgot.bodies).toEqual([{ email: 'ann@acme.test', to: 'recoveryEmail' }]);
  });

  it('says how long to wait after too many requests', async () => {
    answerPost(FORGOT, {
      status: 429,
      messageKey: 'error.signup.tooMany',
      message: 'x',
      params: { smart_count: 1 },
    });
    const { user } = renderPublicPage('/forgot-password');
    await findTitle('Forgot password');
    await user.type(field('Email'), 'ann@acme.test');
    await user.click(main().getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText(
        'Too many requests of this kind from your network or for this email. Try again in 1 second.',
      ),
    ).toBeInTheDocument();
  });
});

const fillReset = async (
  user: ReturnType<typeof renderPublicPage>['user'],
  password: string,
  confirm: string,
) => {
  await user.type(field('New password'), password);
  await user.type(field('Confirm new password'), confirm);
  await user.click(main().getByRole('button', { name: 'Reset password' }));
};

describe('the reset password page', () => {
  it('asks for the same password twice', async () => {
    const reset = answerPost(RESET, { status: 200, json: { success: true } });
    const { user } = renderPublicPage('/account/reset-password?token=t1');
    await findTitle('Reset password');
    await fillReset(user, 'Secret123', 'Secret124');
    expect(await screen.findByText('Password and Confirm New Password does not match')).toBeInTheDocument();
    expect(field('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(reset.bodies).toEqual([]);
  });

  it('sets the new password, then leads to sign in', async () => {
    const reset = answerPost(RESET, { status: 200, json: { success: true } });
    const { user } = renderPublicPage('/account/reset-password?token=t2');
    await findTitle('Reset password');
    await fillReset(user, 'Secret123', 'Secret123');
    expect(await screen.findByText('Your password has been reset')).toBeInTheDocument();
    expect(screen.getByText(/The old one no longer works/)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(reset.bodies).toEqual([{ token: 't2', newPassword: 'Secret123', confirmPassword: 'Secret123' }]);
  });

  it("says the server's 'Invalid Reset Token' and leads to a new link", async () => {
    answerPost(RESET, {
      status: 400,
      messageKey: 'error.account.invalidResetToken',
      message: 'Invalid Reset Token',
    });
    const { user } = renderPublicPage('/account/reset-password?token=t3');
    await findTitle('Reset password');
    await fillReset(user, 'Secret123', 'Secret123');
    expect(await screen.findByText('Invalid Reset Token')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('says an expired link in the server’s words', async () => {
    answerPost(RESET, { status: 410, messageKey: 'error.resetToken.expired', message: 'expired' });
    const { user } = renderPublicPage('/account/reset-password?token=t4');
    await findTitle('Reset password');
    await fillReset(user, 'Secret123', 'Secret123');
    expect(
      await screen.findByText('This reset link has expired. Ask for a new one on the Forgot password page.'),
    ).toBeInTheDocument();
  });

  it("says the server's refusal of the new password under it, and keeps the form", async () => {
    answerPost(RESET, { status: 400, messageKey: 'error.password.common', message: 'common' });
    const { user } = renderPublicPage('/account/reset-password?token=t5');
    await findTitle('Reset password');
    await fillReset(user, 'Secret123', 'Secret123');
    await waitFor(() =>
      expect(field('New password')).toHaveAccessibleDescription(
        'This password is one of the most common passwords. Choose one that is harder to guess.',
      ),
    );
  });

  it('says a link without a token is invalid, without asking the server', async () => {
    const reset = answerPost(RESET, { status: 200, json: { success: true } });
    renderPublicPage('/account/reset-password');
    await findTitle('Reset password');
    expect(screen.getByText('Invalid Reset Token')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(reset.bodies).toEqual([]);
  });

  it('resets from the recovery email’s link, its token in the path', async () => {
    const reset = answerPost(RESET, { status: 200, json: { success: true } });
    const { user } = renderPublicPage('/reset-user-by-backup-email/jwt-9');
    await findTitle('Reset password');
    expect(screen.getByText(/You opened this link from your recovery email/)).toBeInTheDocument();
    await fillReset(user, 'Secret123', 'Secret123');
    expect(await screen.findByText('Your password has been reset')).toBeInTheDocument();
    expect(reset.bodies).toEqual([
      { token: 'jwt-9', newPassword: 'Secret123', confirmPassword: 'Secret123' },
    ]);
  });
});
