import { QueryClient } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { ReactNode } from 'react';
import {
  Admin,
  type AuthProvider,
  defaultLightTheme,
  memoryStore,
  type RaThemeOptions,
  TestMemoryRouter,
} from 'react-admin';
import { canAccess } from '../../../src/access/canAccess';
import { createDataProvider } from '../../../src/dataProviders';
import { en } from '../../../src/i18n/en';
import { asset } from '../../../src/i18n/en/resources/asset';
import { samlSettings } from '../../../src/i18n/en/resources/saml-settings';
import { serviceTemplate } from '../../../src/i18n/en/resources/service-template';
import { vosCloudConfig } from '../../../src/i18n/en/resources/vos-cloud-config';
import { SCOPE, sessionStore } from '../../../src/session';
import { API } from '../msw';

// Screens wait for a debounce (filters: 500 ms) and a round trip: give findBy/waitFor room on a busy machine.
configure({ asyncUtilTimeout: 3000 });

/**
 * The portal's catalogue with the provider-administration files merged in (a no-op once
 * `src/i18n/en/resources/index.ts` lists them), strict about missing keys as the portal is.
 */
const catalogue = {
  ...en,
  resources: {
    ...en.resources,
    asset,
    'service-template': serviceTemplate,
    'vos-cloud-config': vosCloudConfig,
    'saml-settings': samlSettings,
  },
};
export const i18nProvider = polyglotI18nProvider(() => catalogue, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: false,
});

/** The default theme without ripples and transitions, which only cost time in a test. */
const testTheme: RaThemeOptions = {
  ...defaultLightTheme,
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
    ...defaultLightTheme.components,
    MuiButtonBase: { defaultProps: { disableRipple: true } },
  },
};

const BareLayout = ({ children }: { children: ReactNode }) => <main>{children}</main>;

export interface RenderAdminOptions {
  /** The first path shown. */
  path: string;
  /** The signed-in operator's flat permission list (`resource:action`). */
  permissions: readonly string[];
  /** <Resource> and <CustomRoutes> elements. */
  children: ReactNode;
  /** user-event options. */
  user?: Parameters<typeof userEvent.setup>[0];
}

/**
 * A signed-in provider operator in a small <Admin>: the real dataProvider and access rules, the server
 * at the HTTP edge (MSW), a bare layout (no app bar or menu), no retries.
 */
export const renderAdmin = ({ path, permissions, children, user }: RenderAdminOptions) => {
  sessionStore.set({
    token: 'tok',
    expiresAt: Date.now() + 60_000,
    customerId: null,
    originalScope: SCOPE.PROVIDER,
    currentScope: SCOPE.PROVIDER,
  });
  const dataProvider = createDataProvider({ apiUrl: API, getSession: () => sessionStore.get() });
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    canAccess: async (params) => canAccess(permissions, params),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={BareLayout}
        theme={testTheme}
        store={memoryStore()}
        queryClient={queryClient}
        disableTelemetry
      >
        {children}
      </Admin>
    </TestMemoryRouter>,
  );
  return userEvent.setup({ delay: null, ...user });
};

/** Types a text in one go (a paste): quicker than key by key, and it still respects `maxLength`. */
export const fill = async (user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) => {
  await user.click(input);
  await user.paste(text);
};
