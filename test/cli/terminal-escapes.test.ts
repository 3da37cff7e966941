// Memory text arrives by commit (a teammate, a hand edit, an attacker with push access) and the
// human output of the commands quotes it: an escape sequence in it reached the reader's terminal,
// which can retitle the window (OSC 0), write the clipboard (OSC 52) or repaint the screen.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

const DAY = '2026-11-22';
const OSC52 = '\x1b]52;c;ZWNobyBwd25lZA==\x07'; // "write this to the clipboard"
const TITLE = '\x1b]0;pwned\x07';
const CLEAR = '\x1b[2J\x1b[H';
const SESSION = `.openclaw_memory/journal/${DAY}/1200-claude-abc123.md`;
const session = `---\nsession: ${DAY.replace(/-/g, '')}-1200-abc123\ndate: ${DAY}\ntime: "12:00"\nagent: claude\n---\n\n## Session 12:00\n\n### Request\nFix the zebra ${CLEAR}build\n\n### Learned\n- zebra ${OSC52} stripes\n`;
/** Any control character but newline and tab (ESC, BEL, C1). */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('escape sequences in committed memory text', () => {
  it('reach no human output: tasks list, journal, show, sessions, diff, search', async () => {
    const repo = await makeMemoryRepo({ now: `${DAY}T14:00:00` });
    const base = repo.git('rev-parse', 'HEAD').trim();
    repo.write('.openclaw_memory/TASKS.md', `${repo.read('.openclaw_memory/TASKS.md')}- [ ] rotate ${TITLE}keys <!-- t-abcd -->\n`);
    repo.write(SESSION, session);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory from a teammate');
    for (const args of [['tasks', 'list'], ['journal', DAY], ['show', 'abc123'], ['sessions'], ['diff', `${base}..HEAD`], ['search', 'zebra']]) {
      const r = await repo.run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/zebra|rotate/);
      expect(r.stdout, args.join(' ')).not.toMatch(CONTROL);
    }
    // --json keeps the text as it is, escaped by JSON.
    const json = await repo.run(['tasks', 'list', '--json']);
    expect(JSON.parse(json.stdout).tasks.map((t: { task: string }) => t.task)).toContain(`rotate ${TITLE}keys`);
  });
});
