/** Where the API and its document are served (the guard and the document both name them). */

export const API_PREFIX = '/api';

export const DOCS_PREFIX = '/api/docs';

/** Whether a route belongs to the API document itself (public, and no call of the API). */
export const isDocsRoute = (url: string): boolean => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
