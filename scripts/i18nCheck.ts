// `npm run i18n:check` (also in `npm test`): what the translators have left to do, and what the code asks of
// the catalogues. It exits non-zero on any of:
//
// - a key the code uses (the portal's `'portal.login.title'`, a template's static part `portal.status.${x}`,
//   the server's `messageKey`s) that a catalogue lacks;
// - a key of a translation that the English catalogue does not have (nothing asks for it);
// - a key of the English catalogue that nothing uses (see USED_BY_THE_FRAMEWORK for what is used without
//   being named);
// - a message whose placeholders differ between English and another locale, or whose plural forms are not
//   the locale's number (`one |||| other` in English, one form in Vietnamese).
//
// The English catalogue is contract/i18n/en.json (made from the portal's sources by `npm run registry`), the
// others contract/i18n/<locale>.json over react-admin's own (contract/i18n/catalogues.ts). `--catalogue
// vi=path.json` checks another file in a locale's place (the tests plant mistakes so).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BASE_CATALOGUES, catalogueOfFile } from '../contract/i18n/catalogues.ts';
import {
  flatten,
  type Messages,
  PLURAL_FORMS,
  placeholdersOf,
  pluralFormsOf,
} from '../contract/i18n/messages.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The first part of every catalogue key. */
const ROOTS = ['portal', 'resources', 'error', 'docs', 'mail', 'gateway', 'ra'] as const;

/**
 * Keys used without their name written in the code: react-admin's own (`ra.*`, it asks for them itself), a
 * resource's name and fields (react-admin's labels, from `source`), the errors (made from the contracts'
 * defineErrors: the server answers them), the documentation pages (DocsPage draws every entry of a page's
 * body), the mails (contract/mailTexts.ts reads each mail's texts as a whole) and what the gateway says to
 * the people signing in through it (contract/gatewayTexts.ts, a VPN's Reply-Message).
 */
const USED_BY_THE_FRAMEWORK = [
  /^ra\./,
  /^resources\.[^.]+\.(name|fields\.[^.]+)$/,
  /^error\./,
  /^docs\.pages\./,
  /^mail\./,
  /^gateway\./,
];

export interface CheckInput {
  /** Each locale's flat messages; `en` is the source. */
  catalogues: Readonly<Record<string, ReadonlyMap<string, string>>>;
  /** The portal's sources, as text by file name. */
  portalSources: ReadonlyMap<string, string>;
  /** The message keys the server answers (its own literals and the contracts' errors). */
  serverKeys: ReadonlySet<string>;
}

export interface Finding {
  kind: 'missing' | 'unknown' | 'unused' | 'placeholders' | 'pluralForms';
  locale: string;
  key: string;
  detail: string;
}

/** Strings of the portal that look like keys and are not: storage keys, MUI palette paths. */
const NOT_KEYS = new Set([
  'portal.session',
  'portal.frameSession',
  'error.main',
  'error.light',
  'error.dark',
]);

/** A source without its comments (block comments and whole-line ones): they name files, not keys. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const KEY_TEXT = new RegExp(`^(?:${ROOTS.join('|')})\\.[\\w./-]*$`);

/**
 * What the portal's sources name: whole keys (`'portal.login.title'`), the static start of a template
 * (`portal.status.${status}` → `portal.status.`) and its static end (`${kind.texts}.empty.title` →
 * `.empty.title`).
 */
