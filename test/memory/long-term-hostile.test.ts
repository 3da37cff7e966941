// MEMORY.md is committed and reviewed like code: a teammate's pull request, a bad merge or a pasted
// log can put any line in it, and every session start parses it. Its patterns were lazy groups
// before `<!--`, `-->` and `\s*$`, which look ahead to the line's end from every place they try:
// one 100 KB line of unclosed `<!--` kept `git memory primer` busy for 19 s of CPU. The work is
// linear, so each parse here has a bound far above its time (a few ms) and far below main's.
import { describe, expect, it } from 'vitest';
import { entryText, parseEntryLine, parseLongTerm, serializeLongTerm, type LongTermDoc } from '../../src/memory/long-term.js';
import { makeMemoryRepo } from '../helpers/repo.js';
import { cpuNow } from '../helpers/cpu-time.js';

const BOUND_MS = 1000;
const memory = (line: string) => `# Long-term memory\n\n> Facts.\n\n## Decisions\n\n- ${line}\n- Use pnpm, never npm <!-- sessions: s1; date: 2026-10-03 -->\n`;

const hostile: Record<string, string> = {
  'unclosed comment openings': '<!-- '.repeat(20_000),
  'a run of spaces before a comment': `Use pnpm${' '.repeat(100_000)}x <!-- sessions: s1 -->`,
  'a run of spaces inside the comment': `Use pnpm <!-- sessions: s1;${' '.repeat(100_000)}x -->`,
  'openings after a closed comment': `${'<!-- a -->'.repeat(10_000)} <!--`,
};

function timed<T>(f: () => T): [T, number] {
  const t = cpuNow();
  const v = f();
  return [v, cpuNow() - t];
}

describe('MEMORY.md with hostile lines', () => {
  for (const [name, line] of Object.entries(hostile)) {
    it(`parses a 100 KB line of ${name} in linear time`, () => {
      const [doc, ms] = timed(() => parseLongTerm(memory(line)));
      expect(ms).toBeLessThan(BOUND_MS);
      expect(doc.entries.map((e) => e.text)).toContain('Use pnpm, never npm');
    });
  }

  it('parses a heading and a dreamt-through note with long runs of spaces in linear time', () => {
    const text = `# Long-term memory\n\n> <!-- dreamt through: ${'a'.repeat(40)};${' '.repeat(100_000)}x -->\n\n##${' '.repeat(100_000)}Decisions${' '.repeat(100_000)}x\n\n## Decisions\n\n- Use pnpm <!-- sessions: s1 -->\n`;
    const [doc, ms] = timed(() => parseLongTerm(text));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(doc.entries.map((e) => e.text)).toEqual(['Use pnpm']);
  });

  it('cleans a fact of 200 KB of unclosed comment openings in linear time', () => {
    const [text, ms] = timed(() => entryText('<!-- '.repeat(40_000)));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(text.length).toBeLessThanOrEqual(150);
  });

  it('keeps a fact that names an HTML comment opening, and its provenance, across a rewrite', () => {
    const doc: LongTermDoc = { lang: 'en', entries: [{ section: 'gotchas', text: 'Never put `<!--` inside a Vue template string', sessions: ['20261103-1000-cccccc'], files: ['src/App.vue'], date: '2026-11-03' }] };
    const back = parseLongTerm(serializeLongTerm(doc));
    expect(back.entries).toEqual(doc.entries);
    // A closed comment in the fact is still no part of it; the line's own comment still is the provenance.
    expect(parseEntryLine('gotchas', 'x <!-- note --> y <!-- sessions: a; files: b.ts -->')).toMatchObject({ sessions: ['a'], files: ['b.ts'] });
  });

  it('a session start over such a MEMORY.md is not held up, and shows its other facts', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-30T19:00:00Z' });
    expect((await repo.run(['primer', '--no-write'])).code).toBe(0); // the modules loaded: the bound is the parse's
    repo.write('.openclaw_memory/MEMORY.md', memory('<!-- '.repeat(20_000)));
    const [r, ms] = await (async () => {
      const t = cpuNow();
      const got = await repo.run(['primer', '--no-write']);
      return [got, cpuNow() - t] as const;
    })();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Use pnpm, never npm');
    expect(ms).toBeLessThan(3 * BOUND_MS);
  });
});
