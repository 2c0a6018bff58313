// First: an embedded screen denied storage by the browser gets memory instead (react-admin reads it on load).
import './pages/iframe/storageGuard';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Portal, preloadFirstPage } from './Portal';

const root = createRoot(document.getElementById('root')!);

// A data router: react-admin's warnings about unsaved changes block navigations through it (useBlocker).
const router = createBrowserRouter([{ path: '*', element: <Portal /> }]);

// The first page's code is loaded before it is drawn, so that it shows up whole (see preloadFirstPage).
void preloadFirstPage(window.location)
  .catch(() => undefined)
  .then(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
