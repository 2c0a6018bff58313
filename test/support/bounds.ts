/**
 * The time bounds of the tests. A bound is there to end a test that hangs; it must never fail a test because
 * the machine is slow or busy (two workers share two cores, and CI may run beside other jobs: a load average
 * of 6 was seen). Each bound is therefore many times what the slowest run took on a busy machine, and no test
 * sets a smaller one: a test that waits for something (a debounce, a timer) says so and waits for that.
 */

/** One test: whole screens render in the portal's, a server and its database answer in the server's. */
export const TEST_BOUND_MS = 180_000;

/** A beforeAll or afterAll: starts or stops servers, slapd, databases. */
export const HOOK_BOUND_MS = 300_000;

/** The tests that copy, restore or upgrade whole databases (backup, migrations, the database thread). */
export const LONG_TEST_BOUND_MS = 900_000;

/** findBy and waitFor: how long a screen may take to show what the test expects. */
export const APPEAR_BOUND_MS = 30_000;
