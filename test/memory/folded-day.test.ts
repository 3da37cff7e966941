import { describe, expect, it } from 'vitest';
import { parseDay } from '../../src/memory/day-view.js';
import { foldable, foldedDay, mergeFolded, renderFolded } from '../../src/memory/folded-day.js';
import { parseSession, serializeSession, type Session } from '../../src/memory/session.js';

const J = '.openclaw_memory/journal';
const s = (time: string, id: string, learned: string): Session => ({ id, date: '2026-09-14', time, agent: 'codex', author: 'Jane Doe <jane@example.com>', branch: 'main', base: 'abc1234', request: `request ${id}`, learned: [learned], decisions: [], completed: [], next_steps: [], notes: [], commits: [{ sha: 'abc1234', subject: 'x' }] });
const file = (x: Session) => ({ origin: `${J}/2026-09-14/${x.time.replace(':', '')}-codex-${x.id.slice(-6)}.md`, text: serializeSession(x, 'en') });

describe('a folded day', () => {
  it('gives back each session file byte for byte, and each session as its file did', () => {
    const files = [file(s('09:10', '20260914-0910-aaaaaa', 'one')), file(s('14:30', '20260914-1430-bbbbbb', 'two --- not a rule'))];
    const text = renderFolded('2026-09-14', files);
    expect(foldedDay(text, `${J}/2026-09-14.md`)!.files).toEqual(files);
    const read = parseDay(text, `${J}/2026-09-14.md`);
    expect(read).toEqual(files.map((f) => ({ ...parseSession(f.text, `${J}/2026-09-14.md`), origin: f.origin })));
    // A file without a final newline gains one, and reads the same.
    const bare = { ...files[0]!, text: files[0]!.text.trimEnd() };
    expect(parseDay(renderFolded('2026-09-14', [bare]), 'd.md')[0]!.learned).toEqual(['one']);
  });

  it('will not fold a file with a line that reads as a fold mark', () => {
    expect(foldable('---\nsession: x\ndate: 2026-09-14\n---\n<!-- git-memory: folded from a/b.md -->\n')).toBe(false);
    expect(foldable(serializeSession(s('09:10', '20260914-0910-aaaaaa', 'one'), 'en'))).toBe(true);
  });

  it('merges two sides session file by session file: each kept once; one changed on both sides is not decided', () => {
    const [a, b, c] = [file(s('09:10', '20260914-0910-aaaaaa', 'a')), file(s('10:00', '20260914-1000-bbbbbb', 'b')), file(s('11:00', '20260914-1100-cccccc', 'c'))];
    expect(mergeFolded(null, [a, b], [b, c])).toEqual([a, b, c]);
    const b2 = { ...b, text: b.text.replace('- b', '- b, corrected') };
    expect(mergeFolded([a, b], [a, b2], [a, b, c])).toEqual([a, b2, c]);
    expect(mergeFolded([a, b], [a], [a, b, c])).toEqual([a, c]); // removed on one side, unchanged on the other
    expect(mergeFolded([a, b], [a, b2], [a, { ...b, text: b.text.replace('- b', '- b, other') }])).toBeNull();
  });
});
