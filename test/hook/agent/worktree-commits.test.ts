import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pathWithBin, wiredFixture, type TestRepo } from '../../helpers/repo.js';
import { FIXTURES, payload, workerDone } from '../../agents/fixtures.js';
import { journalTexts } from '../../helpers/journal-session.js';

// Claude Code 2.1.332 (test/fixtures/agents/README.md, claude-2.1.332/worktree.jsonl): EnterWorktree
// {name: "feat"} made `<repo>/.claude/worktrees/feat` on branch worktree-feat, the records' cwd became
// that folder, the agent committed there and left with ExitWorktree {action: "keep"}. SessionStart and
// SessionEnd ran in `<repo>`: the session is recorded there, on main. Its commit was made in the
// linked worktree, whose reflog and spool are its own: on lead51 the journal listed no commit.
// Run again in the real CLI without ExitWorktree, Stop and SessionEnd ran in the worktree's folder:
// the session is recorded on worktree-feat, where its work is, and a commit it made in `<repo>`
// before it entered the worktree is the session's too.

const wired = wiredFixture('claude');
const CAPTURED = '/tmp/agent-capture/repo';

/**
 * The captured transcript, its folders moved to `repo`'s and its times to now: after the second of
 * the repository's own commits (a reflog's times are whole seconds).
 */
async function transcript(repo: TestRepo): Promise<{ path: string; id: string }> {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
  const text = readFileSync(join(FIXTURES, 'claude-2.1.332/worktree.jsonl'), 'utf8');
  const first = Date.parse(/"timestamp":"([^"]+)"/.exec(text)![1]!);
  const shift = Date.now() - first;
  const moved = text
    .split(CAPTURED)
    .join(repo.dir)
    .replace(/"timestamp":"([^"]+)"/g, (_, t: string) => `"timestamp":"${new Date(Date.parse(t) + shift).toISOString()}"`);
  const path = join(repo.home, 'worktree.jsonl');
  writeFileSync(path, moved);
  return { path, id: /"sessionId":"([^"]+)"/.exec(text)![1]! };
}

const hook = (repo: TestRepo, event: string, cwd: string, t: { path: string; id: string }) =>
  repo.exec(['hook', 'agent', event, '--agent', 'claude'], { stdin: payload(`claude/${event}.json`, { cwd, transcript_path: t.path, session_id: t.id }) });

/** A commit in the worktree at `dir` (the agent's Bash call there): its post-commit hook runs, unless `hooks` is false (Gemini CLI's shell). */
function commitIn(repo: TestRepo, dir: string, file: string, text: string, subject: string, hooks = true, date?: Date): void {
  writeFileSync(join(dir, file), text);
  const env = { ...repo.env, PATH: pathWithBin(), ...(date ? { GIT_AUTHOR_DATE: date.toISOString() } : {}) };
  execFileSync('git', [...(hooks ? [] : ['-c', 'core.hooksPath=']), 'commit', '-qam', subject], { cwd: dir, env, stdio: 'ignore' });
}

async function withA(): Promise<TestRepo> {
  const repo = await wired();
  mkdirSync(join(repo.dir, 'src'));
  repo.write('src/a.ts', 'export const a = 1;\n');
  repo.write('b.txt', 'b\n');
  repo.git('add', 'src/a.ts', 'b.txt');
  repo.git('commit', '-q', '-m', 'Add a');
  return repo;
}

const commitsOf = (text: string | undefined) => (text ?? '').split('### Commits')[1] ?? '';

describe("a Claude Code session's commits in a worktree it entered (EnterWorktree)", () => {
  it('are in the journal of the checkout it ended in; a commit in a worktree it never worked in is not', async () => {
    const repo = await withA();
    const t = await transcript(repo);
    expect(hook(repo, 'session-start', repo.dir, t).code).toBe(0);
    repo.git('worktree', 'add', '-q', '-b', 'worktree-feat', '.claude/worktrees/feat');
    commitIn(repo, join(repo.dir, '.claude/worktrees/feat'), 'src/a.ts', 'export const a = 2;\n', 'Set a to 2');
    // Back in <repo> (ExitWorktree), a later commit: listed after the worktree's, as they were made.
    commitIn(repo, repo.dir, 'b.txt', 'b2\n', 'Later on main', true, new Date(Date.now() + 5000));
    // Another session's worktree, meanwhile (claude -w other): its commit is not this session's.
    repo.git('worktree', 'add', '-q', '-b', 'worktree-other', '.claude/worktrees/other');
    commitIn(repo, join(repo.dir, '.claude/worktrees/other'), 'b.txt', 'other\n', 'Other session');
    expect(hook(repo, 'session-end', repo.dir, t).code).toBe(0);
    await workerDone(repo, /^memory: /);
    const [session] = journalTexts(repo);
    expect(session).toContain('branch: main');
    expect(session).toContain('Changed in the worktree .claude/worktrees/feat: src/a.ts');
    const commits = commitsOf(session);
    expect(commits).toContain(`${repo.git('rev-parse', 'worktree-feat').trim()} Set a to 2`);
    expect(commits).not.toContain('Other session');
    expect(commits).not.toContain('Add a');
    expect([...commits.matchAll(/^- [0-9a-f]{40} (.+)$/gm)].map((m) => m[1])).toEqual(['Set a to 2', 'Later on main']);
  });

  it('ended in the worktree: recorded on its branch, with the commit it made in the checkout it started in (and one no hook saw)', async () => {
    const repo = await withA();
    const t = await transcript(repo);
    expect(hook(repo, 'session-start', repo.dir, t).code).toBe(0);
    commitIn(repo, repo.dir, 'b.txt', 'b2\n', 'Change b first');
    const feat = join(repo.dir, '.claude/worktrees/feat');
    repo.git('worktree', 'add', '-q', '-b', 'worktree-feat', '.claude/worktrees/feat');
    commitIn(repo, feat, 'src/a.ts', 'export const a = 2;\n', 'Set a to 2', false);
    expect(hook(repo, 'session-end', feat, t).code).toBe(0);
    await workerDone({ ...repo, git: (...a: string[]) => execFileSync('git', a, { cwd: feat, env: repo.env, encoding: 'utf8' }) } as TestRepo, /^memory: /);
    const file = execFileSync('git', ['show', '--name-only', '--format=', 'worktree-feat'], { cwd: repo.dir, encoding: 'utf8' }).trim();
    const session = execFileSync('git', ['show', `worktree-feat:${file}`], { cwd: repo.dir, encoding: 'utf8' });
    expect(session).toContain('branch: worktree-feat');
    const commits = commitsOf(session);
    expect(commits).toContain('Set a to 2');
    expect(commits).toContain(`${repo.git('rev-parse', 'main').trim()} Change b first`);
    expect(commits).not.toContain('Add a');
  });
});
