import { localStorageStore } from 'react-admin';

/**
 * react-admin's store (list parameters, the sidebar, the language…), one for the public pages and the
 * signed-in portal: a change made in either (the language chosen on the sign-in page) is the other's at
 * once. Its entries are in localStorage, which a sign-out from a public page forgets.
 */
export const portalStore = localStorageStore();
