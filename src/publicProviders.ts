/**
 * The authProvider and dataProvider of the pages drawn before react-admin is (the sign-in page, the public
 * pages): one of each for the portal and the sign-in page's own entry, so that a sign-in on that page is the
 * portal's once it takes over.
 */
import type { DataProvider } from 'react-admin';
import { createAuthProvider } from './authProvider';
import type { HttpClient, HttpOptions } from './dataProviders/transport';
import { loadOnce } from './kit/loadOnce';
import { sessionStore } from './session';
import { portalStore as store } from './store';

/**
 * The data layer (the resource table, its conventions and the transport) is loaded by its first call:
 * the sign-in page makes none until a sign-in, and the react-admin app imports it itself.
 */
const dataLayer = loadOnce(() => import('./dataProviders'));

const http: HttpClient = <T>(path: string, options?: HttpOptions) =>
  dataLayer().then(({ httpClient }) => httpClient<T>(path, options));

export const authProvider = createAuthProvider({
  http,
  store: sessionStore,
  applyLocale: (locale) => store.setItem('locale', locale),
});

/** The public pages' view of the dataProvider: each call loads the data layer, then goes through it. */
export const dataProvider: DataProvider = {
  getList: (resource, params) => dataLayer().then((layer) => layer.dataProvider.getList(resource, params)),
  getOne: (resource, params) => dataLayer().then((layer) => layer.dataProvider.getOne(resource, params)),
  getMany: (resource, params) => dataLayer().then((layer) => layer.dataProvider.getMany(resource, params)),
  getManyReference: (resource, params) =>
    dataLayer().then((layer) => layer.dataProvider.getManyReference(resource, params)),
  create: (resource, params) => dataLayer().then((layer) => layer.dataProvider.create(resource, params)),
  update: (resource, params) => dataLayer().then((layer) => layer.dataProvider.update(resource, params)),
  updateMany: (resource, params) =>
    dataLayer().then((layer) => layer.dataProvider.updateMany(resource, params)),
  delete: (resource, params) => dataLayer().then((layer) => layer.dataProvider.delete(resource, params)),
  deleteMany: (resource, params) =>
    dataLayer().then((layer) => layer.dataProvider.deleteMany(resource, params)),
};
