import { CorruptFileError, readFrontmatter } from './frontmatter.js';
import { SESSION_HEADING_RE, type Lang } from './headings.js';
import { foldedSession, isFoldedData, parseFolded } from './folded-day.js';
import { byTime, parseSessionBlock, renderSessionBlock, type Session } from './session.js';
import { loadTemplate, render } from './templates.js';
import { withoutEmail } from '../linear.js';

export const DAY_SHAPE = `---
date: 2026-11-22
sessions: 2
updated: "16:05"
---

## Session 09:10

### Request
…`;

/**
 * Renders a day in the original per-day journal shape: frontmatter `date`, `sessions`, `updated`,
 * then one `## Session HH:MM` block per session, in time order. Counters are computed here, never
 * stored, so branches that add sessions the same day cannot conflict on them.
 */
export function renderDay(date: string, sessions: Session[], lang: Lang): string {
  const sorted = [...sessions].sort(byTime);
  const blocks = sorted.map((s) => {
    const meta = [s.agent, s.author && withoutEmail(s.author), s.branch].filter(Boolean).join(' · ');
    const block = renderSessionBlock(s, lang).trimEnd();
    const [heading, ...rest] = block.split('\n');
    return [heading, meta ? `\n_${meta}_` : '', ...rest.map((l) => `\n${l}`)].join('');
  });
  return render(loadTemplate('day', lang), {
    date,
    sessions: String(sorted.length),
    updated: sorted.at(-1)?.time ?? '00:00',
    blocks: blocks.join('\n\n'),
  });
}

/** A day file's frontmatter and its date (the frontmatter's, else the file name's); CorruptFileError where there is none. */
function dayHead(text: string, path: string): { data: Record<string, unknown>; body: string; date: string } {
  const { data, body } = readFrontmatter(text, path, DAY_SHAPE);
  const named = /(?:^|\/)(\d{4}-\d{2}-\d{2})\.md$/.exec(path)?.[1];
  const date = data.date === undefined ? named : String(data.date);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new CorruptFileError(path, 'frontmatter needs `date` (YYYY-MM-DD), or the file name must be the date', DAY_SHAPE);
  }
  return { data, body, date };
}

/**
 * The session `id` of a day file as parseDay(text, path).find(...) gives it; of a folded day only
 * that session is parsed (foldedSession).
 */
export function daySession(text: string, path: string, id: string): Session | undefined {
  const { data, body } = dayHead(text, path);
  return isFoldedData(data) ? foldedSession(body, path, id) : parseDay(text, path).find((s) => s.id === id);
}

/**
 * Parses a per-day journal (`journal/YYYY-MM-DD.md`, the original format, or a rendered day view)
 * into sessions. English and Chinese headings are both read. OpenClaw memory v0.2 writes its day
 * files with `type`/`created`/`updated`/`sessions` and no `date` (the file name is the date), and
 * puts a `---` rule between sessions: both are read as they are. A folded day (memory/folded-day.ts)
 * is read session file by session file.
 */
export function parseDay(text: string, path: string): Session[] {
  const { data, body, date } = dayHead(text, path);
  // A folded day (`git memory fold`): its session files, each read as it was.
  if (isFoldedData(data)) return parseFolded(body, path);
  const sessions: Session[] = [];
  let time: string | undefined;
  let lines: string[] = [];
  const flush = () => {
    if (time === undefined) return;
    const n = sessions.length + 1;
    sessions.push({
      id: `${date.replace(/-/g, '')}-${time.replace(':', '').padStart(4, '0')}-day${n}`,
      date,
      time: time.padStart(5, '0'),
      agent: 'agent',
      ...parseSessionBlock(lines),
      path,
    });
  };
  for (const line of body.split(/\r?\n/)) {
    if (/^ {0,3}-{3,}\s*$/.test(line)) continue; // a rule between sessions, not part of one
    const m = SESSION_HEADING_RE.exec(line);
    if (m) {
      flush();
      time = m[1]!;
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sessions;
}
