import { CorruptFileError, readFrontmatter } from './frontmatter.js';
import type { Lang } from './headings.js';
import { loadTemplate, render } from './templates.js';

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

/** 64-bit FNV-1a of the text as hex: stable, cheap, and no crypto module at session start. */
function textHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

/** A new short id derived from the text, lengthened until unique. */
export function mintId(text: string, taken: ReadonlySet<string>): string {
  const hex = textHash(taskKey(text));
  for (let n = 4; n <= hex.length; n++) {
    const id = `t-${hex.slice(0, n)}`;
    if (!taken.has(id)) return id;
  }
  for (let i = 2; ; i++) if (!taken.has(`t-${hex.slice(0, 8)}-${i}`)) return `t-${hex.slice(0, 8)}-${i}`;
}

function taskLines(t: Task, lang: Lang): string {
  const l = LABELS[lang];
  const box = t.status === 'done' ? 'x' : ' ';
  const stamp = t.updated ? ` ${t.updated}` : '';
  const lines = [`- [${box}] ${t.task} <!-- ${t.id}${stamp} -->`];
  if (t.status === 'in_progress' || t.status === 'blocked') lines.push(`  - ${l.status}: ${STATUS_WORDS[lang][t.status]}`);
  if (t.progress) lines.push(`  - ${l.progress}: ${t.progress}`);
  if (t.next_step) lines.push(`  - ${l.next_step}: ${t.next_step}`);
  if (t.related_files.length) lines.push(`  - ${l.related_files}: ${t.related_files.join(', ')}`);
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

const TASK_RE = /^- \[([ xX~!-])\] (.*?)\s*(?:<!--\s*(t-[0-9a-z-]+)(?:\s+(\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?))?\s*-->)?\s*$/;

/** Parses TASKS.md. Tasks without an id (hand-written) get one minted from their text. */
export function parseTasks(text: string, path: string): TaskList {
  const { data, body } = readFrontmatter(text, path, TASKS_SHAPE);
  const tasks: Task[] = [];
  const ids = new Set<string>();
  let current: Task | undefined;
  body.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim() || line.startsWith('#')) return;
    const m = TASK_RE.exec(line);
    if (m) {
      const box = m[1]!;
      const status: TaskStatus = box === 'x' || box === 'X' ? 'done' : box === '~' ? 'in_progress' : box === '!' ? 'blocked' : 'todo';
      let id = m[3];
      if (!id || ids.has(id)) id = mintId(m[2]!, ids);
      ids.add(id);
      current = { id, task: m[2]!, status, related_files: [], ...(m[4] ? { updated: m[4] } : {}) };
      tasks.push(current);
      return;
    }
    const detail = /^\s+- ([^:：]+)[:：]\s*(.*)$/.exec(line);
    if (current && detail) {
      const key = labelKey(detail[1]!);
      const value = detail[2]!.trim();
      if (key === 'status') current.status = statusFromWord(value) ?? current.status;
      else if (key === 'related_files') current.related_files = value.split(',').map((f) => f.trim()).filter(Boolean);
      else if (key) current[key] = value;
      return;
    }
    throw new CorruptFileError(`${path}:${i + 1 + (text.split('\n').length - body.split('\n').length)}`, `unexpected line: ${line.slice(0, 80)}`, TASKS_SHAPE);
  });
  const updated = data.updated === undefined ? undefined : String(data.updated);
  return { ...(updated ? { updated } : {}), tasks };
}
