import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { BASE_CATALOGUES } from '../../contract/i18n/catalogues';
import { isLocale } from '../../contract/translations';

export const API = 'http://localhost:3000/api';

/**
 * Every portal loads its catalogue from the server (src/i18n): here, the files' catalogue, as a server
 * without overrides answers it. A test may answer another (an override) with server.use.
 */
export const catalogueHandler = http.get(`${API}/i18n/:locale`, ({ params }) =>
  isLocale(params.locale)
    ? HttpResponse.json(BASE_CATALOGUES[params.locale])
    : HttpResponse.json({ messageKey: 'error.translation.localeNotFound' }, { status: 404 }),
);

/** The HTTP edge for portal tests: each test declares the answers it needs, beside the catalogue. */
export const server = setupServer(catalogueHandler);
