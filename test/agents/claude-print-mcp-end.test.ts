// Issue 24 §3: Claude Code in print mode (2.1.328) ends a stdio MCP server as it exits with SIGINT and
// a look every 50 ms whether it is gone: 50-120 ms of every wired `claude -p`'s end, for a server that
// has nothing left to do. It sends none and waits for none for a server whose process ended already.
// So the Stop command of a print-mode session ends the session's own sh MCP front, and nothing else:
// not another process of that Claude Code, not another session's front, not an interactive
// session's. Here a stand-in for Claude Code (a node process) starts the front as the committed entry
// does, a server of the user's, and the Stop command as Claude Code runs a hook (`/bin/sh -c`, the
// payload on stdin, CLAUDE_CODE_ENTRYPOINT in its environment).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookCommand } from '../../src/agents/hook-command.js';
import { MCP_SCRIPT } from '../../src/agents/config/mcp-servers.js';
import { tempDir } from '../helpers/repo.js';

/** The stand-in for Claude Code: starts both servers, runs the Stop, and says which servers were still running 1.5 s later. */
const PARENT = `
const { spawn } = require('node:child_process');
const [front, mine] = [['sh', ['-c', process.env.T_MCP]], ['sh', ['-c', 'while IFS= read -r l; do :; done']]].map(([c, a]) => {
  const p = spawn(c, a, { stdio: ['pipe', 'pipe', 'inherit'], env: { PATH: process.env.T_PLAIN_PATH } });
  p.ended = null;
  p.on('exit', (code, signal) => (p.ended = signal ?? code));
  return p;
});
setTimeout(() => {
  const stop = spawn('/bin/sh', ['-c', process.env.T_STOP], { stdio: ['pipe', 'ignore', 'inherit'], cwd: process.env.T_CWD, env: { PATH: process.env.T_PATH, CLAUDE_CODE_ENTRYPOINT: process.env.T_ENTRY } });
  // The hook may be done before the payload is written (its git-memory here reads none): a closed pipe, as Claude Code takes it.
  stop.stdin.on('error', () => {});
  stop.stdin.end(JSON.stringify({ hook_event_name: 'Stop', session_id: 's1', cwd: process.env.T_CWD }));
  stop.on('exit', (code) => setTimeout(() => {
    process.stdout.write(JSON.stringify({ stop: code, front: front.ended, mine: mine.ended }));
    for (const p of [front, mine]) p.kill('SIGKILL');
    process.exit(0);
  }, 1500));
}, 300);
`;

function runStop(entry: string): { stop: number; front: string | number | null; mine: string | number | null } {
  const dir = tempDir('gm-print-mcp-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  // git-memory on PATH for the hook's guard; its turn-end part finds no repository here and its `hook agent stop` does nothing.
  writeFileSync(join(bin, 'git-memory'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(bin, 'git-memory'), 0o755);
  writeFileSync(join(dir, 'parent.cjs'), PARENT);
  const r = spawnSync(process.execPath, [join(dir, 'parent.cjs')], {
    encoding: 'utf8',
    env: { T_MCP: MCP_SCRIPT, T_STOP: hookCommand('claude', 'stop'), T_ENTRY: entry, T_CWD: dir, T_PATH: `${bin}:${process.env.PATH}`, T_PLAIN_PATH: '/usr/bin:/bin' },
    timeout: 20_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('Claude Code print mode: the Stop ends the session\'s own MCP front', () => {
  it('print mode (sdk-cli): the front has ended by SIGINT after the Stop; the user\'s own server of the same Claude Code and another session\'s front still run', async () => {
    // Another session's front: a child of this process, not of the Claude Code whose Stop runs.
    const other = spawn('sh', ['-c', MCP_SCRIPT], { stdio: ['pipe', 'pipe', 'ignore'], env: { PATH: '/usr/bin:/bin' } });
    let otherEnded: string | number | null = null;
    other.on('exit', (code, signal) => (otherEnded = signal ?? code));
    try {
      expect(runStop('sdk-cli')).toEqual({ stop: 0, front: 'SIGINT', mine: null });
      expect(otherEnded).toBeNull();
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('an interactive session (cli) keeps its front: the next turn uses it', () => {
    expect(runStop('cli')).toEqual({ stop: 0, front: null, mine: null });
  });
});
