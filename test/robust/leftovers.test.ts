// What killed processes leave behind is cleared by the next command that takes the lock.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeOrphans } from '../../src/fs/orphans.js';
import { writeState } from '../../src/fs/state.js';
import { withSessionLock } from '../../src/notes/lock.js';
import { sessionDirName } from '../../src/paths.js';
import { fixture } from '../agents/fixtures.js';
import { makeMemoryRepo, tempDir } from '../helpers/repo.js';
import { settledOrAfter } from '../helpers/settled.js';

/** The id of a process that has exited. */
function deadPid(): number {
  return spawnSync('true', { stdio: 'ignore' }).pid!;
}

describe('temporary files of killed processes', () => {
  it('every temporary index a memory commit makes is removed once its process is gone (the user-index copy was never)', () => {
    const state = tempDir();
    const tmp = join(state, 'tmp');
    mkdirSync(tmp);
    const dead = deadPid();
    const names = [`index-${dead}-0a1b2c3d`, `index-${dead}-0a1b2c3d.lock`, `index-user-${dead}-0a1b2c3d`, `index-user-${dead}-0a1b2c3d.lock`, `index-branch-${dead}-0a1b2c3d`, `${dead}-0a1b2c3d.tmp`];
    const living = [`index-user-${process.pid}-0a1b2c3d`, `index-${process.pid}-0a1b2c3d`, 'index-user-notapid'];
    for (const n of [...names, ...living]) writeFileSync(join(tmp, n), 'x');
    expect(removeOrphans(state).sort()).toEqual(names.map((n) => `tmp/${n}`).sort());
    expect(readdirSync(tmp).sort()).toEqual(living.sort());
    expect(existsSync(join(tmp, `index-user-${process.pid}-0a1b2c3d`))).toBe(true);
  });
});

describe('an escaped lone surrogate in stored JSON input', () => {
  it('end and tasks set refuse it by name and path (exit 2, nothing written), where it was stored as U+FFFD without a word; an escaped pair is a character', async () => {
    const repo = await makeMemoryRepo();
    const status = () => repo.git('status', '--porcelain', '--untracked-files=all') + repo.git('log', '--oneline');
    const before = status();
    const end = await repo.run(['end', '--summary', '{"request":"Fix it","learned":["a \\ud800 b"]}']);
    expect(end.code).toBe(2);
    expect(end.stderr).toContain('summary: learned[0]: holds an escaped lone surrogate (\\ud800), which is not a character and cannot be stored as UTF-8; nothing was written');
    const tasks = await repo.run(['tasks', 'set', '[{"task":"x\\udfff"}]']);
    expect(tasks.code).toBe(2);
    expect(tasks.stderr).toContain('task list: [0].task: holds an escaped lone surrogate (\\udfff)');
    expect(status()).toBe(before);
    const pair = await repo.run(['end', '--summary', '{"request":"Smile \\ud83d\\ude00"}', '--json']);
    expect(pair.code, pair.stderr).toBe(0);
    const path = JSON.parse(pair.stdout).session.path as string;
    expect(readFileSync(join(repo.dir, path), 'utf8')).toContain('Smile 😀');
  });
});

describe('a symbolic link planted in the state directory', () => {
  it('a session directory that links elsewhere is not written through: state writes and the session lock refuse it', async () => {
    const state = tempDir();
    const elsewhere = tempDir();
    mkdirSync(join(state, 'sessions'), { recursive: true });
    symlinkSync(elsewhere, join(state, 'sessions', 'abc'));
    expect(() => writeState(state, 'sessions/abc/ledger.json', { v: 1 })).toThrow(/sessions\/abc is a symbolic link: git-memory does not write its state through one/);
    await expect(withSessionLock(state, 'abc', async () => 'ran')).rejects.toThrow(/symbolic link/);
    expect(readdirSync(elsewhere)).toEqual([]);
    // A directory of its own is written as before.
    writeState(state, 'sessions/def/ledger.json', { v: 1 });
    expect(readFileSync(join(state, 'sessions', 'def', 'ledger.json'), 'utf8')).toBe('{"v":1}\n');
  });

  it('the compaction hook on a session whose directory links elsewhere writes nothing there and does not fail the agent', async () => {
    const repo = await makeMemoryRepo();
    const elsewhere = tempDir();
    const session = '00893aaf-19fa-41d2-8238-13269b9b3ca0';
    const transcript = join(tempDir(), `${session}.jsonl`);
    writeFileSync(transcript, fixture('claude/transcript.jsonl'));
    const sessions = join(repo.dir, '.git', 'git-memory', 'sessions');
    mkdirSync(sessions, { recursive: true });
    symlinkSync(elsewhere, join(sessions, sessionDirName(session)));
    const input = JSON.stringify({ session_id: session, transcript_path: transcript, cwd: repo.dir, hook_event_name: 'PreCompact', trigger: 'auto' });
    const r = repo.exec(['hook', 'agent', 'pre-compact', '--agent', 'claude'], { stdin: input });
    expect(r.code).toBe(0);
    await settledOrAfter(repo, 2000); // the worker it starts
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
