import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import * as rules from '../../../src/access/canAccess';
import { accessCheckHash, createQueryClient, followSession } from '../../../src/queryClient';
import customer from '../../../src/resources/customer';
import { createSessionStore, memoryStorage, SCOPE } from '../../../src/session';
import { renderAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';

// The portal's rules, watched: the authProvider loads them with a dynamic import, which this mock answers.
vi.mock('../../../src/access/canAccess', async (original) => {
  const actual = await original<typeof rules>();
  return { ...actual, canAccess: vi.fn(actual.canAccess) };
});

const ROWS = 60;
const customers = Array.from({ length: ROWS }, (_, index) => ({
  id: `c${index}`,
  companyName: `Company ${index}`,
  contactEmail: `it@company${index}.test`,
  contactPhone: '',
  status: index % 2 ? 'ACTIVE' : 'INACTIVE',
  logo: null,
  createdDate: '2024-03-05T10:00:00.000Z',
}));

const checksOf = (action: string) =>
  vi.mocked(rules.canAccess).mock.calls.filter(([, request]) => request.action === action).length;

describe("a list's row buttons", () => {
  it('ask each access check once for the whole page, and every row shows its buttons', async () => {
    vi.mocked(rules.canAccess).mockClear();
    server.use(
      http.post(`${API}/customer/search`, () =>
        HttpResponse.json({ contents: customers, totalElements: ROWS }),
      ),
    );
    renderAdmin({
      path: `/customer?perPage=${ROWS}`,
      permissions: ['customer:view', 'customer:modify'],
      children: resourcesOf(customer),
    });
    const last = (await screen.findByText(`Company ${ROWS - 1}`)).closest('tr') as HTMLElement;
    expect(within(last).getByRole('link', { name: 'Edit' })).toBeVisible();
    expect(within(last).getByRole('button', { name: 'Deactivate' })).toBeVisible();
    const rows = last.parentElement as HTMLElement;
    expect(within(rows).getAllByRole('link', { name: 'Edit' })).toHaveLength(ROWS);
    expect(within(rows).getAllByRole('button', { name: /^(Activate|Deactivate)$/ })).toHaveLength(ROWS);
    // Asked once for the resource, not once a row (60 rows asked 60 times each before).
    expect(checksOf('edit')).toBe(1);
    expect(checksOf('modify')).toBe(1);
  });

  it("share their resource's answer: the key of a check leaves its record out, and nothing else", () => {
    const check = (recordId?: string) => [
      'auth',
      'canAccess',
      { action: 'edit', resource: 'customer', recordId },
    ];
    expect(accessCheckHash(check('c1'))).toBe(accessCheckHash(check('c2')));
    expect(accessCheckHash(check('c1'))).toBe(accessCheckHash(check()));
    expect(
      accessCheckHash(['auth', 'canAccess', { action: 'edit', resource: 'user', recordId: 'c1' }]),
    ).not.toBe(accessCheckHash(check('c1')));
    expect(accessCheckHash(['customer', 'getOne', { id: 'c1' }])).not.toBe(
      accessCheckHash(['customer', 'getOne', { id: 'c2' }]),
    );
  });

  it("are asked again when the session's scope changes, also in another tab", () => {
    const store = createSessionStore(memoryStorage());
    store.set({ token: 'tok', expiresAt: Date.now() + 60_000, currentScope: SCOPE.PROVIDER });
    const client = createQueryClient();
    const stop = followSession(client, store);
    const key = ['auth', 'canAccess', { action: 'list', resource: 'customer' }];
    client.setQueryData(key, true);
    store.update({ token: 'tok2' });
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    store.update({ currentScope: SCOPE.CUSTOMER, customerId: 'c1' });
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    stop();
  });
});
