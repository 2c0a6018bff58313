import { combineDataProviders, type DataProvider, HttpError } from 'react-admin';
import type { BulkJob } from '../../contract/bulk';
import { API_URL } from '../config';
import { isFramePath, sessionStore } from '../session';
import { sessionGate } from '../sessionGate';
import { chosenCustomer, ROOT_CUSTOMER_NOT_FOUND, UNSUPPORTED } from './calls';
import { actionsConvention } from './conventions/actions';
import { activationConvention } from './conventions/activation';
import { arrayListConvention } from './conventions/arrayList';
import { type BulkStartParams, bulkConvention } from './conventions/bulk';
import { eachConvention } from './conventions/each';
import type { ExportParams } from './conventions/exports';
import { exportsConvention } from './conventions/exports';
import { filesConvention } from './conventions/files';
import { multipartConvention } from './conventions/multipart';
import { pageSearchConvention } from './conventions/pageSearch';
import { postSearchConvention } from './conventions/postSearch';
import { rangeConvention } from './conventions/range';
import { recordConvention } from './conventions/record';
import { type ActionName, RESOURCES } from './resources';
import { createHttpClient, download, type HttpClient, type SessionSource } from './transport';
import type { ActionParams, Adapter, DownloadedFile, ResourceEntry, SessionTransport } from './types';

export type { BulkStartParams } from './conventions/bulk';
export type { ExportParams } from './conventions/exports';
export type { ActionName, ResourceName } from './resources';
export { RESOURCES } from './resources';
export type { ActionParams, DownloadedFile } from './types';

export interface DataProviderOptions extends SessionSource {
  apiUrl: string;
}

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** A named action: `dataProvider.publish('service-template', {id})`. */
export type ActionMethod = <T = unknown>(resource: string, params?: ActionParams) => Promise<{ data: T }>;

const RECORD_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const;

type ActionMethods = { [A in Exclude<ActionName, (typeof RECORD_METHODS)[number]>]: ActionMethod };

/** react-admin's methods, the named actions of the table, and every paged list's export. */
export interface PortalDataProvider extends DataProvider, ActionMethods {
  exportList(resource: string, params: ExportParams): Promise<{ data: DownloadedFile }>;
  /** A list's bulk actions (contract `bulk`): start one as a job, follow it, stop it. */
  startBulk(resource: string, params: BulkStartParams): Promise<{ data: BulkJob }>;
  bulkJob(resource: string, params: { jobId: string }): Promise<{ data: BulkJob }>;
  cancelBulk(resource: string, params: { jobId: string }): Promise<{ data: BulkJob }>;
}

type Method = (resource: string, params?: Record<string, unknown>) => Promise<unknown>;
type Methods = Record<string, Method>;

const unsupported: Method = () => Promise.reject(new Error(UNSUPPORTED));

/** What a swallowed call resolves with: an empty answer of the method's shape. */
const emptyAnswer = (name: string, params: Record<string, unknown> = {}) => {
  switch (name) {
    case 'getList':
    case 'getManyReference':
      return { data: [], total: 0 };
    case 'getMany':
    case 'updateMany':
    case 'deleteMany':
      return { data: [] };
    case 'getOne':
      return { data: { id: params.id } };
    case 'create':
      return { data: { ...(params.data as object) } };
    case 'update':
    case 'delete':
      return { data: params.previousData ?? { id: params.id } };
    default:
      return { data: null };
  }
};

/** The provider of one entry: its conventions merged, its rules (customer scope, swallowed errors) applied. */
const providerFor = (entry: ResourceEntry, ctx: SessionTransport): DataProvider => {
  const merged: Adapter = {
    ...rangeConvention(entry, ctx),
    ...pageSearchConvention(entry, ctx),
    ...postSearchConvention(entry, ctx),
    ...arrayListConvention(entry, ctx),
    ...recordConvention(entry, ctx),
    ...multipartConvention(entry, ctx),
    ...actionsConvention(entry, ctx),
    ...activationConvention(entry, ctx),
    ...filesConvention(entry, ctx),
    ...exportsConvention(entry, ctx),
    ...bulkConvention(entry, ctx),
  };
  Object.assign(merged, eachConvention(entry, merged));

  const methods: Methods = {};
  for (const [name, method] of Object.entries(merged as Methods)) {
    const isRecordMethod = (RECORD_METHODS as readonly string[]).includes(name);
    methods[name] = async (resource, params) => {
      try {
        const named = chosenCustomer(params as Record<string, unknown> | undefined);
        if (entry.customerScoped && isRecordMethod && !ctx.customerId() && !named)
          throw ctx.missingCustomer();
        return await method(resource, params);
      } catch (error) {
        if (!entry.swallowErrors) throw error;
        console.error(error);
        return emptyAnswer(name, params);
      }
    };
  }
  return new Proxy(methods, {
    get: (target, name) =>
      typeof name === 'string' && Object.hasOwn(target, name) ? target[name] : unsupported,
  }) as DataProvider;
};

/** Every method of a resource the table does not know rejects. */
const unknownResource = new Proxy({}, { get: () => unsupported }) as DataProvider;

/**
 * The portal's one dataProvider: every call of every screen goes through it, routed by resource to the
 * conventions its entry of `RESOURCES` names.
 */
export const createDataProvider = (options: DataProviderOptions, http?: HttpClient): PortalDataProvider => {
  const ctx: SessionTransport = {
    http: http ?? createHttpClient(options.apiUrl, options),
    download: (path, downloadOptions) => download(options.apiUrl, options, path, downloadOptions),
    customerId: () => options.getSession()?.customerId,
    missingCustomer: () => {
      if (options.getSession()?.token) return new Error(ROOT_CUSTOMER_NOT_FOUND);
      options.onUnauthenticated?.();
      return new HttpError('error.auth.unauthorized', 401);
    },
  };
  const providers = new Map<string, DataProvider>(
    Object.entries(RESOURCES).map(([name, entry]: [string, ResourceEntry]) => [
      name,
      providerFor(entry, ctx),
    ]),
  );
  const combined = combineDataProviders((resource) => providers.get(resource) ?? unknownResource);
  // react-admin hands every query its abort signal (a query dropped on navigation is cancelled at fetch).
  return new Proxy(combined, {
    get: (target, name, receiver) =>
      name === 'supportAbortSignal' ? true : Reflect.get(target, name, receiver),
  }) as PortalDataProvider;
};

/** Signs the user out of the portal when the server no longer knows the session. */
const goToLogin = () => {
  sessionStore.clear();
  // An embeddable screen asks its embedding page for a new token instead (src/pages/iframe).
  if (isFramePath(window.location.pathname)) return;
  if (!window.location.pathname.startsWith('/login')) window.location.assign('/login');
};

export const sessionSource: SessionSource = {
  getSession: () => sessionStore.get(),
  onUnauthenticated: goToLogin,
  // The sign-in dialog over the page (src/layout/SessionKeeper.tsx); an embeddable screen has none.
  reauthenticate: () =>
    isFramePath(window.location.pathname) || !sessionStore.get()?.user
      ? Promise.resolve(false)
      : sessionGate.open(),
};

export const httpClient = createHttpClient(API_URL, sessionSource);

export const dataProvider = createDataProvider({ apiUrl: API_URL, ...sessionSource }, httpClient);
