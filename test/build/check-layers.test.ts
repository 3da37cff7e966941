// Imports run downward (DESIGN §12). scripts/check-layers.mjs checks src/ against the committed list
// of known exceptions; these tests run it on this project and on small trees built to break it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = join(ROOT, 'scripts', 'check-layers.mjs');

function run(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('check-layers on this project', () => {
  it('finds no upward import beyond scripts/layers-known.txt, and every listed one still exists', () => {
    const r = run();
    expect(r.out).toMatch(/no new upward imports|imports run downward only/);
    expect(r.status).toBe(0);
  });
});

describe('check-layers on built trees', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** A project root with the given src/ files and known list. */
  function tree(files: Record<string, string>, known = ''): string {
    const root = mkdtempSync(join(tmpdir(), 'gm-layers-'));
    dirs.push(root);
    for (const [path, text] of Object.entries({ ...files, 'scripts/layers-known.txt': known })) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  const downward = {
    'src/bin.ts': "import './cli/main.js';\n",
    'src/cli/main.ts': "import { end } from '../commands/end.js';\nexport { end };\n",
    'src/commands/end.ts': "import { search } from '../search/index.js';\nexport const end = search;\n",
    'src/search/index.ts': "import { session } from '../memory/session.js';\nexport const search = session;\n",
    'src/memory/session.ts': "import { write } from '../fs/atomic.js';\nimport type { X } from '../types/x.js';\nexport const session: X = write;\n",
    'src/git/commit.ts': "import { write } from '../fs/atomic.js';\nimport { scan } from '../safety/scan.js';\nexport const c = [write, scan];\n",
    'src/safety/scan.ts': "import { paths } from '../paths.js';\nexport const scan = paths;\n",
    'src/fs/atomic.ts': "import { paths } from '../paths.js';\nexport const write = paths;\n",
    'src/types/x.ts': 'export type X = string;\n',
    'src/paths.ts': "export const paths = '';\n",
  };

  it('passes a tree whose imports all run downward', () => {
    const r = run('--root', tree(downward));
    expect(r.out).toContain('imports run downward only');
    expect(r.status).toBe(0);
  });

  it('fails on a new upward import, static, dynamic or re-export, naming each', () => {
    const r = run(
      '--root',
      tree({
        ...downward,
        'src/commands/end.ts': "import { io } from '../cli/io.js';\nexport const end = io;\n",
        'src/cli/io.ts': 'export const io = 1;\n',
        'src/memory/day.ts': "export const load = () => import('../search/index.js');\n",
        'src/paths.ts': "export * from './bin.js';\n",
      }),
    );
    expect(r.status).toBe(1);
    expect(r.out).toContain('3 new import(s) run upward');
    expect(r.out).toContain('commands/end.ts -> cli/io.ts');
    expect(r.out).toContain('memory/day.ts -> search/index.ts');
    expect(r.out).toContain('paths.ts -> bin.ts');
  });

  it('fails on an import from git/ into memory/, although they share a layer', () => {
    const r = run('--root', tree({ ...downward, 'src/git/log.ts': "import { session } from '../memory/session.js';\nexport const l = session;\n" }));
    expect(r.status).toBe(1);
    expect(r.out).toContain('git/log.ts -> memory/session.ts');
  });

  it('accepts an upward import that is listed, and fails once a listed one is gone', () => {
    const files = { ...downward, 'src/commands/end.ts': "import { io } from '../cli/io.js';\nexport const end = io;\n", 'src/cli/io.ts': 'export const io = 1;\n' };
    const listed = run('--root', tree(files, '# known\ncommands/end.ts -> cli/io.ts\n'));
    expect(listed.out).toContain('no new upward imports (1 known');
    expect(listed.status).toBe(0);

    const stale = run('--root', tree(downward, 'commands/end.ts -> cli/io.ts\n'));
    expect(stale.status).toBe(1);
    expect(stale.out).toContain('1 import(s) listed in scripts/layers-known.txt no longer exist');
    expect(stale.out).toContain('commands/end.ts -> cli/io.ts');
  });

  it('fails when a handler calls another handler; a step, a helper or a type import passes', () => {
    const handlers = {
      ...downward,
      'src/cli/main.ts': "import { end } from '../commands/end.js';\nexport const load = [end, () => import('../commands/primer.js'), () => import('../commands/merge-driver.js')];\n",
      'src/commands/primer.ts': 'export async function primer() {}\n',
      'src/commands/merge-driver.ts': 'export function mergeDriver() {}\n',
      'src/commands/steps/rebuild-primer.ts': 'export async function rebuildPrimer() {}\n',
      'src/commands/lint-file.ts': 'export function lintFile() {}\n',
    };
    const clean = run(
      '--root',
      tree({
        ...handlers,
        'src/commands/end.ts':
          "import { rebuildPrimer } from './steps/rebuild-primer.js';\nimport { lintFile } from './lint-file.js';\nimport type { X } from './primer.js';\nexport async function end() { await rebuildPrimer(); lintFile(); }\n",
      }),
    );
    expect(clean.out).toContain('imports run downward only');
    expect(clean.status).toBe(0);

    const r = run(
      '--root',
      tree({
        ...handlers,
        'src/commands/end.ts':
          "import { primer } from './primer.js';\nexport async function end() { await primer(); (await import('./merge-driver.js')).mergeDriver(); }\n",
      }),
    );
    expect(r.status).toBe(1);
    expect(r.out).toContain('commands/end.ts -> commands/primer.ts (calls the handler primer)');
    expect(r.out).toContain('commands/end.ts -> commands/merge-driver.ts (calls the handler mergeDriver)');
  });

  it('fails on a folder that has no layer, so a new folder is placed on purpose', () => {
    const r = run('--root', tree({ ...downward, 'src/misc/util.ts': "import { paths } from '../paths.js';\nexport const u = paths;\n" }));
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/no layer[^]*misc/);
  });
});
