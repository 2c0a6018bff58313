import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill, save } from '../harness';
import { server } from '../msw';
import { stubConfirm } from '../unsavedChanges';
import { BRAND, renderAt, TH } from './fixtures';

describe('a new theme', () => {
  it("sends the name for the session's customer (the server gives the default definition), then opens the editor", async () => {
    const created = { ...BRAND, id: 'th9', name: 'Summer' };
    const bodies: unknown[] = [];
    const { user, pathname } = renderAt('/theme/create', { themes: [BRAND, created] });
    server.use(
      http.post(`${TH}/create`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 'th9' }, { status: 201 });
      }),
    );
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await fill(user, name, ' Summer ');
    await save(user);
    await waitFor(() => expect(bodies).toEqual([{ customerId: 'c1', name: 'Summer' }]));
    await waitFor(() => expect(pathname()).toBe('/theme/th9'));
    expect(await screen.findByRole('tab', { name: 'Common' })).toBeInTheDocument();
  });

  it('asks for a name', async () => {
    const { user } = renderAt('/theme/create');
    // Said to the customer's administrator: the name is hidden from those who sign in, not from him.
    expect(
      await screen.findByText(
        /^At most \d+ characters\. Users signing in do not see it: it tells your themes apart\.$/,
      ),
    ).toBeInTheDocument();
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), ' ');
    await save(user);
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
  });
});

describe('leaving the editor', () => {
  it('asks before leaving unsaved changes, and not once they are saved', async () => {
    const confirm = stubConfirm();
    const { user, pathname } = renderAt('/theme/th1');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await fill(user, name, ' 2');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(pathname()).toBe('/theme/th1');
    await save(user);
    expect(await screen.findByText('Theme saved')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveValue('Acme brand 2'));
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(pathname()).toBe('/theme'));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
