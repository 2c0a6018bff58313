import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from './msw';
import { onAPhone } from './phone';

export interface ListScenarios {
  /** Renders the list's page: with the fixtures' rows, or with none (`empty`). */
  render: (options: { empty?: boolean }) => { user: UserEvent; pathname: () => string | undefined };
  /** The list's call (its method and its path after the API's), to make it fail. */
  call: { method: 'get' | 'post'; path: string };
  /** A text of a row, shown once the rows are in. */
  row: string;
  /** The empty list: its heading, and the button or link of its next step with where it leads. */
  empty: { title: string; next?: { name: string; role?: 'link' | 'button'; to?: string } };
  /** A row on a phone: the texts of its lines (the table is not drawn). */
  phone?: readonly string[];
}

const REFERENCE =
  'The server encountered an internal error and was unable to complete your request. If it happens again, give your administrator this reference: req-42';

/**
 * What every list does (kit/ResourceList.tsx), for one list: its rows; in place of the rows, that the list
 * failed, with the server error's reference (which the notification says too), and Try again; the next step
 * when there is no record yet; and on a phone, its rows as a simple list.
 */
export const describeListStates = (name: string, list: ListScenarios) =>
  describe(`${name}: the list's states`, () => {
    it('shows the rows', async () => {
      list.render({});
      expect(await screen.findByText(list.row)).toBeInTheDocument();
      expect(screen.getByRole('table')).toBeInTheDocument();
    });

    it("says in place of the rows that the list failed, with the server error's reference, and asks again", async () => {
      let fail = true;
      const { user } = list.render({});
      // After the fixtures' handlers, so that it answers first; the list asks once it has rendered.
      server.use(
        http[list.call.method](`${API}${list.call.path}`, () =>
          fail
            ? HttpResponse.json(
                { messageKey: 'error.default.internal.server.error', requestId: 'req-42' },
                { status: 500 },
              )
            : undefined,
        ),
      );
      const failed = await screen.findByRole('alert');
      expect(within(failed).getByText('This list could not be loaded.')).toBeInTheDocument();
      expect(within(failed).getByText(REFERENCE)).toBeInTheDocument();
      // The notification says it too (and goes); the list keeps it.
      await waitFor(() => expect(screen.getAllByText(REFERENCE)).toHaveLength(2));
      expect(screen.queryByText(list.empty.title)).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
      fail = false;
      await user.click(within(failed).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText(list.row)).toBeInTheDocument();
      expect(screen.queryByText('This list could not be loaded.')).toBeNull();
    });

    it('offers the next step when there is no record yet', async () => {
      const { user, pathname } = list.render({ empty: true });
      expect(await screen.findByText(list.empty.title)).toBeInTheDocument();
      const next = list.empty.next;
      if (!next) return;
      const step = screen.getByRole(next.role ?? 'link', { name: next.name });
      if (!next.to) return;
      await user.click(step);
      await waitFor(() => expect(pathname()).toBe(next.to));
    });

    const phone = list.phone;
    if (phone)
      describe('on a phone', () => {
        onAPhone();
        it('lists the rows simply, without the table', async () => {
          list.render({});
          expect(await screen.findByText(phone[0])).toBeInTheDocument();
          expect(screen.queryByRole('table')).toBeNull();
          for (const text of phone.slice(1)) expect(screen.getByText(text)).toBeInTheDocument();
        });
      });
  });
