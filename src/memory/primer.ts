import type { Lang } from './headings.js';
import { coveredBy, factShape, matchesForgotten, sameWords, similarity, supersedes, type FactShape } from './long-term.js';
import { PRIMER_PHRASES } from './primer-phrases.js';
import type { Session } from './session.js';
import type { Task } from './tasks.js';
import { loadTemplate, render } from './templates.js';
import { estimateTokens } from './tokens.js';
import { itemRule, SUBJECT_EXEMPT } from '../safety/instructions.js';
import { redactQuick } from '../safety/quick-redact.js';
import { withoutEmail } from '../linear.js';

/** Sections in the order they are shown (DESIGN §5). */
export const PRIMER_SECTIONS = ['instructions', 'user', 'project_line', 'preferences', 'recent', 'next_steps', 'tasks', 'learned', 'commits', 'hot_files'] as const;
export type PrimerSection = (typeof PRIMER_SECTIONS)[number];

/** What the budget keeps first: earlier in this list is dropped last (Recent context's newest items rank before Learned: see RECENT_FLOOR). */
const PRIORITY: readonly PrimerSection[] = ['project_line', 'instructions', 'tasks', 'next_steps', 'learned', 'recent', 'preferences', 'user', 'commits', 'hot_files'];

/** What kind of fact a learned item is: MEMORY.md's sections, or a session's learned item or decision. */
export type LearnedKind = 'convention' | 'decision' | 'gotcha' | 'preference' | 'theme' | 'lead' | 'learned';

/** One fact for the Learned section, most useful first. */
export interface LearnedItem {
  kind: LearnedKind;
  text: string;
  /** Why it may no longer hold, e.g. `src/auth/session.ts changed in 2 commits`. */
  stale?: string;
  /** From MEMORY.md (consolidated) rather than a session of the window. */
  longTerm?: boolean;
  /** The day it was last said (MEMORY.md's `date`): a newer statement of the same subject replaces it. */
  date?: string;
}

export interface GitFacts {
  branch: string | null;
  head: string | null;
  /** `more`: how many older commits of the log had the same subject (shown once, at its newest). */
  commits: { sha: string; subject: string; date: string; more?: number }[];
  hotFiles: { path: string; commits: number }[];
}

export interface PrimerInput {
  project: { name: string; description: string };
  /**
   * The user's own files, from their home: never committed. `instructions` are the user's standing
   * instructions to agents, shown as theirs (not quoted as data like memory from the repository).
   */
  user: { entities: string[]; preferences: string[]; instructions?: string[] };
  /** Sessions inside the window, oldest first (in a dense journal, the newest that fill the budget: see primer-window.ts). */
  windowSessions: Session[];
  /** Authors of the whole window's sessions, oldest first, each once, where not all of them are in windowSessions. */
  windowAuthors?: string[];
  /** The latest session with next steps, wherever it is. */
  lastWithNextSteps?: Session;
  /**
   * The latest session with next steps of each branch whose sessions are here (merged in), newest
   * first: their next steps are all shown, not only the very last session's.
   */
  branchNextSteps?: Session[];
  /** Long-term facts (MEMORY.md) with their staleness, most useful first; the window's learned items and decisions are added after them. */
  learned?: LearnedItem[];
  /** Facts MEMORY.md lists as forgotten: never shown, from a session of the window either. */
  forgotten?: string[];
  /** Long-term facts past those the primer tries (its budget never holds them): listed as left out. */
  learnedLeftOut?: { kind: LearnedKind; text: string }[];
  tasks: Task[];
  /** Lines of TASKS.md that could not be read (`TASKS.md:12`): the primer says so among the tasks. */
  tasksUnreadable?: string[];
  git: GitFacts;
  generatedAt: string;
}

export interface PrimerOptions {
  maxTokens: number;
  minTokens: number;
  commits: number;
  hotFiles: number;
  lang: Lang;
}

export interface PrimerItem {
  section: PrimerSection;
  text: string;
  tokens: number;
  /** Added only to reach min_tokens. */
  filler: boolean;
}

