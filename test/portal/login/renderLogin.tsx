import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { type Location, Route, Routes } from 'react-router-dom';
import { createAuthProvider } from '../../../src/authProvider';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { i18nProvider } from '../../../src/i18n';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { LoginPage } from '../../../src/pages/login/LoginPage';
import { createSessionStore } from '../../../src/session';
import { API } from '../msw';

/** The portal's own sign-in address, as the gateway redirects to it. */
export const PORTAL_LOGIN =
  '/login?client_id=gateway-portal-web&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Foauth2%2Fhandler&state=s-1&response_mode=query';

export interface LoginPageOptions {
  /** The address shown first. */
  entry: string | Partial<Location>;
  /** The key of the session store of the test (in localStorage), emptied first when `fresh`. */
  storeKey: string;
  fresh?: boolean;
  /** Told each location the router goes to. */
  onLocation: (location: Location) => void;
}

/**
 * The sign-in page with the portal's auth provider (no waiting for its loading delays) over a session store
 * of its own, the pages it leads to (each a line of text) and the notifications.
 */
export const renderLoginPage = ({ entry, storeKey, fresh = false, onLocation }: LoginPageOptions) => {
  const store = createSessionStore(window.localStorage, storeKey);
  if (fresh) store.clear();
  const authProvider = createAuthProvider({
    http: createHttpClient(API, { getSession: () => store.get() }),
    store,
    timing: { minLoadingMs: 0, forceChangeDelayMs: 0 },
  });
  render(
    <TestMemoryRouter initialEntries={[entry]} locationCallback={onLocation}>
      <RouterPageNav>
        <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/my-account/change-password" element={<p>change password page</p>} />
            <Route path="/" element={<p>home page</p>} />
            <Route path="/report" element={<p>dashboard page</p>} />
            <Route path="/token-pack-v2" element={<p>token packs page</p>} />
          </Routes>
          <Notification />
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
  return { store, user: userEvent.setup() };
};
