import { launchBrowser, startLocalServer } from '../../scripts/localPortal.ts';

export { launchBrowser };

export interface RunningPortal {
  url: string;
  operator: { email: string; password: string };
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Starts the portal as a new user would (`npm start`), on a free port and an empty data folder, with the
 * settings of `env` (e.g. FRAME_ANCESTORS, or DATABASE_URL and SECRETS_KEY for PostgreSQL). `startTimeoutMs`
 * bounds the start, build of dist/ included when it is stale. `operator`: a server joining a database
 * another one has seeded prints no initial operator; it is that server's.
 */
export const startPortal = async ({
  startTimeoutMs = 120_000,
  env = {},
  operator,
}: {
  startTimeoutMs?: number;
  env?: Record<string, string>;
  operator?: RunningPortal['operator'];
} = {}): Promise<RunningPortal> => {
  const server = await startLocalServer({ startTimeoutMs, env });
  if (operator) return { ...server, operator };
  const match = server.output().match(/^initial operator: (\S+) (\S+)$/m);
  if (!match) {
    await server.stop();
    throw new Error(`no initial operator line was printed:\n${server.output()}`);
  }
  return { ...server, operator: { email: match[1]!, password: match[2]! } };
};
