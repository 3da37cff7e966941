// The SessionEnd node runs beside the agent's own exit (issue 24 section 3): on a busy processor
// the agent must win. It runs at the lowest priority, and so do the git processes it starts.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir } from '../../helpers/repo.js';
import { FIXTURES, payload } from '../../agents/fixtures.js';
import { settled } from '../../helpers/settled.js';

const ROLLOUT = join(FIXTURES, 'codex-0.171.0/rollout-resumed.jsonl');
const SESSION = '01a2435a-0c68-7fe1-8eb8-a44bb55f9542';

describe('the detached SessionEnd', () => {
  it('records the session at the lowest priority: every thread of its node, and every git it starts, at nice 19', async () => {
    const repo = await makeMemoryRepo();
    expect((await repo.run(['init', '--agent', 'codex'])).code).toBe(0);
    const input = (event: string) => payload(event === 'session-start' ? 'codex/session-start.json' : 'codex/stop.json', { cwd: repo.dir, session_id: SESSION, transcript_path: ROLLOUT, hook_event_name: event === 'session-end' ? 'SessionEnd' : 'SessionStart', ...(event === 'session-start' ? { source: 'startup' } : {}) });
    // The start in this process (what it records is all the end needs); the end as its own process, whose priority is the point.
    expect((await repo.run(['hook', 'agent', 'session-start', '--agent', 'codex'], { stdin: input('session-start') })).code).toBe(0);
    await settled(repo);
    // A git on PATH that notes its own nice value (/proc/PID/stat's 19th field) before it runs git.
    const bin = tempDir('gm-nice-');
    const log = join(bin, 'nice.log');
    const git = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    // And that of every thread of the node that started it (V8's helper threads start before any of its JavaScript runs).
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nfor s in /proc/$$/stat /proc/$PPID/task/*/stat; do read -r _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ ni _ < "$s" && echo "$ni" >> '${log}'; done\nexec '${git}' "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    // As its command runs it in the background (agents/hook-command.ts), here waited for.
    expect(repo.exec(['hook', 'agent', 'session-end', '--agent', 'codex', '--detached'], { stdin: input('session-end'), env: { PATH: `${bin}:${repo.env.PATH}`, GIT_MEMORY_NICE: '' } }).code).toBe(0);
    expect(repo.git('log', '-1', '--format=%s')).toMatch(/^memory: /);
    const nice = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(nice.length).toBeGreaterThan(0);
    expect([...new Set(nice)]).toEqual(['19']);
  });
});
