import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { Admin, memoryStore, type RaThemeOptions, TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import { afterEach, expect, onTestFinished, vi } from 'vitest';
import { createAuthProvider } from '../../src/authProvider';
import { createDataProvider } from '../../src/dataProviders';
import { createHttpClient } from '../../src/dataProviders/transport';
import { i18nProvider } from '../../src/i18n';
import { resourceElement } from '../../src/kit/FeatureResources';
import type { PortalFeature } from '../../src/kit/feature';
import { RouterPageNav } from '../../src/layout/RouterPageNav';
import { SecondFactorStepContext, SessionKeeper } from '../../src/layout/SessionKeeper';
import { SecondFactorStep } from '../../src/pages/login/secondFactor/SecondFactorStep';
import { createQueryClient } from '../../src/queryClient';
import { SCOPE, type Session, type SessionUser, sessionStore } from '../../src/session';
import { sessionGate } from '../../src/sessionGate';
import { lightTheme } from '../../src/theme';
import { API, server } from './msw';

/**
 * The harness of the resource tests: a resource's screens in a small <Admin> with the portal's real
 * dataProvider, authProvider, query cache and catalogue (strict about missing keys), MSW at the HTTP edge,
 * the session and the permissions given by the test, a bare layout (no app bar or menu), and no retries.
 * A new resource's tests start from here.
 */

afterEach(() => server.events.removeAllListeners());

/** A provider operator in the provider scope. */
export const operator: Partial<Session> = {
  customerId: null,
  originalScope: SCOPE.PROVIDER,
  currentScope: SCOPE.PROVIDER,
};

/** A provider operator who entered the customer c1 (Acme Corp). */
export const operatorInside: Partial<Session> = {
  customerId: 'c1',
  customerName: 'Acme Corp',
  originalScope: SCOPE.PROVIDER,
  currentScope: SCOPE.CUSTOMER,
};

/** An administrator of the customer c1. */
export const customerAdmin: Partial<Session> = {
  customerId: 'c1',
  originalScope: SCOPE.CUSTOMER,
  currentScope: SCOPE.CUSTOMER,
};

/** The signed-in account as the session keeps it (Ann Lee, a1, no roles), with the fields given. */
export const sessionUser = (fields: Partial<SessionUser> = {}): SessionUser => ({
  id: 'a1',
  username: 'ann@provider.test',
  email: 'ann@provider.test',
  firstName: 'Ann',
  lastName: 'Lee',
  mobilePhone: '+84 90 111',
  roleIds: [],
  roles: [],
  status: 'ACTIVE',
  isCustomerRoot: false,
  customerId: null,
  customerName: null,
  ...fields,
});

/** Stores a live session (token 'tok', a minute left) with these fields; a provider operator by default. */
export const signIn = (session: Partial<Session> = operator) =>
  sessionStore.set({ token: 'tok', expiresAt: Date.now() + 3_600_000, ...session });

/** The portal's theme without ripples and transitions, which only cost time in a test. */
const testTheme: RaThemeOptions = {
  ...lightTheme,
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: {
    ...lightTheme.components,
    MuiButtonBase: { defaultProps: { disableRipple: true } },
  },
};

const BareLayout = ({ children }: { children: ReactNode }) => <main>{children}</main>;

export interface RenderAdminOptions {
  /** The first path shown. */
  path: string;
  /** The signed-in user's flat permission list (`resource:action`), as the server answers it. */
  permissions: readonly string[];
  /** The signed-in session; a provider operator by default. */
  session?: Partial<Session>;
  /** <Resource> and <CustomRoutes> elements. */
  children: ReactNode;
  /** user-event options. */
  user?: Parameters<typeof userEvent.setup>[0];
  /**
   * The portal's session keeper in the layout (the notice before the session ends, the sign-in dialog once
   * it has), with the transport waiting for it on a 401, as the portal's own.
   */
  sessionKeeper?: boolean;
}

const KeptLayout = ({ children }: { children: ReactNode }) => (
  <main>
    <SecondFactorStepContext.Provider value={SecondFactorStep}>
      <SessionKeeper />
    </SecondFactorStepContext.Provider>
    {children}
  </main>
);

/** The <Resource>s of these features (their folders' index), as the portal registers them. */
export const resourcesOf = (...features: PortalFeature[]) =>
  features.flatMap((feature) => feature.resources.map(resourceElement));

/** Signs in, serves the permissions at `GET /account/permission`, and renders the screens at `path`. */
export const renderAdmin = ({
  path,
  permissions,
  session = operator,
  children,
  user,
  sessionKeeper = false,
}: RenderAdminOptions) => {
  signIn(session);
  server.use(http.get(`${API}/account/permission`, () => HttpResponse.json([...permissions])));
  const source = {
    getSession: () => sessionStore.get(),
    ...(sessionKeeper ? { reauthenticate: () => sessionGate.open() } : {}),
  };
  const dataProvider = createDataProvider({ apiUrl: API, ...source });
  const authProvider = createAuthProvider({ http: createHttpClient(API, source), store: sessionStore });
  const queryClient = createQueryClient({ retry: false });
  const at: { location?: Location } = {};
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => (at.location = location)}>
      <RouterPageNav>
        <Admin
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          layout={sessionKeeper ? KeptLayout : BareLayout}
          theme={testTheme}
          store={memoryStore()}
          queryClient={queryClient}
          disableTelemetry
        >
          {children}
        </Admin>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return {
    user: userEvent.setup({ delay: null, ...user }),
    /** The path the router is at now. */
    pathname: () => at.location?.pathname,
  };
};

