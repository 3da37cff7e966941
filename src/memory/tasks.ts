import { CorruptFileError, readFrontmatter } from './frontmatter.js';
import type { Lang } from './headings.js';
import { formatRelatedFiles, parseRelatedFiles } from './related-files.js';
import { textId } from './task-id.js';
import { loadTemplate, render } from './templates.js';
import { redactQuick } from '../safety/quick-redact.js';

export const TASK_STATUSES = ['todo', 'in_progress', 'done', 'blocked'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface Task {
  id: string;
  task: string;
  status: TaskStatus;
  progress?: string;
  next_step?: string;
  related_files: string[];
  /** Local date-time of the last change (YYYY-MM-DDTHH:MM), used to pick the newer side in merges. */
  updated?: string;
}

export interface TaskList {
  updated?: string;
  tasks: Task[];
}

const LABELS: Record<Lang, { progress: string; next_step: string; related_files: string; status: string }> = {
  en: { progress: 'Progress', next_step: 'Next step', related_files: 'Related files', status: 'Status' },
  zh: { progress: '进度', next_step: '下一步', related_files: '相关文件', status: '状态' },
};
const STATUS_WORDS: Record<Lang, Record<'in_progress' | 'blocked', string>> = {
  en: { in_progress: 'in progress', blocked: 'blocked' },
  zh: { in_progress: '进行中', blocked: '受阻' },
};

export const TASKS_SHAPE = `---
updated: 2026-11-22
---

- [ ] Implement user registration <!-- t-3f2a -->
  - Progress: database model designed
  - Next step: API endpoint
- [x] Implement user login <!-- t-91bc -->`;

/** Normalised task text, for matching a task given again without its id. */
export const taskKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

function taskLines(t: Task, lang: Lang): string {
  const l = LABELS[lang];
  const box = t.status === 'done' ? 'x' : ' ';
  const stamp = t.updated ? ` ${t.updated}` : '';
  const lines = [`- [${box}] ${t.task} <!-- ${t.id}${stamp} -->`];
  if (t.status === 'in_progress' || t.status === 'blocked') lines.push(`  - ${l.status}: ${STATUS_WORDS[lang][t.status]}`);
  if (t.progress) lines.push(`  - ${l.progress}: ${t.progress}`);
  if (t.next_step) lines.push(`  - ${l.next_step}: ${t.next_step}`);
  if (t.related_files.length) lines.push(`  - ${l.related_files}: ${formatRelatedFiles(t.related_files)}`);
  return lines.join('\n');
}

/** Serializes TASKS.md: open tasks first (in their order), then done ones. */
export function serializeTasks(list: TaskList, lang: Lang): string {
  const open = list.tasks.filter((t) => t.status !== 'done');
  const done = list.tasks.filter((t) => t.status === 'done');
  return render(loadTemplate('tasks', lang), {
    updated: list.updated ?? '',
    tasks: [...open, ...done].map((t) => taskLines(t, lang)).join('\n'),
  });
}

/** Labels other writers use: OpenClaw memory v0.2 writes 进展 for progress. */
const LABEL_ALIASES: Record<string, keyof (typeof LABELS)['en']> = { 进展: 'progress' };

function labelKey(label: string): keyof (typeof LABELS)['en'] | undefined {
  const l = label.trim().toLowerCase();
  if (LABEL_ALIASES[l]) return LABEL_ALIASES[l];
  for (const lang of Object.values(LABELS)) {
    for (const [k, v] of Object.entries(lang)) if (v.toLowerCase() === l) return k as keyof (typeof LABELS)['en'];
  }
  return undefined;
}

function statusFromWord(word: string): TaskStatus | undefined {
  const w = word.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if ((TASK_STATUSES as readonly string[]).includes(w)) return w as TaskStatus;
  if (w === STATUS_WORDS.zh.in_progress) return 'in_progress';
  if (w === STATUS_WORDS.zh.blocked) return 'blocked';
  return undefined;
}

const TASK_HEAD = /^- \[([ xX~!-])\] /;
const TASK_MARK = /^<!--\s*(t-[0-9a-z-]+)(?:\s+(\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?))?\s*-->$/;

/**
 * A task line's box, text, id and time (`- [ ] text <!-- t-id 2026-11-02T10:00 -->`), or null. The
 * id's comment is the line's last one, found by a look-up: a lazy `(.*?)\s*(?:<!--…-->)?\s*$` tries
 * every place in the line to its end, minutes for a line with a long run of spaces.
 */
function taskLine(raw: string): [box: string, text: string, id?: string, at?: string] | null {
  const line = raw.trimEnd();
  const head = TASK_HEAD.exec(line);
  if (!head) return null;
  const rest = line.slice(head[0].length);
  if (/[\r\u2028\u2029]/.test(rest)) return null; // what the pattern's `.` did not take
  const open = rest.endsWith('-->') ? rest.lastIndexOf('<!--') : -1;
  const mark = open >= 0 ? TASK_MARK.exec(rest.slice(open)) : null;
  return mark ? [head[1]!, rest.slice(0, open).trimEnd(), mark[1], mark[2]] : [head[1]!, rest];
}

/** A line of TASKS.md that could not be read: 1-based line number in the file, and why. */
export interface UnreadableLine {
  line: number;
  reason: string;
}

/** The frontmatter and body, or (reading leniently) the body alone where the frontmatter is broken. */
function splitFile(text: string, path: string, unreadable: UnreadableLine[] | null): { updated?: string; body: string } {
  try {
    const { data, body } = readFrontmatter(text, path, TASKS_SHAPE);
    return { ...(data.updated === undefined ? {} : { updated: String(data.updated) }), body };
  } catch (e) {
    if (!unreadable || !(e instanceof CorruptFileError)) throw e;
    unreadable.push({ line: 1, reason: e.reason });
    const fence = /^---\r?\n[\s\S]*?\r?\n?---[ \t]*(?:\r?\n|$)/.exec(text);
    return { body: fence ? text.slice(fence[0].length) : text };
  }
}

/**
 * Reads TASKS.md line by line. With `unreadable` given, a line that is not a task or a task detail
 * is recorded there and skipped, and every other task is kept (readers: primer, diff, list);
 * without it, the first such line throws CorruptFileError (writers never rewrite such a file).
 */
function readTasks(text: string, path: string, unreadable: UnreadableLine[] | null): TaskList {
  const { updated, body } = splitFile(text, path, unreadable);
  const offset = text.split('\n').length - body.split('\n').length;
  const tasks: Task[] = [];
  const ids = new Set<string>();
  const lines = body.split(/\r?\n/);
  // Ids minted for hand-written tasks are as long as the whole list needs, whatever their position.
  const count = lines.filter((l) => taskLine(l)).length;
  let current: Task | undefined;
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    if (!line || line.startsWith('#')) return;
    const m = taskLine(line);
    if (m) {
      const box = m[0];
      const status: TaskStatus = box === 'x' || box === 'X' ? 'done' : box === '~' ? 'in_progress' : box === '!' ? 'blocked' : 'todo';
      let id = m[2];
      if (!id || ids.has(id)) id = textId(taskKey(m[1]), ids, count);
      ids.add(id);
      current = { id, task: m[1], status, related_files: [], ...(m[3] ? { updated: m[3] } : {}) };
      tasks.push(current);
      return;
    }
    const detail = /^\s+- ([^:：]+)[:：]\s*(.*)$/.exec(line);
    if (current && detail) {
      const key = labelKey(detail[1]!);
      const value = detail[2]!.trim();
      if (key === 'status') current.status = statusFromWord(value) ?? current.status;
      else if (key === 'related_files') current.related_files = parseRelatedFiles(value);
      else if (key) current[key] = value;
      return;
    }
    const at = i + 1 + offset;
    // Quoted redacted, before it is cut: lint and doctor print it, a commit past the scan (`--no-verify`) may hold a secret there (stop 54).
    const reason = `unexpected line: ${redactQuick(line).slice(0, 80)}`;
    if (!unreadable) throw new CorruptFileError(`${path}:${at}`, reason, TASKS_SHAPE);
    unreadable.push({ line: at, reason });
    current = undefined; // details after a stray line are not pinned on the task before it
  });
  return { ...(updated ? { updated } : {}), tasks };
}

/** Parses TASKS.md; throws CorruptFileError at the first line it cannot read. */
export function parseTasks(text: string, path: string): TaskList {
  return readTasks(text, path, null);
}

/**
 * Parses TASKS.md keeping every task it can read: one stray line must not hide the whole list from
 * the primer. The lines it skipped are returned for the reader to report (file:line).
 */
export function parseTasksKeeping(text: string, path: string): { list: TaskList; unreadable: UnreadableLine[] } {
  const unreadable: UnreadableLine[] = [];
  const list = readTasks(text, path, unreadable);
  return { list, unreadable };
}

/** The ids written in TASKS.md, with their 1-based lines, as they are (the parser re-keys repeats). */
export function writtenTaskIds(text: string): { id: string; line: number }[] {
  const out: { id: string; line: number }[] = [];
  text.split('\n').forEach((raw, i) => {
    const id = taskLine(raw)?.[2];
    if (id) out.push({ id, line: i + 1 });
  });
  return out;
}
