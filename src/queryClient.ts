import { type DefaultOptions, hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { AUTH_TIMING } from './authProvider';
import { type Session, type SessionStore, sessionStore } from './session';

/**
 * The key of a react-admin access check, without its record: the portal's rules read a resource, an action
 * and the scope, never a record (src/access/canAccess.ts), so every row of a list shares its resource's
 * answer. Other keys (and react-admin's checks of several resources, keyed by an array) hash as they are.
 */
export const accessCheckHash = (queryKey: QueryKey): string => {
  const [scope, kind, params] = queryKey;
  const single = typeof params === 'object' && params !== null && !Array.isArray(params);
  if (scope !== 'auth' || kind !== 'canAccess' || !single) return hashKey(queryKey);
  const { recordId: _recordId, ...shared } = params as Record<string, unknown>;
  return hashKey([scope, kind, shared, ...queryKey.slice(3)]);
};

/** What the access rules' answers depend on, beside the permissions: the account, its scope, its customer. */
const accessInputs = (session: Session | null) =>
  JSON.stringify([session?.user?.id, session?.currentScope, session?.customerId]);

/**
 * The portal's query cache: react-query's defaults (with `queries` given), and access checks that a page of
 * 1,000 rows asks once per action rather than once per row, and that draw their rows again only when their
 * answer changes. Before, each row's check answered on its own and drew the table again, about 2,000 times
 * for such a page, keeping the browser busy for seconds after the rows were shown (ListRows also waits for
 * its rows' checks before drawing them).
 *
 * An answer is fresh for as long as the authProvider keeps the permissions (AUTH_TIMING; the list behind it
 * may be that old already), unless the session changes (`followSession`); a failed check says so to its list
 * after its first failure.
 */
export const createQueryClient = (queries: DefaultOptions['queries'] = {}) => {
  const client = new QueryClient({ defaultOptions: { queries } });
  client.setQueryDefaults(['auth', 'canAccess'], {
    queryKeyHashFn: accessCheckHash,
    staleTime: AUTH_TIMING.permissionCacheMs,
    notifyOnChangeProps: ['data', 'error', 'failureCount'],
    // The rules are the browser's: asked offline too (the permissions' call then fails, and says so).
    networkMode: 'always',
  });
  return client;
};

/**
 * Asks the cache's access answers again as soon as the session's account, scope or customer changes, in this
 * tab or another. Answers the unsubscribe (an effect's cleanup).
 */
export const followSession = (client: QueryClient, store: SessionStore = sessionStore) => {
  let inputs = accessInputs(store.get());
  return store.subscribe(() => {
    const now = accessInputs(store.get());
    if (now === inputs) return;
    inputs = now;
    void client.invalidateQueries({ queryKey: ['auth', 'canAccess'] });
  });
};
