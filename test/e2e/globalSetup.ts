import { mkdirSync, rmSync } from 'node:fs';
import { EVIDENCE_FILE } from './failureEvidence';
import { startPortal } from './harness';

/**
 * Runs once before the journeys, which then start their servers side by side: `npm start` builds dist/ when
 * it is missing or older than the sources, and two journeys must not both start that build. Starting the
 * portal once here, as a journey would, leaves a fresh dist/ for all of them (and fails early, with the
 * build's output, when the portal does not start at all).
 */
export default async function setup() {
  mkdirSync('test-results', { recursive: true });
  rmSync(EVIDENCE_FILE, { force: true });
  // A cold build on a busy machine takes minutes: this start may take longer than a journey's.
  const portal = await startPortal({ startTimeoutMs: 600_000 });
  const code = await portal.stop();
  if (code !== 0)
    throw new Error(`the portal started for the build exited with ${code}:\n${portal.output()}`);
}
