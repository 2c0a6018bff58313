import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vi from '../../../contract/i18n/vi.json' with { type: 'json' };
import { checkCatalogues, namedKeys } from '../../../scripts/i18nCheck.ts';

const run = promisify(execFile);
const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');

/** `npm run i18n:check` on the catalogues, with a locale's file replaced by `file` when given. */
async function check(file?: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [
      'scripts/i18nCheck.ts',
      ...(file ? ['--catalogue', `vi=${file}`] : []),
    ]);
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** A dollar sign, for the sources these tests read. */
const D = '$';

type Tree = { [key: string]: string | Tree };

describe('npm run i18n:check', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'i18n-check-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('passes on the catalogues as they are', async () => {
    const { code, out } = await check();
    expect(out).toMatch(/The catalogues are complete: en, vi, \d+ keys each/);
    expect(code).toBe(0);
  });

  it('finds a planted missing key and a planted placeholder mismatch, and exits non-zero', async () => {
    const planted = structuredClone(vi) as Tree;
    const portal = planted.portal as Tree;
    delete (portal.login as Tree).title;
    // The spec's message with %{minUser}, written without it.
    const errors = planted.error as Tree;
    const billing = (errors.billing as Tree).order as Tree;
    billing.minNumberOfUser = 'Số người dùng quá ít';
    const file = path.join(dir, 'vi.json');
    await writeFile(file, JSON.stringify(planted));
    const { code, out } = await check(file);
    expect(code).not.toBe(0);
    expect(out).toMatch(/Missing from a catalogue[\s\S]*vi {2}portal\.login\.title/);
    expect(out).toMatch(
      /Placeholders that differ[\s\S]*vi {2}error\.billing\.order\.minNumberOfUser .*minUser/,
    );
  });

  it('finds a key the code uses that no catalogue has, a key nothing uses, and a plural in the wrong form', () => {
    const findings = checkCatalogues({
      catalogues: {
        en: new Map([
          ['portal.a', 'A'],
          ['portal.unused', 'Nobody asks for me'],
          ['resources.x.name', 'Thing |||| Things'],
        ]),
        vi: new Map([
          ['portal.a', 'A'],
          ['portal.unused', 'Không ai dùng'],
          ['resources.x.name', 'Vật |||| Vật'],
          ['portal.stale', 'Cũ'],
        ]),
      },
      portalSources: new Map([['src/a.tsx', "translate('portal.a'); translate('portal.b');"]]),
      serverKeys: new Set(['error.server.only']),
    });
    expect(findings.map(({ kind, locale, key }) => `${kind} ${locale} ${key}`).sort()).toEqual([
      'missing en error.server.only',
      'missing en portal.b',
      'pluralForms vi resources.x.name',
      'unknown vi portal.stale',
      'unused en portal.unused',
    ]);
  });

  it('reads whole keys, the static start of a template and its static end, not comments', () => {
    const { keys, prefixes, suffixes } = namedKeys(
      new Map([
        [
          'a.tsx',
          // The source's own template placeholders, written with a '$' of this string's.
          `// 'portal.commented'\nt('portal.menu.dashboard'); t(\`portal.status.${D}{s}\`); t(\`${D}{kind.texts}.empty.title\`);`,
        ],
      ]),
    );
    expect([...keys]).toEqual(['portal.menu.dashboard']);
    expect([...prefixes]).toEqual(['portal.status.']);
    expect([...suffixes]).toEqual(['.empty.title']);
  });
});
