import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UserPicker } from '../../../src/components/UserPicker';
import { recordRequests, renderForCustomerAdmin } from '../harness';
import { API, server } from '../msw';

/** The dual-list user picker: the newest users, shown by name, and a hint while none is selected. */
describe('the user picker', () => {
  const user = (id: string, displayName: string) => ({
    id,
    username: id,
    displayName,
    email: `${id}@acme.test`,
  });

  it('reads the newest users and lists them by name, numbers in their order', async () => {
    server.use(
      http.get(`${API}/user-management/users/c1/search`, () =>
        HttpResponse.json({
          content: [user('u1', 'User 10'), user('u2', 'zoe'), user('u3', 'User 2'), user('u4', 'Amy')],
          totalElements: 4,
        }),
      ),
    );
    const sent = recordRequests();
    const { user: actor } = renderForCustomerAdmin(
      '/pick',
      ['user-management:view'],
      <>
        <Resource name="users" />
        <CustomRoutes>
          <Route
            path="/pick"
            element={
              <UserPicker
                title="portal.userPicker.selected"
                onSelect={() => undefined}
                onClose={() => undefined}
              />
            }
          />
        </CustomRoutes>
      </>,
    );
    const available = await screen.findByRole('list', { name: 'Users' });
    await within(available).findByRole('checkbox', { name: /zoe/ });
    // Each row's name (its second line is the email or username).
    const names = () =>
      within(available)
        .getAllByRole('checkbox')
        .map((box) => box.querySelector('.MuiListItemText-primary')?.textContent);
    expect(names()).toEqual(['Amy', 'User 2', 'User 10', 'zoe']);
    expect(sent.some((request) => /sort=createdDate&order=DESC/.test(request.path))).toBe(true);

    const chosen = screen.getByRole('list', { name: 'Selected' });
    expect(within(chosen).getByText('None yet: click users in the list to select them.')).toBeInTheDocument();
    await actor.click(within(available).getByRole('checkbox', { name: /User 10/ }));
    expect(within(chosen).queryByText(/None yet/)).not.toBeInTheDocument();
    expect(names()).toEqual(['Amy', 'User 2', 'zoe']);
  });
});
