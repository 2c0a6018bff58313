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
    json: { firstName: 'Olive', lastName: 'Operator', mobilePhone: '+1 202 555 0199' },
  });
  await api(portal, '/account/change-password', {
    token,
    json: { oldPassword: portal.operator.password, newPassword: password, confirmPassword: password },
  });
  return { token, password };
};

/**
 * A customer with an administrator account (the built-in customer_admin role) that has given its profile
 * and replaced its first password, as its first sign-in asks: answers the customer, the email and password.
 */
export const customerAdminWithOwnPassword = async (
  portal: RunningPortal,
  operatorToken: string,
  values: { companyName: string; email: string; password?: string },
) => {
  const password = values.password ?? 'Journey-Admin-1';
  const customer = await api<{ id: string }>(portal, '/customer/create', {
    token: operatorToken,
    json: { companyName: values.companyName, contactEmail: values.email, contactPhone: '+1 555 0150' },
  });
  const roles = await api<{ id: string; name: string }[]>(
    portal,
    `/account/role/all?scope=customer&customerId=${customer.id}`,
    { token: operatorToken },
  );
  const role = roles.find((candidate) => candidate.name === 'customer_admin');
  if (!role) throw new Error('the built-in customer_admin role is missing');
  const created = await api<{ id: string; initialPassword: string }>(
    portal,
    '/account/create_account_organization',
    {
      token: operatorToken,
      json: {
        email: values.email,
        customerId: customer.id,
        roleIds: [role.id],
        firstName: 'Casey',
        lastName: 'Admin',
        mobilePhone: '+1 202 555 0151',
      },
    },
  );
  const { token } = await api<{ token: string }>(portal, '/auth/signin', {
    json: { login: values.email, password: created.initialPassword },
  });
  await api(portal, '/account/change-password', {
    token,
    json: { oldPassword: created.initialPassword, newPassword: password, confirmPassword: password },
  });
  return { customer, email: values.email, password };
};

/**
 * Places and answers the Free plan's order (approved when placed): the customer gets its token pack, whose
 * subscription covers `numberOfUsers` users (enough for the journey's directory: the rest would be over the
 * plan).
 */
export const freeOrder = async (
  portal: RunningPortal,
  token: string,
  customerId: string,
  numberOfUsers = 10,
) => {
  const tiers = await api<{ id: string; tierPlanType: string; periods: { id: string }[] }[]>(
    portal,
    '/billing/payment_plan',
  );
  const free = tiers.find((tier) => tier.tierPlanType === 'FREE');
  if (!free) throw new Error('the Free plan is missing');
  await api(portal, `/billing/order/${customerId}/submit`, {
    token,
    json: { customerId, numberOfUsers, paymentPlanIds: [free.id, free.periods[0]!.id] },
  });
};

/**
 * An Enterprise order (invoiced, no card) placed by the customer and approved by the operator: the customer
 * gets an active Enterprise subscription, whose support features include theme, and its token pack.
 */
export const enterpriseOrder = async (
  portal: RunningPortal,
  token: string,
  operatorToken: string,
  customerId: string,
) => {
  const tiers = await api<{ id: string; tierPlanType: string; minUser: number; periods: { id: string }[] }[]>(
    portal,
    '/billing/payment_plan',
  );
  const enterprise = tiers.find((tier) => tier.tierPlanType === 'ENTERPRISE');
  if (!enterprise) throw new Error('the Enterprise plan is missing');
  const order = await api<{ id: string }>(portal, `/billing/order/${customerId}/submit`, {
    token,
    json: {
      customerId,
      numberOfUsers: enterprise.minUser,
      paymentPlanIds: [enterprise.id, enterprise.periods[0]!.id],
    },
  });
  await api(portal, '/billing/approve_payment', { token: operatorToken, json: { orderId: order.id } });
};

/**
 * A REST directory of the customer's filled from a CSV file of `users` (username, email, display name), as
 * an administrator imports one: answers the directory's id.
 */
export const csvDirectory = async (
  portal: RunningPortal,
  token: string,
  customerId: string,
  users: readonly (readonly [username: string, email: string, displayName: string])[],
) => {
  const directory = await api<{ id: string }>(portal, `/idm-ldap/ldap/${customerId}`, {
    token,
    json: {
      name: 'Acme HR',
      type: 'REST',
      restAuthentication: 'NONE',
      listUsersUrl: 'https://hr.acme.example/users',
    },
  });
  const csv = ['username,email,displayName', ...users.map((user) => user.join(','))].join('\n');
  const upload = new FormData();
  upload.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
  const uploaded = await fetch(
    `${portal.url}/api/idm-ldap/users/r-${customerId}/users/connectors/${directory.id}/upload-csv-file`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: upload },
  );
  if (uploaded.status === 202) {
    // More than 1,000 rows: the import is a job; wait for its end.
    const { id: jobId } = (await uploaded.json()) as { id: string };
    for (;;) {
      const read = await api<{ job: { status: string } }>(
        portal,
        `/idm-ldap/users/r-${customerId}/users/connectors/${directory.id}/upload-csv-file/jobs/${jobId}`,
        { token },
      );
      if (read.job.status === 'DONE') break;
      if (read.job.status !== 'RUNNING') throw new Error(`the CSV import ended ${read.job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } else if (uploaded.status !== 200) throw new Error(`the CSV import answered ${uploaded.status}`);
  return directory.id;
};

/** A token of `who`'s sign-in through the API (a password that needs no second factor). */
export const apiToken = async (portal: RunningPortal, who: { email: string; password: string }) => {
  const { token } = await api<{ token: string }>(portal, '/auth/signin', {
    json: { login: who.email, password: who.password },
  });
  return token;
};

/** The id of the customer's token pack that an approved order made and no wizard has set up yet. */
export const newTokenPackId = async (portal: RunningPortal, token: string, customerId: string) => {
  const [pack] = await api<{ id: string }[]>(
    portal,
    `/idm-config/token-pack/${customerId}/get-by-wizard-status/NEW`,
    { token },
  );
  if (!pack) throw new Error('the approved order made no token pack');
  return pack.id;
};

/**
 * The newest message the portal mailed to `to` (read in the operator's Outbox: the journeys run without an
 * SMTP server), and the first link in its text whose path starts with `path`.
 */
export const mailedLink = async (portal: RunningPortal, operatorToken: string, to: string, path: string) => {
  const { content } = await api<{ content: { id: string; to: string }[] }>(
    portal,
    `/mail/outbox?page=0&pageSize=20&q=${encodeURIComponent(to)}`,
    { token: operatorToken },
  );
  const newest = content.find((message) => message.to === to);
  if (!newest) throw new Error(`no message to ${to} in the outbox`);
  const { text } = await api<{ text: string }>(portal, `/mail/outbox/${newest.id}`, { token: operatorToken });
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(path));
  if (!link) throw new Error(`the message to ${to} holds no ${path} link:\n${text}`);
  // The journey's portal, whatever origin the server wrote in its links.
  const url = new URL(link);
  return `${portal.url}${url.pathname}${url.search}`;
};
