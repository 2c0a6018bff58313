import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/dataProviders';
import { i18nProvider } from '../../../src/i18n';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { ChangePasswordPage } from '../../../src/pages/change-password/ChangePasswordPage';
import { type SessionUser, sessionStore } from '../../../src/session';
import { refuseCall } from '../fakeServer';
import { sessionUser } from '../harness';
import { API, server } from '../msw';

const ME = sessionUser();

const renderPage = (entry = '/my-account/change-password', user: SessionUser = ME) => {
  sessionStore.set({ token: 'tok', expiresAt: Date.now() + 3_600_000, forceChangePassword: true, user });
  const dataProvider = createDataProvider({ apiUrl: API, getSession: () => sessionStore.get() });
  render(
    <TestMemoryRouter initialEntries={[entry]}>
      <RouterPageNav>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/my-account/change-password" element={<ChangePasswordPage />} />
            <Route path="/customer" element={<p>customers page</p>} />
            <Route path="/report" element={<p>dashboard page</p>} />
          </Routes>
          <Notification />
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return userEvent.setup();
};

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
/** A required profile field (its label ends with the required mark). */
const profileField = (label: string) => screen.getByLabelText(`${label} *`, { selector: 'input' });

describe('the change-password page', () => {
  it('explains a forced change and checks the password rules and the confirmation', async () => {
    const user = renderPage();
    expect(
      await screen.findByText('For your security, choose a new password before you continue.'),
    ).toBeInTheDocument();
    await user.type(field('New Password'), 'short');
    await user.tab();
    expect(
      await screen.findByText(
        'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
      ),
    ).toBeInTheDocument();
    await user.type(field('Confirm New Password'), 'different');
    await user.tab();
    expect(await screen.findByText('Password and Confirm New Password does not match')).toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong old password", async () => {
    refuseCall('post', `${API}/account/change-password`, {
      status: 400,
      messageKey: 'error.account.oldPasswordIncorrect',
      message: 'Old Password is Incorrect',
    });
    const user = renderPage();
    await user.type(await screen.findByLabelText('Old Password', { selector: 'input' }), 'Wrong123a');
    await user.type(field('New Password'), 'Brand1new');
    await user.type(field('Confirm New Password'), 'Brand1new');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Old Password is Incorrect')).toBeInTheDocument();
    expect(sessionStore.get()?.forceChangePassword).toBe(true);
  });

  it('sends the three passwords, then goes where the user was going', async () => {
    let sent: unknown;
    let authorization: string | null = null;
    server.use(
      http.post(`${API}/account/change-password`, async ({ request }) => {
        sent = await request.json();
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ success: true });
      }),
    );
    const user = renderPage('/my-account/change-password?next=%2Fcustomer');
    await user.type(await screen.findByLabelText('Old Password', { selector: 'input' }), 'Initial1x');
    await user.type(field('New Password'), 'Brand1new');
    await user.type(field('Confirm New Password'), 'Brand1new');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('customers page')).toBeInTheDocument();
    expect(sent).toEqual({
      oldPassword: 'Initial1x',
      newPassword: 'Brand1new',
      confirmPassword: 'Brand1new',
    });
    expect(authorization).toBe('Bearer tok');
    expect(sessionStore.get()?.forceChangePassword).toBe(false);
  });

  it('asks an account without a mobile phone for its profile, saves it, then changes the password', async () => {
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.put(`${API}/account/profile`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        calls.push({ path: '/account/profile', body });
        return HttpResponse.json({ ...ME, ...body, firstName: body.firstName });
      }),
      http.post(`${API}/account/change-password`, async ({ request }) => {
        calls.push({ path: '/account/change-password', body: await request.json() });
        return HttpResponse.json({ success: true });
      }),
    );
    const user = renderPage(undefined, { ...ME, firstName: '', mobilePhone: '' });
    expect(await screen.findByText('Your name and mobile phone complete your account.')).toBeInTheDocument();
    expect(profileField('Last name')).toHaveValue('Lee');
    await user.type(field('Old Password'), 'Initial1x');
    await user.type(field('New Password'), 'Brand1new');
    await user.type(field('Confirm New Password'), 'Brand1new');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(profileField('First name'), 'Grace');
    await user.type(profileField('Mobile phone'), '+1 202 555 0100');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    // Nowhere to go back to: the dashboard, where every sign-in lands.
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: '/account/profile',
        body: { firstName: 'Grace', lastName: 'Lee', mobilePhone: '+1 202 555 0100' },
      },
      {
        path: '/account/change-password',
        body: { oldPassword: 'Initial1x', newPassword: 'Brand1new', confirmPassword: 'Brand1new' },
      },
    ]);
    expect(sessionStore.get()?.user).toMatchObject({ firstName: 'Grace', mobilePhone: '+1 202 555 0100' });
  });

  it.each([
    ['of 129 characters', `Aa1-${'x'.repeat(125)}`, 'Password must be at most 128 characters.'],
    [
      'holding the email before the @ (ann)',
      'Joanna-Lee-9',
      'Password must not contain the part of the email address before the @.',
    ],
  ])(
    'says under the field that a new password %s is refused, before sending it',
    async (_, password, text) => {
      const user = renderPage();
      await user.type(await screen.findByLabelText('Old Password', { selector: 'input' }), 'Initial1x');
      await user.click(field('New Password'));
      await user.paste(password);
      await user.tab();
      await waitFor(() => expect(field('New Password')).toHaveAccessibleDescription(text));
    },
  );

  it.each([
    [
      'a common password',
      'error.password.common',
      {},
      'This password is one of the most common passwords. Choose one that is harder to guess.',
    ],
    [
      'one of the last 5',
      'error.password.reused',
      { count: 5 },
      'The new password must be different from your last 5 passwords.',
    ],
  ])("says the server's refusal of %s under the new password", async (_, messageKey, params, text) => {
    server.use(
      http.post(`${API}/account/change-password`, () =>
        HttpResponse.json(
          { messageKey, message: text, params: { field: 'newPassword', ...params } },
          { status: 400 },
        ),
      ),
    );
    const user = renderPage();
    await user.type(await screen.findByLabelText('Old Password', { selector: 'input' }), 'Initial1x');
    await user.type(field('New Password'), 'Brand1new');
    await user.type(field('Confirm New Password'), 'Brand1new');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(field('New Password')).toHaveAccessibleDescription(text));
    expect(sessionStore.get()?.forceChangePassword).toBe(true);
  });

  it.each([
    ['with a complete profile', ME],
    ['after saving the profile it asked for', { ...ME, mobilePhone: '' }],
  ])(
    'says under New Password that it equals the old one %s, keeping the old password and no toast',
    async (_, account) => {
      const text = 'The new password must be different from the old password.';
      server.use(
        http.put(`${API}/account/profile`, async ({ request }) =>
          HttpResponse.json({ ...ME, ...((await request.json()) as object) }),
        ),
        http.post(`${API}/account/change-password`, () =>
          HttpResponse.json(
            { messageKey: 'error.password.sameAsOld', message: text, params: { field: 'newPassword' } },
            { status: 400 },
          ),
        ),
      );
      const user = renderPage(undefined, account);
      await user.type(await screen.findByLabelText('Old Password', { selector: 'input' }), 'Brand1new');
      if (!account.mobilePhone) await user.type(profileField('Mobile phone'), '+1 202 555 0100');
      await user.type(field('New Password'), 'Brand1new');
      await user.type(field('Confirm New Password'), 'Brand1new');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
      await waitFor(() => expect(field('New Password')).toHaveAccessibleDescription(text));
      expect(field('New Password')).toHaveAttribute('aria-invalid', 'true');
      expect(field('Old Password')).toHaveValue('Brand1new');
      expect(field('New Password')).toHaveValue('Brand1new');
      expect(field('Confirm New Password')).toHaveValue('Brand1new');
      expect(screen.getAllByText(text)).toHaveLength(1);
      expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
    },
  );

  it('says under the field that a mobile phone is not one, and sends nothing', async () => {
    const calls: string[] = [];
    server.use(
      http.put(`${API}/account/profile`, () => {
        calls.push('profile');
        return HttpResponse.json(ME);
      }),
    );
    const user = renderPage(undefined, { ...ME, mobilePhone: '' });
    await user.type(await screen.findByLabelText('Old Password', { selector: 'input' }), 'Initial1x');
    await user.type(profileField('Mobile phone'), '<b>0901234567</b>');
    await user.type(field('New Password'), 'Brand1new');
    await user.type(field('Confirm New Password'), 'Brand1new');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() =>
      expect(profileField('Mobile phone')).toHaveAccessibleDescription(
        'Enter a phone number in international format: + and the country code, then the number (+84 90 123 45 67).',
      ),
    );
    expect(calls).toEqual([]);
  });

  it('does not ask an account with a complete profile for it', async () => {
    renderPage();
    await screen.findByLabelText('Old Password', { selector: 'input' });
    expect(
      screen.queryByLabelText('Mobile phone', { selector: 'input', exact: false }),
    ).not.toBeInTheDocument();
  });
});
