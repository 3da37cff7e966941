// Hostile session ids (secrets55, DESIGN §9: a hook never fails the agent). Gemini CLI's SessionStart
// writes its context to a file named after GEMINI_SESSION_ID (start-context/<id>.json) with `exec >`
// in sh: where that file cannot be made — an id too long for a file name, a folder it cannot write
// in — the failed redirection of a special built-in ended the shell with status 2, and the session
// started with no primer. The repository's command and the extension's (gemini-extension/) alike.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, ROOT, tempDir } from '../helpers/repo.js';

type Hooks = Record<string, { hooks: { command: string }[] }[]>;

describe('a session id no file can be named after', () => {
  it("Gemini CLI's start exits 0 and prints the primer, by the repository's hooks and by the extension's", async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    expect((await repo.run(['init', '--no-hooks', '--agent', 'gemini'])).code).toBe(0);
    const settings = (JSON.parse(readFileSync(join(repo.dir, '.gemini/settings.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { hooks: Hooks }).hooks;
    const extension = (JSON.parse(readFileSync(join(ROOT, 'gemini-extension/hooks/hooks.json'), 'utf8')) as { hooks: Hooks }).hooks;
    const bin = tempDir('gm-shim-');
    writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'git-memory'), 0o755);
    const sub = join(repo.dir, 'src');
    mkdirSync(sub, { recursive: true });
    const start = (command: string, cwd: string, id: string) =>
      spawnSync('sh', ['-c', command], {
        cwd,
        env: { ...repo.env, PATH: `${bin}:${repo.env.PATH}`, GEMINI_SESSION_ID: id },
        input: JSON.stringify({ session_id: id, cwd, hook_event_name: 'SessionStart', source: 'startup' }),
        encoding: 'utf8',
      });
    // A file name is at most 255 bytes: 300 characters of the id's own alphabet pass its check.
    for (const id of ['a'.repeat(300), `${'b1-'.repeat(90)}c`]) {
      for (const [command, cwd] of [[settings.SessionStart![0]!.hooks[0]!.command, repo.dir], [extension.SessionStart![0]!.hooks[0]!.command, sub]] as const) {
        const r = start(command, cwd, id);
        expect(r.status, r.stderr).toBe(0);
        expect(r.stderr).toBe('');
        expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toContain('# Project memory');
      }
    }
    const dir = join(repo.dir, '.git', 'git-memory', 'start-context');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    // A plain id still hands its context to the first prompt (a file of its own).
    expect(start(settings.SessionStart![0]!.hooks[0]!.command, repo.dir, 'a1b2-c3').stdout).toBe('');
    expect(readdirSync(dir)).toEqual(['a1b2-c3.json']);
  });
});
