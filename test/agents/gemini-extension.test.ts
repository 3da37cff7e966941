// git-memory's Gemini CLI extension (gemini-extension/): Gemini CLI 0.61 started in a subfolder of a
// repository reads no project settings (only the folder's own .gemini/settings.json), so the
// repository's hooks never ran there; an extension's hooks run in every folder. The extension holds
// the repository's commands behind a guard that lets them run only in such a subfolder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionHooks, gemini } from '../../src/agents/gemini.js';
import { makeRepo, PATH_WITHOUT_TOOL, ROOT, tempDir, testEnv } from '../helpers/repo.js';

const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

describe('Gemini CLI extension files', () => {
  it('gemini-extension.json names the extension, follows the package version, and ships with the package', () => {
    const ext = json('gemini-extension/gemini-extension.json');
    const pkg = json('package.json');
    expect(ext.name).toBe('git-memory');
    expect(ext.version).toBe(pkg.version);
    // No MCP server: it would start in every folder Gemini CLI runs in.
    expect(ext.mcpServers).toBeUndefined();
    expect(pkg.files).toContain('gemini-extension');
  });

  it("hooks/hooks.json holds every hook `init --agent gemini` writes, each the repository's command behind the guard", () => {
    const hooks = json('gemini-extension/hooks/hooks.json');
    expect(typeof hooks.description).toBe('string');
    expect(hooks.hooks).toEqual(extensionHooks());
    const settings = JSON.parse(gemini.config[0]!.install(null));
    expect(Object.keys(hooks.hooks)).toEqual(Object.keys(settings.hooks));
    for (const [event, groups] of Object.entries<any[]>(hooks.hooks)) {
      expect(groups[0].hooks[0].command.endsWith(settings.hooks[event][0].hooks[0].command)).toBe(true);
      // Gemini CLI fills `${name}` in an extension's strings from its own variables: none of ours is one.
      expect(groups[0].hooks[0].command).not.toMatch(/\$\{(extensionPath|workspacePath|\/|pathSeparator)\}/);
    }
  });
});

describe("the extension's guard", () => {
  /** A git-memory on PATH that only logs its arguments. */
  function shim(): { path: string; log: string } {
    const bin = tempDir('gm-ext-bin-');
    const log = join(bin, 'calls.log');
    writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\necho "$*" >> '${log}'\n`, { mode: 0o755 });
    return { path: `${bin}:${PATH_WITHOUT_TOOL}`, log };
  }
  const start = extensionHooks().SessionStart![0]!.hooks[0]!.command as string;
  /** Runs the extension's SessionStart command in `cwd` as Gemini CLI does (sh -c, the folder as cwd); the git-memory calls it made. */
  function runStart(cwd: string): string[] {
    const s = shim();
    // The payload on stdin, which the guard leaves unread where it stands aside (Gemini CLI ignores EPIPE).
    const r = spawnSync('sh', ['-c', start], { cwd, env: testEnv({ PATH: s.path, GEMINI_PROJECT_DIR: cwd, PWD: cwd }), input: '{}', stdio: ['pipe', 'ignore', 'ignore'] });
    if (r.error && (r.error as NodeJS.ErrnoException).code !== 'EPIPE') throw r.error;
    expect(r.status).toBe(0);
    return existsSync(s.log) ? readFileSync(s.log, 'utf8').trim().split('\n') : [];
  }
  /** A repository whose root settings hold git-memory's Gemini CLI hooks (as `init --agent gemini` writes them), with a subfolder. */
  function wired() {
    const repo = makeRepo();
    repo.write('.gemini/settings.json', gemini.config[0]!.install(null));
    mkdirSync(join(repo.dir, 'src', 'deep'), { recursive: true });
    return repo;
  }

  it('runs the hook in a subfolder of a repository wired for Gemini CLI, at any depth', () => {
    const repo = wired();
    expect(runStart(join(repo.dir, 'src'))).toEqual(['hook agent session-start --agent gemini']);
    expect(runStart(join(repo.dir, 'src', 'deep'))).toEqual(['hook agent session-start --agent gemini']);
    // A linked worktree, whose .git is a file.
    repo.git('add', '.gemini/settings.json');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    const wt = join(tempDir('gm-ext-wt-'), 'wt');
    repo.git('worktree', 'add', '-q', wt);
    mkdirSync(join(wt, 'src'), { recursive: true });
    expect(runStart(join(wt, 'src'))).toEqual(['hook agent session-start --agent gemini']);
    expect(runStart(wt)).toEqual([]);
  });

  it("stands aside at the root, where Gemini CLI runs the repository's own hooks (else the start would run twice)", () => {
    expect(runStart(wired().dir)).toEqual([]);
  });

  it('runs in a subfolder whose own settings (a package of a monorepo) hold other hooks than ours', () => {
    const repo = wired();
    repo.write('src/.gemini/settings.json', '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"true"}]}]}}\n');
    expect(runStart(join(repo.dir, 'src'))).toEqual(['hook agent session-start --agent gemini']);
  });

  it('does nothing in a repository not wired for Gemini CLI, nor outside any repository', () => {
    const repo = makeRepo();
    mkdirSync(join(repo.dir, 'src'));
    expect(runStart(join(repo.dir, 'src'))).toEqual([]);
    repo.write('.claude/settings.json', '{"hooks":{"SessionEnd":[{"hooks":[{"type":"command","command":"git-memory hook agent session-end --agent claude"}]}]}}\n');
    expect(runStart(join(repo.dir, 'src'))).toEqual([]);
    expect(runStart(tempDir('gm-ext-plain-'))).toEqual([]);
  });
});
