import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactNode } from 'react';
import { Admin, TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import { afterEach, expect, vi } from 'vitest';
import { createAuthProvider } from '../../../src/authProvider';
import { createDataProvider } from '../../../src/dataProviders';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { en } from '../../../src/i18n/en';
import { account } from '../../../src/i18n/en/resources/account';
import { customer } from '../../../src/i18n/en/resources/customer';
import { role } from '../../../src/i18n/en/resources/role';
import { SCOPE, type Session, sessionStore } from '../../../src/session';
import { API, server } from '../msw';

/**
 * The provider-administration screens in a small <Admin>: the real dataProvider and authProvider, MSW at
 * the HTTP edge, the signed-in session and its permissions given by the test.
 * (Shared by the customer, account and role tests; a candidate for test/portal/ once the catalogue is wired.)
 */

// The resource catalogues, also while App's catalogue does not list them yet.
const messages = { ...en, resources: { ...en.resources, customer, account, role } };
const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: false,
});

export const operator: Partial<Session> = {
  customerId: null,
  originalScope: SCOPE.PROVIDER,
  currentScope: SCOPE.PROVIDER,
};

export interface SentRequest {
  method: string;
  /** Path and query, without the API prefix. */
  path: string;
  body: unknown;
}

// Whole screens render in these tests: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => server.events.removeAllListeners());

/** Every call the screens send, in order. */
export const recordRequests = () => {
  const sent: SentRequest[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    sent.push({
      method: request.method,
      path: `${url.pathname.replace('/api', '')}${url.search}`,
      body: text ? JSON.parse(text) : undefined,
    });
  });
  return sent;
};

/** Types a value the quick way: focus the field, paste the text (one change, as a paste makes). */
export const fill = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

/** Clicks Save once the form knows it has changed (react-admin disables it while the form is pristine). */
export const save = async (user: UserEvent) => {
  const button = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
};

/** The input labelled so (its label may end with the required mark). */
export const input = (label: string) => screen.getByLabelText(label, { selector: 'input', exact: false });

/** The table row showing this text. */
export const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** A button of the bulk actions toolbar (rows have buttons of the same name). */
export const bulkButton = (name: string) =>
  screen.getAllByRole('button', { name }).find((button) => !button.closest('tr')) as HTMLElement;

interface Arrange {
  path: string;
  permissions: string[];
  session?: Partial<Session>;
  children: ReactNode;
}

const Bare = ({ children }: { children: ReactNode }) => <>{children}</>;

export const renderAdmin = ({ path, permissions, session = operator, children }: Arrange) => {
  sessionStore.set({ token: 'tok', expiresAt: Date.now() + 60_000, ...session });
  server.use(http.get(`${API}/account/permission`, () => HttpResponse.json(permissions)));
  const source = { getSession: () => sessionStore.get() };
  const dataProvider = createDataProvider({ apiUrl: API, ...source });
  const authProvider = createAuthProvider({ http: createHttpClient(API, source), store: sessionStore });
  const at: { location?: Location } = {};
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => (at.location = location)}>
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={Bare}
        disableTelemetry
      >
        {children}
      </Admin>
    </TestMemoryRouter>,
  );
  return { user: userEvent.setup({ delay: null }), pathname: () => at.location?.pathname };
};
