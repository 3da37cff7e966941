// A late `end --from-notes` (run the next day, after other work) for a session whose start was
// never recorded (Claude Code started in a subfolder runs none of the root's hooks, a start slot
// pruned): the reflog was cut only at the transcript's first record, so every commit made since
// its last record (the next day's work) was listed as the session's (stop 54's leftover, noise54).
// The transcript's last record now closes the window; such a commit stays in the spool for the end
// it belongs to.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeRepo, tempDir, type TestRepo } from '../../helpers/repo.js';
import { journalTexts } from '../../helpers/journal-session.js';
import { prompt, reply, toolTurn } from './claude-lines.js';
import { advanceLedger } from '../../../src/transcripts/index.js';
import { defaultTemplate } from '../../../src/notes/template.js';
import { NOTES_FILE, SESSIONS_DIR, SPOOL_FILE, sessionDirName } from '../../../src/paths.js';

const SESSION = '5b2e7c1d-9a4f-4e3b-8c6d-1f0a2b3c4d5e';
const stateDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory');

/** The built binary on PATH, as the installed post-commit hook finds it. */
function shimDir(): string {
  const bin = tempDir('gm-shim-');
  writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'git-memory'), 0o755);
  return bin;
}

/** A commit made at `iso` through the installed hooks (git's dates set: the reflog line carries the committer's time). */
function commitAt(repo: TestRepo, bin: string, file: string, subject: string, iso: string): string {
  repo.write(file, `${subject}\n`);
  repo.git('add', '--', file);
  execFileSync('git', ['commit', '-q', '-m', subject], { cwd: repo.dir, env: { ...repo.env, PATH: `${bin}:${repo.env.PATH}`, GIT_AUTHOR_DATE: iso, GIT_COMMITTER_DATE: iso } });
  return repo.git('rev-parse', 'HEAD').trim();
}

describe('a late `end --from-notes` with no recorded start', () => {
  it("lists the commits made between its transcript's first and last record, not the next day's", async () => {
    // Wired, its post-commit hook on: each commit is in the spool too.
    const repo = makeRepo({ now: '2026-11-22T08:00:00Z' });
    const init = await repo.run(['init']);
    expect(init.code, init.stderr).toBe(0);
    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'Set up git-memory');
    const bin = shimDir();
    const before = commitAt(repo, bin, 'src/a.ts', 'Before the session', '2026-11-22T08:59:00Z');
    // The transcript: records from 09:00:01 to a few seconds later (claude-lines' clock).
    const t = join(tempDir('gm-transcript-'), `${SESSION}.jsonl`);
    writeFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint that revokes the refresh token') + toolTurn(SESSION, repo.dir, 3000, 'git commit -am "Add logout"'));
    const during = commitAt(repo, bin, 'src/logout.ts', 'Add logout', '2026-11-22T09:00:03Z');
    writeFileSync(t, readFileSync(t, 'utf8') + reply(SESSION, repo.dir, 3500, 'Logout is in place.'));
    advanceLedger(stateDir(repo), SESSION, t, { agent: 'claude', repoRoot: repo.dir });
    const dir = join(stateDir(repo), SESSIONS_DIR, sessionDirName(SESSION));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, NOTES_FILE), defaultTemplate().replace(/(# Task specification\n_[^\n]*_\n)/, '$1Add a logout endpoint\n'));
    // The next day, other work: a commit from a terminal.
    const nextDay = commitAt(repo, bin, 'src/b.ts', 'Next day in a terminal', '2026-11-23T10:00:00Z');

    const r = await repo.run(['end', '--from-notes', '--session', SESSION, '--json'], { env: { GIT_MEMORY_NOW: '2026-11-23T11:00:00Z' } });
    expect(r.code, r.stderr).toBe(0);
    const [file] = journalTexts(repo);
    const commits = file!.split('### Commits\n')[1]!.split('\n\n')[0]!.trim();
    expect(commits).toBe(`- ${during} Add logout`);
    // Its base: the commit before its first.
    expect(file).toContain(`base: ${before}`);
    // Not lost: the next end (a plain one, in the terminal) records it.
    const spool = readFileSync(join(stateDir(repo), SPOOL_FILE), 'utf8');
    expect(spool).toContain(nextDay);
    const next = await repo.run(['end', '--summary', JSON.stringify({ request: 'Terminal work' })], { env: { GIT_MEMORY_NOW: '2026-11-23T11:05:00Z' } });
    expect(next.code, next.stderr).toBe(0);
    expect(journalTexts(repo).find((f) => f.includes('Terminal work'))).toContain(nextDay);
  });
});
