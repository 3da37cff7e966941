import { closest } from '../did-you-mean.js';
import { UsageError } from '../errors.js';
import { decodeInput, parseJsonInput } from '../input.js';
import { controlCharProblems } from '../safety/control-chars.js';
import type { SessionBody } from './session.js';
import { validateTaskInputs, type TaskInput } from './task-update.js';

/** What an agent hands to `git memory end`. */
export type Summary = Omit<SessionBody, 'commits'> & { tasks?: TaskInput[] };

export const SUMMARY_SHAPE = `{
  "request": "what the user asked for (required)",
  "learned": ["a fact worth knowing next time"],
  "completed": ["what got done"],
  "next_steps": ["what to do next"],
  "decisions": ["optional: a decision and why"],
  "notes": ["optional"],
  "tasks": [{"task": "…", "status": "todo|in_progress|done|blocked", "progress": "…", "next_step": "…", "related_files": ["…"]}]
}`;

const LIST_KEYS = ['learned', 'decisions', 'completed', 'next_steps', 'notes'] as const;
const KEYS = new Set<string>(['request', 'tasks', ...LIST_KEYS]);

/** Names agents reach for that mean one of ours. */
const SYNONYMS: Record<string, string> = { learnings: 'learned', lessons: 'learned', done: 'completed', todo: 'next_steps', next: 'next_steps', task: 'request', prompt: 'request' };

/** An unknown key's problem, with the key meant where one is close. */
function unknownKey(k: string): string {
  const meant = closest(k, [...KEYS], SYNONYMS)[0];
  return `${k}: unknown key${meant ? ` (did you mean "${meant}"?)` : ''}`;
}

/** A list item on one line. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The request may span lines, but no line may open a markdown heading of its own. */
const safeParagraph = (s: string) =>
  s
    .trim()
    .split(/\r?\n/)
    .map((l) => (/^\s{0,3}#/.test(l) ? `\\${l.trimStart()}` : l))
    .join('\n');

/**
 * Holds a value given as data (an MCP tool's arguments) to the same size cap as the JSON text a
 * command line would carry for it; `what` names it in the message.
 */
export function checkInputSize(value: unknown, what: string): void {
  decodeInput(JSON.stringify(value), what);
}

/** Parses and validates the summary JSON; every problem is listed, with the expected shape. */
export function parseSummary(text: string): Summary {
  return checkSummary(parseJsonInput(text, 'summary', { allow: 'object', shape: SUMMARY_SHAPE, stored: true }));
}

/**
 * Checks a summary given as a value (parsed JSON, or an MCP tool's arguments); every problem is
 * listed, with the expected shape. Text is normalised as the session file needs it.
 */
export function checkSummary(value: unknown): Summary {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError('summary must be a JSON object', `expected:\n${SUMMARY_SHAPE}`);
  }
  const o = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const k of Object.keys(o)) if (!KEYS.has(k)) problems.push(unknownKey(k));
  if (typeof o.request !== 'string' || !o.request.trim()) problems.push('request: required, a non-empty string');
  else problems.push(...controlCharProblems(o.request, 'request'));
  for (const k of LIST_KEYS) {
    const v = o[k];
    if (v !== undefined && (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))) problems.push(`${k}: must be an array of strings`);
    else if (v !== undefined) (v as string[]).forEach((x, i) => problems.push(...controlCharProblems(x, `${k}[${i}]`)));
  }
  let tasks: TaskInput[] | undefined;
  if (o.tasks !== undefined) {
    const got = validateTaskInputs(o.tasks);
    problems.push(...got.problems);
    tasks = got.tasks;
  }
  if (problems.length) {
    throw new UsageError(`summary does not have the expected shape:\n  ${problems.join('\n  ')}`, `expected:\n${SUMMARY_SHAPE}`, { problems });
  }
  const list = (k: (typeof LIST_KEYS)[number]) => ((o[k] as string[] | undefined) ?? []).map(oneLine).filter(Boolean);
  return {
    request: safeParagraph(o.request as string),
    learned: list('learned'),
    decisions: list('decisions'),
    completed: list('completed'),
    next_steps: list('next_steps'),
    notes: list('notes'),
    ...(tasks ? { tasks } : {}),
  };
}
