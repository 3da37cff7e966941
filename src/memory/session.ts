import { CorruptFileError, readFrontmatter, writeFrontmatter } from './frontmatter.js';
import { HEADINGS, SESSION_HEADING_RE, sectionOf, type Lang, type SectionKey } from './headings.js';
import { loadTemplate, render } from './templates.js';
import { byCodeUnit } from '../order.js';
import { isCalendarDate } from '../clock.js';

export interface CommitRef {
  sha: string;
  subject: string;
}

/** One agent session, as stored in `journal/<date>/<hhmm>-<agent>-<suffix>.md`. */
export interface Session {
  id: string;
  date: string;
  time: string;
  agent: string;
  author?: string;
  branch?: string;
  base?: string;
  request: string;
  learned: string[];
  decisions: string[];
  completed: string[];
  next_steps: string[];
  notes: string[];
  commits: CommitRef[];
  /** Repository-relative path it was read from (not serialized). */
  path?: string;
  /** The session file it was folded from, when read from a folded day (`git memory fold`; not serialized). */
  origin?: string;
}

/**
 * Sessions in the order they were written: date, time (HH:MM), then id. The clock says nothing
 * finer than the minute (and GIT_MEMORY_NOW stops it), so a session's id says its place among the
 * sessions of its minute written before it, in this clone (see sessionSuffix): the first one's id
 * ends in its random part alone, as every id of older versions does, and the later ones' in
 * `s002-…`, `s003-…`, which sort after any such id and in their order. Sessions of one minute that
 * nothing orders (written in two clones, or by an older version) are in the order of their random
 * parts: stable, the same in every clone. Every reader orders sessions by this.
 */
export const byTime = (a: Session, b: Session) =>
  byCodeUnit(a.date, b.date) || byCodeUnit(a.time, b.time) || byCodeUnit(a.id, b.id);

/** Places past this one share it (and their random parts order them): no real minute has so many sessions. */
const MAX_PLACE = 999;

/** A session's place among the sessions of its minute, as its id says (1: the first, or not said). */
export function placeInMinute(id: string): number {
  const m = /^\d{8}-\d{4}-s(\d{3})-/.exec(id);
  return m ? Number(m[1]) : 1;
}

/** The end of the id (and file name) of the session at `place` in its minute: `random`, preceded by the place from the second on. */
export function sessionSuffix(place: number, random: string): string {
  return place <= 1 ? random : `s${String(Math.min(place, MAX_PLACE)).padStart(3, '0')}-${random}`;
}

/** A session file is at most 16 KB: a briefing, not a transcript (`end` refuses more, `lint` reports it). */
export const SESSION_MAX_BYTES = 16 * 1024;

export type SessionBody = Pick<Session, 'request' | 'learned' | 'decisions' | 'completed' | 'next_steps' | 'notes' | 'commits'>;

export const SESSION_SHAPE = `---
session: 20261122-1430-k3f9ab
date: 2026-11-22
time: "14:30"
agent: claude-code
---

## Session 14:30

### Request
…
### Learned
- …`;

const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');

/** Markdown body of a session block (`## Session HH:MM` and its sections). */
export function renderSessionBlock(s: SessionBody & { time: string }, lang: Lang): string {
  return render(loadTemplate('session', lang), {
    time: s.time,
    request: s.request,
    learned: list(s.learned),
    decisions: list(s.decisions),
    completed: list(s.completed),
    next_steps: list(s.next_steps),
    notes: list(s.notes),
    // Git keeps control characters in a subject (`commit -m $'\e[31m…'`); a memory file never does.
    commits: list(s.commits.map((c) => `${c.sha} ${c.subject.replace(/\p{Cc}/gu, '')}`.trim())),
  });
}

/** Serializes a session file. */
export function serializeSession(s: Session, lang: Lang): string {
  const fm = writeFrontmatter([
    ['session', s.id],
    ['date', s.date],
    ['time', s.time, true],
    ['agent', s.agent],
    ['author', s.author],
    ['branch', s.branch],
    ['base', s.base],
  ]);
  return `${fm}\n${renderSessionBlock(s, lang)}`;
}

/** Reads `### Heading` sections of one session block into a body. Unknown headings are kept as notes. */
export function parseSessionBlock(lines: string[]): SessionBody {
  const body: SessionBody = { request: '', learned: [], decisions: [], completed: [], next_steps: [], notes: [], commits: [] };
  let current: SectionKey | undefined;
  const request: string[] = [];
  for (const raw of lines) {
    const line = raw.trimEnd(); // not `\s+$`: quadratic in a run of spaces inside the line
    const h = /^###\s+(.+)$/.exec(line);
    if (h) {
      current = sectionOf(h[1]!);
      continue;
    }
    if (!current || !line.trim()) continue;
    if (current === 'request') {
      request.push(line);
      continue;
    }
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    const text = (item ? item[1]! : line).trim();
    if (!text) continue;
    if (current === 'commits') {
      const m = /^([0-9a-f]{4,64})\b\s*(.*)$/.exec(text);
      body.commits.push(m ? { sha: m[1]!, subject: m[2]! } : { sha: '', subject: text });
    } else if (!item && body[current].length) {
      // a wrapped continuation line of the previous item
      body[current][body[current].length - 1] += ` ${text}`;
    } else {
      body[current].push(text);
    }
  }
  body.request = request.join('\n').trim();
  return body;
}

function str(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : String(v);
}

/**
 * A session file's frontmatter, checked as parseSession checks it (CorruptFileError with the path
 * where it is not a session's), its body left unread: enough to tell which session a file is.
 */
export function sessionHead(text: string, path: string): { data: Record<string, unknown>; body: string; id: string; date: string } {
  const { data, body } = readFrontmatter(text, path, SESSION_SHAPE);
  const id = str(data.session);
  const date = str(data.date);
  // A day of the calendar: a committed `date: 2099-13-45` was listed first by `sessions`.
  if (!id || !date || !isCalendarDate(date)) {
    throw new CorruptFileError(path, 'frontmatter needs `session` and `date` (a day, YYYY-MM-DD)', SESSION_SHAPE);
  }
  return { data, body, id, date };
}

/** Parses a session file. Throws CorruptFileError with the path when it is not one. */
export function parseSession(text: string, path: string): Session {
  const { data, body, id, date } = sessionHead(text, path);
  const lines = body.split(/\r?\n/);
  const headingTime = lines.map((l) => SESSION_HEADING_RE.exec(l)?.[1]).find(Boolean);
  return {
    id,
    date,
    time: str(data.time) ?? headingTime ?? '00:00',
    agent: str(data.agent) ?? 'agent',
    author: str(data.author),
    branch: str(data.branch),
    base: str(data.base),
    ...parseSessionBlock(lines),
    path,
  };
}

/** The heading language a text was written in (for re-rendering in the same language). */
export function detectLang(text: string): Lang {
  return text.includes(`### ${HEADINGS.zh.request}`) || text.includes(`## ${HEADINGS.zh.session}`) ? 'zh' : 'en';
}
