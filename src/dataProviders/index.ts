import type { DataProvider } from 'react-admin';
import { API_URL } from '../config';
import { sessionStore } from '../session';
import { createHttpClient, type HttpClient, type SessionSource } from './transport';

export interface DataProviderOptions extends SessionSource {
  apiUrl: string;
}

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PortalDataProvider extends DataProvider {
  changePassword(body: ChangePasswordBody): Promise<{ success: boolean }>;
}

const unsupported = () => Promise.reject(new Error('error.fetch.unsupportedAction'));

/** The portal's one dataProvider: every call of every screen goes through it. */
export const createDataProvider = (options: DataProviderOptions, http?: HttpClient): PortalDataProvider => {
  const client = http ?? createHttpClient(options.apiUrl, options);
  return {
    getList: unsupported,
    getOne: unsupported,
    getMany: unsupported,
    getManyReference: unsupported,
    create: unsupported,
    update: unsupported,
    updateMany: unsupported,
    delete: unsupported,
    deleteMany: unsupported,
    async changePassword(body) {
      const { json } = await client<{ success: boolean }>('/account/change-password', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return json;
    },
  };
};

/** Signs the user out of the portal when the server no longer knows the session. */
const goToLogin = () => {
  sessionStore.clear();
  if (!window.location.pathname.startsWith('/login')) window.location.assign('/login');
};

export const sessionSource: SessionSource = {
  getSession: () => sessionStore.get(),
  onUnauthenticated: goToLogin,
};

export const httpClient = createHttpClient(API_URL, sessionSource);

export const dataProvider = createDataProvider({ apiUrl: API_URL, ...sessionSource }, httpClient);