export interface Primer {
  markdown: string;
  tokens: number;
  included: PrimerItem[];
  dropped: (PrimerItem & { reason: string })[];
  provenance: { branch: string | null; commit: string | null; generatedAt: string; authors: string[] };
}

const ITEM_CAP = 300;
/** A primer is at most 8 KB whatever the token budget: it is fed to agents at every session start. */
export const PRIMER_MAX_BYTES = 8 * 1024;

/**
 * Memory text as one capped line: items are whole or absent, never cut by the budget. Control
 * characters that arrived by commit (input refuses them; lint flags them) are dropped: an escape
 * sequence would repaint the terminal the primer is printed in, a NUL cut an agent's context.
 */
export function capLine(s: string): string {
  // The control characters (category Cc) as ranges: the same set as \p{Cc}, without the u flag,
  // whose compiled form alone costs about a millisecond at every session start.
  const one = s.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (one.length <= ITEM_CAP) return one;
  const cut = one.slice(0, ITEM_CAP);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), ITEM_CAP - 40))}…`;
}

/**
 * Memory is data, not instructions: a line that reads as an order to the agent (ignore previous
 * instructions, send to a URL, do not tell the user, curl | sh, disable the tests) is quoted with a
 * marker instead of being stated as a fact.
 */
function asData(raw: string, marker: string, skip?: ReadonlySet<string>): string {
  const text = redactQuick(raw);
  const rule = itemRule(text, skip);
  return rule ? `⚠ ${marker} (${rule.id}): «${text.replace(/[«»]/g, '"')}»` : text;
}

/**
 * Item texts and token counts made ahead of buildPrimer, while git answers (preparePrimer): the
 * same pure functions of the same text, so an item's text and count are what buildPrimer makes.
 */
export interface PreparedItems {
  texts: Map<string, string>;
  tokens: Map<string, number>;
  /** The learned items' texts in the order tried, and which of them the dedupe shows. */
  learned?: { texts: string[]; shown: boolean[] };
}

const PREPARED = new WeakMap<PrimerInput, PreparedItems>();

/** `input`, whose items buildPrimer takes from `prepared` where they were made there. */
export function withPrepared(input: PrimerInput, prepared: PreparedItems): PrimerInput {
  PREPARED.set(input, prepared);
  return input;
}

/** `make()`, once per key: from `p` when it was made there, else made (and kept there). */
function madeOnce(p: PreparedItems | undefined, key: string, make: () => string): () => string {
  if (!p) return make;
  return () => {
    let text = p.texts.get(key);
    if (text === undefined) p.texts.set(key, (text = make()));
    return text;
  };
}

/** estimateTokens(text) + 1: an item's cost, from `p` when counted there. */
function itemTokens(p: PreparedItems | undefined, text: string): number {
  let n = p?.tokens.get(text);
  if (n === undefined) {
    n = estimateTokens(text) + 1;
    p?.tokens.set(text, n);
  }
  return n;
}

/** An item before the budget sees it: its text is made (redacted, checked, capped) on demand. */
interface Candidate {
  section: PrimerSection;
  filler: boolean;
  /** Position in display order. */
  order: number;
  /** A session's request in Recent context: it takes none of RECENT_FLOOR's places (what was done does). */
  asked?: boolean;
  make(): string;
}

function candidates(input: PrimerInput, o: PrimerOptions, p?: PreparedItems): { main: Candidate[]; filler: Candidate[] } {
  const ph = PRIMER_PHRASES[o.lang];
  const main: Candidate[] = [];
  const filler: Candidate[] = [];
  let order = 0;
  const push = (section: PrimerSection, make: () => string, isFiller: boolean) => (isFiller ? filler : main).push({ section, filler: isFiller, order: order++, make });
  // Never the same line twice: two sessions that say the same (a repeated `end`, a session
  // merged in from two branches) show it once, the newest. `key` is what makes two lines the same.
  const seen = new Set<string>();
  const add = (section: PrimerSection, text: string, isFiller = false, key = text): boolean => {
    if (seen.has(`${section}\0${key}`)) return false;
    seen.add(`${section}\0${key}`);
    // A commit subject records a change, in git's imperative: not held to the rules that read that as
    // an order. Nor is a work item, in the same imperative: a change done (Recent context), one to
    // do (a next step, an open lead): "Skip the flaky bun test" is the project's work, not an order
    // to the agent to turn its checks off (the other rules still hold).
    const subject = section === 'commits' || section === 'recent' || section === 'next_steps' || key.startsWith('lead\0');
    push(section, madeOnce(p, `${subject ? 'commit\0' : ''}${o.lang}\0${text}`, () => `- ${asData(capLine(text), ph.quoted, subject ? SUBJECT_EXEMPT : undefined)}`), isFiller);
    return true;
  };

  // The user's own instructions are trusted as theirs: secrets are still redacted, nothing quoted.
  for (const i of input.user.instructions ?? []) push('instructions', madeOnce(p, `instruction\0${i}`, () => `- ${redactQuick(capLine(i))}`), false);
  for (const e of input.user.entities) add('user', e);
  const desc = input.project.description ? ` — ${input.project.description}` : '';
  push('project_line', madeOnce(p, `project\0${o.lang}\0${input.project.name}${desc}`, () => asData(capLine(`${input.project.name}${desc}`), ph.quoted)), false);
  for (const p of input.user.preferences.slice(-5)) add('preferences', p);
  const newestFirst = [...input.windowSessions].reverse();
  // The same item done twice in a day is one line; on another day it is news again.
  let askedLeft = ASKED_SESSIONS;
  for (const s of newestFirst) {
    // What was asked, above what was done: "Update lib/request.js" alone does not say it was for
    // "conditional revalidation of QUERY requests". Once, at its newest (a resumed session asks again).
    const asked = askedLeft > 0 ? askedLine(s) : undefined;
    if (asked && add('recent', `${s.date} ${s.time} — ${ph.asked}: ${asked}`, false, `asked\0${asked}`)) {
      main.at(-1)!.asked = true;
      askedLeft--;
    }
    for (const c of s.completed) add('recent', `${s.date} ${s.time} — ${c}`, false, `${s.date} ${c}`);
  }
  const branches = input.branchNextSteps?.length ? input.branchNextSteps : input.lastWithNextSteps ? [input.lastWithNextSteps] : [];
  // With more than one branch, each step says whose it is.
  const named = new Set(branches.map((b) => b.branch ?? '')).size > 1;
  // A step a later session completed (in the same words, or longer ones: "POST /login" done as
  // "POST /login issues access and refresh tokens") is not next any more.
  const doneAfter = (b: Session) =>
    [...new Set(input.windowSessions.filter((s) => `${s.date} ${s.time} ${s.id}` > `${b.date} ${b.time} ${b.id}`).flatMap((s) => s.completed))].map(factShape);
  const nextShown: FactShape[] = [];
  for (const b of branches) {
    const done = doneAfter(b);
    for (const n of b.next_steps) {
      const shape = factShape(n);
      if (done.some((d) => coveredBy(shape, d) || similarity(shape, d) >= 0.6)) continue;
      add('next_steps', named && b.branch ? `(${b.branch}) ${n}` : n, false, n);
      nextShown.push(shape);
    }
  }
  // First among the tasks, so the budget keeps it: the list below may be missing a task.
  if (input.tasksUnreadable?.length) push('tasks', () => `- ⚠ ${ph.unreadable(input.tasksUnreadable!)}`, false);
  for (const t of input.tasks.filter((t) => t.status !== 'done')) {
    const parts = [`[${ph.status[t.status as 'todo']}] ${t.task} (${t.id})`];
    if (t.progress) parts.push(`${ph.progress}: ${t.progress}`);
    if (t.next_step) parts.push(`${ph.next}: ${t.next_step}`);
    add('tasks', parts.join(' — '));
  }
  learnedCandidates(input, ph, add, p, nextShown);
  input.git.commits.forEach((c, i) => add('commits', `${c.sha} ${c.subject}${c.more ? ph.sameSubject(c.more) : ''}`, i >= o.commits));
  input.git.hotFiles.forEach((f, i) => add('hot_files', `${f.path} (${ph.commits(f.commits)})`, i >= o.hotFiles));
  return { main, filler };
}

/** The newest sessions whose request Recent context shows (the next agent picks up from them; older ones' work is enough). */
const ASKED_SESSIONS = 3;
/** A session's request as the dream reads it when it makes leads (each line): what it was asked to do. */
const askedFor = (s: Session) => s.request.split('\n').map((l) => l.trim()).filter((l) => l && !NO_REQUEST.test(l) && !GO_ON.test(l));

/** `end`'s request when nothing said one (notes-summary.ts fallbackRequest): no request. */
const NO_REQUEST = /^Session \S+(?:, continued)? \(ended without a summary\)$/;
/** A prompt that only lets the agent go on ("continue", "yes", "继续"): says nothing of the work. */
const GO_ON = /^(?:please |ok,? |okay,? )?(?:continue|go on|go ahead|proceed|carry on|keep going|yes|yep|y|ok|okay|sure|do it|resume|继续|好的?|可以|是的?)(?: please)?[\s.!。！]*$/i;
/** Words of three letters or more, lower-cased: what a request and a completed item are compared by. */
// Split at ASCII punctuation and spaces, not by \p{L} (a `u` pattern's compiling costs ~1 ms at every session start).
const wordsOf = (text: string) => new Set(text.toLowerCase().split(/[\s!-/:-@[-`{-~]+/).filter((w) => w.length >= 3));

