import { byCodeUnit } from '../order.js';
import type { Lang } from '../memory/headings.js';
import {
  completes,
  deletedByHand,
  CONTRADICTS,
  entryText,
  matchesForgotten,
  namesMore,
  replacesSubject,
  SAME,
  statesApart,
  opposed,
  factShape,
  LONG_TERM_MAX_BYTES,
  LONG_TERM_MAX_LINES,
  serializeLongTerm,
  similarity,
  type FactShape,
  type LongTermDoc,
  type LongTermEntry,
  type LongTermSection,
} from '../memory/long-term.js';
import type { Session } from '../memory/session.js';
import { instructionRule } from '../safety/instructions.js';
import { anchorsFor, isFileList } from './anchors.js';
import { classifyLearned, isPreference } from './classify.js';
import { absoluteDates } from './dates.js';
import { escapeRegExp } from '../regex-text.js';

/** A session to consolidate, with what git knows of its commits. */
export interface DreamSession {
  session: Session;
  /** Files its commits touched (memory files included; anchors leave them out). */
  commitFiles: string[];
  /** Its newest commit that still exists, else null. */
  at: string | null;
  /** Its commits that still exist, oldest first, with the files each touched. */
  commits?: { sha: string; files: string[] }[];
}

export interface ConsolidateInput {
  existing: LongTermDoc | null;
  /**
   * MEMORY.md as the last dream wrote it: a fact it had that `existing` no longer has anywhere was
   * deleted by hand, and is forgotten from now on.
   */
  previous?: LongTermDoc | null;
  /** Tasks marked done in TASKS.md: an open lead for one of them is work done, not a lead. */
  doneTasks?: string[];
  /** Facts from OpenClaw memory's `agent/` files, taken in at the first dream. */
  legacy: LongTermEntry[];
  /** Oldest first. */
  sessions: DreamSession[];
  /**
   * The session the last dream ended with (see Gathered.before): its next steps become leads now,
   * unless one of `sessions` took them up; nothing else of it is read again.
   */
  leadsBefore?: Session | null;
  /** Commit subjects git already records: a fact that only repeats one is not kept. */
  subjects: string[];
  exists(path: string): boolean;
  /** Anchored files that are gone and where git says they were renamed to (git/renames.ts): their facts follow them. */
  renamed?: ReadonlyMap<string, string>;
  head: string | null;
  /** The day of the dream (YYYY-MM-DD): when a hand deletion it finds was made, at the latest. */
  today?: string;
  lang: Lang;
}

export interface DreamReport {
  sessions: number;
  added: number;
  /** Facts said again (in other words): folded into the entry that had them. */
  merged: number;
  superseded: { old: string; by: string }[];
  dropped: { text: string; reason: string }[];
  /** Entries whose files were all deleted. */
  removed: { text: string; files: string[] }[];
  /** Entries that followed their files to where they were renamed: the text now, and each move. */
  followed?: { text: string; moves: { from: string; to: string }[] }[];
  /** Entries left out to keep MEMORY.md within 200 lines and 25 KB. */
  pruned: number;
  /** Open leads MEMORY.md did not have before: next steps nobody took up (not facts, so not `added`). */
  leads: number;
}

/** Sections whose entries are facts that can repeat or contradict each other. */
const FACTS: ReadonlySet<LongTermSection> = new Set(['conventions', 'decisions', 'gotchas', 'preferences']);
/**
 * An entry's comment names at most its newest sessions this many; `seen` counts them all. Naming
 * every one made a fact 10,000 sessions said longer than MEMORY.md's 25 KB, and pruning then
 * emptied the file.
 */
const SESSIONS_NAMED = 5;
const MAX_LEADS = 10;
const LEAD_WINDOW = 60;
const MAX_SUPERSEDED = 20;