export function namedKeys(sources: ReadonlyMap<string, string>) {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  const suffixes = new Set<string>();
  for (const source of sources.values()) {
    const text = withoutComments(source);
    for (const [, literal] of text.matchAll(/'([^'\n]+)'|"([^"\n]+)"/g)) {
      if (literal && KEY_TEXT.test(literal)) keys.add(literal.replace(/\.$/, ''));
    }
    for (const match of text.matchAll(/"([^"\n]+)"/g)) {
      if (KEY_TEXT.test(match[1]!)) keys.add(match[1]!);
    }
    for (const [, template] of text.matchAll(/`([^`]*)`/g)) {
      const parts = template!.split(/\$\{[^}]*\}/);
      if (parts.length === 1) {
        if (KEY_TEXT.test(template!)) keys.add(template!);
        continue;
      }
      const [first] = parts;
      const last = parts.at(-1)!;
      if (first && KEY_TEXT.test(first)) prefixes.add(first);
      if (!first && /^\.[\w.]+$/.test(last)) suffixes.add(last);
    }
  }
  for (const notKey of NOT_KEYS) keys.delete(notKey);
  return { keys, prefixes, suffixes };
}

/** Every finding of the catalogues against each other and against what the code uses. */
export function checkCatalogues({ catalogues, portalSources, serverKeys }: CheckInput): Finding[] {
  const findings: Finding[] = [];
  const english = catalogues.en!;
  const isKeyOrGroup = (messages: ReadonlyMap<string, string>, key: string) =>
    messages.has(key) || [...messages.keys()].some((known) => known.startsWith(`${key}.`));
  const { keys, prefixes, suffixes } = namedKeys(portalSources);

  // What the code uses must be in English; every other locale must have every English key (below).
  for (const key of [...keys].sort()) {
    if (!isKeyOrGroup(english, key))
      findings.push({ kind: 'missing', locale: 'en', key, detail: 'used by the portal' });
  }
  for (const key of [...serverKeys].sort()) {
    if (!english.has(key))
      findings.push({ kind: 'missing', locale: 'en', key, detail: 'answered by the server' });
  }

  for (const [locale, messages] of Object.entries(catalogues)) {
    if (locale === 'en') continue;
    const forms = PLURAL_FORMS[locale] ?? 2;
    for (const [key, source] of english) {
      const text = messages.get(key);
      if (text === undefined) {
        findings.push({ kind: 'missing', locale, key, detail: `English: ${source}` });
        continue;
      }
      const want = placeholdersOf(source).join(', ');
      const have = placeholdersOf(text).join(', ');
      if (want !== have)
        findings.push({
          kind: 'placeholders',
          locale,
          key,
          detail: `English has {${want}}, ${locale} {${have}}`,
        });
      const wanted = pluralFormsOf(source) > 1 ? forms : 1;
      if (pluralFormsOf(text) !== wanted)
        findings.push({
          kind: 'pluralForms',
          locale,
          key,
          detail: `${pluralFormsOf(text)} form(s), ${locale} wants ${wanted}`,
        });
    }
    for (const key of messages.keys()) {
      if (!english.has(key))
        findings.push({ kind: 'unknown', locale, key, detail: 'not in the English catalogue' });
    }
  }

  for (const key of english.keys()) {
    const used =
      USED_BY_THE_FRAMEWORK.some((pattern) => pattern.test(key)) ||
      serverKeys.has(key) ||
      [...keys].some((named) => named === key || key.startsWith(`${named}.`)) ||
      [...prefixes].some((prefix) => key.startsWith(prefix)) ||
      [...suffixes].some((suffix) => key.endsWith(suffix));
    if (!used) findings.push({ kind: 'unused', locale: 'en', key, detail: 'nothing in src/ names it' });
  }
  return findings;
}

/** The source files under a folder, by path from the root. */
function sourcesUnder(folder: string, skip: (file: string) => boolean = () => false): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
    const name = path.posix.join(folder, file.split(path.sep).join('/'));
    if (!/\.(ts|tsx)$/.test(name) || skip(name)) continue;
    found.set(name, readFileSync(path.join(root, name), 'utf8'));
  }
  return found;
}

/** The message keys the server answers: its literal `'error.…'` keys and every contract error's. */
async function serverMessageKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const text of sourcesUnder('server').values()) {
    for (const [, key] of text.matchAll(/'(error\.[\w.]+)'/g)) keys.add(key!);
  }
  const { CONTRACT_MODULES } = await import('../contract/registry.ts');
  const { isErrorSet } = await import('../contract/kit.ts');
  for (const exports of Object.values(CONTRACT_MODULES)) {
    for (const value of Object.values(exports as Record<string, unknown>)) {
      if (isErrorSet(value)) for (const { key } of Object.values(value)) keys.add(key);
    }
  }
  return keys;
}

function describe(findings: readonly Finding[]): string {
  const titles: Record<Finding['kind'], string> = {
    missing: 'Missing from a catalogue',
    unknown: 'In a translation but not in English (nothing asks for it)',
    unused: 'In the English catalogue but used by nothing',
    placeholders: 'Placeholders that differ from the English',
    pluralForms: "Plural forms that are not the locale's",
  };
  return (Object.keys(titles) as Finding['kind'][])
    .map((kind) => {
      const of = findings.filter((finding) => finding.kind === kind);
      if (of.length === 0) return '';
      return `${titles[kind]} (${of.length}):\n${of.map((f) => `  ${f.locale}  ${f.key}  — ${f.detail}`).join('\n')}\n`;
    })
    .filter(Boolean)
    .join('\n');
}

async function main(): Promise<void> {
  const catalogues: Record<string, Messages> = { ...BASE_CATALOGUES };
  const args = process.argv.slice(2);
  for (let at = args.indexOf('--catalogue'); at !== -1; at = args.indexOf('--catalogue', at + 1)) {
    const [locale, file] = (args[at + 1] ?? '').split('=');
    if (!locale || !file) throw new Error('--catalogue wants locale=path.json');
    const planted = JSON.parse(readFileSync(path.resolve(file), 'utf8')) as Messages;
    catalogues[locale] = catalogueOfFile(locale, planted);
  }
  const findings = checkCatalogues({
    catalogues: Object.fromEntries(
      Object.entries(catalogues).map(([locale, messages]) => [locale, flatten(messages)]),
    ),
    portalSources: sourcesUnder('src', (file) => file.startsWith('src/i18n/')),
    serverKeys: await serverMessageKeys(),
  });
  const keys = flatten(catalogues.en!).size;
  if (findings.length === 0) {
    console.log(`The catalogues are complete: ${Object.keys(catalogues).join(', ')}, ${keys} keys each.`);
    return;
  }
  console.error(describe(findings));
  console.error(
    `${findings.length} finding(s). Translators: contract/i18n/<locale>.json; English: the portal's sources, then npm run registry.`,
  );
  process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
