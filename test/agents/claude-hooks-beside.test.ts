// Issue 24 §3: Claude Code waits for no work of ours beside it. Its Stop is not async (print mode
// kills an async hook still running as it exits and waits until each of its processes is reaped
// before SessionEnd: 1-1.5 s of every `claude -p`); the Stop and SessionEnd commands return at once
// and the work goes on beside the agent. `init` writes them so, and over the async Stop an older
// version wrote it drops `async`, keeping the rest of the handler and the user's own async hooks.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeRepo, tempDir } from '../helpers/repo.js';
import { CLAUDE_PRINT_MCP_END } from '../../src/agents/hook-command.js';
import { writeFileSync, chmodSync } from 'node:fs';

const FILE = '.claude/settings.json';
const GATE = 'g=$(git rev-parse --git-path git-memory/turn-end.sh 2>/dev/null) && test -f "$g" && exec sh "$g" claude; git-memory hook agent stop --agent claude';
/** The Stop an older version wrote (with `async: true`), and today's: it returns at once, the decision goes on beside the agent. */
const OLD_STOP = `command -v git-memory >/dev/null 2>&1 || exit 0; ${GATE}`;
const STOP = `command -v git-memory >/dev/null 2>&1 || exit 0; ${CLAUDE_PRINT_MCP_END}{ { ${GATE} <&3; } <&3 >/dev/null 2>&1 & } 3<&0`;

describe('Claude Code Stop, not async', () => {
  it('init writes the Stop without async', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks', '--agent', 'claude'])).code).toBe(0);
    const [stop] = JSON.parse(repo.read(FILE)).hooks.Stop[0].hooks;
    expect(stop.command).toBe(STOP);
    expect(stop).not.toHaveProperty('async');
  });

  it('init over the async Stop an older version wrote gives it today\'s command without async, keeping its timeout and the user\'s own async hook', async () => {
    const repo = makeRepo();
    const old = {
      hooks: {
        Stop: [
          { hooks: [{ type: 'command', async: true, command: OLD_STOP, timeout: 30 }] },
          { hooks: [{ type: 'command', async: true, command: 'echo mine' }] },
        ],
      },
    };
    repo.write(FILE, `${JSON.stringify(old, null, 2)}\n`);
    const r = await repo.run(['init', '--no-hooks', '--agent', 'claude']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(repo.read(FILE)).hooks.Stop).toEqual([
      { hooks: [{ type: 'command', command: STOP, timeout: 30 }] },
      { hooks: [{ type: 'command', async: true, command: 'echo mine' }] },
    ]);
    // A second init changes nothing.
    const once = repo.read(FILE);
    expect((await repo.run(['init', '--no-hooks', '--agent', 'claude'])).code).toBe(0);
    expect(repo.read(FILE)).toBe(once);
  });

  it('SessionEnd returns at once, with nothing on its output; a failure goes to agent-hook.log', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks', '--agent', 'claude'])).code).toBe(0);
    const command: string = JSON.parse(repo.read(FILE)).hooks.SessionEnd[0].hooks[0].command;
    const bin = tempDir('gm-shim-');
    writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'git-memory'), 0o755);
    // No session_id: the hook cannot finalise anything and says so. fd 4, which the work beside the
    // agent inherits, tells when it is done.
    const r = spawnSync('sh', ['-c', command], { cwd: repo.dir, env: { ...repo.env, PATH: `${bin}:${repo.env.PATH}` }, input: JSON.stringify({ hook_event_name: 'SessionEnd', cwd: repo.dir, reason: 'other' }), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe', 'ignore', 'pipe'] });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(repo.dir, '.git', 'git-memory', 'agent-hook.log'), 'utf8')).toContain('no session_id');
  });
});
