// The lists that the folders make: `npm run registry` writes them, `npm run check` (in `npm test`) fails
// when one is out of date (`--check`). Adding a feature edits none of them by hand: its folder is found.
//
// - server/features/index.ts: every server feature (server/features/<name>/index.ts), for the app;
// - server/db/schema.ts: every table (server/db/schema/*.ts and server/features/<name>/schema.ts), for
//   Drizzle, drizzle-kit and the backup;
// - contract/registry.ts: every contract module (contract/*.ts that defines a resource or calls), for both
//   sides;
// - src/i18n/en/errors.ts: the English texts of every error the contracts define (contract/errors.ts and
//   each contract's `defineErrors`), nested by key, for the portal's catalogue;
// - contract/fieldRefusals.ts: the errors that concern one field (an ErrorText's `field`), for the transport;
// - contract/auditTables.ts: the audit log's table names, from the contracts that declare one (`audit`);
// - contract/permissionCatalogue.ts: the permission resources, from the contracts that declare theirs
//   (`definePermissions`), as one typed literal the other contracts' `resource:action` keys are checked against.
// - src/i18n/en/resources.ts: each portal resource's English texts (`named('users', Icon, user)` in
//   src/resources/<feature>/index.tsx, its texts from ./texts), so that the catalogue is plain data;
// - contract/i18n/en.json: the whole English catalogue as one plain file, for the server (its merged
//   catalogues, GET /api/i18n/{locale}) and the translators' check (npm run i18n:check).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const HEADER = (what: string) =>
  `// Made by \`npm run registry\` (scripts/registry.ts) from ${what}: edit those, not this file.\n`;

const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const filesOf = (dir: string, test: (name: string) => boolean) =>
  readdirSync(path.join(root, dir))
    .filter((name) => test(name))
    .sort();

const has = (file: string) => existsSync(path.join(root, file));

/** Biome's import order: by source, `../` before `./`. */
const bySource = (a: string, b: string) => {
  const rank = (source: string) => (source.startsWith('../') ? 0 : 1);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
};

function features(): string {
  const names = folders('server/features').filter((name) => has(`server/features/${name}/index.ts`));
  const imports = names.map((name) => `import ${name} from './${name}/index.ts';`);
  const list = `export const FEATURES: readonly ServerFeature[] = [${names.join(', ')}];`;
  return `${HEADER('the folders of server/features')}import type { ServerFeature } from '../kit/feature.ts';
${imports.join('\n')}

/** Every feature of the server, by name; server/app.ts registers them under /api. */
${list}
`;
}

function schema(): string {
  const sources = [
    ...filesOf('server/db/schema', (name) => name.endsWith('.ts')).map((name) => `./schema/${name}`),
    ...folders('server/features')
      .filter((name) => has(`server/features/${name}/schema.ts`))
      .map((name) => `../features/${name}/schema.ts`),
  ].sort(bySource);
  return `${HEADER("server/db/schema/ and the features' schema.ts")}
/**
 * The database schema: the server's own tables (server/db/schema/) and each feature's (its schema.ts).
 * Migrations are generated from it (\`npm run db:generate\`) and applied at every start.
 */
${sources.map((source) => `export * from '${source}';`).join('\n')}
`;
}

/**
 * A contract module defines resources, calls, errors or permissions (contract/kit.ts's defineResource,
 * defineCalls, defineErrors, definePermissions).
 */