/**
 * A session's request as one line of Recent context (its first line, at most 160 characters, cut
 * at a word), or undefined: none, a bare "continue", or one its completed items say already (four
 * in five of its words are theirs, as "Add a discount field" done as "Add a discount field to the cart").
 */
function askedLine(s: Session): string | undefined {
  const first = s.request.trim().split('\n', 1)[0]!.trim();
  if (!first || NO_REQUEST.test(first) || GO_ON.test(first)) return undefined;
  const line = first.length <= 160 ? first : `${first.slice(0, Math.max(first.slice(0, 159).lastIndexOf(' '), 120))}…`;
  const words = wordsOf(line);
  if (!words.size && line.length < 4) return undefined;
  if (s.completed.length && words.size) {
    const done = wordsOf(s.completed.join(' '));
    let said = 0;
    for (const w of words) if (done.has(w)) said++;
    if (said >= 0.8 * words.size) return undefined;
  }
  return line;
}

/**
 * The Learned section: MEMORY.md's facts first (in the order given: most useful first), then what
 * the window's sessions learned and decided that MEMORY.md does not already say, newest first. A
 * fact said twice (in other words too) is shown once; a possibly stale one carries its mark.
 */
function learnedCandidates(input: PrimerInput, ph: (typeof PRIMER_PHRASES)[Lang], add: (section: PrimerSection, text: string, isFiller?: boolean, key?: string) => boolean, p?: PreparedItems, nextShown: readonly FactShape[] = []): void {
  const long = input.learned ?? [];
  // In the order they are tried: MEMORY.md's rules, what the window decided and learned (newest
  // first), then open leads and themes (context, not rules).
  const list: Listed[] = long.filter((l) => l.kind !== 'lead' && l.kind !== 'theme').map((l) => ({ ...l, when: l.date ?? '', session: false }));
  for (const s of [...input.windowSessions].reverse()) {
    const when = `${s.date} ${s.time}`;
    for (const d of s.decisions) list.push({ kind: 'decision', text: d, when, session: true });
    for (const l of s.learned) list.push({ kind: 'learned', text: l, when, session: true });
  }
  // Said again since in other words that say it changed, or with other numbers or the opposite
  // sense: no longer current (the next dream moves it to Superseded), so only the newer is shown.
  withoutSuperseded(list);
  list.push(...long.filter((x) => x.kind === 'lead' || x.kind === 'theme').map((l) => ({ ...l, when: l.date ?? '', session: false })));
  // What a person forgot (git memory forget, or a line deleted from MEMORY.md) stays out.
  const forgotten = (input.forgotten ?? []).map(factShape);
  if (forgotten.length) for (let i = list.length - 1; i >= 0; i--) if (matchesForgotten(list[i]!.text, forgotten)) list.splice(i, 1);
  // An open lead the Next steps section shows already (the dream made it from a session before the
  // latest, which still gives the next steps) is said once, there; one a session of the window
  // completed since (as the dream judges it: same words, or longer ones) is no lead now.
  // Each completed text once: a busy window's sessions say the same few again and again.
  const done = [...new Set(input.windowSessions.flatMap((s) => s.completed))].map(factShape);
  // A session of a later day that was asked for it and completed something took it up, whatever its
  // todos say ("Update docs/Reference/Server.md" done for "Document the trustProxy change in the docs"),
  // as the dream reads a later request when it makes leads.
  let first: string | undefined;
  for (const l of list) if (l.kind === 'lead' && l.when && !(first! <= l.when)) first = l.when;
  const asked = first === undefined ? [] : input.windowSessions.filter((s) => s.completed.length && s.date > first!).flatMap((s) => askedFor(s).map((text) => ({ date: s.date, shape: factShape(text) })));
  const settled = (text: string, date: string | undefined) => {
    const shape = factShape(text);
    const took = (d: FactShape) => similarity(d, shape) >= 0.5 || coveredBy(shape, d);
    return nextShown.some((x) => sameWords(x, shape) || similarity(x, shape) >= 0.6) || done.some(took) || (!!date && asked.some((a) => a.date > date && took(a.shape)));
  };
  if (nextShown.length || done.length) for (let i = list.length - 1; i >= 0; i--) if (list[i]!.kind === 'lead' && settled(list[i]!.text, list[i]!.when || undefined)) list.splice(i, 1);
  // Which are shown: each one unless said before (by its text alone, so the same texts made ahead give the same answer).
  const texts = list.map((l) => l.text);
  let shownAt = p?.learned && p.learned.texts.length === texts.length && p.learned.texts.every((t, i) => t === texts[i]) ? p.learned.shown : undefined;
  if (!shownAt) {
    const shown: FactShape[] = [];
    const tried = new Set<string>();
    shownAt = texts.map((text) => {
      const shape = factShape(text);
      // A text tried before is said before: shown then (the same words now), or like one shown
      // then, which still is. (A text of no content words matches nothing, itself neither.)
      if (tried.has(text) && shape.words.size) return false;
      tried.add(text);
      // The cheap comparisons first: most pairs differ in their numbers or negation, and skip the word sets.
      if (shown.some((x) => sameWords(x, shape) || (x.numbers === shape.numbers && x.negated === shape.negated && similarity(x, shape) >= 0.6))) return false;
      shown.push(shape);
      return true;
    });
    if (p) p.learned = { texts, shown: shownAt };
  }
  list.forEach(({ kind, text, stale }, i) => {
    // Under the Learned heading a learned item or a decision says what it is by itself; the other
    // kinds (a convention, a gotcha, an open lead…) are named.
    const label = kind === 'learned' || kind === 'decision' ? '' : `${ph.kinds[kind]}: `;
    if (shownAt![i]) add('learned', `${label}${text}${stale ? ` (${ph.stale(stale)})` : ''}`, false, `${kind}\0${text}`);
  });
}

