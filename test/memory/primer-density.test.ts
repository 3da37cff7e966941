// Issue 28 item 3: the primer's work does not grow with the journal's density. It shows a dozen
// lines of recent work, the newest facts and each line of work's next steps; it reads the newest
// sessions that fill its budget (and back to the next steps it shows), and takes what it says of
// the rest of the window (how many sessions, by whom) from a kept index per day, checked by one
// lstat of the day's folder. Counted here: session files the primer process stats or opens.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const AUTHORS = ['Ann Lee', 'Bob Stone', 'Cleo Park', 'Dev Patel', 'Eva Ruiz', 'Finn Moss', 'Gus Hall', 'Hana Ito'];

/** A preload that counts, per process, the session files stat'ed and opened (fs's sync calls, ESM imports included). */
function counter(): { preload: string; out: string } {
  const dir = tempDir('gm-count-');
  const preload = join(dir, 'count.cjs');
  writeFileSync(
    preload,
    `const fs = require('fs');
const counts = { stat: 0, open: 0 };
const session = /\\/journal\\/\\d{4}-\\d\\d-\\d\\d\\/[^/]+\\.md$/;
for (const [name, key] of [['lstatSync', 'stat'], ['statSync', 'stat'], ['openSync', 'open'], ['readFileSync', 'open']]) {
  const orig = fs[name];
  fs[name] = function (p, ...rest) {
    if (typeof p === 'string' && session.test(p)) counts[key]++;
    return orig.call(this, p, ...rest);
  };
}
require('module').syncBuiltinESMExports();
process.on('exit', () => fs.writeFileSync(process.env.GM_COUNT_FILE, JSON.stringify(counts)));
`,
  );
  return { preload, out: join(dir, 'counts.json') };
}

/** `perDay` sessions on each of the 20 days up to Nov 30 (`today` on Nov 30 itself), all on main. */
function journal(repo: TestRepo, perDay: number, today: number): void {
  for (let d = 11; d <= 30; d++) {
    const date = `2026-11-${d}`;
    const n = d === 30 ? today : perDay;
    for (let i = 0; i < n; i++) {
      const minutes = 8 * 60 + Math.floor((i * 600) / n);
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const suffix = `${d}${String(i).padStart(4, '0')}`;
      const s: Session = {
        id: `${date.replaceAll('-', '')}-${time.replace(':', '')}-${suffix}`,
        date,
        time,
        agent: 'claude',
        author: `${AUTHORS[(d + i) % AUTHORS.length]} <dev@example.com>`,
        branch: 'main',
        request: `Work item ${d}-${i}`,
        learned: [`Fact ${d}-${i}: the exporter ${d * 100 + i} batches rows by tenant`],
        decisions: [],
        completed: [`Shipped change ${d}-${i} to the invoice exporter number ${d * 100 + i}`],
        next_steps: [`Follow up on change ${d}-${i}`],
        notes: [],
        commits: [],
      };
      repo.write(`.openclaw_memory/journal/${date}/${time.replace(':', '')}-claude-${suffix}.md`, serializeSession(s, 'en'));
    }
  }
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'memory: a dense journal');
}

function primer(repo: TestRepo, c: { preload: string; out: string }) {
  const r = repo.exec(['primer', '--json', '--no-write', '--max-tokens', '400'], { env: { NODE_OPTIONS: `--require ${c.preload}`, GM_COUNT_FILE: c.out } });
  expect(r.code, r.stderr).toBe(0);
  return { data: JSON.parse(r.stdout) as { markdown: string; window: { sessions: number; read?: number } }, counts: JSON.parse(readFileSync(c.out, 'utf8')) as { stat: number; open: number } };
}

describe('the primer in a dense journal (issue 28 item 3)', () => {
  it('reads the sessions it can show, not the whole window and two weeks before it, and says what the window holds', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    // 40 sessions a day for 19 days, 12 today: the window (Nov 28-30) holds 92, the look-back 560 more.
    journal(repo, 40, 12);
    await sleep(2100); // the day folders have settled: their indexes are kept
    const c = counter();
    const first = primer(repo, c);
    const warm = primer(repo, c);
    // Warm: today's files (checked one by one) and the day before, which fill the budget; no more.
    // (Before: every file of the window and the two weeks before it, 652, stat'ed at every start.)
    expect(warm.counts.stat + warm.counts.open, JSON.stringify(warm.counts)).toBeLessThanOrEqual(12 + 40);
    expect(first.data.markdown).toBe(warm.data.markdown);
    // The whole window is still counted and credited.
    expect(warm.data.window.sessions).toBe(92);
    expect(warm.data.window.read).toBeLessThan(92);
    expect(warm.data.markdown).toMatch(/sessions by [^.]*, \+3\./);
    expect(warm.data.markdown).toContain('Shipped change 30-11 to the invoice exporter number 3011');
    expect(warm.data.markdown).toContain('Follow up on change 30-11');
    expect(warm.data.markdown).not.toContain('Shipped change 28-');

    // A branch merged in with next steps from ten days ago is still shown: read back to it (and
    // the sessions since, to leave out a step one of them completed), as before.
    const pdf = (id: string, time: string, next: string[], completed: string[] = []): Session => ({ id, date: '2026-11-20', time, agent: 'claude', branch: 'feature/pdf', request: 'PDF invoices', learned: [], decisions: [], completed, next_steps: next, notes: [], commits: [] });
    repo.write('.openclaw_memory/journal/2026-11-20/1900-claude-pdf001.md', serializeSession(pdf('20261120-1900-pdf001', '19:00', ['Render the PDF footer', 'Embed the invoice fonts']), 'en'));
    repo.write('.openclaw_memory/journal/2026-11-25/1900-claude-pdf002.md', serializeSession({ ...pdf('20261125-1900-pdf002', '19:00', []), date: '2026-11-25', branch: 'main', completed: ['Embedded the invoice fonts'] }, 'en'));
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: merged feature/pdf');
    const merged = primer(repo, c);
    expect(merged.data.markdown).toContain('(feature/pdf) Render the PDF footer');
    expect(merged.data.markdown).not.toContain('Embed the invoice fonts');
  });
});
