import { i18n, type Locale } from '../../contract/translations';
import { API_URL } from '../config';
import { createHttpClient } from '../dataProviders/transport';
import { sessionStore } from '../session';

const http = createHttpClient(API_URL, { getSession: () => sessionStore.get() });

/** Keeps `locale` as the signed-in account's language (loaded with the first choice: LocaleChoice.tsx). */
export const saveAccountLocale = (locale: Locale) =>
  http(i18n.calls.setLocale.path, { method: 'PUT', body: JSON.stringify({ locale }) });
