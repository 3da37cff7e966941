import type { Summary } from '../../memory/summary.js';
import type { TaskInput } from '../../memory/task-update.js';
import { learnedFacts } from '../../memory/learned-noise.js';
import { shorten } from '../../notes/offline.js';
import { parseNotes } from '../../notes/template.js';
import type { Ledger } from '../../transcripts/ledger.js';

/** A session file holds at most 16 KB: items are kept to a line, lists to a dozen. */
const MAX_ITEM = 300;
const MAX_REQUEST = 600;
const MAX_LIST = 12;
const MAX_FILES = 10;

/** Body lines that say nothing (a model's filler, a template's placeholder). */
const FILLER = /^(none|n\/a|no info(rmation)?( yet)?|nothing( yet| new)?|tbd|todo|-+|…|\.\.\.|\(\d+ earlier \w+\)|… \d+ more .*)\.?$/i;
/** A Current State item that reports something finished rather than something to do. */
const DONE = /^(\[x\]|✅|✓|✔|(done|completed?|finished|fixed|implemented|added|merged|resolved|shipped)\b)/i;
const NEXT_PREFIX = /^(next( steps?)?|todo|pending|remaining|to do|in progress)\s*[:-]\s*/i;
/**
 * A Current State line that says the work is finished in a sentence ("The refactor is complete and
 * the tests pass", "Nothing left to do"): a report, never a next step.
 */
const DONE_SENTENCE =
  /\b(?:is|are|was|were|has been|have been|now)\s+(?:all\s+)?(?:done|complete|completed|finished|implemented|merged|fixed|resolved|shipped|in place)\b|\ball (?:the )?(?:tests|checks|tasks|work|steps)\b[^.;]*\b(?:pass(?:ing|ed)?|green|done|complete[d]?)\b|\bnothing (?:left|remaining|more|else) (?:to do|is pending)\b|\bno (?:further|remaining|open|more) (?:work|steps|tasks|changes)\b|\b(?:task|work) (?:is )?(?:done|complete)\b/i;
/** Current State lines that report where things stand, not what to do (as notes filled from the ledger write them). */
const STATUS = /^(last request|last edited|todo list|agent'?s last reply|working directory|context compacted)\s*:/i;
/** A worklog step's tool-call count: bookkeeping, not what was done. */
const CALLS = /;\s*\d+ tool calls?(?=;|$)/g;

/** One line, at most `max` characters, cut at a word. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The items of a section body: each list item (its continuation lines joined), or each line of
 * plain text; italic description lines, headings, code fences and filler are left out.
 */
export function sectionItems(body: string): string[] {
  const items: string[] = [];
  let current: string | null = null;
  let fenced = false;
  const flush = () => {
    if (current !== null && current.trim() && !FILLER.test(current.trim())) items.push(clip(current, MAX_ITEM));
    current = null;
  };
  for (const raw of body.split('\n')) {
    const line = raw.trimEnd();
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const t = line.trim();
    if (!t || /^#{1,6}\s/.test(t) || /^_[^_].*_$/.test(t) || /^\|?[-:| ]+\|?$/.test(t)) {
      flush();
      continue;
    }
    const bullet = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (bullet) {
      flush();
      current = bullet[1]!.replace(/^\[ \]\s*/, '');
    } else if (current !== null && /^\s+/.test(line)) {
      current += ` ${t}`;
    } else {
      flush();
      current = t;
    }
  }
  flush();
  return items;
}

/**
 * The request: the first paragraph of the section (two when the first is a fragment), on one line;
 * an introduction followed by a list ("The user asked:", then each request) gives the list's first item.
 */
function paragraph(body: string): string {
  const paras = body
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').filter((l) => !/^\s*_[^_].*_\s*$/.test(l)).join('\n').trim())
    .filter((p) => p && !FILLER.test(p));
  if (!paras.length) return '';
  const [intro, ...rest] = paras[0]!.split('\n');
  if (intro!.trim().endsWith(':') && rest.length) return sectionItems(rest.join('\n'))[0] ?? '';
  const text = paras[0]!.length < 40 && paras[1] ? `${paras[0]} ${paras[1]}` : paras[0]!;
  return clip(text.replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, ''), MAX_REQUEST);
}