/** A Learned candidate: when it was said (MEMORY.md's day, or a session's day and time), and whether a session of the window said it. */
interface Listed {
  kind: LearnedKind;
  text: string;
  stale?: string | undefined;
  when: string;
  session: boolean;
}

/**
 * Removes from `list` each fact a newer one of the window's sessions supersedes (see supersedes in
 * long-term.ts, the dream's own judgement). Only the sessions' items are asked as the newer: MEMORY.md's
 * facts were judged among themselves by the dream.
 */
function withoutSuperseded(list: Listed[]): void {
  // The judgement is of two texts alone (supersedes is pure): a line the window's sessions say again
  // and again (a learned item repeated across a busy week's sessions) is judged against each other
  // text once, as said latest (an older saying of it is newer than less). At L, 106 session items
  // were 16 texts: 6,681 judgements, now at most 256. A verdict kept by an earlier build (see
  // judgedAcrossBuilds) is taken as it is: no text is shaped for it.
  const latest = new Map<string, string>();
  for (const l of list) if (l.session && !(latest.get(l.text)! >= l.when)) latest.set(l.text, l.when);
  if (!latest.size) return;
  const kept = judged;
  const newer = [...latest].map(([text, when]) => ({ text, when, shape: undefined as FactShape | undefined, over: new Map<string, boolean>() }));
  for (let i = list.length - 1; i >= 0; i--) {
    const old = list[i]!;
    let shape: FactShape | undefined;
    const replaced = newer.some((n) => {
      if (!(n.when > old.when)) return false;
      let v = n.over.get(old.text);
      if (v === undefined) {
        const pair = judgedKey(n.text, old.text);
        v = kept?.before.get(pair);
        if (v === undefined) v = supersedes(n.text, (n.shape ??= factShape(n.text)), (shape ??= factShape(old.text)));
        kept?.used.set(pair, [n.text, old.text, v]);
        n.over.set(old.text, v);
      }
      return v;
    });
    if (replaced) list.splice(i, 1);
  }
}

