import { type DefaultOptions, hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { AUTH_TIMING } from './authProvider';

/**
 * The key of a react-admin access check, without its record: the portal's rules read a resource and an
 * action, never a record (src/access/canAccess.ts), so every row of a list shares its resource's answer.
 */
export const accessCheckHash = (queryKey: QueryKey): string => {
  const [scope, kind, params] = queryKey;
  if (scope !== 'auth' || kind !== 'canAccess' || typeof params !== 'object' || params === null)
    return hashKey(queryKey);
  const { recordId: _recordId, ...shared } = params as Record<string, unknown>;
  return hashKey([scope, kind, shared, ...queryKey.slice(3)]);
};

/**
 * The portal's query cache: react-query's defaults (with `queries` given), and access checks that a page of
 * 1,000 rows asks once per action rather than once per row, and that draw their rows again only when their
 * answer changes. An answer is kept as long as the permissions it was made of (AUTH_TIMING); a change of
 * scope, a sign-out and a password change clear or refresh it. Before, each row's check answered on its own and drew the table again, about 2,000 times
 * for such a page, keeping the browser busy for seconds after the rows were shown (see ListRows, which waits
 * for its rows' checks before drawing them).
 */
export const createQueryClient = (queries: DefaultOptions['queries'] = {}) => {
  const client = new QueryClient({ defaultOptions: { queries } });
  client.setQueryDefaults(['auth', 'canAccess'], {
    queryKeyHashFn: accessCheckHash,
    staleTime: AUTH_TIMING.permissionCacheMs,
    notifyOnChangeProps: ['data', 'error'],
  });
  return client;
};