/**
 * A path the ledger made relative to the repository (it leaves absolute the ones outside it): the
 * files a session changed elsewhere (`~/.claude/CLAUDE.md`, another checkout) are not this
 * project's work, and would reach the committed session as `…/.claude/CLAUDE.md` (machine-text.ts).
 */
const outside = (path: string) => /^(?:[\\/~]|[A-Za-z]:[\\/]|\.\.(?:[\\/]|$))/.test(path);
/**
 * An agent's own records where the repository holds the home folder (`~/.gemini`, `~/.claude`,
 * `~/.codex` committed with it): Gemini CLI's plan-mode plan (`.gemini/tmp/<project>/<session>/
 * plans/…`), its chats and checkpoints, Claude Code's transcripts and plans, Codex's rollouts. The
 * agent's state, not the project's work: in noise56's audit a real Gemini CLI session
 * (chimdi-7bit/skycast-api, session-2026-04-04T13-45-ccc41dd0) committed its plan file first in
 * Completed. A project's own `.claude/settings.json`, commands, agents and skills stay.
 */
const AGENT_STATE = /^(?:\.gemini\/tmp|\.claude\/(?:projects|plans|todos|shell-snapshots|file-history|session-env)|\.codex\/(?:sessions|archived_sessions|log))\//;
const inRepository = (path: string) => !outside(path) && !AGENT_STATE.test(path);

/** `name` as a word of `text`: not inside a longer name (`a.ts` is not in `data.ts` nor in `a.tsx`). */
function namesWord(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + name.length] ?? ' ';
    if (!/[\p{L}\p{N}_./\\-]/u.test(before) && !/[\p{L}\p{N}_\\/-]/u.test(after) && !(after === '.' && /[\p{L}\p{N}]/u.test(text[at + name.length + 1] ?? ''))) return true;
  }
  return false;
}

/**
 * An open todo the session's own work has overtaken: it names a file (its path, its file name, or
 * an upper-case name such as README for README.md) that the session changed after it last wrote
 * its todo list. Agents often leave the list behind when the work is done ("Write docs/billing.md"
 * still in progress after docs/billing.md was written); as a next step it would send a teammate
 * to redo it. What is left of the list the session did not act on stays a next step.
 */
function overtaken(ledger: Ledger): (todo: string) => boolean {
  const at = ledger.todos_call;
  if (at === undefined) return () => false;
  return namesOneOf(ledger.files.filter((f) => f.edits + f.writes > 0 && f.last_op !== 'read' && f.last_call > at && inRepository(f.path)).map((f) => f.path));
}

/** Whether a text names one of `paths`: the path, its file name, or an upper-case stem such as README. */
function namesOneOf(paths: string[]): (text: string) => boolean {
  if (!paths.length) return () => false;
  const names = paths.flatMap((path) => {
    const base = path.slice(path.lastIndexOf('/') + 1);
    const stem = base.replace(/\.[^.]+$/, '');
    return [path, base, ...(stem !== base && /^[A-Z][A-Z0-9_-]{3,}$/.test(stem) ? [stem] : [])];
  });
  return (text) => names.some((n) => namesWord(text, n));
}

/**
 * The repository files the session changed after it last wrote its todo list: in the turns that
 * began after that call (a turn's calls are counted back from the ledger's last call), or changed
 * last after it. Work the list never held: in noise56's audit of real Claude Code sessions
 * (reality2-roycdavies/vr-forest, 2.1.37-2.1.39) a plan's task list was done within minutes, then
 * 12 to 30 more requests changed other files, and Completed listed the five tasks alone.
 */
function changedAfterList(ledger: Ledger): string[] {
  const at = ledger.todos_call;
  if (at === undefined) return [];
  const later: string[][] = [];
  let end = ledger.tool_calls;
  for (let i = ledger.turns.length - 1; i >= 0; i--) {
    const turn = ledger.turns[i]!;
    const start = end - turn.tool_calls;
    if (start <= at) break;
    later.unshift(turn.edited);
    end = start;
  }
  const last = ledger.files.filter((f) => f.edits + f.writes > 0 && f.last_op !== 'read' && f.last_call > at).map((f) => f.path);
  return [...new Set([...later.flat(), ...last])].filter(inRepository);
}

