import { LONG_TERM_MAX_BYTES, LONG_TERM_MAX_LINES, parseLongTerm } from '../memory/long-term.js';
import { DATE_RE } from '../clock.js';
import { CorruptFileError, GitMemoryError } from '../errors.js';
import { parseConfig } from '../memory/config.js';
import { parseDay } from '../memory/day-view.js';
import { PRIMER_MAX_BYTES } from '../memory/primer.js';
import { parseSession, SESSION_MAX_BYTES } from '../memory/session.js';
import { parseTasks, writtenTaskIds } from '../memory/tasks.js';
import { TASKS_READ_MAX_BYTES } from '../memory/tasks-file.js';
import { DAY_READ_MAX_BYTES } from '../memory/journal.js';
import { LONG_TERM_READ_MAX_BYTES } from '../memory/long-term-read.js';
import { CONFIG_FILE, JOURNAL_DIR, LONG_TERM_FILE, PRIMER_FILE, TASKS_FILE } from '../paths.js';
import { findControlChars } from '../safety/control-chars.js';
import { describeHidden, findHiddenText, stripHiddenText } from '../safety/hidden-text.js';
import { findInstructions, SUBJECT_EXEMPT } from '../safety/instructions.js';
import { sectionOf } from '../memory/headings.js';
import { redactText, scanText } from '../safety/scan.js';
import { scanMemoryText } from '../safety/scan-memory.js';

export type LintCheck = 'schema' | 'primer-budget' | 'secret' | 'hidden-text' | 'control-char' | 'instruction' | 'duplicate-id' | 'size';

export interface LintProblem {
  check: LintCheck;
  line?: number;
  column?: number;
  /** The secret or instruction rule that fired. */
  rule?: string;
  /** Never holds a secret value: those are masked. */
  message: string;
  /** For schema problems: the shape the file should have. */
  expected?: string;
}

export interface FileLint {
  problems: LintProblem[];
  /** Session ids the file defines, for the duplicate check across files. */
  sessions: { id: string; line?: number }[];
  warnings: string[];
}

type Kind = 'config' | 'tasks' | 'session' | 'day' | 'primer' | 'long-term' | 'other';

function kindOf(path: string): Kind {
  if (path === CONFIG_FILE) return 'config';
  if (path === TASKS_FILE) return 'tasks';
  if (path === PRIMER_FILE) return 'primer';
  if (path === LONG_TERM_FILE) return 'long-term';
  const rest = path.startsWith(`${JOURNAL_DIR}/`) ? path.slice(JOURNAL_DIR.length + 1).split('/') : [];
  if (rest.length === 2 && DATE_RE.test(rest[0]!) && rest[1]!.endsWith('.md')) return 'session';
  if (rest.length === 1 && DATE_RE.test(rest[0]!.replace(/\.md$/, '')) && rest[0]!.endsWith('.md')) return 'day';
  return 'other';
}

/** A session's sections whose items are work asked, done or to do, or commits: git's imperative. */
const WORK_SECTIONS = new Set(['request', 'completed', 'next_steps', 'commits']);
/** The primer's sections of work (both languages): Recent context, Next steps, Recent commits. */
const PRIMER_WORK = new Set(['Recent context', 'Next steps', 'Recent commits', '近期上下文', '下一步', '最近提交']);

/**
 * The 1-based lines of `text` that are work items: a session's Request, Completed, Next steps and
 * Commits; MEMORY.md's open leads; the primer's Recent context, Next steps, Recent commits and open
 * leads. "Remove unicode host test (#5962)" there records a change done or to do, not an order to
 * the agent to turn its checks off (noise53: lint failed a PR's memory for it).
 */
