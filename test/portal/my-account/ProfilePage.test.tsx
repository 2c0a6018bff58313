import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../../../src/pages/my-account/ProfilePage';
import { sessionStore } from '../../../src/session';
import { customerAdmin, fill, input, refill, renderAdmin, save, sessionUser } from '../harness';
import { API, server } from '../msw';
import { stubConfirm, UNSAVED } from '../unsavedChanges';
import { profileRecord, serveProfile } from './fixtures';

const PHONE_RULE =
  'Enter a phone number in international format: + and the country code, then the number (+84 90 123 45 67).';

const renderProfile = () =>
  renderAdmin({
    path: '/my-account/profile',
    permissions: [],
    session: { ...customerAdmin, user: sessionUser({ customerId: 'c1', mobilePhone: '+84 90 123 45 67' }) },
    children: (
      <CustomRoutes>
        <Route path="/my-account/profile" element={<ProfilePage />} />
        <Route path="/my-account/security" element={<p>security page</p>} />
      </CustomRoutes>
    ),
  });

/** A text field by its exact name (some labels hold others: Email, Recovery email). */
const textbox = (name: string) => screen.getByRole('textbox', { name });

/** The profile form, once it has loaded. */
const loaded = async () => {
  await waitFor(() => expect(input('First name')).toHaveValue('Ann'));
};

describe('My Account → Profile', () => {
  it("loads the account's own profile under My Account's tabs, its email shown but not editable", async () => {
    serveProfile(profileRecord({ otherInfo: 'Night shift\nBuilding B' }));
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    await loaded();
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toHaveAttribute(
      'href',
      '/my-account/profile',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'My Account' }))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Profile', 'Change Password', 'Security', 'Orders']);
    expect(textbox('Email')).toHaveValue('ann@provider.test');
    expect(textbox('Email')).toHaveAttribute('readonly');
    expect(input('Last name')).toHaveValue('Lee');
    expect(input('Mobile phone')).toHaveValue('+84 90 123 45 67');
    expect(textbox('Organization')).toHaveValue('Acme Corp');
    expect(screen.getByRole('textbox', { name: 'Other info' })).toHaveValue('Night shift\nBuilding B');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('refuses an empty name and mobile phone, and a phone not in international format, sending nothing', async () => {
    const { sent } = serveProfile();
    const { user } = renderProfile();
    await loaded();
    await user.clear(input('First name'));
    await user.clear(input('Mobile phone'));
    await save(user);
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Mobile phone is required.')).toBeInTheDocument();
    // Once a save was tried, each field is checked as it is typed in.
    await fill(user, input('First name'), 'Grace');
    await fill(user, input('Mobile phone'), '0901234567');
    await waitFor(() => expect(input('Mobile phone')).toHaveAccessibleDescription(PHONE_RULE));
    await fill(user, textbox('Contact number'), 'ext. 42');
    await waitFor(() => expect(textbox('Contact number')).toHaveAccessibleDescription(PHONE_RULE));
    expect(screen.queryByText('First name is required.')).not.toBeInTheDocument();
    await save(user);
    expect(sent).toEqual([]);
  });

  it('sends the name, the phone and the fields changed, says so, and the session takes the new name', async () => {
    const { sent } = serveProfile(profileRecord({ address: '1 Main St' }));
    const { user } = renderProfile();
    await loaded();
    await refill(user, input('First name'), 'Grace');
    await refill(user, textbox('Organization'), 'Globex');
    await user.clear(textbox('Address'));
    await fill(user, textbox('Contact number'), '+1 202 555 0143');
    await fill(user, screen.getByRole('textbox', { name: 'Other info' }), 'Night shift');
    await save(user);
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        firstName: 'Grace',
        lastName: 'Lee',
        mobilePhone: '+84 90 123 45 67',
        organization: 'Globex',
        address: null,
        contactNumber: '+1 202 555 0143',
        otherInfo: 'Night shift',
      },
    ]);
    expect(sessionStore.get()?.user).toMatchObject({ firstName: 'Grace', lastName: 'Lee' });
    // What was saved is the form's new start: nothing is left unsaved.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(input('First name')).toHaveValue('Grace');
  });

  it("says the server's refusal of the recovery email under it, and keeps the values", async () => {
    serveProfile();
    const text = 'The recovery email must be another address than the one you sign in with.';
    server.use(
      http.put(`${API}/account/profile`, () =>
        HttpResponse.json({ messageKey: 'error.recoveryEmail.sameAsEmail', message: text }, { status: 400 }),
      ),
    );
    const { user } = renderProfile();
    await loaded();
    await fill(user, textbox('Recovery email'), 'ann+home@provider.test');
    expect(
      screen.getByText('When you save, we send a verification link to this address.'),
    ).toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(textbox('Recovery email')).toHaveAccessibleDescription(text));
    expect(textbox('Recovery email')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Recovery email')).toHaveValue('ann+home@provider.test');
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.queryByText('Your profile has been saved.')).not.toBeInTheDocument();
  });

  it('refuses, before sending it, a recovery email that is the sign-in email', async () => {
    const { sent } = serveProfile();
    const { user } = renderProfile();
    await loaded();
    await fill(user, textbox('Recovery email'), 'Ann@Provider.test');
    await save(user);
    await waitFor(() =>
      expect(textbox('Recovery email')).toHaveAccessibleDescription(
        'The recovery email must be another address than the one you sign in with.',
      ),
    );
    expect(sent).toEqual([]);
  });

  it('says a verified recovery email is verified', async () => {
    serveProfile(profileRecord({ recoveryEmail: 'ann@home.test', recoveryEmailVerified: true }));
    renderProfile();
    await loaded();
    expect(textbox('Recovery email')).toHaveValue('ann@home.test');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for verification/)).not.toBeInTheDocument();
  });

  it('sends a new recovery email alone with the name, then says it waits for its verification', async () => {
    const { sent } = serveProfile(
      profileRecord({ recoveryEmail: 'ann@home.test', recoveryEmailVerified: true }),
    );
    const { user } = renderProfile();
    await loaded();
    await refill(user, textbox('Recovery email'), 'ann@family.test');
    await save(user);
    expect(
      await screen.findByText('Waiting for verification: open the link we sent to ann@family.test.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        firstName: 'Ann',
        lastName: 'Lee',
        mobilePhone: '+84 90 123 45 67',
        recoveryEmail: 'ann@family.test',
      },
    ]);
  });

  it('asks before leaving for another tab with unsaved changes', async () => {
    serveProfile();
    const confirm = stubConfirm();
    const { user, pathname } = renderProfile();
    await loaded();
    await refill(user, textbox('Organization'), 'Globex');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED));
    expect(pathname()).toBe('/my-account/profile');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(await screen.findByText('security page')).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/account/profile`, () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json(profileRecord()),
      ),
    );
    const { user } = renderProfile();
    expect(await screen.findByText(/Your profile could not be loaded\./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
  });
});