/**
 * supersedes' verdicts kept across builds: `before` those a kept file holds (by judgedKey), `used`
 * every verdict this build took or made, with its two texts (what the file keeps next). The verdict
 * is pure of its two texts and the program, so one kept by the same program (version.ts BUILD:
 * kept-primer.ts keeps the file under it) is the verdict. `end` rebuilds the primer with one session
 * more: every other pair was judged by the build before it (~10 M instructions of its ~390 M).
 */
export interface JudgedPairs {
  before: ReadonlyMap<string, boolean>;
  used: Map<string, [newer: string, older: string, verdict: boolean]>;
}

/** The key of the verdict on whether `newer` supersedes `older` (the length keeps any two texts apart). */
export const judgedKey = (newer: string, older: string) => `${newer.length}:${newer}${older}`;
let judged: JudgedPairs | null = null;

/** `build()` (synchronous: a build) with `pairs`' verdicts; `pairs.used` then holds those it took or made. */
export function judgedAcrossBuilds<T>(pairs: JudgedPairs, build: () => T): T {
  const was = judged;
  judged = pairs;
  try {
    return build();
  } finally {
    judged = was;
  }
}

/** A candidate left out before its text was made: text and tokens are worked out when first read. */
function leftOutLazily(c: Candidate, reason: string): PrimerItem & { reason: string } {
  let text: string | undefined;
  return {
    section: c.section,
    get text() {
      return (text ??= c.make());
    },
    get tokens() {
      return estimateTokens(this.text) + 1;
    },
    filler: c.filler,
    reason,
  };
}