const isContractModule = (name: string) =>
  /\b(defineResource|defineCalls|defineErrors|definePermissions)\(/.test(
    readFileSync(path.join(root, 'contract', name), 'utf8'),
  );

function contracts(): string {
  const names = filesOf(
    'contract',
    (name) => name.endsWith('.ts') && name !== 'kit.ts' && name !== 'registry.ts',
  )
    .filter(isContractModule)
    .map((name) => name.replace(/\.ts$/, ''));
  return `${HEADER('the contract modules')}${names.map((name) => `import * as ${name} from './${name}.ts';`).join('\n')}

/** Every module of contract/ that defines resources, calls or errors, by name (contract/index.ts reads them). */
export const CONTRACT_MODULES = { ${names.join(', ')} };
`;
}

/** The text as Biome formats it (the lists are written on one line). */
const formatted = (file: string, text: string): string =>
  execFileSync(
    path.join(root, 'node_modules/.bin/biome'),
    ['check', '--write', `--stdin-file-path=${file}`],
    {
      input: text,
      encoding: 'utf8',
    },
  );

/** The contracts' error texts, nested by key: `error.theme.locked` → `{ theme: { locked } }`. */
async function errorCatalogue(): Promise<string> {
  const { CONTRACT_MODULES } = await import('../contract/registry.ts');
  const { isErrorSet } = await import('../contract/kit.ts');
  const texts = new Map<string, string>();
  for (const [module, exports] of Object.entries(CONTRACT_MODULES)) {
    for (const value of Object.values(exports as Record<string, unknown>)) {
      if (!isErrorSet(value)) continue;
      for (const { key, text } of Object.values(value)) {
        const known = texts.get(key);
        if (known !== undefined && known !== text)
          throw new Error(`${key} has two texts (contract/${module}.ts)`);
        texts.set(key, text);
      }
    }
  }
  const tree: Record<string, unknown> = {};
  for (const key of [...texts.keys()].sort()) {
    const parts = key.split('.');
    if (parts.shift() !== 'error') throw new Error(`${key}: error keys start with 'error.'`);
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      if (typeof node[part] === 'string') throw new Error(`${key} is inside the text of another key`);
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1)!] = texts.get(key);
  }
  return `${HEADER("the contracts' errors (defineErrors)")}
/**
 * The English texts of the errors: the server's answers (their keys are its messageKey values) and the
 * portal's own. Each text is written once, in its contract; translators translate this file's values.
 */
export const error = ${JSON.stringify(tree)};
`;
}

/** The refusals of one field's value, by key: the field each concerns unless its answer names another. */
async function fieldRefusals(): Promise<string> {
  const { CONTRACT_MODULES } = await import('../contract/registry.ts');
  const { isErrorSet } = await import('../contract/kit.ts');
  const fields = new Map<string, string>();
  for (const exports of Object.values(CONTRACT_MODULES)) {
    for (const value of Object.values(exports as Record<string, unknown>)) {
      if (!isErrorSet(value)) continue;
      for (const { key, field } of Object.values(value)) if (field) fields.set(key, field);
    }
  }
  const entries = Object.fromEntries([...fields.keys()].sort().map((key) => [key, fields.get(key)]));
  return `${HEADER("the contracts' errors that concern one field (an ErrorText's `field`)")}
/**
 * The refusals of one field's value, by message key, and the field each concerns unless the answer's
 * \`params.field\` names another: the portal's transport turns them into the form's field errors.
 */
export const FIELD_REFUSALS: Readonly<Record<string, string>> = ${JSON.stringify(entries)};
`;
}

/** The audit log's tables, from the contracts that declare theirs, by English name. */
async function auditTables(): Promise<string> {
  const { RESOURCE_CONTRACTS } = await import('../contract/index.ts');
  const names = new Map<string, string>();
  for (const contract of RESOURCE_CONTRACTS) {
    if (!contract.audit) continue;
    const { table, name } = contract.audit;
    if (names.has(table)) throw new Error(`Two contracts declare the audit table ${table}`);
    names.set(table, name);
  }
  const tables = [...names.keys()].sort((a, b) => names.get(a)!.localeCompare(names.get(b)!, 'en'));
  return `${HEADER("the contracts' audit tables (a resource's `audit`)")}
/**
 * The tables the audit log records entries for (the table filter's choices, by English name), and how the
 * portal names them. No schema code: the catalogue reads it.
 */
export const AUDIT_TABLES = ${JSON.stringify(tables)} as const;
export type AuditTable = (typeof AUDIT_TABLES)[number];

/** Each table's English name (the catalogue's \`resources.audit.tables\`). */
export const AUDIT_TABLE_NAMES: Readonly<Record<AuditTable, string>> = ${JSON.stringify(Object.fromEntries(tables.map((table) => [table, names.get(table)])))};
`;
}

