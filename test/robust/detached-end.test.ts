// `end` on a detached HEAD commits the session (an agent in CI may push it) and says that the next
// checkout would leave the commit behind, and how to keep it.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('end on a detached HEAD', () => {
  it('commits, and warns that the commit is on no branch and how to keep or push it', async () => {
    const repo = await makeMemoryRepo();
    const main = repo.git('rev-parse', 'main').trim();
    repo.git('checkout', '-q', '--detach');
    const r = await repo.run(['end', '--summary', '{"request":"Fix the build in CI"}', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const sha = JSON.parse(r.stdout).commit.sha as string;
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(sha);
    expect(repo.git('rev-parse', 'main').trim()).toBe(main);
    expect(r.stderr).toContain(`HEAD is detached: memory commit ${sha.slice(0, 7)} is on no branch, and the next checkout leaves it behind; keep it with \`git switch -c NAME\``);
    expect(r.stderr).toContain('git push origin HEAD:BRANCH');
  });

  it('says nothing of the kind on a branch', async () => {
    const repo = await makeMemoryRepo();
    const r = await repo.run(['end', '--summary', '{"request":"Fix it"}']);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/detached/);
  });
});