function workLines(kind: Kind, text: string): Set<number> {
  const out = new Set<number>();
  if (kind !== 'session' && kind !== 'day' && kind !== 'long-term' && kind !== 'primer') return out;
  let inWork = false;
  text.split('\n').forEach((line, i) => {
    const h = /^(#{2,3})\s+(.*?)\s*$/.exec(line);
    if (h) {
      const title = h[2]!;
      inWork =
        kind === 'primer' ? h[1] === '##' && PRIMER_WORK.has(title)
        : kind === 'long-term' ? h[1] === '##' && /^(?:open leads|open questions|leads|待跟进线索)$/i.test(title)
        : h[1] === '###' ? WORK_SECTIONS.has(sectionOf(title) ?? '') : inWork && h[1] !== '##';
      return;
    }
    if (inWork || (kind === 'primer' && /^- (?:open lead|待跟进): /.test(line))) out.add(i + 1);
  });
  return out;
}

/** `path:12` (TASKS.md names the line in its path) or `file:12:3: message` lines of a config error. */
const lineIn = (where: string) => Number(/:(\d+)(?::\d+)?$/.exec(where)?.[1]) || undefined;

function schema(kind: Kind, path: string, text: string, repoName: string, out: FileLint): void {
  try {
    if (kind === 'config') out.warnings.push(...parseConfig(text, CONFIG_FILE, repoName).warnings);
    else if (kind === 'tasks') parseTasks(text, path);
    else if (kind === 'long-term') parseLongTerm(text, path);
    else if (kind === 'day') out.sessions.push(...parseDay(text, path).map((s) => ({ id: s.id })));
    else if (kind === 'session') {
      const line = text.split('\n').findIndex((l) => /^session:/.test(l)) + 1;
      out.sessions.push({ id: parseSession(text, path).id, ...(line ? { line } : {}) });
    }
  } catch (e) {
    if (e instanceof CorruptFileError) {
      const line = lineIn(e.path);
      out.problems.push({ check: 'schema', ...(line ? { line } : {}), message: e.reason, expected: e.expected });
    } else if (e instanceof GitMemoryError && kind === 'config') {
      // One problem per line of the config error: `file:line: message`.
      for (const l of e.message.split('\n')) {
        const m = /^(.*?): (.*)$/.exec(l.slice(CONFIG_FILE.length));
        const line = m ? lineIn(`${CONFIG_FILE}${m[1]}`) : undefined;
        out.problems.push({ check: 'schema', ...(line ? { line } : {}), message: m ? m[2]! : l });
      }
    } else throw e;
  }
}

/** Ids that more than one task of TASKS.md carries: a merge or a hand edit let two tasks share one. */
function duplicateTaskIds(text: string): LintProblem[] {
  const lines = new Map<string, number[]>();
  for (const { id, line } of writtenTaskIds(text)) lines.set(id, [...(lines.get(id) ?? []), line]);
  return [...lines].filter(([, at]) => at.length > 1).flatMap(([id, at]) =>
    at.map((line) => ({ check: 'duplicate-id' as const, line, message: `task id ${id} is also used on line ${at.filter((l) => l !== line).join(', ')}` })),
  );
}

/**
 * Every check that looks at one memory file on its own: schema (session, legacy day file, TASKS.md,
 * config), task ids used twice in TASKS.md, size caps (a session ≤ 16 KB, a committed PRIMER.md ≤ 8 KB, what readers skip: TASKS.md over 512 KB, a day file over 2 MB), secrets,
 * invisible characters, control characters and instruction-like lines. Instruction lines are matched with invisible characters
 * removed (so `ig\u200bnore` still reads as `ignore`) and quoted with any secret in them redacted.
 */
export async function lintFile(path: string, text: string, opts: { allowlist: readonly string[]; repoName: string }): Promise<FileLint> {
  const out: FileLint = { problems: [], sessions: [], warnings: [] };
  const kind = kindOf(path);
  schema(kind, path, text, opts.repoName, out);
  if (kind === 'tasks') out.problems.push(...duplicateTaskIds(text));
  const bytes = Buffer.byteLength(text);
  if (kind === 'session' && bytes > SESSION_MAX_BYTES) {
    out.problems.push({ check: 'size', message: `${bytes} bytes: a session is capped at ${SESSION_MAX_BYTES} (16 KB); summarise it` });
  }
  if (kind === 'long-term') {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > LONG_TERM_MAX_LINES || bytes > LONG_TERM_MAX_BYTES) {
      const unread = bytes > LONG_TERM_READ_MAX_BYTES ? `; over ${LONG_TERM_READ_MAX_BYTES / 1024} KB the primer and search do not read it at all` : '';
      out.problems.push({ check: 'size', message: `${lines} lines, ${bytes} bytes: MEMORY.md is kept within ${LONG_TERM_MAX_LINES} lines and ${LONG_TERM_MAX_BYTES} bytes (25 KB)${unread}; \`git memory dream --force\` prunes it` });
    }
  }
  if (kind === 'tasks' && bytes > TASKS_READ_MAX_BYTES) {
    out.problems.push({ check: 'size', message: `${bytes} bytes: a TASKS.md over ${TASKS_READ_MAX_BYTES / 1024} KB is not read (the primer leaves its tasks out, task updates are refused); move done tasks out of it` });
  }
  if (kind === 'day' && bytes > DAY_READ_MAX_BYTES) {
    out.problems.push({ check: 'size', message: `${bytes} bytes: a day file over ${DAY_READ_MAX_BYTES / 1024 / 1024} MB is not read (the primer, search and the dream skip its sessions)` });
  }
  if (kind === 'primer' && bytes > PRIMER_MAX_BYTES) {
    out.problems.push({ check: 'primer-budget', message: `the committed primer is ${bytes} bytes: a primer is capped at ${PRIMER_MAX_BYTES} (8 KB)` });
  }
  for (const f of await scanMemoryText(text, opts.allowlist)) {
    out.problems.push({ check: 'secret', line: f.line, column: f.column, rule: f.ruleId, message: f.message });
  }
  const hidden = findHiddenText(text);
  if (hidden.total) {
    out.problems.push({ check: 'hidden-text', line: hidden.removed.reduce((m, r) => Math.min(m, r.lines[0]!), Infinity), message: describeHidden(hidden, 'found') });
  }
  // A NUL makes the file binary to git (its diffs hidden); other controls repaint terminals.
  for (const c of findControlChars(text)) {
    out.problems.push({ check: 'control-char', line: c.line, column: c.column, message: `control character ${c.codePoint}: only newline and tab belong in a memory file` });
  }
  const plain = stripHiddenText(text).text;
  const work = workLines(kind, plain);
  for (const f of findInstructions(plain)) {
    // A work item in git's imperative ("Remove unicode host test") is held to every rule but this one, as the primer holds it.
    if (work.has(f.line) && SUBJECT_EXEMPT.has(f.ruleId)) continue;
    const quoted = redactText(f.text, await scanText(f.text, { allowlist: opts.allowlist }));
    out.problems.push({ check: 'instruction', line: f.line, rule: f.ruleId, message: `${f.description}: «${quoted}»` });
  }
  return out;
}
