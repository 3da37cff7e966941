// Claude Code keeps the permissions a user approved in `.claude/settings.local.json` and rewrites it
// at each approval; people commit it (6,000+ public repositories hold one). A real project,
// ycheng4-design/memorybridge (at 046f472c, a Claude Code 2.1 user's), had it first in its primer's
// Hot files, "(4 commits)": it was in every commit (noise54's audit, issue 25 §4). An agent's
// per-user state is no more where the work is than its wiring (paths.ts isOwnPath).
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const section = (md: string, name: string) => (md.split(`## ${name}\n`)[1] ?? '').split('\n## ')[0]!;

describe("Hot files and Recent commits leave out Claude Code's .claude/settings.local.json", () => {
  it('however often it was committed, and a commit of it alone is no recent work', async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    for (const n of [1, 2, 3, 4]) {
      repo.commit(`Racket page step ${n}`, {
        '.claude/settings.local.json': `{"permissions":{"allow":["Bash(npm test:*)","Bash(step ${n})"]}}\n`,
        [`src/step${n}.ts`]: `// ${n}\n`,
        ...(n % 2 ? { 'src/racket.ts': `// ${n}\n` } : {}),
      });
    }
    repo.commit('Allow git push', { '.claude/settings.local.json': '{"permissions":{"allow":["Bash(git push:*)"]}}\n' });

    const primer = await repo.run(['primer', '--no-write']);
    expect(primer.code, primer.stderr).toBe(0);
    const hot = section(primer.stdout, 'Hot files');
    expect(hot).toContain('src/racket.ts (2 commits)');
    expect(hot).not.toContain('settings.local.json');
    const commits = section(primer.stdout, 'Recent commits');
    expect(commits).toContain('Racket page step 4');
    expect(commits).not.toContain('Allow git push');
  });
});
