import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Portal, preloadFirstPage } from './Portal';
import { preloadSignedIn } from './signedIn';

/**
 * Draws the portal in `root` at the browser's address: the page loaded at any address but /login
 * (src/main.tsx), and the sign-in page's own entry once it leads elsewhere (src/signIn). The first page's
 * code is loaded before it is drawn, so that it shows up whole (see preloadFirstPage).
 */
export const startPortal = async (root: Root) => {
  await preloadFirstPage(window.location).catch(() => undefined);
  // A data router: react-admin's warnings about unsaved changes block navigations through it (useBlocker).
  // Made once the page's code is there, from the address of that moment (the sign-in page may have followed
  // another link meanwhile); answered, so that later navigations go through it.
  const router = createBrowserRouter([{ path: '*', element: <Portal /> }]);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
};

export { preloadSignedIn };
