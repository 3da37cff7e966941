import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, ROOT, tempDir } from '../helpers/repo.js';
import { hooked } from '../git/hooked.js';

const PAGE = join(ROOT, 'man', 'git-memory.1');
/** Commands other issues add; the page documents them ahead of their code. */
const PLANNED = ['scan', 'lint', 'mcp', 'statusline'];

describe('the manual and help', () => {
  it('the man page is valid roff (no groff warnings)', () => {
    const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-z', PAGE], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('documents every command the CLI has, and the ones still to come', async () => {
    const page = readFileSync(PAGE, 'utf8');
    const repo = makeRepo();
    const help = repo.exec(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('man git-memory');
    const listed = [...help.stdout.matchAll(/^ {2}git memory ([a-z-]+)/gm)].map((m) => m[1]!);
    expect(listed).toEqual(expect.arrayContaining(['init', 'primer', 'end', 'diff', 'resolve', 'doctor', 'uninstall', 'hook', 'help']));
    for (const name of [...listed.filter((n) => n !== 'help'), ...PLANNED]) {
      expect(page, name).toContain(`.SS "git memory ${name}"`);
      expect(page, name).toMatch(new RegExp(`^\\\\fBgit memory ${name}\\\\fR`, 'm')); // and in the synopsis
    }
  });

  it('git memory --help shows the man page once it is on MANPATH, as after a global install', () => {
    const man = join(tempDir('gm-man-'), 'man');
    mkdirSync(join(man, 'man1'), { recursive: true });
    copyFileSync(PAGE, join(man, 'man1', 'git-memory.1'));
    const repo = hooked(makeRepo());
    const r = repo.gTry(['memory', '--help'], { env: { MANPATH: man, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '80' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^GIT-MEMORY\(1\)/);
    expect(r.stdout).toContain('git memory resolve');
    // Without the page git gives up with exit 16, the failure this page exists for. git also looks
    // in its own manual directory, whatever MANPATH says: a global install into git's prefix (npm
    // link with npm's prefix /usr) puts the page there, and then it is always found.
    const inGitsOwn = existsSync(join(repo.g('--man-path').trim(), 'man1', 'git-memory.1'));
    const none = repo.gTry(['memory', '--help'], { env: { MANPATH: tempDir('gm-noman-'), MANPAGER: 'cat' } });
    expect(none.code).toBe(inGitsOwn ? 0 : 16);
  });

  it('git memory help <command> shows its options, or its section of the manual', async () => {
    const repo = makeRepo();
    const diff = await repo.run(['help', 'diff']);
    expect(diff.stdout).toMatch(/^git memory diff \[range\]/);
    expect(diff.stdout).toContain('<base>...<head>');
    const hook = repo.exec(['help', 'hook']);
    expect(hook.code).toBe(0);
    expect(hook.stdout).toContain('git memory hook <name>');
    expect(hook.stdout).toContain('post-rewrite');
    const planned = await repo.run(['help', 'lint']);
    expect(planned.code).toBe(0);
    expect(planned.stdout).toMatch(/^git memory lint\n\nChecks every memory file/);
    const bad = await repo.run(['help', 'frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown command: "frobnicate"');
    expect(execFileSync(process.execPath, [join(ROOT, 'dist', 'git-memory.js'), 'resolve', '--help'], { encoding: 'utf8' })).toContain('git memory resolve');
  });
});

describe('help shows what a user may type', () => {
  it("`help hook` lists the hooks, not the detached worker an agent hook starts; `help search` shows no default for the words it requires", () => {
    const repo = makeRepo();
    const hook = repo.exec(['help', 'hook']);
    expect(hook.code).toBe(0);
    expect(hook.stdout).toContain('Which hook: post-commit, post-rewrite, pre-push, agent');
    expect(hook.stdout).not.toContain('agent-worker');
    const search = repo.exec(['help', 'search']);
    expect(search.stdout).toMatch(/query {2}Words to look for +\[array\] \[required\]\n/);
  });

  it('counts read as English: one session, one item', async () => {
    const repo = makeRepo({ now: '2026-11-22T10:00:00' });
    // The set-up in process; the search whose words are checked is the binary's (its lean search.js).
    expect((await repo.run(['init'])).code).toBe(0);
    expect((await repo.run(['end', '--summary', '{"request":"Fix the login bug"}'])).code).toBe(0);
    expect(repo.exec(['search', 'nothing-like-this']).stdout).toContain('(1 session searched)');
  });
});
