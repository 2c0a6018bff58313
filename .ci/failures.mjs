// Prints, last in CI's output, every failed test of the Vitest JSON reports given: its file, its name and the
// first lines of its error (without the test runner's own stack frames); above them, what the browsers
// showed when journeys failed (test/e2e/failureEvidence.ts). CI's log is read from its end, where each run's
// table of seconds per file would otherwise stand between the reader and the failure.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let failed = 0;
let failedRuns = 0;
let passed = 0;
const lines = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed on its own (an import, a hook) fails its run without a failed test.
  if (report.success === false) failedRuns += 1;
  for (const suite of report.testResults) {
    const tests = suite.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0 && suite.status === 'failed') {
      lines.push(`✗ ${relative(process.cwd(), suite.name)}: ${firstLines(suite.message)}`);
    }
    for (const test of tests) {
      lines.push(`✗ ${relative(process.cwd(), suite.name)} › ${test.fullName}`);
      for (const message of test.failureMessages) lines.push(`    ${firstLines(message)}`);
    }
  }
}

function firstLines(text = '') {
  return text
    .split('\n')
    .filter((line) => !/^\s+at .*node_modules/.test(line))
    .slice(0, 12)
    .join('\n    ');
}

/** The journeys' evidence, its first lines: the first failure is the one that explains the others. */
const EVIDENCE = 'test-results/failure-evidence.txt';
const EVIDENCE_LINES = 60;
if ((failed > 0 || failedRuns > 0) && existsSync(EVIDENCE)) {
  try {
    const evidence = readFileSync(EVIDENCE, 'utf8').trimEnd().split('\n');
    console.log(
      `ci: what the browsers showed (${EVIDENCE})\n${evidence.slice(0, EVIDENCE_LINES).join('\n')}`,
    );
    if (evidence.length > EVIDENCE_LINES) console.log(`… ${evidence.length - EVIDENCE_LINES} more lines`);
  } catch (error) {
    console.log(`ci: ${EVIDENCE} could not be read: ${error.message}`);
  }
}

if (lines.length > 0) console.log(`ci: the failed tests\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed${failedRuns > 0 ? `, ${failedRuns} run(s) failed` : ''}`);
process.exit(failed > 0 || failedRuns > 0 ? 1 : 0);