/**
 * The branch the header names, through the same secret rules as every memory line: a branch name is
 * git's text, and one named after a token (`fix/ghp_…`) would otherwise reach the agent and PRIMER.md.
 */
const headerBranch = (input: PrimerInput) => input.git.branch && redactQuick(input.git.branch);

function renderPrimer(items: PrimerItem[], input: PrimerInput, o: PrimerOptions, authors: string[]): string {
  const values: Record<string, string> = {
    project: redactQuick(capLine(input.project.name).slice(0, 80)),
    provenance: PRIMER_PHRASES[o.lang].provenance({ branch: headerBranch(input), commit: input.git.head, at: input.generatedAt, authors }),
  };
  for (const section of PRIMER_SECTIONS) {
    values[section] = items.filter((i) => i.section === section).map((i) => i.text).join('\n');
  }
  return render(loadTemplate('primer', o.lang), values);
}

/** Who wrote the window's sessions, for the provenance line; a crowd is summarised so the header stays short. */
/** The window's authors the header names (at most five), through the secret rules as the branch is. */
function authorsOf(input: PrimerInput): string[] {
  const all = input.windowAuthors ?? [...new Set(input.windowSessions.map((s) => s.author && withoutEmail(s.author)).filter((a): a is string => !!a))];
  const shown = all.slice(0, 5).map((a) => shortName(redactQuick(a)));
  return all.length > 5 ? [...shown, `+${all.length - 5}`] : shown;
}

