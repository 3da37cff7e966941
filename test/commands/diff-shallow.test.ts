// `git memory diff` in a shallow clone (a CI checkout, `git clone --depth 1`): a base before the
// clone's depth is not an unknown revision the user mistyped; say the clone is shallow and how to
// deepen it.
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

/** A repository of three commits on main and one on feature, and a clone of main's tip and feature's, one commit deep each. */
function shallowClone() {
  const origin = makeRepo();
  const first = origin.commit('One', { 'a.txt': '1\n' });
  origin.commit('Two', { 'a.txt': '2\n' });
  origin.git('checkout', '-q', '-b', 'feature');
  origin.commit('Three', { 'b.txt': '3\n' });
  origin.git('checkout', '-q', '-');
  const clone = makeRepo({ initialCommit: false });
  clone.git('fetch', '-q', '--depth=1', `file://${origin.dir}`, 'main:refs/remotes/origin/main', 'feature:refs/remotes/origin/feature');
  clone.git('checkout', '-q', '-B', 'feature', 'origin/feature');
  expect(clone.git('rev-parse', '--is-shallow-repository').trim()).toBe('true');
  return { clone, first };
}

describe('git memory diff in a shallow clone', () => {
  it('says the clone is shallow and how to deepen it when the base is before its depth', async () => {
    const { clone, first } = shallowClone();
    for (const range of [`${first}..HEAD`, 'HEAD~3..HEAD']) {
      const r = await clone.run(['diff', range]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('this clone is shallow');
      expect(r.stderr).toContain('git fetch --deepen');
      expect(r.stderr).toContain('git fetch --unshallow');
    }
  });

  it("says so when two branches' merge base is before the depth", async () => {
    const { clone } = shallowClone();
    const r = await clone.run(['diff', 'origin/main...HEAD']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('it is shallow');
    expect(r.stderr).toContain('git fetch --deepen');
  });

  it('keeps the plain hint for a mistyped name in a full clone', async () => {
    const repo = makeRepo();
    const r = await repo.run(['diff', 'nope..HEAD']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown revision "nope"');
    expect(r.stderr).not.toContain('shallow');
  });
});