const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** Items without repeats (compared loosely), at most `max`, the last ones when there are more. */
function list(items: string[], max = MAX_LIST, keepLast = false): string[] {
  const seen = new Set<string>();
  const out = items.filter((i) => {
    const k = key(i);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return keepLast ? out.slice(-max) : out.slice(0, max);
}

const norm = (h: string) => h.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The session file's summary from the session notes (DESIGN §13, issue 13 item 7): request from
 * the task specification (else the user's first prompt, else the title), completed from what was
 * done (worklog steps that are not the user's prompts, what Current State reports done, completed
 * todos; else the files changed), learned from Learnings (facts only: errors and their fixes stay in
 * the notes), next steps from the rest of Current State and the open todos; the files the session
 * changed as a note.
 * Pure: the caller redacts the text (it comes from a transcript) and supplies a request when none
 * is found (request '' then).
 */
export function summaryFromNotes(notes: string, ledger: Ledger, tasks?: TaskInput[]): Summary {
  const parsed = parseNotes(notes);
  const body = (heading: string) => parsed.sections.find((s) => norm(s.heading) === norm(heading))?.body ?? '';
  const items = (heading: string) => sectionItems(body(heading));

  const asks = ledger.user_messages.filter((m) => m.text.trim() && !/^\s*<(command|local-command|system)/.test(m.text));
  const firstAsk = asks[0]?.text ?? '';
  // The user's exact words beat the notes' title, which is a label for the notes, not the request.
  const request = paragraph(body('Task specification')) || clip(firstAsk, MAX_REQUEST) || paragraph(body('Session Title'));

  const state = items('Current State').filter((s) => !STATUS.test(s) && !s.endsWith(':'));
  const isDone = (s: string) => DONE.test(s) || DONE_SENTENCE.test(s);
  const done = state.filter(isDone);
  const passed = overtaken(ledger);
  // The open todos the work overtook, as the notes' Current State repeats them too.
  const overtakenTodos = new Set(ledger.todos.filter((t) => t.status !== 'completed' && passed(t.content)).map((t) => key(clip(t.content, MAX_ITEM))));
  // Current State cuts a long todo shorter (with an ellipsis): its start is enough then.
  const isOvertaken = (s: string) => {
    const k = key(s);
    return overtakenTodos.has(k) || (k.length >= 40 && [...overtakenTodos].some((t) => t.startsWith(k)));
  };
  const open = state
    .filter((s) => !isDone(s))
    .flatMap((s) => (/^in progress\s*:/i.test(s) ? s.replace(NEXT_PREFIX, '').split('; ') : [s.replace(NEXT_PREFIX, '')]))
    .filter((s) => !isOvertaken(s));
  const todos = ledger.todos.filter((t) => t.status !== 'completed').map((t) => clip(t.content, MAX_ITEM)).filter((t) => !isOvertaken(t));
  // A todo done while the session only looked ("Explore the codebase structure": ledger todos_idle)
  // is a step of the work, not work done: 46 of the 427 completed todos of the real corpus.
  const idle = new Set(ledger.todos_idle ?? []);
  const allDone = ledger.todos.filter((t) => t.status === 'completed');
  const changed = [...new Set([...ledger.files.filter((f) => f.edits + f.writes > 0).map((f) => f.path), ...ledger.turns.flatMap((t) => t.edited)])].filter(inRepository);
  // One that names a file the session changed was done after all, later ("Update compare.py" done
  // after a read of compare.py, the file edited after the next todo).
  const namesChanged = namesOneOf(changed);
  // The done work of earlier lists a later one left out comes first (Ledger.todos_done).
  const worked = [...(ledger.todos_done ?? []).map((content) => ({ content, status: 'completed' as const })), ...allDone.filter((t) => !idle.has(t.content) || namesChanged(t.content))];
  // What was done, never what was asked: a worklog step that is a user's prompt (as notes filled
  // from the ledger write them) is left out.
  const prompts = asks.map((m) => key(m.text).slice(0, 40)).filter((k) => k.length >= 8);
  // A short prompt ("y", "oui", "同意", "No.") heads its step as the worklog wrote it (its text, then
  // `; `): 242 of 430 Completed items of the real corpus' offline summaries were such a prompt and
  // the agent's chat reply ("OK; → Parfait. Si tu veux…").
  const short = asks.map((m) => shorten(m.text, 140)).filter((h) => key(h).length < 8);
  const isPrompt = (w: string) => {
    const k = key(w);
    return k.startsWith('agent continued') || prompts.some((p) => k.startsWith(p)) || short.some((h) => w === h || w.startsWith(`${h}; `));
  };
  const steps = items('Worklog').map((w) => w.replace(CALLS, '')).filter((w) => !isPrompt(w));
  // What only looked stays when it is all there is to say (nothing else done, nothing changed).
  const todosDone = (worked.length || steps.length || done.length || changed.length ? worked : allDone).map((t) => clip(t.content, MAX_ITEM));
  // The work after a finished todo list is said too, as the files it changed, where the list's items
  // are all Completed would say (no worklog step or state says what was done): alone they read as
  // the whole session.
  const after = !steps.length && !done.length && todosDone.length ? changedAfterList(ledger) : [];
  const afterList = after.length ? [`Changed ${clip(fileList(after), MAX_ITEM - 'Changed '.length)}`] : [];
  const completed = list([...steps, ...done, ...todosDone, ...afterList], MAX_LIST, true);
  // The files changed, said once: Completed's "Changed …", when nothing else was done, and the notes'
  // "Files changed: …" list the same names cut at the same place, so the session file keeps one
  // (write-session.ts). Five names there and ten here repeated both in every real Codex and Gemini
  // CLI session without a todo list that changed more than five files (noise54's audit).
  const listed = clip(fileList(changed), MAX_ITEM - FILES_CHANGED.length);
  if (!completed.length && changed.length) completed.push(`Changed ${listed}`);

  return {
    request,
    // Facts only: errors and their fixes stay in the notes (issue 25 §1).
    learned: list(learnedFacts(items('Learnings'))),
    decisions: [],
    completed,
    next_steps: list([...open, ...todos]),
    notes: changed.length ? [`${FILES_CHANGED}${listed}`, ...worktreeNotes(ledger)] : [],
    ...(tasks?.length ? { tasks } : {}),
  };
}

/** The first MAX_FILES of `paths`, and how many more. */
const FILES_CHANGED = 'Files changed: ';
const fileList = (paths: string[]) => `${paths.slice(0, MAX_FILES).join(', ')}${paths.length > MAX_FILES ? ` and ${paths.length - MAX_FILES} more` : ''}`;

/** Where files were changed in a Claude Code worktree (EnterWorktree), which one: their paths are within it, on its branch. */
function worktreeNotes(ledger: Ledger): string[] {
  const by = new Map<string, string[]>();
  for (const f of ledger.files) {
    if (!f.worktree || f.edits + f.writes === 0) continue;
    const paths = by.get(f.worktree);
    if (paths) paths.push(f.path);
    else by.set(f.worktree, [f.path]);
  }
  return [...by].slice(0, 3).map(([name, paths]) => clip(`Changed in the worktree .claude/worktrees/${name}: ${fileList(paths)}`, MAX_ITEM));
}

/**
 * An explicit summary with what it left empty taken from the notes' summary: the agent's own
 * words win; its request and tasks are never replaced.
 */
export function fillSummary(explicit: Summary, fromNotes: Summary): Summary {
  const fill = (k: 'learned' | 'completed' | 'next_steps' | 'decisions' | 'notes') => (explicit[k].length ? explicit[k] : fromNotes[k]);
  return {
    ...explicit,
    learned: fill('learned'),
    completed: fill('completed'),
    next_steps: fill('next_steps'),
    decisions: fill('decisions'),
    notes: fill('notes'),
  };
}
