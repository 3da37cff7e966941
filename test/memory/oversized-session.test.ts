// A session file of megabytes in the journal (committed by hand: `end` writes at most 16 KB, and
// `lint` flags more) was parsed whole at every session start: seconds of the agent's start for a
// file of 8 MB. A session file over 256 KB is skipped by the primer and search, with a warning, as a
// file that does not parse is. A day file (a folded day: many sessions) is read up to 2 MB.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const DAY = '2026-11-22';
const PATH = `.openclaw_memory/journal/${DAY}/1200-claude-abcdef.md`;

function hugeSession(): string {
  const head = `---\nsession: 20261122-1200-abcdef\ndate: ${DAY}\ntime: "12:00"\nagent: claude\n---\n\n## Session 12:00\n\n### Request\nZebrafish migration\n\n### Completed\n- Zebrafish tables moved\n\n### Learned\n`;
  return head + Array.from({ length: 30_000 }, (_, i) => `- zebrafish fact number ${i} about the tables\n`).join('');
}

describe('a session file far over its cap', () => {
  it('primer and search skip it with a warning naming its size; lint still flags it', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write(PATH, hugeSession());
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'a huge session');
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).not.toMatch(/zebrafish/i);
    expect(primer.stderr).toMatch(new RegExp(`skipped ${PATH.replace(/\./g, '\\.')}: is \\d+ bytes, far more than a session holds`));
    const search = await repo.run(['search', 'zebrafish', '--json']);
    expect(search.code, search.stderr).toBe(0);
    expect(JSON.parse(search.stdout).results).toEqual([]);
    const lint = await repo.run(['lint']);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain('a session is capped at 16384 (16 KB)');
  });
});
