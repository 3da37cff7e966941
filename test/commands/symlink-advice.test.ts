// A memory folder reached through a symbolic link is refused; the hint says how to undo the link
// from where it came. It said `git rm <link>, then git memory init` for every link, which for a
// link made only in this working tree, over the journal HEAD has, stages the deletion of every
// committed session (history52). Now git is asked: a committed link, a local link over HEAD's
// folder, a local link where HEAD has none.
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, tempDir } from '../helpers/repo.js';

const summary = JSON.stringify({ request: 'Write through a link' });
const JOURNAL = '.openclaw_memory/journal';

/** A repository with one ended session, so that HEAD's journal is a real folder. */
async function withSession() {
  const repo = await makeMemoryRepo();
  const first = await repo.run(['end', '--summary', JSON.stringify({ request: 'First' })]);
  expect(first.code, first.stderr).toBe(0);
  return repo;
}

/** Moves the journal folder out of the working tree and links it back. */
function linkAway(dir: string): string {
  const outside = tempDir('gm-journal-away-');
  cpSync(join(dir, JOURNAL), outside, { recursive: true });
  rmSync(join(dir, JOURNAL), { recursive: true });
  symlinkSync(outside, join(dir, JOURNAL));
  return outside;
}

describe('the hint under a symbolically linked journal', () => {
  it('a local link over the folder HEAD has: rm the link and check the folder out again (no git rm)', async () => {
    const repo = await withSession();
    const outside = linkAway(repo.dir);
    const r = await repo.run(['end', '--summary', summary, '--json']);
    expect(r.code).toBe(1);
    const { hint } = JSON.parse(r.stdout).error;
    expect(hint).toBe(`the link is only in this working tree, over the folder HEAD has: rm ${JOURNAL} && git checkout HEAD -- ${JOURNAL} (${outside} is left as it is)`);
    expect(hint).not.toContain('git rm');
    // The advice works: after it, end writes its session.
    rmSync(join(repo.dir, JOURNAL));
    repo.git('checkout', 'HEAD', '--', JOURNAL);
    const after = await repo.run(['end', '--summary', summary]);
    expect(after.code, after.stderr).toBe(0);
    expect(readdirSync(outside, { recursive: true }).filter((f) => String(f).endsWith('.md'))).toHaveLength(1);
  });

  it('a committed link: git rm --cached, then a real folder', async () => {
    const repo = await withSession();
    const outside = linkAway(repo.dir);
    repo.git('add', '-A', '--', JOURNAL);
    repo.git('commit', '-q', '-m', 'journal elsewhere');
    const r = await repo.run(['end', '--summary', summary, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.hint).toBe(
      `a commit put the link there: git rm --cached ${JOURNAL} && rm ${JOURNAL}, then make a real folder (to keep what it holds: mkdir ${JOURNAL} && cp -R ${outside}/. ${JOURNAL}/) and run git memory init`,
    );
  });

  it('a local link where HEAD has no journal: rm it and make a real folder', async () => {
    const repo = await makeMemoryRepo();
    const outside = tempDir('gm-journal-away-');
    mkdirSync(join(repo.dir, '.openclaw_memory'), { recursive: true });
    rmSync(join(repo.dir, JOURNAL), { recursive: true, force: true });
    symlinkSync(outside, join(repo.dir, JOURNAL));
    const r = await repo.run(['end', '--summary', summary, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.hint).toBe(`the link is only in this working tree: rm ${JOURNAL}, then to keep what it holds: mkdir ${JOURNAL} && cp -R ${outside}/. ${JOURNAL}/`);
  });
});
