import { describe, expect, it } from 'vitest';
import { anchorsFor, pathsNamed } from '../../src/dream/anchors.js';
import { consolidate, type DreamSession } from '../../src/dream/consolidate.js';
import { absoluteDates } from '../../src/dream/dates.js';
import { serializeLongTerm } from '../../src/memory/long-term.js';
import type { Session } from '../../src/memory/session.js';

const session = (i: number, over: Partial<Session> = {}): DreamSession => ({
  session: { id: `s${i}`, date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`, time: '10:00', agent: 'claude', request: `r${i}`, learned: [], decisions: [], completed: [], next_steps: [], notes: [], commits: [], ...over },
  commitFiles: [],
  at: null,
});
const base = { existing: null, legacy: [], subjects: [], exists: () => true, head: 'abc1234def', lang: 'en' as const };

describe('consolidation, without a model', () => {
  it('makes relative dates absolute, in English and Chinese', () => {
    expect(absoluteDates('The deploy broke yesterday and 3 days ago', '2026-11-20')).toBe('The deploy broke on 2026-11-19 and on 2026-11-17');
    expect(absoluteDates('Ship it next week', '2026-11-20')).toBe('Ship it the week of 2026-11-23');
    expect(absoluteDates('昨天数据库宕机', '2026-11-20')).toBe('2026-11-19数据库宕机');
    // After a word that says how the day relates, the date alone (truth52 saw "As of on 2026-10-20, …" in a dream).
    expect(absoluteDates('As of today, the repository has moved', '2026-10-20')).toBe('As of 2026-10-20, the repository has moved');
    expect(absoluteDates('Flaky since yesterday, fixed by tomorrow', '2026-11-20')).toBe('Flaky since 2026-11-19, fixed by 2026-11-21');
    expect(absoluteDates('Broken since 2 days ago', '2026-11-20')).toBe('Broken since 2026-11-18');
  });

  it('anchors a fact to the paths it names, never to files its commits touched that it does not name', () => {
    expect(pathsNamed('Edit src/a.ts and package.json, not and/or https://x.io/a/b')).toEqual(['src/a.ts', 'package.json']);
    expect(anchorsFor('nothing named', ['src/x.ts', 'src/x.ts', 'src/y.ts', '.openclaw_memory/TASKS.md'], () => true)).toEqual([]);
    expect(anchorsFor('see src/gone.ts', ['src/x.ts'], (p) => p !== 'src/gone.ts')).toEqual([]);
    expect(anchorsFor('see src/x.ts', ['src/x.ts', 'src/y.ts'], () => true)).toEqual(['src/x.ts']);
  });

  it('drops what git records, resolves a contradiction, and stays within 200 lines', () => {
    const facts = Array.from({ length: 400 }, (_, i) => session(i, { learned: [`Module m${i} needs warmup flag w${i} before tests`] }));
    const { doc, report } = consolidate({
      ...base,
      subjects: ['Add refund endpoint'],
      sessions: [
        session(1000, { learned: ['Add refund endpoint', 'src/a.ts, src/b.ts'], decisions: ['Retries are capped at 3 attempts'] }),
        ...facts,
        session(1001, { decisions: ['Retries are capped at 5 attempts'] }),
      ],
    });
    expect(report.dropped.map((d) => d.reason)).toEqual(['a commit subject (git records it)', 'a list of files (git records them)']);
    expect(report.superseded).toEqual([{ old: 'Retries are capped at 3 attempts', by: 'Retries are capped at 5 attempts' }]);
    expect(report.pruned).toBeGreaterThan(0);
    const text = serializeLongTerm(doc);
    expect(text.split('\n').length - 1).toBeLessThanOrEqual(200);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(25 * 1024);
    expect(doc.entries.some((e) => e.text === 'Retries are capped at 5 attempts')).toBe(true);
  });
});
