import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { docs } from '../../../src/i18n/en/docPages';
import { en } from '../../../src/i18n/en/index';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { DOC_ROUTES } from '../../../src/pages/docs/routes';

/** The catalogue with the docs texts, whether or not the lead has added them to en yet. */
export const i18nProvider = polyglotI18nProvider(() => ({ ...en, docs }), 'en', [], {
  allowMissing: false,
});

// The documentation's screens load on demand: have them loaded before the first test draws one.
beforeAll(() => Promise.all(DOC_ROUTES.map((page) => page.preload?.())));

/** Renders the documentation routes (and a stand-in sign-in page) at a path. */
export const renderDocs = (path: string) =>
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <RouterPageNav>
        <AdminContext i18nProvider={i18nProvider}>
          <Routes>
            {DOC_ROUTES.map((page) => (
              <Route key={page.path} path={page.path} element={page.element} />
            ))}
            <Route path="/login" element={<p>sign-in page</p>} />
          </Routes>
        </AdminContext>
      </RouterPageNav>
    </TestMemoryRouter>,
  );
