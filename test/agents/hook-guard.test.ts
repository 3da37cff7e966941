// Issue 24 item 10: the agent settings init writes are committed, so a teammate without git-memory
// runs them too. Each hook command must then do nothing and say nothing (it exited 127, "git-memory:
// not found", on every event), as the git hooks already do; with git-memory on PATH it runs as before.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeRepo, tempDir } from '../helpers/repo.js';
import { fixture } from './fixtures.js';

type Json = Record<string, any>;

/** Every hook command in an agent's settings, with its event. */
function commands(settings: Json): { event: string; command: string }[] {
  const out: { event: string; command: string }[] = [];
  for (const [event, groups] of Object.entries(settings.hooks ?? {})) {
    for (const g of groups as Json[]) {
      if (typeof g.command === 'string') out.push({ event, command: g.command });
      for (const h of g.hooks ?? []) out.push({ event, command: h.command });
    }
  }
  return out;
}

const FILES = { claude: '.claude/settings.json', codex: '.codex/hooks.json', gemini: '.gemini/settings.json', cursor: '.cursor/hooks.json' } as const;

describe('committed agent hooks for a teammate without git-memory', () => {
  for (const [agent, file] of Object.entries(FILES)) {
    it(`${agent}: every hook in ${file} exits 0 and prints nothing without git-memory, and runs it with git-memory`, async () => {
      const repo = makeRepo();
      const r = await repo.run(['init', '--no-hooks', '--agent', agent]);
      expect(r.code, r.stderr).toBe(0);
      const all = commands(JSON.parse(repo.read(file)));
      expect(all.length).toBeGreaterThan(1);
      const payload = JSON.stringify({ session_id: 's-1', cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup', transcript_path: join(repo.dir, 'none.jsonl') });
      for (const { event, command } of all) {
        // repo.env has no git-memory on PATH (clean-env.mjs takes an installed one off it).
        const teammate = spawnSync('sh', ['-c', command], { cwd: repo.dir, env: repo.env, input: payload, encoding: 'utf8' });
        expect({ event, code: teammate.status, stdout: teammate.stdout, stderr: teammate.stderr }).toEqual({ event, code: 0, stdout: '', stderr: '' });
      }
      // With git-memory on PATH, the session-start hook still hands over the primer.
      const bin = tempDir('gm-bin-');
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
      chmodSync(join(bin, 'git-memory'), 0o755);
      const start = all.find((c) => /session-start/.test(c.command))!;
      const user = spawnSync('sh', ['-c', start.command], { cwd: repo.dir, env: { ...repo.env, PATH: `${bin}:${repo.env.PATH}` }, input: payload, encoding: 'utf8' });
      expect(user.status).toBe(0);
      expect(user.stdout).toMatch(/Project memory/);
    });
  }

  it('init over a configuration an older version wrote (unguarded) guards our commands in place, and uninstall still takes out exactly what init wrote', async () => {
    const repo = makeRepo();
    const before = fixture('claude/settings.before.json');
    repo.write('.claude/settings.json', before);
    await repo.run(['init', '--no-hooks', '--agent', 'claude']);
    const now = repo.read('.claude/settings.json');
    // The same file as an older version left it: our commands without the guard.
    repo.write('.claude/settings.json', now.replaceAll('command -v git-memory >/dev/null 2>&1 || exit 0; ', ''));
    await repo.run(['init', '--no-hooks', '--agent', 'claude']);
    expect(repo.read('.claude/settings.json')).toBe(now);
    await repo.run(['uninstall', '--agent', 'claude']);
    expect(repo.read('.claude/settings.json')).toBe(before);
  });
});