/** The screens given (`children`) at `path`, for the administrator of the customer c1 with these permissions. */
export const renderForCustomerAdmin = (path: string, permissions: readonly string[], children: ReactNode) =>
  renderAdmin({ path, permissions, session: customerAdmin, children });

export interface SentRequest {
  method: string;
  /** Path and query, without the API prefix. */
  path: string;
  body: unknown;
}

/** Every call the screens send, in order. */
/**
 * The files the portal saves during the test (kit/saveFile: an object URL clicked as a download): their
 * names and their contents, nothing written; put back as it was when the test ends.
 */
export const captureDownloads = () => {
  const saved: string[] = [];
  const blobs: Blob[] = [];
  const spies = [
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:${blobs.length}`;
    }),
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    }),
  ];
  onTestFinished(() => {
    for (const spy of spies) spy.mockRestore();
  });
  return { saved, blobs };
};

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

/**
 * Types a value the quick way: focus the field, paste the text (one change, as a paste makes; quicker
 * than key by key, and it still respects `maxLength`).
 */
export const fill = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

/** Types a value in place of the field's: clears it, then fills it. */
export const refill = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.clear(field);
  await fill(user, field, text);
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

/** The calls that change something (not the reads, nor the session's own calls). */
export const writesOf = (sent: readonly SentRequest[]) =>
  sent.filter((one) => one.method !== 'GET' && !one.path.startsWith('/account/'));

/** Ticks the table rows showing these texts. */
export const selectRows = async (user: UserEvent, ...texts: string[]) => {
  for (const text of texts) await user.click(within(row(text)).getByRole('checkbox'));
};

/** Answers Yes to the open confirmation and waits for it to close. */
export const acceptConfirmation = async (user: UserEvent) => {
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

/** Expects the open confirmation to ask `question`, then answers Yes and waits for it to close. */
export const acceptConfirmationOf = async (user: UserEvent, question: string) => {
  expect(within(await screen.findByRole('dialog')).getByText(question)).toBeInTheDocument();
  await acceptConfirmation(user);
};

/** How far `fakeTimeouts`' clock moves at a time. */
const CLOCK_STEP_MS = 100;

let timeoutsFaked = false;
// The real clock again once the test is over, before the set-up's own clean-up (test/portal/setup.ts), which
// waits for a timeout (hooks run in the reverse of their order: this one first).
afterEach(() => {
  if (!timeoutsFaked) return;
  timeoutsFaked = false;
  vi.useRealTimers();
});

/**
 * Timeouts that wait for the test (a job's polling, a notification's time on screen), so that what waits
 * seconds is seen at once: from now until the test ends, `setTimeout` waits until the clock is moved on,
 * a step at a time, each step letting the calls it started be answered. A timeout set before goes by the
 * real clock. Testing Library's waits (`findBy…`, `waitFor`, and user-event's actions, which end with one)
 * would wait for the clock: use `until`, and `fireEvent` to click.
 */
export const fakeTimeouts = () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  timeoutsFaked = true;
  const step = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(CLOCK_STEP_MS);
      // The answers of the calls started (MSW's, a few turns of the event loop).
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    });
  return {
    /** Moves the clock on by `ms`. */
    advance: async (ms: number) => {
      for (let passed = 0; passed < ms; passed += CLOCK_STEP_MS) await step();
    },
    /** Moves the clock on until `check` passes, for `ms` at most (then its failure is the test's). */
    until: async (check: () => void, ms = 5000) => {
      for (let passed = 0; ; passed += CLOCK_STEP_MS) {
        try {
          check();
          return;
        } catch (error) {
          if (passed >= ms) throw error;
        }
        await step();
      }
    },
  };
};
