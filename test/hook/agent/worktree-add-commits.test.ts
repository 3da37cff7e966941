import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pathWithBin, wiredFixture, type TestRepo } from '../../helpers/repo.js';
import { FIXTURES, payload, workerDone } from '../../agents/fixtures.js';
import { journalTexts } from '../../helpers/journal-session.js';

// Claude Code 2.1.332 (claude-2.1.332/worktree-add.jsonl): one Bash call `git worktree add -q ../wt -b
// feat && cd ../wt && … && git commit -q -m "Feature in worktree"`. The worktree is outside the project
// folder, so Claude Code ran the next command from the project again ("Shell cwd was reset to …"): no
// record's cwd is ../wt. The session is recorded on main; on lead52 its Commits missed the commit it
// made in the worktree it added itself.

const wired = wiredFixture('claude');
const CAPTURED = '/tmp/agent-capture/repo';

/** The captured transcript, its repository moved to `repo`, its worktree to a folder of this test's own, its times to just before now. */
async function transcript(repo: TestRepo, wt: string): Promise<{ path: string; id: string }> {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
  const text = readFileSync(join(FIXTURES, 'claude-2.1.332/worktree-add.jsonl'), 'utf8');
  // Its last record now: the Bash call's commit, made next, comes after the call's record, as it did.
  const times = [...text.matchAll(/"timestamp":"([^"]+)"/g)].map((m) => Date.parse(m[1]!));
  const shift = Date.now() - Math.max(...times);
  const moved = text
    .split(CAPTURED)
    .join(repo.dir)
    .split('../wt')
    .join(`../${basename(wt)}`)
    .replace(/"timestamp":"([^"]+)"/g, (_, t: string) => `"timestamp":"${new Date(Date.parse(t) + shift).toISOString()}"`);
  const path = join(repo.home, 'worktree-add.jsonl');
  writeFileSync(path, moved);
  return { path, id: /"sessionId":"([^"]+)"/.exec(text)![1]! };
}

const hook = (repo: TestRepo, event: string, t: { path: string; id: string }) =>
  repo.exec(['hook', 'agent', event, '--agent', 'claude'], { stdin: payload(`claude/${event}.json`, { cwd: repo.dir, transcript_path: t.path, session_id: t.id }) });

describe('a Claude Code session that adds a worktree itself and commits there', () => {
  it('lists that commit (read from its command line: no record names the folder); another worktree it never went into is not read', async () => {
    const repo = await wired();
    const wt = `${repo.dir}-wt`;
    const t = await transcript(repo, wt);
    expect(hook(repo, 'session-start', t).code).toBe(0);
    const env = { ...repo.env, PATH: pathWithBin() };
    // What the Bash call ran.
    execFileSync('git', ['worktree', 'add', '-q', wt, '-b', 'feat'], { cwd: repo.dir, env, stdio: 'ignore' });
    writeFileSync(join(wt, 'f.txt'), 'f\n');
    execFileSync('git', ['add', 'f.txt'], { cwd: wt, env });
    execFileSync('git', ['commit', '-q', '-m', 'Feature in worktree'], { cwd: wt, env, stdio: 'ignore' });
    // Another session's worktree, meanwhile: not this session's.
    const other = `${repo.dir}-other`;
    execFileSync('git', ['worktree', 'add', '-q', other, '-b', 'other'], { cwd: repo.dir, env, stdio: 'ignore' });
    writeFileSync(join(other, 'o.txt'), 'o\n');
    execFileSync('git', ['add', 'o.txt'], { cwd: other, env });
    execFileSync('git', ['commit', '-q', '-m', 'Other session'], { cwd: other, env, stdio: 'ignore' });
    expect(hook(repo, 'session-end', t).code).toBe(0);
    await workerDone(repo, /^memory: /);
    const [session] = journalTexts(repo);
    expect(session).toContain('branch: main');
    const commits = (session ?? '').split('### Commits')[1] ?? '';
    expect(commits).toContain(`${repo.git('rev-parse', 'feat').trim()} Feature in worktree`);
    expect(commits).not.toContain('Other session');
    expect(commits).not.toContain('Set up git-memory');
  });
});
