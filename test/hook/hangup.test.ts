// A hook runs to its end whatever becomes of the terminal (src/bin.ts). An agent that leads its
// terminal session (Gemini CLI run by `script`, an ssh command, a pane that starts it without a
// shell) sends the terminal's hangup to its hooks' processes as it exits: Gemini CLI's session end
// was never recorded so (test/real-agents/gemini-interactive.test.ts). nohup cannot help there:
// node resets an ignored SIGHUP as it starts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, makeMemoryRepo } from '../helpers/repo.js';
import { payload } from '../agents/fixtures.js';

/** Whether process `pid` has a handler for SIGHUP (/proc's SigCgt mask, bit 0), or null when it is gone. */
function catchesHangup(pid: number): boolean | null {
  try {
    const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]!;
    return (BigInt(`0x${mask}`) & 1n) === 1n;
  } catch {
    return null;
  }
}

describe.runIf(process.platform === 'linux')('a hook and the terminal\'s hangup', () => {
  it('a hook process that gets SIGHUP goes on and ends as it would have (session start, its payload sent after the hangup)', async () => {
    const repo = await makeMemoryRepo();
    const child = spawn(process.execPath, [BIN, 'hook', 'agent', 'session-start', '--agent', 'claude'], { cwd: repo.dir, env: repo.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
    // Until node has started and set up, up to 10 s (it waits for its payload on stdin meanwhile);
    // a build that sets nothing up gets the hangup then.
    const until = Date.now() + 10_000;
    while (catchesHangup(child.pid!) === false && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGHUP');
    await new Promise((r) => setTimeout(r, 100));
    child.stdin.end(payload('claude/session-start.json', { cwd: repo.dir, session_id: 'hangup-1', transcript_path: `${repo.dir}/none.jsonl` }));
    expect(await ended).toEqual({ code: 0, signal: null });
    expect(out).toContain('Project memory');
  });
});
