/**
 * The real server, started as `npm start` starts it, for the browser measures of `npm run bench`; and the
 * API calls that arrange its data.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type LocalServer, ROOT, startLocalServer } from '../scripts/localPortal.ts';

export { ROOT };

export const OPERATOR = { email: 'bench-operator@example.com', password: 'Bench-Gateway-1' };
/** The operator's password after the first sign-in's forced change. */
export const OPERATOR_PASSWORD = 'Bench-Gateway-2';

export type RunningServer = LocalServer;

/**
 * The server on a free port with a new data folder and the bench's operator. `distDir` serves another build
 * than dist/ (the bench's bare app) from the same server code.
 */
export const startServer = (distDir?: string): Promise<RunningServer> =>
  startLocalServer({
    env: {
      INITIAL_OPERATOR_EMAIL: OPERATOR.email,
      INITIAL_OPERATOR_PASSWORD: OPERATOR.password,
      RADIUS_PORT: process.env.RADIUS_PORT ?? '0',
      ...(distDir ? { DIST_DIR: distDir } : {}),
    },
    startTimeoutMs: 180_000,
  });

/** One API call as a client makes it; a 429 waits as long as the server asks, then tries again. */
export const api = async <T>(
  server: RunningServer,
  route: string,
  init: { token?: string; json?: unknown } = {},
): Promise<T> => {
  for (;;) {
    const response = await fetch(`${server.url}/api${route}`, {
      method: init.json === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const body = await response.text();
    if (response.status === 429) {
      await sleep(Number(response.headers.get('retry-after') ?? '1') * 1000);
      continue;
    }
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${body}`);
    return (body ? JSON.parse(body) : undefined) as T;
  }
};

/** Signs the operator in, makes the first sign-in's password change, and answers a token. */
export const operatorToken = async (server: RunningServer): Promise<string> => {
  const first = await api<{ token: string }>(server, '/auth/signin', {
    json: { login: OPERATOR.email, password: OPERATOR.password },
  });
  await api(server, '/account/change-password', {
    token: first.token,
    json: {
      oldPassword: OPERATOR.password,
      newPassword: OPERATOR_PASSWORD,
      confirmPassword: OPERATOR_PASSWORD,
    },
  });
  const { token } = await api<{ token: string }>(server, '/auth/signin', {
    json: { login: OPERATOR.email, password: OPERATOR_PASSWORD },
  });
  return token;
};

/** The company names of seeded customers start so: the list page is drawn once a cell shows one. */
export const SEEDED_NAME = 'Bench Company';

/** Creates `count` customers through the API, a few calls at a time. */
export const seedCustomers = async (server: RunningServer, token: string, count: number) => {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      await api(server, '/customer/create', {
        token,
        json: {
          companyName: `${SEEDED_NAME} ${String(index).padStart(4, '0')}`,
          contactEmail: `contact-${index}@bench.example`,
          contactPhone: `+84 28 ${String(1000 + index)}`,
        },
      });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
};