/** A name on one line of at most 60 characters: a teammate's `user.name` of 100 KB would fill the primer's whole budget. */
function shortName(name: string): string {
  const one = name.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
}

const headingCost = (section: PrimerSection) => estimateTokens(`## ${section}\n\n`) + 2;

/**
 * The newest items of Recent context rank before Learned (the rest keep their place after it): a
 * MEMORY.md that fills the budget alone (after a dream at size) must not leave the next agent
 * without what was done in the last days.
 */
const RECENT_FLOOR = 3;

/** Where a candidate ranks for the budget: its section's place, Recent context's newest before Learned. */
function rankOf(c: Candidate, recentSeen: { n: number }): number {
  if (c.section === 'recent' && !c.asked && recentSeen.n++ < RECENT_FLOOR) return PRIORITY.indexOf('learned') - 0.5;
  return PRIORITY.indexOf(c.section);
}

const byPriority = (main: Candidate[]) => {
  // Candidates come in display order, so the first of Recent context are its newest.
  const seen = { n: 0 };
  const ranks = new Map(main.map((c) => [c, rankOf(c, seen)]));
  return [...main].sort((a, b) => ranks.get(a)! - ranks.get(b)!);
};

/**
 * HEAD's id as the budget counts it: one letter or digit after another, each its own token (the
 * most an id of that length can cost), so the items that fit never depend on which id HEAD has.
 * The next start's primer after an `end` differs from the one `end` built only by that id (and the
 * time, always as long): commands/steps/kept-primer.ts relies on it.
 */
const costliestId = (id: string) => id.replace(/[\s\S]/g, (_, i: number) => (i % 2 ? '1' : 'a'));

/** The header's tokens (the primer with no item), HEAD's id counted at its costliest. */
function headerCost(input: PrimerInput, o: PrimerOptions, authors: string[]): number {
  const head = input.git.head && costliestId(input.git.head);
  return estimateTokens(renderPrimer([], head === input.git.head ? input : { ...input, git: { ...input.git, head } }, o, authors));
}

/** Primers whose rendered text went over the budget and lost items at the end (see buildPrimer). */
const TRIMMED = new WeakSet<Primer>();

/**
 * Whether buildPrimer made `built` within its budget at once, for any HEAD id as long as its own: its
 * items were not cut again after rendering, and its text with the costliest id still fits. Such a
 * primer is what the same input with another id of that length builds, but for the id.
 */
export function fitsForAnyHead(built: Primer, o: PrimerOptions): boolean {
  if (TRIMMED.has(built)) return false;
  const id = built.provenance.commit;
  if (!id) return true;
  const phrases = PRIMER_PHRASES[o.lang];
  const { branch, generatedAt, authors } = built.provenance;
  const line = phrases.provenance({ branch, commit: id, at: generatedAt, authors });
  const costliest = phrases.provenance({ branch, commit: costliestId(id), at: generatedAt, authors });
  const at = built.markdown.indexOf(line);
  return at >= 0 && estimateTokens(built.markdown.slice(0, at) + costliest + built.markdown.slice(at + line.length)) <= o.maxTokens;
}

/**
 * Makes ahead the texts and token counts of the items `input` has so far (the primer's inputs
 * before git answers: no commits yet, long-term facts without their staleness), in the order the
 * budget takes them and about as far as it goes, so buildPrimer finds them made (withPrepared).
 */
export function preparePrimer(input: PrimerInput, o: PrimerOptions): PreparedItems {
  const p: PreparedItems = { texts: new Map(), tokens: new Map() };
  // As buildPrimer counts: the header, each section's heading once, items whole until one does not fit.
  let total = headerCost(input, o, authorsOf(input));
  const opened = new Set<PrimerSection>();
  for (const c of byPriority(candidates(input, o, p).main)) {
    total += itemTokens(p, c.make()) + (opened.has(c.section) ? 0 : headingCost(c.section));
    if (total > o.maxTokens) break;
    opened.add(c.section);
  }
  return p;
}