/** The permission resources every contract declares, by name, in one literal (the types are made from it). */
async function permissionCatalogue(): Promise<string> {
  const { CONTRACT_MODULES } = await import('../contract/registry.ts');
  const { isPermissionSet } = await import('../contract/kit.ts');
  const entries = new Map<string, unknown>();
  for (const [module, exports] of Object.entries(CONTRACT_MODULES)) {
    for (const value of Object.values(exports as Record<string, unknown>)) {
      if (!isPermissionSet(value)) continue;
      for (const [name, entry] of Object.entries(value)) {
        if (entries.has(name))
          throw new Error(`Two contracts declare the permission resource ${name} (contract/${module}.ts)`);
        entries.set(name, entry);
      }
    }
  }
  const catalogue = Object.fromEntries([...entries.keys()].sort().map((name) => [name, entries.get(name)]));
  return `${HEADER("the contracts' permissions (definePermissions)")}import type { PermissionEntry } from './kit.ts';

/** Every permission resource, by name: its scope, its actions and its permission asset (contract/permissions.ts reads it). */
export const CATALOGUE = ${JSON.stringify(catalogue)} as const satisfies Record<string, PermissionEntry>;
`;
}

/**
 * The portal resources' English texts, by resource name: each feature's index names its resources with
 * `named('<name>', <icon>, <texts>…)`, the texts imported from its ./texts module.
 */
function resourceTexts(): string {
  const imports: string[] = [];
  const entries: string[] = [];
  for (const folder of folders('src/resources')) {
    const index = ['index.tsx', 'index.ts'].map((name) => `src/resources/${folder}/${name}`).find(has);
    if (!index) continue;
    const text = readFileSync(path.join(root, index), 'utf8');
    const fromTexts = new Set(
      [...text.matchAll(/import \{([^}]+)\} from '\.\/texts'/g)].flatMap(([, names]) =>
        names!.split(',').map((name) => name.trim()),
      ),
    );
    const used: string[] = [];
    for (const [, name, texts] of text.matchAll(/named\(\s*'([^']+)',\s*[\w.]+,\s*(\w+)/g)) {
      if (!fromTexts.has(texts!))
        throw new Error(`${index}: the texts of ${name} (${texts}) are not imported from ./texts`);
      used.push(texts!);
      entries.push(`${JSON.stringify(name)}: ${texts}`);
    }
    if (used.length > 0)
      imports.push(`import { ${used.sort().join(', ')} } from '../../resources/${folder}/texts';`);
  }
  return `${HEADER("the portal features' names and texts (named() in src/resources/<feature>/index.tsx)")}
/** Each resource's English texts, by resource name: the catalogue's \`resources\`. */
${imports.join('\n')}

export const resources = { ${entries.join(', ')} };
`;
}

/** The whole English catalogue, as plain data for the server and the translators' check. */
function englishCatalogue(): string {
  // In a process of its own: this one has imported the contracts before it wrote their lists (the audit
  // tables' names are in the catalogue), and a module is not imported twice.
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const json = execFileSync(
    tsx,
    ['-e', "import('./src/i18n/en/index.ts').then(({ en }) => process.stdout.write(JSON.stringify(en)))"],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return `${JSON.stringify(JSON.parse(json), null, 2)}\n`;
}

const outputs: Record<string, () => string | Promise<string>> = {
  'server/features/index.ts': features,
  'server/db/schema.ts': schema,
  'contract/registry.ts': contracts,
  'src/i18n/en/errors.ts': errorCatalogue,
  'contract/fieldRefusals.ts': fieldRefusals,
  'contract/auditTables.ts': auditTables,
  'contract/permissionCatalogue.ts': permissionCatalogue,
  'src/i18n/en/resources.ts': resourceTexts,
  'contract/i18n/en.json': englishCatalogue,
};

// The contracts read the audit tables' list and the permission catalogue this script makes from them: a first
// run starts from empty ones.
const auditList = path.join(root, 'contract/auditTables.ts');
if (!existsSync(auditList)) {
  writeFileSync(
    auditList,
    'export const AUDIT_TABLES = [] as const;\nexport type AuditTable = string;\nexport const AUDIT_TABLE_NAMES = {};\n',
  );
}
const permissionList = path.join(root, 'contract/permissionCatalogue.ts');
if (!existsSync(permissionList)) writeFileSync(permissionList, 'export const CATALOGUE = {} as const;\n');

let stale = 0;
for (const [file, make] of Object.entries(outputs)) {
  const text = formatted(file, await make());
  const full = path.join(root, file);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  if (current === text) continue;
  if (check) {
    console.error(`${file} is out of date: run npm run registry`);
    stale += 1;
  } else {
    writeFileSync(full, text);
    console.log(`wrote ${file}`);
  }
}
if (stale > 0) process.exit(1);
