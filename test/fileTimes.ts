import type { Reporter, TestModule } from 'vitest/node';

/**
 * A Vitest reporter that prints, for each test file, the seconds spent setting up its environment, importing
 * it (with everything it imports), running the setup files and running its tests and hooks; then the sums.
 * CI (.ci/run) prints it, so that the cost of a file can be followed as files are added:
 * `npx vitest run --reporter=default --reporter=./test/fileTimes.ts`.
 */
export default class FileTimes implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const columns = ['environment', 'import', 'setup', 'tests'] as const;
    const rows = modules
      .map((module) => {
        const diagnostic = module.diagnostic();
        return {
          file: `${module.project.name ? `${module.project.name}: ` : ''}${module.relativeModuleId}`,
          environment: diagnostic.environmentSetupDuration,
          import: diagnostic.collectDuration,
          setup: diagnostic.setupDuration,
          tests: diagnostic.duration,
        };
      })
      .sort((a, b) => a.file.localeCompare(b.file));
    const seconds = (ms: number) => (ms / 1000).toFixed(2).padStart(12);
    const lines = [`${columns.map((name) => name.padStart(12)).join('')}  file`];
    const total = { environment: 0, import: 0, setup: 0, tests: 0 };
    for (const row of rows) {
      lines.push(`${columns.map((name) => seconds(row[name])).join('')}  ${row.file}`);
      for (const name of columns) total[name] += row[name];
    }
    lines.push(`${columns.map((name) => seconds(total[name])).join('')}  total of ${rows.length} files`);
    console.log(`\nSeconds per test file\n${lines.join('\n')}\n`);
  }
}
