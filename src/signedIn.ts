import { loadCatalogue } from './i18n';
import { preloadable } from './kit/preloadable';

/**
 * The signed-in portal (src/App.tsx: react-admin with the resources), loaded with the screen of the page the
 * browser is at, so that its first drawing does not wait for code. Any path that is not public draws it.
 */
export const SignedInApp = preloadable(() =>
  // The signed-in portal draws the resources' texts: the whole catalogue comes with it (i18n/index.ts). Its
  // access rules come too: the first page asks them (authProvider.canAccess) before it asks for its data.
  Promise.all([import('./App'), loadCatalogue(), import('./access/canAccess')]).then(async ([module]) => {
    await module.preloadScreen(window.location.pathname);
    return module.default;
  }),
);

/**
 * Loads the signed-in portal and the screen drawn at `pathname`: the sign-in form calls it for where the user
 * is going while the sign-in is under way.
 */
export const preloadSignedIn = async (pathname: string): Promise<void> => {
  await SignedInApp.preload();
  const { preloadScreen } = await import('./App');
  await preloadScreen(pathname);
};
