import type { RunningPortal } from './harness';

/** Calls the portal's API as a client would, for arranging a journey's data. */
export const api = async <T>(
  portal: RunningPortal,
  path: string,
  init: { token?: string; json?: unknown; method?: string } = {},
) => {
  const response = await fetch(`${portal.url}/api${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'call'} ${path} answered ${response.status}: ${body}`);
  return (body ? JSON.parse(body) : undefined) as T;
};

/**
 * Signs the initial operator in, gives its name and mobile phone, replaces its printed password (what its
 * first sign-in asks), and answers a token and the new password.
 */
export const operatorWithOwnPassword = async (portal: RunningPortal, password = 'Journey-Pass-1') => {
  const { token } = await api<{ token: string }>(portal, '/auth/signin', {
    json: { login: portal.operator.email, password: portal.operator.password },
  });
  await api(portal, '/account/profile', {
    method: 'PUT',
    token,
    json: { firstName: 'Olive', lastName: 'Operator', mobilePhone: '+1 555 0199' },
  });
  await api(portal, '/account/change-password', {
    token,
    json: { oldPassword: portal.operator.password, newPassword: password, confirmPassword: password },
  });
  return { token, password };
};
