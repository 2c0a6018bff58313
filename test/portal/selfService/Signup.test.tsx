import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../src/session';
import { signIn } from '../harness';
import { onAPhone } from '../phone';
import { answerPost, field, findTitle, main, renderPublicPage } from './renderPublic';

const SIGNUP = '/customer/signup';

const filled = {
  Email: 'ann@acme.test',
  Password: 'Secret123',
  'Confirm password': 'Secret123',
  'First name': 'Ann',
  'Last name': 'Lee',
  'Company name': 'Acme',
  'Company phone': '+84 90 123 45 67',
};

const openSignup = async (entry = '/signup') => {
  const page = renderPublicPage(entry);
  await findTitle('Create your account');
  const fill = async (values: Partial<typeof filled> = filled) => {
    for (const [label, value] of Object.entries(values)) await page.user.type(field(label), value);
    await page.user.click(screen.getByRole('checkbox', { name: /I agree to the terms of use/ }));
  };
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return { ...page, fill, submit };
};

describe('the sign-up page', () => {
  it('shows no error until a field is touched, then the first rule it breaks', async () => {
    const { user } = await openSignup();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
    await user.click(field('Email'));
    await user.tab();
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Password is required.')).not.toBeInTheDocument();
    await user.type(field('Email'), 'ann@');
    expect(await screen.findByText('The email address is invalid.')).toBeInTheDocument();

    await user.type(field('Password'), 'secret');
    await user.tab();
    expect(
      await screen.findByText(
        'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
      ),
    ).toBeInTheDocument();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Secret123');
    await user.type(field('Confirm password'), 'Secret124');
    await user.tab();
    expect(await screen.findByText('Password and confirm password do not match.')).toBeInTheDocument();
    expect(field('Confirm password')).toHaveAccessibleDescription(
      'Password and confirm password do not match.',
    );
  });

  it('says every required field, and the agreement, on a submit of the empty form, and sends nothing', async () => {
    const signup = answerPost(SIGNUP, { status: 201, json: { email: 'x' } });
    const { submit } = await openSignup();
    await submit();
    for (const text of [
      'Email is required.',
      'Password is required.',
      'Confirm password is required.',
      'First name is required.',
      'Last name is required.',
      'Company name is required.',
      'Company phone is required.',
      'Please agree to the terms of use and the privacy policy.',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(field('Email')).toHaveFocus();
    expect(signup.bodies).toEqual([]);
  });

  it('links the agreement to the terms of use and the privacy policy', async () => {
    await openSignup();
    const agreement = screen.getByText(/I agree to the/);
    expect(within(agreement).getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      '/docs/legal/terms-of-use',
    );
    expect(within(agreement).getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/docs/legal/privacy-policy',
    );
  });

  it('sends the form with the plan chosen, then says to check the mailbox', async () => {
    const signup = answerPost(SIGNUP, { status: 201, json: { email: 'ann@acme.test' } });
    const { fill, submit, at } = await openSignup('/signup?tierId=pro');
    expect(screen.getByText(/The plan you chose is kept/)).toBeInTheDocument();
    await fill({ ...filled, Email: '  ann@acme.test ' });
    await submit();
    expect(await findTitle('Check your mailbox')).toBeInTheDocument();
    expect(at()).toBe('/signup/completed');
    expect(signup.bodies).toEqual([
      {
        email: 'ann@acme.test',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        firstName: 'Ann',
        lastName: 'Lee',
        companyName: 'Acme',
        companyPhone: '+84 90 123 45 67',
        agreement: true,
        tierId: 'pro',
      },
    ]);
    expect(screen.getByText(/We have sent an activation link to ann@acme\.test\./)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(main().getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact-us');
  });

  it('sends the plan the session keeps from a choice made signed out', async () => {
    sessionStore.set({ token: '', expiresAt: 0, buying: { isBuying: true, tierId: 'enterprise' } });
    const signup = answerPost(SIGNUP, { status: 201, json: { email: 'ann@acme.test' } });
    const { fill, submit } = await openSignup();
    await fill();
    await submit();
    await findTitle('Check your mailbox');
    expect(signup.bodies).toEqual([expect.objectContaining({ tierId: 'enterprise' })]);
  });

  it('sends no plan when none was chosen', async () => {
    const signup = answerPost(SIGNUP, { status: 201, json: { email: 'ann@acme.test' } });
    const { fill, submit } = await openSignup();
    await fill();
    await submit();
    await findTitle('Check your mailbox');
    expect(signup.bodies[0]).not.toHaveProperty('tierId');
  });

  it("says the server's 'Email already existed' under the email, and keeps the form", async () => {
    answerPost(SIGNUP, { status: 409, messageKey: 'error.email.existed', message: 'Email already existed' });
    const { fill, submit, user } = await openSignup();
    await fill();
    await submit();
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Email already existed'));
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveFocus();
    expect(field('Company name')).toHaveValue('Acme');
    // Changing the address takes the refusal away.
    await user.type(field('Email'), 'x');
    expect(screen.queryByText('Email already existed')).not.toBeInTheDocument();
  });

  it("says the server's refusal of the password under the password", async () => {
    answerPost(SIGNUP, {
      status: 400,
      messageKey: 'error.password.common',
      message: 'common',
      params: { field: 'password' },
    });
    const { fill, submit } = await openSignup();
    await fill();
    await submit();
    await waitFor(() =>
      expect(field('Password')).toHaveAccessibleDescription(
        'This password is one of the most common passwords. Choose one that is harder to guess.',
      ),
    );
  });

  it('says how long to wait when there were too many sign-ups', async () => {
    answerPost(SIGNUP, {
      status: 429,
      messageKey: 'error.signup.tooMany',
      message: 'Too many',
      params: { smart_count: 42 },
    });
    const { fill, submit } = await openSignup();
    await fill();
    await submit();
    expect(
      await screen.findByText(
        'Too many requests of this kind from your network or for this email. Try again in 42 seconds.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('stays open to a signed-in visitor', async () => {
    signIn();
    const { at } = await openSignup();
    expect(at()).toBe('/signup');
  });
});

describe('the sign-up page on a phone', () => {
  onAPhone();

  it('draws the whole form', async () => {
    await openSignup();
    expect(field('Company phone')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });
});
