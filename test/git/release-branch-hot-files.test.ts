// A long-lived release branch (redis/redis's 7.2: "Redis 7.2.5", "Release Redis 7.2.6", each release
// commit changing src/version.h and 00-RELEASENOTES): the primer's hot files on it were
// `00-RELEASENOTES (7 commits)` and `src/version.h (7 commits)` beside src/cluster.c, release
// bookkeeping the project's people do not work in. The same kind of subject in expressjs/express
// ("Release: 5.2.0 (#6920)") and vitejs/vite ("release: create-vite@9.1.2"). The history here imitates
// redis's 7.2 branch (built, not fetched).
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('the primer on a release branch', () => {
  it("leaves the release commits' files out of the hot files", async () => {
    const repo = await makeMemoryRepo();
    let n = 0;
    for (const release of ['Redis 7.2.3', 'Redis 7.2.4', 'Redis 7.2.5', 'Release Redis 7.2.6']) {
      n++;
      repo.commit(`Fix a crash in the list type (#${13000 + n})`, { 'src/t_list.c': `// fix ${n}\n` });
      repo.commit(`Fix the ACL selector (#${13100 + n})`, { 'src/acl.c': `// fix ${n}\n`, 'tests/unit/acl.tcl': `# ${n}\n` });
      repo.commit(release, { 'src/version.h': `#define REDIS_VERSION "7.2.${n + 2}"\n`, '00-RELEASENOTES': `Redis 7.2.${n + 2}\n` });
    }
    repo.commit('Release: 7.3.0 (#13500)', { 'src/version.h': '#define REDIS_VERSION "7.3.0"\n' });
    repo.commit('release: redis-cli@7.3.1', { 'src/version.h': '#define REDIS_VERSION "7.3.1"\n' });
    const r = await repo.run(['primer', '--no-write']);
    expect(r.code, r.stderr).toBe(0);
    const hot = (r.stdout.split('## Hot files\n')[1] ?? '').split('\n\n')[0]!.split('\n').filter((l) => l.startsWith('- '));
    expect(hot.slice(0, 3)).toEqual(['- src/acl.c (4 commits)', '- tests/unit/acl.tcl (4 commits)', '- src/t_list.c (4 commits)']);
    expect(hot.filter((l) => /version\.h|RELEASENOTES/.test(l))).toEqual([]);
    // The releases are still named among the recent commits: they say which version the branch is at.
    expect(r.stdout).toContain('Release Redis 7.2.6');
  });
});