/**
 * Builds the primer within the budget: items are taken in priority order and whole; the first that
 * does not fit, and everything of lower priority after it, is dropped (`--explain` lists them).
 * Below `minTokens`, fillers are added while they fit.
 */
export function buildPrimer(input: PrimerInput, o: PrimerOptions): Primer {
  const authors = authorsOf(input);
  const prepared = PREPARED.get(input);
  const { main, filler } = candidates(input, o, prepared);
  const order = new Map<PrimerItem, number>();
  const withTokens = (c: Candidate): PrimerItem => {
    const text = c.make();
    const item = { section: c.section, text, tokens: itemTokens(prepared, text), filler: c.filler };
    order.set(item, c.order);
    return item;
  };
  const ordered = byPriority(main);

  let total = headerCost(input, o, authors);
  const included: PrimerItem[] = [];
  const dropped: Primer['dropped'] = [];
  const opened = new Set<PrimerSection>();
  let full = false;
  const reason = `over max_tokens (${o.maxTokens})`;
  const tryAdd = (item: PrimerItem) => {
    const cost = item.tokens + (opened.has(item.section) ? 0 : headingCost(item.section));
    // Once a main item does not fit, lower-priority main items go too; fillers just skip.
    if ((full && !item.filler) || total + cost > o.maxTokens) {
      if (!item.filler) full = true;
      dropped.push({ ...item, reason });
      return;
    }
    total += cost;
    opened.add(item.section);
    included.push(item);
  };
  for (const c of ordered) {
    // Once a main item did not fit, every later one is left out whatever its size: its text is
    // made only when read (--explain), not for every session start.
    if (full) dropped.push(leftOutLazily(c, reason));
    else tryAdd(withTokens(c));
  }
  // Long-term facts the primer did not try: --explain lists them too, every learned item accounted for.
  const ph = PRIMER_PHRASES[o.lang];
  // Their token counts only matter to --explain: counted when read (a 200-line MEMORY.md leaves ~170 out).
  const leftOutReason = `past the ${input.learned?.length ?? 0} long-term facts tried (most said, newest first)`;
  for (const l of input.learnedLeftOut ?? []) {
    // Through the project rules as every item the primer shows (asData), when --explain reads it: a
    // fact committed past the scan (`--no-verify`) was listed there whole (stop 54, attack secrets-54).
    let text: string | undefined;
    let tokens: number | undefined;
    dropped.push({
      section: 'learned',
      get text() {
        return (text ??= `- ${ph.kinds[l.kind]}: ${redactQuick(l.text)}`);
      },
      get tokens() {
        return (tokens ??= estimateTokens(this.text) + 1);
      },
      filler: false,
      reason: leftOutReason,
    });
  }
  if (total < o.minTokens) {
    for (const c of filler) {
      if (total >= o.minTokens) break;
      tryAdd(withTokens(c));
    }
  }
  // Items back in display order within each section (priority order is for the budget only).
  const display = () => [...included].sort((a, b) => order.get(a)! - order.get(b)!);
  // The sum of parts bounds the whole; confirm on the rendered text and trim from the end if not.
  let markdown = renderPrimer(display(), input, o, authors);
  let tokens = estimateTokens(markdown);
  let trimmed = false;
  while ((tokens > o.maxTokens || Buffer.byteLength(markdown) > PRIMER_MAX_BYTES) && included.length) {
    trimmed = true;
    const last = included.pop()!;
    dropped.push({ ...last, reason });
    markdown = renderPrimer(display(), input, o, authors);
    tokens = estimateTokens(markdown);
  }
  const built: Primer = {
    markdown,
    tokens,
    included,
    dropped,
    provenance: { branch: headerBranch(input), commit: input.git.head, generatedAt: input.generatedAt, authors },
  };
  if (trimmed) TRIMMED.add(built);
  return built;
}
