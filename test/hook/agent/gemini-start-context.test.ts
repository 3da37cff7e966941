// Gemini CLI 0.61 in a headless run (`gemini -p "/fix 42"`) puts a SessionStart hook's context before
// the prompt and only then looks for a slash command: with git-memory's primer there, no custom command
// ran (the model got "/fix 42" as text). So Gemini's SessionStart writes what it would print to a file
// of the session's, and its BeforeAgent hook, whose context Gemini puts after the prompt (the command's
// expansion by then), prints it once, in sh. The real CLI: test/real-agents/typed-commands.test.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo, tempDir } from '../../helpers/repo.js';

type Hooks = Record<string, { hooks: { command: string }[] }[]>;

describe("Gemini CLI's start: its context handed to the first prompt", () => {
  it('SessionStart writes it for the session, BeforeAgent prints it once, SessionEnd removes one never read', async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    expect((await repo.run(['init', '--no-hooks', '--agent', 'gemini'])).code).toBe(0);
    const hooks = (JSON.parse(readFileSync(join(repo.dir, '.gemini/settings.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { hooks: Hooks }).hooks;
    const bin = tempDir('gm-shim-');
    writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'git-memory'), 0o755);
    const sh = (event: string, sessionId: string | null, payload: object = {}) => {
      const env: NodeJS.ProcessEnv = { ...repo.env, PATH: `${bin}:${repo.env.PATH}` };
      if (sessionId !== null) env.GEMINI_SESSION_ID = sessionId;
      else delete env.GEMINI_SESSION_ID;
      const r = spawnSync('sh', ['-c', hooks[event]![0]!.hooks[0]!.command], { cwd: repo.dir, env, input: JSON.stringify({ session_id: sessionId ?? 's-0', cwd: repo.dir, hook_event_name: event, ...payload }), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    const kept = (id: string) => join(repo.dir, '.git', 'git-memory', 'start-context', `${id}.json`);

    expect(sh('SessionStart', 'a1b2-c3', { source: 'startup' })).toBe('');
    const written = readFileSync(kept('a1b2-c3'), 'utf8');
    expect(JSON.parse(written).hookSpecificOutput.additionalContext).toContain('# Project memory');
    const first = sh('BeforeAgent', 'a1b2-c3', { prompt: '/fix 42' });
    expect(first).toBe(written);
    expect(existsSync(kept('a1b2-c3'))).toBe(false);
    expect(sh('BeforeAgent', 'a1b2-c3', { prompt: 'and the lexer' })).toBe('');

    // A Gemini CLI that sets no session id (or one that is no file name): printed, as before.
    for (const id of [null, '../../x']) {
      const out = sh('SessionStart', id, { source: 'startup' });
      expect(JSON.parse(out).hookSpecificOutput.additionalContext).toContain('# Project memory');
    }
    expect(existsSync(join(repo.dir, '.git', 'x.json'))).toBe(false);

    // Started, never prompted, ended: nothing of it stays.
    sh('SessionStart', 'e5f6', { source: 'startup' });
    expect(existsSync(kept('e5f6'))).toBe(true);
    const end = spawnSync(process.execPath, [BIN, 'hook', 'agent', 'session-end', '--agent', 'gemini'], { cwd: repo.dir, env: repo.env, input: JSON.stringify({ session_id: 'e5f6', cwd: repo.dir, hook_event_name: 'SessionEnd', reason: 'exit' }), encoding: 'utf8' });
    expect(end.status, end.stderr).toBe(0);
    expect(existsSync(kept('e5f6'))).toBe(false);
  });
});
