// What the tests need from the system besides Node, run first by `npm test`, `test:server`, `test:e2e` and
// `bench`: Debian's OpenLDAP, which the directory tests start on a free port (test/support/slapd.sh).
//   present                      nothing to do: four access checks, nothing printed
//   missing, as root, apt-get    installs slapd and ldap-utils, without starting the system's slapd
//   missing otherwise            stops at once (exit 1) with the one line to run
//   --dry-run                    says in one line which of the three it would do, and does nothing
// Everything else the tests need comes from npm (package-lock.json), the SAML schemas from test/support/xsd/.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGES = ['slapd', 'ldap-utils'];
/** What test/support/slapd.sh runs: the first three come with slapd, ldapsearch with ldap-utils. */
const TOOLS = ['/usr/sbin/slapd', '/usr/sbin/slapadd', '/usr/sbin/slappasswd', '/usr/bin/ldapsearch'];
const POLICY = '/usr/sbin/policy-rc.d';

const dryRun = process.argv.includes('--dry-run');
const say = (line) => console.log(`test prerequisites: ${line}`);

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const missingTools = () => TOOLS.filter((tool) => !executable(tool));

const missing = missingTools();
if (missing.length === 0) {
  if (dryRun) say(`nothing to install (${PACKAGES.join(' and ')} are here)`);
  process.exit(0);
}

const onPath = (command) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((folder) => folder && executable(path.join(folder, command)));
const root = process.getuid?.() === 0;
const aptGet = onPath('apt-get');
const install = ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES];

if (!root || !aptGet) {
  const sudo = root ? '' : 'sudo ';
  const line =
    `${PACKAGES.join(' and ')} are missing (${missing.join(', ')}); run: ` +
    `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;
  if (dryRun) {
    say(`would stop: ${line}`);
    process.exit(0);
  }
  console.error(`test prerequisites: ${line}`);
  process.exit(1);
}

const command = `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get ${install.join(' ')}`;
if (dryRun) {
  say(`would install ${PACKAGES.join(' ')} (missing: ${missing.join(', ')}): ${command}`);
  process.exit(0);
}

say(`installing ${PACKAGES.join(' ')} (missing: ${missing.join(', ')}): ${command}`);
// slapd's postinst starts the system's slapd (ldap:/// on port 389) through invoke-rc.d; the tests start
// their own on free ports and need none. Where no policy-rc.d says otherwise, one refuses that start for the
// install alone: it speaks only of slapd, so if it were ever left behind it would stop nothing else.
const ownPolicy = !existsSync(POLICY);
if (ownPolicy) {
  writeFileSync(
    POLICY,
    [
      '#!/bin/sh',
      '# Written by scripts/testPrerequisites.mjs while it installs slapd, and removed after: apt does not',
      "# start the system's slapd (the tests start their own). Any other service as usual.",
      'for arg; do case $arg in -*) ;; slapd | slapd.service) exit 101 ;; *) exit 0 ;; esac; done',
      'exit 0',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
}
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
let failed;
try {
  for (const args of [['update', '-qq'], install]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      failed = `apt-get ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`;
      break;
    }
  }
} finally {
  if (ownPolicy) rmSync(POLICY, { force: true });
}
const stillMissing = missingTools();
if (failed || stillMissing.length > 0) {
  console.error(
    `test prerequisites: ${failed ?? `still missing after the install: ${stillMissing.join(', ')}`}`,
  );
  process.exit(1);
}
say(`${PACKAGES.join(' and ')} installed`);
