import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { dreamHistory } from '../helpers/dream-history.js';
import { fixture } from '../helpers/repo.js';

const history = (() => {
  let h: ReturnType<typeof dreamHistory> | undefined;
  return () => (h ??= dreamHistory());
})();
const repoCopy = fixture(async () => (await history()).repo);

describe('dream on a realistic history (42 sessions, 3 weeks, two branches)', () => {
  it('keeps every distinct fact once, resolves the contradictions, and the primer carries what matters', async () => {
    const { facts, nextSteps, tasks, sessions } = await history();
    expect(sessions.length).toBeGreaterThanOrEqual(40);
    const repo = await repoCopy();
    const r = await repo.run(['dream', '--offline', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.ran).toBe(true);
    expect(data.sessions).toBe(42);
    expect(data.commit.paths).toContain('.openclaw_memory/MEMORY.md');
    expect(repo.git('log', '-1', '--format=%s')).toBe('memory: dream over 42 sessions\n');
    const text = repo.read('.openclaw_memory/MEMORY.md');
    const doc = parseLongTerm(text);
    const live = doc.entries.filter((e) => e.section !== 'superseded');
    // every distinct fact once
    for (const f of facts) {
      const holding = live.filter((e) => e.text.includes(f.expect));
      expect(holding.length, `${f.id}: ${f.expect}\n${text}`).toBe(1);
      if (f.notExpect) expect(live.some((e) => e.text.includes(f.notExpect!)), `${f.id} old version still live\n${text}`).toBe(false);
    }
    const superseded = doc.entries.filter((e) => e.section === 'superseded').map((e) => e.text);
    expect(superseded.some((t) => t.includes('30 minutes'))).toBe(true);
    expect(superseded.some((t) => t.startsWith('Use pnpm'))).toBe(true);
    // Said in six sessions; the comment names the newest five (see SESSIONS_NAMED).
    expect(live.find((e) => e.text.includes('--runInBand'))).toMatchObject({ seen: 6, sessions: expect.any(Array) });
    expect(live.find((e) => e.text.includes('--runInBand'))!.sessions).toHaveLength(5);
    expect(text).not.toContain('yesterday');
    expect(live.some((e) => e.text === 'Add refund endpoint')).toBe(false);
    expect(text.split('\n').length).toBeLessThanOrEqual(201);

    const p = await repo.run(['primer', '--json']);
    expect(p.code, p.stderr).toBe(0);
    const md: string = JSON.parse(p.stdout).markdown;
    if (process.env.SHOW_PRIMER) console.log(md);
    expect(encode(md).length).toBeLessThanOrEqual(1000);
    const must = [...facts.map((f) => f.expect), ...nextSteps, ...tasks.filter((t) => t.status !== 'done').map((t) => t.task)];
    const found = must.filter((m) => md.includes(m));
    if (process.env.SHOW_PRIMER) console.log(`quality: ${found.length}/${must.length} facts, ${encode(md).length} BPE tokens`);
    expect(found.length / must.length, `missing: ${must.filter((m) => !md.includes(m)).join(' | ')}\n${md}`).toBeGreaterThanOrEqual(0.95);
    for (const f of facts) {
      if (f.notExpect) expect(md).not.toContain(f.notExpect);
      const line = md.split('\n').find((l) => l.includes(f.expect));
      if (line && f.stale) expect(line).toMatch(/may be stale: src\/search\/tokenize\.ts changed in 1 commit/);
      if (line && !f.stale) expect(line).not.toContain('may be stale');
    }
    const items = md.split('\n').filter((l) => l.startsWith('- '));
    expect(new Set(items).size).toBe(items.length);
  }, 300_000);
});