interface Slot {
  entry: LongTermEntry;
  shape: FactShape;
}

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** What git already records: a commit subject, or a list of files. */
function gitReason(text: string, subjects: Set<string>): string | null {
  if (isFileList(text)) return 'a list of files (git records them)';
  const n = norm(text);
  if (n && subjects.has(n)) return 'a commit subject (git records it)';
  return null;
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/** Text the scanner reads as an order to an agent is never promoted to MEMORY.md: the primer quotes it as data where it stands. */
function instructionReason(text: string): string | null {
  const rule = instructionRule(text);
  return rule ? `reads as an instruction to the agent (${rule.id}); kept out of MEMORY.md` : null;
}

/**
 * `doc` without the entries that read as instructions to the agent, each named in the report: the
 * model's entries pass here too.
 */
export function withoutInstructions(doc: LongTermDoc, report: DreamReport): LongTermDoc {
  const entries = doc.entries.filter((e) => {
    const why = instructionReason(e.text);
    if (why) report.dropped.push({ text: e.text, reason: why });
    return !why;
  });
  return { ...doc, entries };
}

/**
 * `text` with the file `from` called `to`: its path where the text names it whole, else its file
 * name where that changed and the text names it as a word (a fact says "lexer.ts" as often as
 * "src/lexer.ts"). Pure.
 */
export function renamedIn(text: string, from: string, to: string): string {
  const whole = named(from, '(?<![\\w-])');
  if (whole.test(text)) return text.replace(whole, () => to);
  const [a, b] = [from.slice(from.lastIndexOf('/') + 1), to.slice(to.lastIndexOf('/') + 1)];
  return a === b || a.length < 3 ? text : text.replace(named(a, '(?<![\\w./-])'), () => b);
}

/** `path` where a text names it (not a longer name that starts or ends with it). */
const named = (path: string, before: string) => new RegExp(`${before}${escapeRegExp(path)}(?![\\w/-])`, 'g');

/** The facts, open leads and themes a session adds, before they meet the existing ones. */
function candidates(d: DreamSession, input: ConsolidateInput, subjects: Set<string>, report: DreamReport): LongTermEntry[] {
  const s = d.session;
  const out: LongTermEntry[] = [];
  const make = (section: LongTermSection, raw: string) => {
    const text = entryText(absoluteDates(raw, s.date));
    const why = gitReason(text, subjects) ?? instructionReason(text);
    if (why) return void report.dropped.push({ text, reason: why });
    const files = anchorsFor(text, d.commitFiles, input.exists);
    // Anchored where it was observed: the session's newest commit that touched its files (the
    // staleness log lists it, so the commits after it are told apart from those before, the same
    // day too), else its newest commit, else the commit it started from, and its day (never the
    // dream's HEAD, which would hide a change made between the session and the dream).
    const at = d.commits?.filter((c) => c.files.some((f) => files.some((a) => (a.endsWith('/') ? f.startsWith(a) : f === a)))).at(-1)?.sha ?? d.at ?? s.base ?? null;
    out.push({ section, text, sessions: [s.id], files, ...(files.length && at ? { at: at.slice(0, 7) } : {}), date: s.date });
  };
  for (const l of s.learned) make(classifyLearned(l), l);
  for (const dec of s.decisions) make('decisions', dec);
  for (const n of s.notes) if (isPreference(n)) make('preferences', n);
  return out;
}

/**
 * Deterministic consolidation: each new session's learned items, decisions and stated
 * preferences are compared with what MEMORY.md holds. The same fact in other words is folded into
 * its entry (sessions joined, counted); a fact on the same subject with other numbers or the
 * opposite sense replaces the older one, which moves to Superseded; the rest are added. Relative
 * dates become absolute, what git records is dropped, entries whose files are all gone are
 * removed, next steps nobody took up become open leads, and MEMORY.md is pruned to its limits,
 * least-said and oldest first. Pure.
 */
export function consolidate(input: ConsolidateInput): { doc: LongTermDoc; report: DreamReport } {
  const report: DreamReport = { sessions: input.sessions.length, added: 0, merged: 0, superseded: [], dropped: [], removed: [], pruned: 0, leads: 0 };
  const subjects = new Set([...input.subjects, ...input.sessions.flatMap((d) => d.session.commits.map((c) => c.subject))].map(norm).filter(Boolean));
  const old = input.existing?.entries ?? [];
  const slots: Slot[] = [...old, ...(input.existing ? [] : input.legacy)]
    .filter((e) => e.section !== 'superseded' && e.section !== 'leads' && e.section !== 'forgotten')
    .map((entry) => ({ entry: { ...entry }, shape: factShape(entry.text) }));
  const superseded = old.filter((e) => e.section === 'superseded');
  // What was forgotten stays forgotten: by `git memory forget`, or a line deleted by hand since the last dream.
  const forgotten = old.filter((e) => e.section === 'forgotten');
  for (const e of deletedByHand(input.previous?.entries ?? [], old)) {
    if (matchesForgotten(e.text, forgotten.map((f) => factShape(f.text)))) continue;
    forgotten.push({ section: 'forgotten', text: e.text, sessions: e.sessions, files: [], ...(input.today ? { date: input.today } : {}) });
  }
  const forgottenShapes = forgotten.map((f) => factShape(f.text));
  const isForgotten = (text: string) => matchesForgotten(text, forgottenShapes);
  for (let i = slots.length - 1; i >= 0; i--) if (isForgotten(slots[i]!.entry.text)) slots.splice(i, 1);
  // A fact about a file that was renamed is about the file under its new name: its anchor and the
  // path in its words follow (after the hand-deletion check, which compares the words as written).
  if (input.renamed?.size) {
    for (const slot of slots) {
      const moves = slot.entry.files.filter((f) => input.renamed!.has(f)).map((from) => ({ from, to: input.renamed!.get(from)! }));
      if (!moves.length) continue;
      const text = moves.reduce((t, m) => renamedIn(t, m.from, m.to), slot.entry.text);
      const files = [...new Set(slot.entry.files.map((f) => input.renamed!.get(f) ?? f))];
      slot.entry = { ...slot.entry, text, files };
      slot.shape = factShape(text);
      (report.followed ??= []).push({ text, moves });
    }
  }
  let leads = old.filter((e) => e.section === 'leads');

  for (const d of input.sessions) {
    for (const c of candidates(d, input, subjects, report)) {
      if (isForgotten(c.text)) {
        report.dropped.push({ text: c.text, reason: 'forgotten (MEMORY.md lists it under Forgotten)' });
        continue;
      }
      const shape = factShape(c.text);
      let best: Slot | null = null;
      let score = 0;
      for (const slot of slots) {
        if (!FACTS.has(slot.entry.section)) continue;
        const sim = slot.shape.key === shape.key && shape.key ? 1 : similarity(slot.shape, shape);
        if (sim > score) [best, score] = [slot, sim];
      }
      const agrees = best && best.shape.numbers === shape.numbers && best.shape.negated === shape.negated && !opposed(best.shape, shape);
      // A state of two subjects or under two conditions ("…on by default on v3.3 boards", "…off by default on boards before v3.3"): two facts.
      const apart = best !== null && statesApart(best.shape, shape);
      // The same subject said anew in other words, with a word that it changed: the newer wins.
      const replaced = slots.find((x) => FACTS.has(x.entry.section) && !x.entry.sessions.includes(c.sessions[0]!) && (x.entry.date ?? '') <= (c.date ?? '') && replacesSubject(shape, c.text, x.shape));
      // The same fact again with a cue ("We now deploy with Heroku") merges; one that names something the older did not ("… with Fly.io now") replaces it.
      if (replaced && !(best === replaced && agrees && score >= SAME && !namesMore(c.text, replaced.shape))) {
        superseded.push({ ...replaced.entry, section: 'superseded', until: c.date });
        report.superseded.push({ old: replaced.entry.text, by: c.text });
        replaced.entry = c;
        replaced.shape = shape;
      } else if (best && agrees && score >= SAME && !apart) {
        const e = best.entry;
        if (!e.sessions.includes(c.sessions[0]!)) {
          const all = union(e.sessions, c.sessions);
          e.seen = Math.max(e.seen ?? 1, all.length, (e.seen ?? 1) + 1);
          e.sessions = all.slice(-SESSIONS_NAMED);
        }
        e.files = e.files.length ? e.files : c.files;
        if ((c.date ?? '') >= (e.date ?? '')) {
          e.date = c.date;
          if (c.at) e.at = c.at;
        }
        report.merged++;
      } else if (best && !agrees && score >= CONTRADICTS && !apart) {
        superseded.push({ ...best.entry, section: 'superseded', until: c.date });
        report.superseded.push({ old: best.entry.text, by: c.text });
        best.entry = c;
        best.shape = shape;
      } else {
        slots.push({ entry: c, shape });
        report.added++;
      }
    }
  }

  // Next steps nobody took up: a later session neither completed them nor carried them on. Only
  // the last LEAD_WINDOW sessions give leads (older untaken steps are history), each session's
  // text shaped once.
  const recent = [...(input.leadsBefore ? [{ session: input.leadsBefore }] : []), ...input.sessions].slice(-LEAD_WINDOW);
  const shapesOf = recent.map((d) => [...d.session.completed, ...d.session.next_steps, ...d.session.request.split('\n')].map(factShape));
  const newLeads: LongTermEntry[] = [];
  recent.forEach((d, i) => {
    if (i === recent.length - 1) return; // the latest next steps are the primer's, not leads yet
    const after = shapesOf.slice(i + 1).flat();
    for (const n of d.session.next_steps) {
      const shape = factShape(n);
      if (after.some((a) => similarity(a, shape) >= 0.5)) continue;
      newLeads.push({ section: 'leads', text: entryText(absoluteDates(n, d.session.date)), sessions: [d.session.id], files: [], date: d.session.date });
    }
  });
  // Work a later session completed, or whose task is marked done, is no lead: said in the same
  // words, or in longer ones ("POST /login" done as "POST /login issues access and refresh tokens").
  const doneShapes = [...input.sessions.flatMap((d) => d.session.completed), ...(input.doneTasks ?? [])].map(factShape);
  const isDone = (text: string) => {
    const shape = factShape(text);
    return doneShapes.some((a) => completes(a, shape));
  };
  leads = [...leads, ...newLeads].filter((l) => !isDone(l.text) && !isForgotten(l.text));
  const seenLeads = new Set<string>();
  leads = leads.reverse().filter((l) => !seenLeads.has(factShape(l.text).key) && seenLeads.add(factShape(l.text).key)).slice(0, MAX_LEADS).reverse();

  // "Work in src/ keeps coming back" is no fact (issue 25 §2.4): themes are no longer made, and
  // the ones an earlier dream wrote go.
  for (let i = slots.length - 1; i >= 0; i--) if (slots[i]!.entry.section === 'themes') slots.splice(i, 1);

  // Facts about files that are all gone go now; the primer flagged them for removal.
  const kept: LongTermEntry[] = [];
  for (const { entry } of slots) {
    if (entry.files.length && entry.files.every((f) => !input.exists(f.replace(/\/$/, '')))) report.removed.push({ text: entry.text, files: entry.files });
    else kept.push(entry.sessions.length > SESSIONS_NAMED ? { ...entry, sessions: entry.sessions.slice(-SESSIONS_NAMED) } : entry);
  }
  const order: LongTermSection[] = ['conventions', 'decisions', 'gotchas', 'preferences', 'themes'];
  // Most said first, then newest: the primer tries entries in file order.
  const useful = (a: LongTermEntry, b: LongTermEntry) => (b.seen ?? 1) - (a.seen ?? 1) || byCodeUnit(b.date ?? '', a.date ?? '');
  const facts = order.flatMap((s) => kept.filter((e) => e.section === s).sort(useful));
  const doc: LongTermDoc = { lang: input.existing?.lang ?? input.lang, entries: [...facts, ...leads, ...superseded.slice(-MAX_SUPERSEDED), ...forgotten] };
  report.pruned = prune(doc);
  const hadLead = new Set(old.filter((e) => e.section === 'leads').map((e) => e.text));
  report.leads = doc.entries.filter((e) => e.section === 'leads' && !hadLead.has(e.text)).length;
  return { doc, report };
}

const fits = (doc: LongTermDoc) => {
  const text = serializeLongTerm(doc);
  return text.split('\n').length - 1 <= LONG_TERM_MAX_LINES && Buffer.byteLength(text) <= LONG_TERM_MAX_BYTES;
};

/**
 * Drops entries until MEMORY.md fits: superseded first, then leads, then the least-said, oldest
 * facts. The fewest drops that fit are found by halving (a few serializations, not one a drop).
 */
export function prune(doc: LongTermDoc): number {
  if (fits(doc)) return 0;
  const rank = (e: LongTermEntry) => (e.section === 'superseded' ? 0 : e.section === 'leads' ? 1 : 2);
  // What was forgotten is never pruned: it would come back.
  const victims = [...doc.entries].filter((e) => e.section !== 'forgotten').sort((a, b) => rank(a) - rank(b) || (a.seen ?? 1) - (b.seen ?? 1) || byCodeUnit(a.date ?? '', b.date ?? ''));
  const without = (k: number) => {
    const gone = new Set(victims.slice(0, k));
    return { ...doc, entries: doc.entries.filter((e) => !gone.has(e)) };
  };
  let lo = 1;
  let hi = victims.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fits(without(mid))) hi = mid;
    else lo = mid + 1;
  }
  doc.entries = without(lo).entries;
  return lo;
}
