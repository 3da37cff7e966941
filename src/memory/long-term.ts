import { CorruptFileError } from './frontmatter.js';
import type { Lang } from './headings.js';
import { beforeComment } from '../linear.js';
import { slotReplaces } from './slots.js';

/**
 * The sections of MEMORY.md, in file order; `superseded` keeps what a newer fact replaced,
 * `forgotten` what a person took out (`git memory forget`, or a line deleted by hand): it is never
 * shown, searched or brought back by a dream, and the pull request's diff shows it.
 */
export const LONG_TERM_SECTIONS = ['conventions', 'decisions', 'gotchas', 'preferences', 'themes', 'leads', 'superseded', 'forgotten'] as const;
export type LongTermSection = (typeof LONG_TERM_SECTIONS)[number];

export const LONG_TERM_HEADINGS: Record<Lang, Record<LongTermSection, string> & { title: string; intro: string }> = {
  en: {
    title: 'Long-term memory',
    intro: 'Consolidated by `git memory dream` from the sessions in the journal: one fact a line, its sessions and files in the comment after it. Edit freely; the next dream keeps your edits.',
    conventions: 'Conventions',
    decisions: 'Decisions',
    gotchas: 'Gotchas',
    preferences: 'User preferences',
    themes: 'Recurring themes',
    leads: 'Open leads',
    superseded: 'Superseded',
    forgotten: 'Forgotten',
  },
  zh: {
    title: '长期记忆',
    intro: '由 `git memory dream` 从日志中的会话整理而成：每行一条事实，行尾注释记录其来源会话和相关文件。可以直接编辑；下一次整理会保留你的修改。',
    conventions: '约定',
    decisions: '决策',
    gotchas: '注意事项',
    preferences: '用户偏好',
    themes: '反复出现的主题',
    leads: '待跟进线索',
    superseded: '已被取代',
    forgotten: '已遗忘',
  },
};

/** An entry's text is at most this long: MEMORY.md is an index of facts, not a dump. */
export const ENTRY_MAX_CHARS = 150;
/** MEMORY.md stays within what an agent loads whole (Claude Code's auto memory: 200 lines, 25 KB). */
export const LONG_TERM_MAX_LINES = 200;
export const LONG_TERM_MAX_BYTES = 25 * 1024;

/** One fact. Everything but `text` lives in the trailing comment, so a diff reads as prose. */
export interface LongTermEntry {
  section: LongTermSection;
  text: string;
  /** Session ids it came from, oldest first. */
  sessions: string[];
  /** Repository paths it is about. */
  files: string[];
  /** The commit it was recorded at (short sha): its files changed after it make it stale. */
  at?: string;
  /** The day it was last confirmed (YYYY-MM-DD). */
  date?: string;
  /** How many sessions said it. */
  seen?: number;
  /** Superseded entries: the day the newer fact replaced it. */
  until?: string;
}

export interface LongTermDoc {
  lang: Lang;
  entries: LongTermEntry[];
  /** What the dreams that wrote it have taken in (see DreamThrough); absent before the first dream. */
  through?: DreamThrough;
}

/**
 * The sessions the dreams behind a MEMORY.md took in, kept in the file itself so that every clone
 * and worktree knows them from what is committed: every session file the tree of one of `commits`
 * holds, plus the sessions named in `sessions` (taken in before their file was committed). Two
 * branches' files merge to the union of both.
 */
export interface DreamThrough {
  /** Full commit ids. */
  commits: string[];
  /** Session ids. */
  sessions: string[];
}

/**
 * The line after the intro that holds DreamThrough: a comment inside the quote, so it renders as
 * nothing and older versions skip it. Its group is greedy and trimmed after: a lazy one before
 * `\s*-->` is quadratic in a run of spaces.
 */
const THROUGH_RE = /^>\s*<!--\s*dreamt through:(.*)-->\s*$/;

function throughLine(t: DreamThrough): string {
  const parts = [t.commits.map(esc).join(', ')];
  if (t.sessions.length) parts.push(`sessions: ${t.sessions.map(esc).join(', ')}`);
  return `> <!-- dreamt through: ${parts.join('; ')} -->`;
}

function parseThrough(body: string): DreamThrough {
  const [commits = '', ...rest] = body.split(';');
  const list = (v: string) => v.split(',').map((x) => unesc(x.trim())).filter(Boolean);
  const sessions = rest.map((r) => /^\s*sessions\s*:\s*(.*)$/.exec(r)?.[1]).filter((v): v is string => v !== undefined).flatMap(list);
  return { commits: list(commits).filter((c) => /^[0-9a-f]{40,64}$/.test(c)), sessions };
}

/** What MEMORY.md's dreams took in (its `dreamt through` line), by a cheap scan of the text; undefined before the first dream. */
export function dreamtThrough(text: string): DreamThrough | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) return undefined;
    const t = THROUGH_RE.exec(line);
    if (t) return parseThrough(t[1]!);
  }
  return undefined;
}

export const LONG_TERM_SHAPE = `# Long-term memory

## Conventions
- Run the auth tests with --runInBand: they share one database <!-- sessions: 20261122-1430-k3f9ab; files: test/auth.test.ts; at: 4f2a91c; date: 2026-11-22; seen: 2 -->`;

/** Paths and ids in a comment: a separator or the comment's end inside one is escaped. */
const esc = (s: string) => s.replace(/[%,;]|-->|\s/g, (c) => encodeURIComponent(c).replace(/-/g, '%2D'));
const unesc = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The text without its closed HTML comments (each left as a space), in one pass: a pattern
 * (`<!--.*?-->`) looks for the end of every opening it meets to the end of the text, seconds for a
 * line of unclosed openings. An opening that is never closed stays text.
 */
function withoutComments(raw: string): string {
  let out = '';
  let at = 0;
  for (let open = raw.indexOf('<!--'); open >= 0; open = raw.indexOf('<!--', at)) {
    const close = raw.indexOf('-->', open + 4);
    if (close < 0) break;
    out += `${raw.slice(at, open)} `;
    at = close + 3;
  }
  return out + raw.slice(at);
}

/** The text of an entry as one clean line of at most ENTRY_MAX_CHARS characters. */
export function entryText(raw: string): string {
  const one = withoutComments(raw).replace(/\p{Cc}/gu, ' ').replace(/\s+/g, ' ').trim();
  if (one.length <= ENTRY_MAX_CHARS) return one;
  const cut = one.slice(0, ENTRY_MAX_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > ENTRY_MAX_CHARS - 40 ? cut.slice(0, space) : cut}…`;
}

function comment(e: LongTermEntry): string {
  const parts: string[] = [];
  if (e.sessions.length) parts.push(`sessions: ${e.sessions.map(esc).join(', ')}`);
  if (e.files.length) parts.push(`files: ${e.files.map(esc).join(', ')}`);
  if (e.at) parts.push(`at: ${esc(e.at)}`);
  if (e.date) parts.push(`date: ${e.date}`);
  if (e.seen && e.seen > 1) parts.push(`seen: ${e.seen}`);
  if (e.until) parts.push(`until: ${e.until}`);
  return parts.length ? ` <!-- ${parts.join('; ')} -->` : '';
}

/** MEMORY.md for a document: title, a one-line note, then each non-empty section in order. */
export function serializeLongTerm(doc: LongTermDoc): string {
  const h = LONG_TERM_HEADINGS[doc.lang];
  const out = [`# ${h.title}`, '', `> ${h.intro}`];
  if (doc.through?.commits.length || doc.through?.sessions.length) out.push('>', throughLine(doc.through));
  for (const section of LONG_TERM_SECTIONS) {
    const entries = doc.entries.filter((e) => e.section === section);
    if (!entries.length) continue;
    out.push('', `## ${h[section]}`, '');
    for (const e of entries) out.push(`- ${entryText(e.text)}${comment(e)}`);
  }
  return `${out.join('\n')}\n`;
}

const HEADING_TO_SECTION = new Map<string, LongTermSection>();
for (const lang of ['en', 'zh'] as const) {
  for (const s of LONG_TERM_SECTIONS) HEADING_TO_SECTION.set(LONG_TERM_HEADINGS[lang][s].toLowerCase(), s);
}
// Other spellings a person editing the file may use.
for (const [k, v] of Object.entries({ gotcha: 'gotchas', preferences: 'preferences', themes: 'themes', 'open questions': 'leads', leads: 'leads', convention: 'conventions', decision: 'decisions', '陷阱': 'gotchas', '偏好': 'preferences' } as const)) {
  HEADING_TO_SECTION.set(k, v);
}

function parseComment(body: string, e: LongTermEntry): void {
  for (const part of body.split(';')) {
    // Split at the colon, not by a pattern: `(.*?)\s*$` is quadratic in a run of spaces.
    const colon = part.indexOf(':');
    const key = part.slice(0, colon).trim();
    if (colon < 0 || !/^[a-z]+$/.test(key)) continue;
    const value = part.slice(colon + 1).trim();
    const list = () => value.split(',').map((v) => unesc(v.trim())).filter(Boolean);
    if (key === 'sessions') e.sessions = list();
    else if (key === 'files') e.files = list();
    else if (key === 'at' && value) e.at = unesc(value);
    else if (key === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) e.date = value;
    else if (key === 'seen' && /^\d+$/.test(value)) e.seen = Number(value);
    else if (key === 'until' && /^\d{4}-\d{2}-\d{2}$/.test(value)) e.until = value;
  }
}

/** One entry from its line's text (after `- `): the fact, then its comment. */
export function parseEntryLine(section: LongTermSection, raw: string): LongTermEntry {
  const line = raw.trimEnd();
  // The comment that closes the line is the entry's: its last opening, found without a pattern (a
  // lazy `(.*?)<!--(.*?)-->$` tries every opening to the line's end: seconds for a hostile line),
  // and an opening in the fact itself ("Never nest `<!--` in a template") stays in its text.
  const open = line.endsWith('-->') ? line.lastIndexOf('<!--', line.length - 4) : -1;
  const e: LongTermEntry = { section, text: (open >= 0 ? line.slice(0, open) : line).trim(), sessions: [], files: [] };
  if (open >= 0) parseComment(line.slice(open + 4, -3), e);
  return e;
}

/** The section a `## ` heading names, or null. */
export const sectionOfHeading = (heading: string): LongTermSection | null => HEADING_TO_SECTION.get(heading.trim().toLowerCase()) ?? null;

/**
 * Parses MEMORY.md. List items under a known `## ` heading are entries (a wrapped line joins the
 * item above it); the title, the note under it and blank lines are layout. A list item before any
 * known heading, or under a heading this format does not have, is an error naming its line: the
 * file is then left as it is, never rewritten.
 */
export function parseLongTerm(text: string, path = 'MEMORY.md'): LongTermDoc {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const lang: Lang = /^#\s+长期记忆/m.test(text) || /^##\s+(约定|决策|注意事项)/m.test(text) ? 'zh' : 'en';
  const entries: LongTermEntry[] = [];
  let section: LongTermSection | null = null;
  let unknownHeading: string | null = null;
  let last: LongTermEntry | null = null;
  let through: DreamThrough | undefined;
  lines.forEach((line, i) => {
    const t = THROUGH_RE.exec(line);
    if (t) {
      through = parseThrough(t[1]!);
      return;
    }
    const h = /^##\s+(.+)$/.exec(line);
    if (h) {
      const heading = h[1]!.trim() || h[1]!;
      section = HEADING_TO_SECTION.get(heading.toLowerCase()) ?? null;
      unknownHeading = section ? null : heading;
      last = null;
      return;
    }
    if (/^#\s/.test(line) || /^>/.test(line) || !line.trim()) {
      if (!line.trim()) last = null;
      return;
    }
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (!item && last && /^\s+\S/.test(line)) {
      const joined: LongTermEntry = last;
      joined.text = `${joined.text} ${line.trim()}`;
      return;
    }
    if (!section) {
      const where = unknownHeading ? `under "## ${unknownHeading}", which MEMORY.md does not have` : 'before any section heading';
      throw new CorruptFileError(`${path}:${i + 1}`, `a line ${where}`, LONG_TERM_SHAPE);
    }
    const e = parseEntryLine(section, item ? item[1]! : line.trim());
    if (!e.text) return;
    entries.push(e);
    last = e;
  });
  return through ? { lang, entries, through } : { lang, entries };
}

const STOP = new Set(
  'a an the and or of to in on at for with by is are was were be been it its this that these those as from into than then so we our you your they their there here has have had do does did not no never don dont doesn doesnt isn isnt should must can will would when whenever always just also only because since use uses used using need needs across between within about over under after before into onto via per ve ll re'.split(' '),
);
// "…to avoid conflicts with Spring Security's CORS handling" says what for, no negation of the fact.
const NEGATION = /\b(?:not|no|never|don'?t|doesn'?t|isn'?t|(?<!\bto\s)avoid|without|stop)\b|不要|不能|别|禁止|避免|不再/i;

/** Past forms that no suffix rule brings to their verb: "The project is built with Webpack" and "…for faster builds" share "build". */
const IRREGULAR_STEM = new Map([['built', 'build'], ['rebuilt', 'rebuild']]);
/** Light stemming: enough for "tests"/"test", "cached"/"cache", "running"/"run". */
function stem(w: string): string {
  // "built" is "build", "dependencies" and "dependency" one word, "supplied" and "supplying" too.
  const irregular = IRREGULAR_STEM.get(w);
  if (irregular) return irregular;
  if (w.length > 4 && (w.endsWith('ies') || w.endsWith('ied'))) return `${w.slice(0, -3)}y`;
  let s = w;
  if (s.length > 5 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith('ed')) s = s.slice(0, -2);
  else if (s.length > 4 && s.endsWith('es')) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss')) s = s.slice(0, -1);
  // "store"/"stored", "invoice"/"invoices": one stem.
  return s.length > 3 && s.endsWith('e') ? s.slice(0, -1) : s;
}

/** What a fact says, as comparable parts: its content words (no numbers), its numbers, and whether it negates. */
export interface FactShape {
  /** The fact as written: what the slot reader (slots.ts) reads. */
  readonly text: string;
  readonly words: ReadonlySet<string>;
  readonly numbers: string;
  readonly negated: boolean;
  /** Whether it has a word that may say it replaces something ("now", "not", "instead", "gone"…): replacesSubject looks no further where not. */
  readonly cued: boolean;
  /** Whether it opens with a time or an adverb that is no subject (LEAD), and whether it may give a slot another value (slotAnew: "from", "changed", "renamed"). */
  readonly led: boolean;
  readonly slots: boolean;
  /** Whether it may say what was before in a clause of its own ("previously", "used to") or a move ("moved"): saidOtherwise reads it then only. */
  readonly tells: boolean;
  /** The verbs its nouns of a verb say ("storage": stor, "deployment": deploy, see NOUN_FORM); undefined where it has none. */
  readonly verbs: ReadonlySet<string> | undefined;
  readonly key: string;
  /** The fact as a sequence of words, names kept whole ("markdown-it", "@tanstack/query"): what sameFrame and namesMore compare. Made when first read. */
  readonly frame: Frame;
  /** The state it says its subject is in ("Telemetry is enabled by default"), null where it says none (stateOf). Made when first read. */
  readonly state: State | null;
}

const WORD = /[a-z][a-z0-9_.\-/]*[a-z0-9]|[a-z]/g;
/** Every character of the Han script is at U+2E80 or above (surrogate pairs included): a text with none holds no Han. */
const MAYBE_HAN = /[\u2e80-\uffff]/;
const NUMBER = /\d+(?:\.\d+)?/g;

/**
 * The shapes made so far, by text: one primer shapes the same line several times (MEMORY.md's
 * check of the window's sessions, the learned items it picks, the next steps still open), and the
 * same fact repeats across sessions. Shapes are never changed once made, so one object serves
 * every caller. Emptied when full: a dream shapes every line of the journal once.
 */
const shapes = new Map<string, FactShape>();
const SHAPES_KEPT = 4096;

/** Breaks a fact into comparable parts (English words stemmed, CJK text as character pairs). */
export function factShape(text: string): FactShape {
  let shape = shapes.get(text);
  if (!shape) {
    if (shapes.size >= SHAPES_KEPT) shapes.clear();
    shapes.set(text, (shape = shapeOf(text)));
  }
  return shape;
}

function shapeOf(text: string): FactShape {
  const lower = text.toLowerCase().replace(/`/g, '');
  const words = new Set<string>();
  // One match call and plain string tests per word: this runs for every learned item at every
  // session start. A word ends in a letter or digit (the pattern says so), never in . - or /.
  for (const w of lower.match(WORD) ?? []) {
    // A path stays whole; "per-process" is "per process".
    if (w.includes('.') || w.includes('/') || !w.includes('-')) {
      if (!STOP.has(w)) words.add(stem(w));
    } else for (const part of w.split('-')) if (part && !STOP.has(part)) words.add(stem(part));
  }
  // Han is never below U+2E80 (its radicals): most facts, a dash or an accent among them, skip the
  // Unicode-property regex, whose compile costs about a millisecond at a session start.
  for (const run of (MAYBE_HAN.test(lower) && lower.match(/[\p{Script=Han}]+/gu)) || []) {
    if (run.length === 1) words.add(run);
    for (let i = 0; i + 1 < run.length; i++) words.add(run.slice(i, i + 2));
  }
  let verbs: Set<string> | undefined;
  for (const w of words) {
    const v = NOUN_FORM.get(w);
    if (v) (verbs ??= new Set()).add(v);
  }
  const numbers = (lower.match(NUMBER) ?? []).join(' ');
  // The key is made when first read (the primer compares the word sets instead: sameWords).
  let key: string | undefined;
  let frame: Frame | undefined;
  let state: State | null | undefined;
  let led: boolean | undefined;
  let slots: boolean | undefined;
  return {
    text,
    words,
    numbers,
    negated: NEGATION.test(lower),
    cued: REPLACES.test(lower) || (DONE_NOW.test(lower) && saysDone(text)) || CHOSE_OVER.test(lower),
    tells: PAST_SAID.test(lower) || lower.includes('moved'),
    verbs,
    get key() {
      return (key ??= [...words].sort().join(' '));
    },
    get frame() {
      return (frame ??= frameOf(text));
    },
    get state() {
      return state === undefined ? (state = stateOf(text)) : state;
    },
    // Read only of a newer fact the judgement asks about, not of every part it shapes.
    get led() {
      return (led ??= LEAD.test(text));
    },
    get slots() {
      return (slots ??= SLOTS_SAID.test(text));
    },
  };
}

/** Whether two facts have the same content words, and some (what equal non-empty keys say, without making them). */
export function sameWords(a: FactShape, b: FactShape): boolean {
  if (!a.words.size || a.words.size !== b.words.size) return false;
  for (const w of a.words) if (!b.words.has(w)) return false;
  return true;
}

/** Jaccard similarity of two facts' content words. */
export function similarity(a: FactShape, b: FactShape): number {
  if (!a.words.size || !b.words.size) return 0;
  let both = 0;
  for (const w of a.words) if (b.words.has(w)) both++;
  return both / (a.words.size + b.words.size - both);
}

/**
 * Whether every content word of `a` (two at least) is in `b`: `b` says what `a` says, in longer
 * words ("POST /login" in "POST /login issues access and refresh tokens").
 */
export function coveredBy(a: FactShape, b: FactShape): boolean {
  if (a.words.size < 2 || a.words.size > b.words.size) return false;
  for (const w of a.words) if (!b.words.has(w)) return false;
  return true;
}

/**
 * Whether a completed item (`done`) says a next step (`step`) was done: most of the same words, or
 * every word of the step in longer ones ("POST /login" done as "POST /login issues access and
 * refresh tokens"). How the primer and the dream tell a step that is no longer next.
 */
export function completes(done: FactShape, step: FactShape): boolean {
  return similarity(done, step) >= 0.5 || coveredBy(step, done);
}

/** A fact's short id (6 hex digits of its words' FNV-1a hash): what `git memory forget` takes, the primer's --explain shows. */
export function factId(text: string): string {
  const key = factShape(text).key || text.trim().toLowerCase();
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0').slice(0, 6);
}

/** The texts under MEMORY.md's Forgotten heading (either language), by a cheap scan. */
export function forgottenTexts(text: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) inside = sectionOfHeading(line.slice(3)) === 'forgotten';
    else if (inside && line.startsWith('- ')) out.push(beforeComment(line.slice(2)).trim());
  }
  return out.filter(Boolean);
}

/** Whether `text` says a forgotten fact: the same words, or nearly (a rewording of one word). */
export function matchesForgotten(text: string, forgotten: readonly FactShape[]): boolean {
  if (!forgotten.length) return false;
  const shape = factShape(text);
  return forgotten.some((f) => sameWords(f, shape) || similarity(f, shape) >= 0.8);
}

/**
 * The facts of MEMORY.md as the last dream wrote it (`previous`) that the file as it is now
 * (`current`) no longer has in any section: deleted by hand since that dream. Superseded,
 * forgotten and theme lines are the dream's own bookkeeping, not facts a person deleted.
 */
export function deletedByHand(previous: readonly LongTermEntry[], current: readonly LongTermEntry[]): LongTermEntry[] {
  const present = current.map((e) => factShape(e.text));
  return previous.filter((e) => e.section !== 'superseded' && e.section !== 'forgotten' && e.section !== 'themes' && !matchesForgotten(e.text, present));
}

/** The same fact in other words. */
export const SAME = 0.6;
/** The same subject with other numbers or the opposite sense: a newer fact replaces an older one. */
export const CONTRADICTS = 0.7;

/** Words that say a statement replaces an earlier one: "now", "no longer", "gone", "instead", "replaced", and their Chinese (escaped: the code-cached bundles stay ASCII). */
const REPLACES = /\b(?:now|nowadays|these days|formerly|previously|not|rather than|in place of|supersede[sd]?|deleted|changed from|ported from|went from|converted from|no longer|not any ?more|any ?more|gone|instead|replaced?|replaces|replacing|switched|moved|changed|renamed|ported|converted|migrated|deprecated|removed|dropped|retired|abandoned)\b|\u4e0d\u518d|\u6539\u7528|\u5df2\u5f03\u7528|\u6362\u6210|\u73b0\u5728|\u5982\u4eca|\u8fc1\u79fb|\u79fb\u9664|\u5220\u9664|\u53d6\u4ee3|\u66ff\u6362|\u6539\u4e3a|\u5e9f\u5f03|\u6dd8\u6c70/i;

// The clause tests below are word lookups, not patterns: a primer that meets one cue word would
// otherwise compile every pattern at each session start (~3 ms of CPU).
/** Words of a clause that says a change may come, not that it came ("will be removed", "should replace", "we considered switching"); a question too. */
const HEDGED = new Set('will would should could might may shall plan plans planned consider considers considered considering want wants wanted propose proposed proposes proposal if once unless whether until todo maybe perhaps question'.split(' '));
/** A replacement cue without a thing it names: the subject shared is what tells (see replacesSubject). "now" alone is the weakest. */
const CUE_WORDS = new Set('gone instead replaced replaces migrated deprecated removed dropped retired abandoned anymore'.split(' '));
/**
 * A change as a changelog or release note writes it: the imperative that opens a line ("Replace
 * reqwest by ureq", "Switch from requests to httpx", "Remove the --sqlite3-backend flag"), its third
 * person ("Removes the consent prompt"), "are replacing", "which replace", and the noun ("Migration
 * from terser to esbuild", "the migration off the Docker SDK"). The forms below read the change in
 * the past ("Replaced X with Y"), so a clause is read with these said so (asDone); the gate (cued)
 * knows them too.
 */
const DONE_NOW = /\b(?:remove|removes|switch|switches|migrate|migrates|migration|rename|renames|drop|drops|deprecate|deprecates|retire|retires|delete|deletes|replacing|move|change|port|convert|removing|switching|migrating|renaming|dropping|deprecating|retiring|deleting|moving|changing|porting|converting)\b|->|\u2192/;
/** "Start using pyproject.toml over setup.py": "over" after a word of choosing and a thing of up to four words says "instead of". */
const CHOSE_OVER = /\b((?:use|uses|used|using|prefer|prefers|preferred|preferring|choose|chose|pick|picked)\s+[^\s,()]+(?:\s+[^\s,()]+){0,3}?)\s+over\s+(?=\S)/i;
/** Verbs of change that are nouns too ("Drop shadows…", "Change requests go to…", "Port 8080 is…", "Switch statements…"): read as verbs only before what a change names (NOUN_SAFE). */
const AS_NOUN = new Set('drop move change port convert switch'.split(' '));
/** After a verb that may be a noun: an article, a name (a capital or a code character, not a number alone), "to", "from", "off", or "from"/"off" within four words ("Switch generation from yarn v1 to pnpm"). */
const NOUN_SAFE = /^\s+(?:(?:the|a|an|our|its|their|this|that|these|those|to|from|off|over)\s|(?:support|usage|use)\s+(?:for|of)\s|[^\s]*[A-Z._/@`-]|(?:\S+\s+){1,4}?(?:from|off)\s)/;
const GERUND = new Set<string>();
const DONE_VERB = new Map<string, string>(
  'replace remove delete retire deprecate abandon migrate rename drop move change port convert switch'.split(' ').flatMap((v): [string, string][] => {
    const done = v === 'drop' ? 'dropped' : v.endsWith('e') ? `${v}d` : `${v}ed`;
    // "Changes", "Moves", "Drops", "Ports", "Switches" open a sentence as nouns more often than as verbs: only the first eight have their -s form here.
    // "migrating from travis ci to github actions", "Switching the build tool from webpack to vite": the gerund a changelog opens with, read as the verbs that are nouns too are (NOUN_SAFE).
    const ing = `${v === 'drop' ? 'dropp' : v.endsWith('e') ? v.slice(0, -1) : v}ing`;
    GERUND.add(ing);
    return AS_NOUN.has(v) ? [[v, done], [ing, done]] : [[v, done], [`${v}s`, done], [ing, done]];
  }),
);
/** A clause's opening verb of change (after a tag such as "(Breaking)" or "BREAKING"), the third person or the imperative. */
const OPENS_DONE = /^((?:(?:\([^()]{1,40}\)|\[[^[\]]{1,40}\])\s*){0,3}(?:breaking\s+(?:change\s+)?)?)([A-Za-z]+)(?=\s)/i;
/**
 * Whether a clause of the text reads otherwise said in the past (asDone): the gate's words alone are
 * too wide ("Add soft deletes to…", "…after plan change", "move helpers next to…" change nothing),
 * and a text it lets through is read against every older fact.
 */
function saysDone(text: string): boolean {
  for (const part of text.slice(0, FRAME_MAX).split(CLAUSES)) {
    const c = part.trim().slice(0, 300);
    if (c && asDone(c) !== c) return true;
  }
  return false;
}
function asDone(clause: string): string {
  let t = clause;
  const m = OPENS_DONE.exec(t);
  const opener = m?.[2]!.toLowerCase();
  const done = opener ? DONE_VERB.get(opener) : undefined;
  // "Changed Create-React-App with Vite" (a writer's "Replaced"), in the past or the imperative: a change of a name alone with a name.
  const withName = opener === 'changed' || opener === 'change' ? CHANGED_WITH.exec(t.slice(m![0].length)) : null;
  const replaced = !!withName && onlyNames(withName[1]!) && nameLike(withName[2]!);
  // "Deprecate and give warnings when…": a verb of a list of doings names no thing after it.
  if (m && done && !/^\s+and\s/i.test(t.slice(m[0].length)) && ((!AS_NOUN.has(opener!) && !GERUND.has(opener!)) || NOUN_SAFE.test(t.slice(m[0].length)))) {
    // "Switch Travis CI with GitHub Actions": a switch with what stands in its place is a replacement.
    const rest = t.slice(m[0].length);
    const verb = (done === 'switched' && !/^\s+(?:to|from|over|back|off|away)\b/i.test(rest) && /\swith\s/i.test(rest)) || replaced ? 'replaced' : done;
    t = `${m[1]}${/^[A-Z]/.test(m[2]!) ? verb[0]!.toUpperCase() + verb.slice(1) : verb}${rest}`;
  } else if (m && replaced) t = `${m[1]}Replaced${t.slice(m[0].length)}`;
  // "Access Tokens are replacing API keys", "Personal Access Tokens, which … replace API Keys": a replacement said now.
  if (/\breplac(?:e|ing)\b/i.test(t)) t = t.replace(/\b(?:(?:is|are)\s+replacing|(?<=,\s*[^,]{0,60}\s)replace)(?=\s)/gi, 'replaced');
  // "Terraform now provisions Amazon RDS PostgreSQL 15…, replacing the former MySQL instance": what stands in its place said first.
  if (/,\s*replacing\s/i.test(t)) t = t.replace(/,(\s*)replacing(?=\s)/gi, ',$1replaced');
  // "Travis -> GitHub Actions", "Vitest → Jest", "Renamed fly.toml → fly.production.toml": an arrow after a name alone is the change.
  if (t.includes('->') || t.includes('\u2192')) {
    const a = ARROW.exec(t);
    if (a && onlyNames(a[3]!) && nameLike(a[4]!)) t = `${a[1]}${a[2] ? `${a[2]} ${a[3]}` : `Switched from ${a[3]}`} to ${t.slice(a.index + a[0].length - a[4]!.length)}`;
  }
  if (/\sover\s/i.test(t)) t = t.replace(CHOSE_OVER, '$1 instead of ');
  // "This release completes the migration off the inherited Docker SDK", "Complete migration from Sentry to Bugsnag": the change done, its
  // completion said first (a verb of aspect is no subject the older fact must say).
  if (/\bmigration\s/i.test(t)) t = t.replace(COMPLETES, 'Migrated ');
  // "Migration from terser to esbuild", "completes the migration off the Docker SDK".
  if (/\smigration\s/i.test(` ${t} `)) t = t.replace(/\bmigration(?=\s+(?:from|off)\s)/gi, 'migrated');
  // "We no longer have a urllib3 dependency": the claim "depend on urllib3" said with another verb, read with the one a fact says it with.
  if (/\sdependency\b/i.test(t)) t = t.replace(HAS_DEPENDENCY, (_all, has: string, on: string | undefined, name: string | undefined) => `${has.toLowerCase() === 'has' ? 'depends' : 'depend'} on${on ? '' : ` ${name}`}`);
  // "This pull request adds default support for a main branch instead of master": the change that speaks is the speaker, as "we" is;
  // what it adds is the clause's subject.
  if (/^this\s/i.test(t) && /\s(?:instead\s+of|rather\s+than|in\s+place\s+of)\s/i.test(t)) t = t.replace(SPEAKS, '');
  // "Torrent seeding limits … should now be configured in qBittorrent": the reader told where it is done now, as "is now" says it.
  if (/\sshould\s+now\s/i.test(t)) t = t.replace(/\bshould\s+now\s+be(?=\s)/i, 'is now');
  // "The branch master is now named main": a rename said as the name it has now.
  if (/\snow\s+named\s/i.test(t)) t = t.replace(/\b(is|are)\s+now\s+named(?=\s+\S)/i, '$1 now renamed to');
  // "…the setBibleDataDirBase() method is no longer needed and therefore has been removed": the removal is what was done, the
  // state before it why; so the removal's form reads it, not "no longer".
  if (/\sno\s+longer\s/i.test(t)) t = t.replace(NO_LONGER_GONE, ' $1 been $2');
  // "Switch Jest to Vitest", "Change Docker to Podman when using dev": a change whose old thing is a name alone (not an acronym:
  // "Switched CI to GitHub Actions" says what runs CI now, not that CI is gone), its new one a name, is "from X to Y".
  const to = /\s+to\s+/i.exec(t);
  if (to && to.index <= 60) {
    const m = CHANGED_NAME_TO.exec(t);
    if (m && onlyNames(m[2]!) && nameLike(m[3]!)) t = `${t.slice(0, m.index)}${m[1]} from ${t.slice(m.index + m[1]!.length).trimStart()}`;
  }
  return t;
}
/**
 * What opens a statement before its subject or its verb and is neither: a time ("As of March 25, 2025, the license has been
 * changed…", "In February 2021, the project was moved…", "Starting with version 7.0.0, …": a phrase that says a date, a version or
 * a release, then a comma) or an adverb of how or when before a verb of change in the past ("Successfully migrated from…", "Recently
 * we migrated…", "I recently switched…"; not "Newly created cameras…", a subject). Group 1 keeps the speaker. Bounded: the time phrase is 1–40 characters without a comma.
 */
const LEAD = /^(?:(?:as\s+of|starting\s+(?:with|from|in|on)|beginning\s+(?:with|in)|since|in|on|from|after)\s+(?=[^,]{0,40}?(?:\d|\b(?:today|this|earlier|last|release|version)\b))[^,]{1,40}(?:,\s*\d{4})?,\s+|((?:we|i)\s+)?(?!(?:only|early|daily|weekly|monthly|hourly|nightly|yearly)\b)[a-z]{2,20}ly\s+(?=(?:(?:we|i)\s+)?(?:migrated|switched|moved|changed|replaced|removed|dropped|renamed|deprecated|retired|converted|ported|upgraded|updated)\b))/i;

/** "Changed X with Y" after its verb: group 1 the old thing (up to three words), 2 the new one's first word. */
const CHANGED_WITH = /^\s+([^\s,()]+(?:\s+[^\s,()]+){0,2}?)\s+with\s+([^\s,()]+)/i;
/** "(This release) completes the migration from/off", "Complete migration from": the whole opening up to "from"/"off", which stays. */
const COMPLETES = /^(?:this\s+(?:release|version|update|pull\s+request|pr)\s+)?(?:completes?|completed|finish(?:es|ed)?|finalizes?|finalized)\s+(?:the\s+)?migration\s+(?=(?:from|off|away\s+from)\s)/i;
/** "[tag] (Renamed) A -> B": group 1 the tags, 2 a verb of change before it, 3 the old thing (up to three words), 4 the new one's first word. */
const ARROW = /^((?:(?:\([^()]{1,40}\)|\[[^[\]]{1,40}\])\s*){0,3})(?:(renamed|moved|switched|changed|migrated|converted)\s+)?([^\s,()]+(?:\s+[^\s,()]+){0,2}?)\s*(?:->|\u2192)\s*([^\s,()]+)/i;
/** "Changed (the) default (value) of X from A to B", "Change X('s) default value from A to B": group 1 or 2 the subject, 3 the new value. */
const DEFAULT_CHANGED = /^(?:\[[^[\]]{1,40}\]\s*){0,3}(?:changed?|changes)\s+(?:the\s+)?(?:default(?:\s+value)?\s+(?:of|for)\s+(?:the\s+)?([^\s,]+(?:\s+[^\s,]+){0,3}?)|([^\s,]+(?:\s+[^\s,]+){0,3}?)\s+default(?:\s+value)?)\s+from\s+\S{1,40}\s+to\s+([^\s.,;]{1,40})/i;
/** A reference at a clause's end: "(#1171)", "(#12, #13)", ", as per #13", "closes #4". */
const ISSUE_REF = /,?\s*(?:\(\s*#\d{1,7}(?:\s*,\s*#\d{1,7}){0,5}\s*\)|(?:as\s+per|per|see|closes|fixes|refs?)\s+#\d{1,7})$/i;
/** "have a urllib3 dependency", "has a runtime dependency on X": group 1 has/have, 2 "on" (the name follows as it stands), 3 the name before "dependency". */
const HAS_DEPENDENCY = /\b(has|have)\s+(?:an?\s+)?(?:(?:runtime|hard|direct|build|dev|required)\s+)?(?:dependency\s+(on)\b|([^\s,()]+)\s+dependency\b)/i;
/** "This pull request adds", "This release now uses": a change that speaks of itself, then what it does. */
const SPEAKS = /^this\s+(?:pull\s+request|merge\s+request|pr|release|version|update|change|commit|patch)\s+(?:now\s+)?(?:adds|introduces|brings|provides|uses|makes)\s+(?=\S)/i;
/** "is no longer needed and therefore has been removed" (a state, then the removal): group 1 has/have, group 2 the removal. */
const NO_LONGER_GONE = /\s+(?:is|are)\s+no\s+longer\s+[a-z]{2,20},?(?:\s+and)?(?:\s+(?:therefore|thus|so|hence|consequently))?,?\s+(has|have)\s+been\s+(removed|dropped|deleted|retired)\b/i;
/** "Switched Jest to Vitest" (asDone's past): group 1 the verb and what precedes it, 2 the old thing (up to three words), 3 the first word of the new. */
const CHANGED_NAME_TO = /^((?:(?:\([^()]{1,40}\)|\[[^[\]]{1,40}\])\s*){0,3}(?:breaking\s+(?:change\s+)?)?(?:switched|changed|migrated|converted))\s+([^\s,()]+(?:\s+[^\s,()]+){0,2}?)\s+to\s+(\S+)/i;
/** Each word a name (a capital, a code character or a tool in lower case), none an acronym of capitals alone ("CI", "API", "DB"). */
function onlyNames(thing: string): boolean {
  return thing.split(/\s+/).every((w) => !/^[A-Z]{1,4}s?$/.test(w) && !DET.has(w.toLowerCase()) && (NAMELIKE.test(w) || TOOLS.has(w.toLowerCase())));
}
/** The stems of the words that say a change ("moved", "switched", "migrated"…), as factShape makes them. */
const CHANGE_STEMS = new Set('mov switch migrat chang renam port convert went'.split(' '));
/** "moved to", "switched to": a strong cue only where what follows is named ("moved to Sentry"; not "moved to the platform budget"). */
const TO_PHRASES = new Map([' switched to ', ' switched over to ', ' moved to '].map((p) => [p, new RegExp(`\\b${p.trim().replace(/ /g, '\\s+')}\\s+(.*)$`, 'i')]));
/** Whether the clause names a thing after its phrase `p` (" moved to "): a capital, a digit or a code character, or a tool's name. */
function namedAfter(clause: string, p: string): boolean {
  const m = TO_PHRASES.get(p)!.exec(clause);
  // A day or a time is no name ("moved to Fridays").
  return !!m && !m[1]!.toLowerCase().split(/[^a-z0-9]+/).some((w) => TIME.has(w) || TIME.has(stem(w))) && (NAMELIKE.test(m[1]!) || m[1]!.toLowerCase().split(/[^a-z0-9]+/).some((w) => TOOLS.has(w)));
}
const CUE_PHRASES = [' no longer ', ' not any more ', ' any more ', ' switched to ', ' switched over to ', ' switched from ', ' switched over from ', ' moved to ', ' moved off ', ' moved away '];
/** Chinese cues (escaped: the code-cached bundles stay ASCII): 不再, 改用, 已弃用, 换成, 改为; 现在 and 如今 are "now". */
const CUE_HAN = ['\u4e0d\u518d', '\u6539\u7528', '\u5df2\u5f03\u7528', '\u6362\u6210', '\u6539\u4e3a'];
const NOW_HAN = ['\u73b0\u5728', '\u5982\u4eca'];
/** Where a statement's clauses end: English and Chinese punctuation (，。；：！？), a full stop before a space, a dash between spaces. */
// A colon ends a clause only before a blank or the end, as a full stop does: "debian:buster-slim", "https://…" are one word.
const CLAUSES = /[;!?\uff1b\uff1a\uff01\uff1f\uff0c\u3002]+|[:.](?=\s|$)|\s[\u2013\u2014]\s/;
const HAN = /[\u4e00-\u9fff]/;
/** A Chinese clause that says a change may come: 计划 打算 准备 考虑 可能 也许 如果 是否 将会 将要 以后 吗. */
const HEDGED_HAN = /\u8ba1\u5212|\u6253\u7b97|\u51c6\u5907|\u8003\u8651|\u53ef\u80fd|\u4e5f\u8bb8|\u5982\u679c|\u662f\u5426|\u5c06\u4f1a|\u5c06\u8981|\u4ee5\u540e|\u5417/;
/** A name in Latin letters inside Chinese text, and what holds it. */
const LATIN_NAME = '([a-z0-9@][a-z0-9_.\\-/@ ]*[a-z0-9]|[a-z0-9])';
/**
 * The Chinese forms that name the old thing (group 1), on the lower-cased clause: 从 Y 迁移/切换/换/改/转 到 X;
 * 不再 (a verb of up to four characters: 使用, 发送到) Y; Y 已(经)(被) 移除/删除/弃用/废弃/淘汰/下线; Y 已被 X 取代/替换; 取代/替换(了) Y.
 */
let hanForms: readonly RegExp[] | undefined;
/** Made on the first Chinese clause: most starts never meet one. */
const HAN_FORMS = (): readonly RegExp[] => (hanForms ??= [
  new RegExp(`\u4ece\\s*${LATIN_NAME}\\s*(?:\u8fc1\u79fb|\u5207\u6362|\u6362|\u6539|\u8f6c|\u79fb)(?:\u5230|\u81f3|\u4e3a|\u6210)`),
  new RegExp(`\u4e0d\u518d[\u4e00-\u9fff]{0,4}\\s*${LATIN_NAME}`),
  new RegExp(`${LATIN_NAME}\\s*(?:\u5df2\u7ecf|\u5df2)\\s*(?:\u88ab\\s*)?(?:\u79fb\u9664|\u5220\u9664|\u5f03\u7528|\u5e9f\u5f03|\u6dd8\u6c70|\u4e0b\u7ebf)`),
  // Y 已被 X 取代, in linear time: tried only where a run of a name's characters begins (no start
  // inside one: it would find the same name again), its leading punctuation and spaces skipped, the
  // run taken whole (a lookahead and its backreference cannot give back) and checked to end in a
  // letter or digit before its spaces. Group 1 is what LATIN_NAME \s* finds there, trailing spaces
  // aside (the caller trims); LATIN_NAME itself tried every end against every split of the spaces
  // that follow (cubic: 2.5-8 ms for a 300-character clause).
  new RegExp(`(?<![a-z0-9_.\\-/@ ])[_.\\-/ ]*(?=([a-z0-9@][a-z0-9_.\\-/@ ]*))\\1(?<=[a-z0-9] *)\\s*(?:\u5df2\u7ecf|\u5df2)?\\s*\u88ab[^\u4e00-\u9fff]+(?:\u53d6\u4ee3|\u66ff\u6362)`),
  new RegExp(`(?:\u53d6\u4ee3|\u66ff\u6362)\u4e86?\\s*${LATIN_NAME}`),
]);

/**
 * What a clause says is no longer so, by the form that says it (group 1: the old thing). The first
 * two set the old thing beside the new one (`parallel`): "X, not Y", "X instead of Y". The next two
 * follow the clause's subject (`subject`): "Auth no longer uses Supabase", "CI moved from Travis".
 */
const PARALLEL_FORMS = 2;
/** "Auth no longer uses Supabase": the first form that follows the clause's subject. */
const NO_LONGER_FORM = 2;
const REMOVED = ['gone', 'removed', 'dropped', 'deleted', 'retired', 'deprecated', 'abandoned', 'replaced', 'superseded'];
/** Words each of REPLACED_FORMS needs, in order. */
const FORM_WORDS: readonly (readonly string[])[] = [['not '], ['instead of', 'rather than', 'in place of'], ['no longer'], [' from ', ' off '], REMOVED, REMOVED, ['replace', 'supersede'], ['(was ', '(were ', '(previously ', '(formerly ', ' now '], ['renamed'], ['renamed']];
const SUBJECT_FORMS = 4;
/** The form of "moved/switched/renamed … from X": its subject may stand after its verb. */
const MOVED_FORM = 3;
const REPLACED_FORMS: readonly RegExp[] = [
  // "Sessions live in Redis, not Postgres"; "Redis (not Postgres)"; "X - but not Y". Not "not only/just/yet…".
  /(?:,|\(|\s[-\u2013\u2014])\s*(?:but\s+)?not\s+(?!only\b|just\b|always\b|yet\b|even\b|all\b|necessarily\b|both\b|every\b|because\b)([^,()]+)/i,
  // "GoodJob instead of Sidekiq", "Drizzle rather than Knex".
  /\b(?:instead of|rather than|in place of)\s+([^,()]+)/i,
  // "Auth no longer uses Supabase"; "…no longer defaults to UNKNOWN but instead defaults to UTC": the old thing ends where the new one is said.
  /\bno longer\s+(.+?)(?:,?\s+but\s+|\s+instead\b|$)/i,
  // "Moved from webpack to Vite", "switched over from yarn to npm", "moved off Heroku"; what changed may
  // come between, up to five words ("Switched the build tool from webpack to vite", "Renamed this package from X to Y"): its subject.
  /\b(?:moved|migrated|switched|changed|renamed|ported|went|converted)\s+(?:[\w.\-/@]+\s+){0,5}?(?:over\s+|away\s+|back\s+)?(?:from|off)\s+(.+?)(?:\s+(?:to|onto)\b|\s+(?=(?:which|that|who|for|because|since)\s)|$)/i,
  // "Fluentd is gone", "requirements.txt was removed", "Chart.js was replaced by ECharts"; "DbContext removed in favor of ADO.NET" (what stands in its place said, the removal needs no "was").
  /^(?:.*,\s*)?(.+?)\s+(?:(?:is|are|was|were|has been|have been|got|gets)\s+(?:now\s+)?(?:gone|removed|dropped|deleted|retired|deprecated|abandoned|replaced|superseded)\b|(?:removed|dropped|deleted|retired|deprecated|abandoned|replaced|superseded)(?=\s+in\s+favou?r\s+(?:of|to)\s))/i,
  // "We dropped LaunchDarkly", "Removed the Heroku pipelines", "Replaced axios with fetch", "Replaced reqwest dependency by ureq"; not "replace with pure CSS toggle" (what stands in, no old thing).
  /^(?:(?:we|i)(?:'ve|\u2019ve)?\s+)?(?:removed|dropped|deleted|retired|abandoned|replaced|deprecated)\s+(?!(?:with|by)\s)(.+?)(?:\s+(?:with|in\s+favou?r\s+(?:of|to))\b|\s+by\b(?<=^(?:\S+\s+)?replaced\s.*)|$)/i,
  // "Prisma replaced TypeORM as the ORM".
  /^\S.*?\s(?:replaced|replaces|supersedes|superseded)\s+(.+?)(?:\s+(?:as|in|for|on|across|throughout|while|whilst)\b|$)/i,
  // "Default port is now 4711 (was 4312)", "…now defaults to TRUE (was FALSE)", "…was automatic but is now optional": the value before, named beside the new one.
  /(?:\((?:was|were|previously|formerly)|\b(?:was|were)(?=\s[^()]{1,200}?\sbut\s+(?:is|are)\s+now\b))\s+([^()]+?)(?:\)|,?\s+but\s+(?:is|are)\s+now\b)/i,
  // "The OutboxRelay was renamed to RelayMessagesThroughConsumer", "proxy-connect was renamed to connect".
  /^(?:.*,\s*)?(.+?)\s+(?:is|are|was|were|has been|have been|got|gets)\s+(?:now\s+)?renamed\s+(?:to|as|into)\s/i,
  // "Renamed the plugin_hooks option to plugin-hooks".
  /^(?:(?:we|i)(?:'ve|\u2019ve)?\s+)?renamed\s+(.+?)\s+(?:to|as|into)\s/i,
];
/** The form "… (was X)": a parallel form, whose old thing is named by the word "was" itself. */
const WAS_FORM = 7;
/** The forms "X was renamed to Y", "Renamed X to Y": what a rename changes is the name. */
const RENAMED_FORMS = 8;
/** "in favour of tempfile", "in favor to -u4": the new thing after a removal. */
const IN_FAVOUR = /^in\s+favou?r\s+(?:of|to)\s+/i;
/** The forms "X is gone / was removed / replaced" and "Removed / Replaced X": where the clause says nothing more, X is its own subject. */
const GONE_FORM = 4;
const REMOVED_FORM = 5;
/** Subjects that are the speaker, as "we" is: "The project now uses uv instead of pip" says nothing of a project the older fact must name. */
// Stemmed, as the words it is matched against are ("codebase": codebas; "Converted everything from Bootstrap 4 to Tailwind": everyth).
const SELF = new Set('project repo repository codebase everything'.split(' ').map(stem));
/** Words that say how many of a subject a change is of ("most configuration values", "all tests"), stemmed. */
const QUANTITY = new Set('most all some many every each'.split(' '));
/** Words that say which of its kind the old thing was, or its state, not what it is: "instead of traditional pip", "Replaced multiple linting tools", "Removed deprecated react-scripts". */
const MODIFIER = /\b(?:traditional|legacy|old|older|previous|former|existing|multiple|separate|several|various|classic|plain|vanilla|deprecated|unused|obsolete|outdated|unneeded|unnecessary|redundant|dead)\s+(?=\S)/gi;
/** "Removed usage of codecov", "Dropped support for Python 3.8", "Dropped the dependency on X": the thing is what follows. */
const USAGE = /^(?:the\s+)?(?:(?:usage|use|support)\s+(?:of|for)|(?:dependency|dependence)\s+(?:on|upon))\s+/i;

/** What follows the last word that opens a reason ("since", "because", "so") in the words before a form: its clause's subject. */
function afterReason(upTo: string): string {
  // "This parameter is removed, and values from environment variables are no longer split…": ", and" opens a clause with its own subject.
  const lower = upTo.toLowerCase();
  const and = Math.max(lower.lastIndexOf(', and '), lower.lastIndexOf(', but '));
  const t = and < 0 ? upTo : upTo.slice(and + 6);
  const at = t.search(/\b(?:since|because|so)\s+(?!that\b)(?:(?!\b(?:since|because|so)\s).){0,200}$/i);
  return at < 0 ? t : t.slice(at).replace(/^\S+\s+/, '');
}

/** "Switched the build tool from ": the clause up to its old thing without the "(over) from" before it (words, not a pattern tried from every blank). */
function changedSubject(upTo: string): string {
  const words = upTo.split(/\s+/).filter(Boolean);
  if (/^(?:from|off)$/i.test(words.at(-1) ?? '')) words.pop();
  if (/^(?:over|away|back)$/i.test(words.at(-1) ?? '')) words.pop();
  return words.join(' ');
}

/** Words that say what kind of thing a name is ("the Req library"): the name is the thing. */
const KIND = new Set('library lib tool package framework service module plugin client system function method class command option integration component branch'.split(' '));
const KIND_STEMS = new Set([...KIND].map(stem));
/** Whether the words before "instead of" / ", not" are a name alone, after "use" or "prefer" ("Use the Req library", "Jason"): nothing else said of it. */
function onlyName(lead: string): boolean {
  // "[ci] [feature] Use Github Actions instead of TravisCI": a tag in square brackets before it says nothing of the thing.
  const t = lead.replace(/^\s*(?:\[[^[\]]{1,40}\]\s*){1,3}/, '').replace(/^\s*(?:always\s+|start\s+)?(?:use|using|prefer|pick|choose)\s+/i, '').replace(/[\s,(\u2013\u2014-]+$/, '').split(/\s+/).filter((w) => w && !DET.has(w.toLowerCase()) && !KIND.has(w.toLowerCase()));
  return t.length > 0 && t.length <= 3 && t.every((w) => NAMELIKE.test(w) || TOOLS.has(w.toLowerCase()));
}
/**
 * Whether the older fact names the thing (`keys`: its frame's keys) whole in a place: after "with",
 * "on", "uses", "through", "to"… ("CI runs on Travis CI", "Tests use the tempdir dev dependency"),
 * and never whole as its subject ("npm scripts are in package.json", "TravisCI badges are shown…").
 */
function inPlace(keys: ReadonlySet<string>, older: FactShape): boolean {
  const t = older.frame.words;
  let placed = false;
  for (let i = 0; i < t.length; ) {
    if (!keys.has(t[i]!.key)) {
      i++;
      continue;
    }
    // A run of the thing's words ("and" or an article may join them: "with flake8 and pylint").
    const seen = new Set<string>();
    let e = i;
    while (e < t.length && (keys.has(t[e]!.key) || ((t[e]!.kind === 'det' || t[e]!.key === 'and') && keys.has(t[e + 1]?.key ?? '')))) {
      if (keys.has(t[e]!.key)) seen.add(t[e]!.key);
      e++;
    }
    let j = i - 1;
    while (j >= 0 && t[j]!.kind === 'det') j--;
    if (seen.size === keys.size) {
      if (j < 0 || t[j]!.kind !== 'slot') return false;
      placed = true;
    }
    i = e;
  }
  return placed;
}

/** Whether the older fact opens with the thing whole and says what it is ("MongoDB is the primary database"): the role it plays, which a change away from it ends. */
function playsRole(keys: ReadonlySet<string>, older: FactShape): boolean {
  const t = older.frame.words;
  let i = 0;
  while (i < t.length && t[i]!.kind === 'det') i++;
  const seen = new Set<string>();
  while (i < t.length && keys.has(t[i]!.key)) seen.add(t[i++]!.key);
  return seen.size === keys.size && (t[i]?.key === 'is' || t[i]?.key === 'are') && t[i + 1]?.kind === 'det';
}

/** A thing's words as sameFrame reads them (names whole: "isomorphic-fetch"), a list written with slashes ("Jest/ts-jest", "black/isort") as its names. */
function thingKeys(thing: string): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const k of factShape(thing).frame.keys) {
    if (!k.includes('/') || k.includes('.') || k.startsWith('/')) keys.add(k);
    else for (const part of k.split('/')) if (part) keys.add(part.includes('-') ? part : stem(part));
  }
  return keys;
}

/** The names a thing lists ("Travis and Appveyor", "ESLint, Prettier and Stylelint"), each at most three words and written as a name; [] where it is no such list. */
function namesListed(thing: string): string[] {
  // "ESLint + Prettier" lists two as "and" does.
  if (!/\sand\s|\sor\s|,|\s\+\s/i.test(thing)) return [];
  const members = thing.split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|\+)\s+/i).map((m) => m.trim()).filter(Boolean);
  return members.length > 1 && members.every((m) => m.split(/\s+/).length <= 3 && !DETERMINED.test(m) && nameLike(m)) ? members : [];
}

/** The keys of a thing's words written as names ("The plugin_hooks configuration option": plugin_hooks), or all its keys where none is. */
function namesIn(thing: string): ReadonlySet<string> {
  const words = factShape(thing).frame.words.filter((w) => w.kind === 'word');
  const names = words.filter((w) => w.named || w.tool);
  // "The branch master": where no word is written as a name, the word of its kind is none ("branch", "option").
  const plain = names.length ? names : words.filter((w) => !KIND_STEMS.has(w.key));
  return new Set((plain.length ? plain : words).map((w) => w.key));
}

/** The last two words of a phrase, stemmed ("backend errors": backend, error), where both are content words; else undefined. */
function lastPair(phrase: string): [string, string] | undefined {
  const t = phrase.toLowerCase().match(/[a-z0-9][a-z0-9_.\-]*/g) ?? [];
  const [mod, noun] = t.slice(-2);
  return mod && noun && !STOP.has(mod) && !DET.has(mod) && !STOP.has(noun) ? [stem(mod), stem(noun)] : undefined;
}

/** Whether the older fact says the scope's noun with another word before it: "Sentry reports frontend errors" against "…for backend errors". */
function otherKind([mod, noun]: readonly [string, string], older: FactShape): boolean {
  if (older.words.has(mod)) return false;
  const t = older.frame.words;
  for (let i = 1; i < t.length; i++) if (t[i]!.key === noun && t[i - 1]!.kind === 'word' && t[i - 1]!.key !== mod) return true;
  return false;
}

/**
 * The old thing a form names, as the older fact would say it: a list in brackets after its kind
 * ("multiple linting tools (flake8, pylint, black, isort)"), without what it was for after a
 * parallel form or "Replaced X" ("instead of pip for dependency management": pip), its usage
 * ("usage of codecov") and the words that only say which of its kind it was ("traditional tox").
 */
function oldThing(raw: string, f: number): string {
  let t = withoutUsage(raw);
  // "…instead of setup.py to manage the package information": "to" and a word in lower case say what for, no part of the thing (WHY_TO).
  if (f < PARALLEL_FORMS) t = t.replace(WHY_TO, '');
  const open = t.endsWith(')') ? t.lastIndexOf('(') : -1;
  if (open > 0 && t.slice(open).includes(',')) t = t.slice(open + 1, -1);
  const purpose = purposeOf(t, f);
  if (purpose !== undefined) t = t.slice(0, t.length - purpose.length).replace(/\s+for\s*$/i, '');
  // "The password_file option in the [mqtt] section has been deprecated": where the thing is (its place, see placeOf) is no word of the thing.
  if (f === GONE_FORM) {
    const at = placeOf(t);
    if (at !== undefined) t = t.slice(0, t.length - at.length).replace(/\s+in\s*$/i, '');
  }
  // "Removed ulog and exposed *zap.Logger directly": a second thing done ends the first; after "no longer", a clause of its own too
  // ("…no longer included as dependencies and the Babel configuration … has been removed", "…no longer uses OAuth 2.0 and moved over to…").
  if (f === REMOVED_FORM || f === NO_LONGER_FORM) {
    const words = t.split(/\s+/);
    // "Remove jQuery and switch to using WebGL2", "Remove SQLite support entirely and standardize on PostgreSQL": a second doing in the imperative too.
    const and = words.findIndex((w, i) => i > 0 && w.toLowerCase() === 'and' && (participle((words[i + 1] ?? '').toLowerCase()) !== undefined || (f === NO_LONGER_FORM && DET.has((words[i + 1] ?? '').toLowerCase())) || (f === REMOVED_FORM && /^[a-z]{3,}$/.test(words[i + 1] ?? '') && !TOOLS.has(words[i + 1]!) && AND_DOES.has((words[i + 2] ?? '').toLowerCase()))));
    if (and > 0) t = words.slice(0, and).join(' ');
  }
  // "Drop support for Python 3.8 since its end-of-life date is October 2024": the reason after a removal is no part of the thing.
  if (f === REMOVED_FORM) t = t.replace(/\s+(?:since|because)\s.*$/i, '');
  // "Since Forge 1.19.2 the FluidAttributes system was replaced": when it was said before the thing, up to its article.
  if (f === GONE_FORM) t = t.replace(SINCE, '');
  // "…used by the v1 database workflow which has been replaced by v2": the relative clause's antecedent is the gone thing, after the
  // last word that places it.
  if (f === GONE_FORM && /\s(?:which|that)$/i.test(t)) t = t.replace(/\s+(?:which|that)$/i, '').replace(/^.*\s(?:by|with|in|on|of|for|from|to|at|into|uses?|used|using|is|are|was|were)\s+(?=\S)/i, '');
  // "Remove bootstrap-toggle entirely": how far it went is no part of the thing, as "deprecated" before it is not.
  t = t.replace(LEADING, '').replace(USAGE, '').replace(MODIFIER, '').replace(/\s+(?:entirely|completely|altogether|fully)$/i, '').trim();
  // "the FluidAttributes system", "The function Client(token)": of a named thing gone, the word of its kind is no word the older fact must say.
  if ((f === GONE_FORM || f === REMOVED_FORM) && NAMELIKE.test(t.replace(DETERMINED, ''))) {
    const words = t.split(/\s+/);
    const kept = words.filter((w) => !KIND.has(w.toLowerCase()));
    if (kept.length < words.length && kept.some((w) => !DET.has(w.toLowerCase()))) t = kept.join(' ');
  }
  return t;
}

/** The words after the verb of a second doing ("and switch to…", "and standardize on…", "and use the…"). */
const AND_DOES = new Set('to on onto with from using over the a an our'.split(' '));
/** A time said before a gone thing or a clause's subject, with no comma: "Since Forge 1.19.2 the …", "As of v2 the …", "Starting March 1, 2018 the API…" (up to four words, then an article). */
const SINCE = /^(?:since|as\s+of|starting(?:\s+(?:with|from|on|in))?|after)\s+(?:\S+\s+){1,4}?(?=(?:the|a|an)\s)/i;
/** What for, after a thing: "to" and a word in lower case ("to ensure smooth navigation"), to the clause's end; not "to the staging app". */
const FOR_BETTER = /\bfor\s+(?:(?:an?\s+)?(?:better|faster|easier|simpler|smaller|cleaner|quicker|safer|lighter|improved|more|less)\b.*|(?:privacy|security|safety|performance|compatibility|consistency|clarity|simplicity|stability|reliability|convenience)(?:\s+reasons?)?\W*)$/i;
const WHY_TO = /\s+to\s+(?!(?:the|a|an|our|its|their|this|that|these|those|my|your)\b)[a-z]+\b.*$/;

/** The thing as the form names it, without a place word or its usage before it ("support for Python 3.8": Python 3.8). */
const withoutUsage = (raw: string): string => raw.trim().replace(LEADING, '').replace(USAGE, '');

/** Where a gone thing was, said inside it ("The password_file option in the [mqtt] section": the [mqtt] section; "…section in appsettings.json", a file by its name); undefined where it says nothing of it. */
function placeOf(t: string): string | undefined {
  const m = /\s[iI][nN]\s+(?=(?:[tT][hH][eE]|[aA][nN]?)\s|\[|[\w-]*[A-Z0-9._/@`])/.exec(t);
  return m && m.index > 0 ? t.slice(m.index + m[0].length) : undefined;
}

/** What a parallel form's or a removal's old thing was for ("a workaround for the Safari bug": the Safari bug); undefined where it says nothing of it. */
function purposeOf(t: string, f: number): string | undefined {
  if (f >= PARALLEL_FORMS && f !== REMOVED_FORM && f !== WAS_FORM) return undefined;
  const m = /\sfor\s+/i.exec(t);
  return m && m.index > 0 ? t.slice(m.index + m[0].length) : undefined;
}

/** A thing at the head of what a negation names: "not in the GraphQL schema" names the schema. */
const LEADING = /^(?:(?:in|on|at|with|via|from|by|for|to|into|through|over|as|uses?|using)\s+)+/i;
/** "the database", "a file": a thing named by a common noun, which a fact about another thing also names. */
const DETERMINED = /^(?:the|a|an|each|every|any|some|its|their|our|this|that|these|those)\s/i;
/** What makes a determined thing a name ("the Heroku pipelines", "the .env file"): a capital, a digit or a code character after its determiner. */
const NAMELIKE = /[A-Z0-9._/@`]/;
/** A determined thing that is a name: "the Heroku pipelines", "the .env file", "our ffmpeg workers" (a tool written in lower case). */
const nameLike = (rest: string): boolean => NAMELIKE.test(rest) || rest.toLowerCase().split(/\s+/).some((w) => TOOLS.has(w));
/** A parallel "thing" that is a doing ("dropped in production, not sent to CloudWatch"): a lower-case participle first. */
const PARTICIPLE = /^(?:[a-z]+ed|sent|kept|held|written|built|made|done|shown|given|taken|seen|put|set|run)\b/;

/** Words that say how a thing is kept or done, not what it is: a fact about secrets and one about uploads both "store" things; an API "supports" or "accepts" a field alike, a feature "depends on" or "queries" a service. */
const GENERIC = new Set('run stor keep kept put go goe liv load read writ written set mak call handl send sent get add work sit stay hold held tak pass now support accept allow depend'.split(' '));

/** The old things a statement says are replaced, from its clauses that are not hedged: each a shape of words (numbers among them) and whether it is a name. */
interface Replaced {
  readonly things: readonly Thing[];
  /** A cue without a thing named: "switched to", "migrated"; or only "now" (weak). */
  readonly cue: 'strong' | 'weak' | null;
  /** The clauses that are not hedged and carry a cue: where sameFrame looks for a new thing in the old one's place. */
  readonly clauses: readonly string[];
  /** Each of those clauses without its brackets and the brackets' words, null where it has none: sameFrame reads it where the clause with them is no such change. */
  readonly asides: readonly ({ readonly text: string; readonly words: ReadonlySet<string> } | null)[];
  /** Where the strong cue is only "X moved to / switched to <name>": X's words, which the older fact must all say (its subject). */
  readonly movedSubject?: ReadonlySet<string>;
  /** The names "switched to" / "moved to" names as the new thing ("Switched to using SQLite for backing store": sqlite), as a frame keys them: an older fact that names one says what is so now, not what went. */
  readonly movedTo?: ReadonlySet<string>;
  /** A form names a state as the old thing ("…now off by default, instead of on"): the line says a state flipped, which flipped alone judges. */
  readonly stateNamed?: boolean;
}
/** An old thing: its words (numbers among them); whether it is named as a thing; the words of the clause's subject where the form follows one. */
interface Thing {
  readonly words: ReadonlySet<string>;
  readonly named: boolean;
  readonly subject?: ReadonlySet<string>;
  /** A parallel form's first content word, where the clause has a subject (no "Use X, not Y"): the head of what it is about. */
  readonly head?: string;
  /** Where the head is a time ("Nightly database backups…"), the first word after it ("database"): the head the older fact may say "every night" of. */
  readonly after?: string;
  /** What the clause says is done to its subject ("are shown in euros, not cents": show), where it says it with a participle: the older fact must say the same (claimVerb). */
  readonly verb?: string;
  /** The clause says only that this named thing is gone ("requirements.txt was replaced by pyproject.toml"): no other word need be shared. */
  readonly bare?: boolean;
  /** The clause says only a name in this thing's place ("Use GitHub Actions instead of TravisCI"): it replaces a fact that names the thing in a place (with, on, uses…). */
  readonly alone?: boolean;
  /** The clause has no subject but the speaker's change ("Migrated from Travis CI to GitHub actions", "Removed support of codecov"): the thing is all it is about, and it replaces a fact that names it in a place. */
  readonly sole?: boolean;
  /** Said by a removal or a rename ("Dropped Python 3.4/3.5 Support", "X was renamed to Y"): where it negates the older fact, never that fact again (namesMore). */
  readonly gone?: boolean;
  /** A name the clause says was renamed ("proxy-connect was renamed to connect"): it replaces a fact that names it in a place, as a removal does. */
  readonly renamed?: boolean;
  /** Where a rename was done (its place's names, else its words: namesIn), which the older fact must name too: "The display() method in the LinkedList class was renamed…" over "LinkedList prints its nodes with display()". */
  readonly within?: ReadonlySet<string>;
  /** The thing's words as a frame reads them (thingKeys): what inPlace looks for. */
  readonly keys?: ReadonlySet<string>;
  /** The words of what stands in its place ("…in favour of --url-v4", "…with ruff"): no subject the two facts share. */
  readonly fresh?: ReadonlySet<string>;
  /** Where a removal says it was done ("…for backend errors"): its last noun and the word before it, which the older fact must not set another word before. */
  readonly scope?: readonly [string, string];
}
/** A clause that tells what to do has no subject of its own. */
// "We chose Vitest as the testing framework instead of Jest": the speaker's choice has no subject of its own either.
const IMPERATIVE = /^(?:(?:we|i)\s+)?(?:always\s+|never\s+|start\s+)?(?:use|using|prefer|run|call|install|keep|put|store|pick|choose|chose|picked|selected|adopted)\b/i;
const replacedKept = new Map<string, Replaced>();

/** "switched the ORM to", "moved error reports over to": a word of change, then "to" within five words. */
function changedTo(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    if (!CHANGE.has(words[i]!)) continue;
    for (let j = i + 1; j < words.length && j <= i + 5; j++) if (words[j] === 'to' || words[j] === 'onto') return true;
  }
  return false;
}

function replacedIn(text: string): Replaced {
  let r = replacedKept.get(text);
  if (r) return r;
  const things: Thing[] = [];
  const cued: string[] = [];
  const asides: ({ text: string; words: ReadonlySet<string> } | null)[] = [];
  let cue: Replaced['cue'] = null;
  let movedSubject: Set<string> | undefined;
  let movedTo: Set<string> | undefined;
  let otherStrong = false;
  let stateNamed = false;
  for (const quoted of text.split(CLAUSES)) {
    // A clause's first 300 characters: the forms are matched in time that grows with its square.
    // "…has been replaced with LIMITED_FEDERATION_MODE, you should rename this environment variable…": what the reader is told to do
    // after a comma is no part of what the clause says was done, nor a hedge of it.
    const whole = quoted.trim().slice(0, 300);
    const told = /,\s+(?:you|users?)\s/i.test(whole) ? whole.search(/,\s+(?:you|users?)\s+(?:should|must|may|can|need|have\s+to|will)\b/i) : -1;
    const raw = told > 0 ? whole.slice(0, told) : whole;
    // "Removed date-fns, as per #13", "Drop support for Python 3.8 (#1171)": a reference to an issue or pull request is no part of the thing.
    const unticked = raw.includes('`') ? raw.replace(/`/g, '').trim() : raw;
    const clause = asDone(unticked.includes('#') ? unticked.replace(ISSUE_REF, '') : unticked);
    const lower = clause.toLowerCase();
    const words = lower.split(/[^a-z]+/);
    const spaced = ` ${words.join(' ')} `;
    if (!clause || lower.includes('?') || spaced.includes(' to be ') || words.some((w) => HEDGED.has(w)) || HEDGED_HAN.test(clause)) continue;
    for (let f = 0; f < REPLACED_FORMS.length; f++) {
      // Each form's words looked for first: most clauses compile and run none of the patterns.
      if (!FORM_WORDS[f]!.some((w) => lower.includes(w))) continue;
      const m = REPLACED_FORMS[f]!.exec(clause);
      if (!m) continue;
      // "Public pages are now off by default for a new tournament, instead of on": the old thing is a state, no thing another fact names.
      if (STATES.has(m[1]!.trim().toLowerCase().replace(/[.\s]+$/, ''))) {
        stateNamed = true;
        break;
      }
      // "Renamed to clientReady to distinguish it from the gateway event": a second "to" before "from" opens what the change was for, whose "from" names no old thing.
      if (f === MOVED_FORM && /\bto\s.*\bto\s/i.test(m[0].slice(0, m[0].lastIndexOf(m[1]!)))) continue;
      const thing = oldThing(m[1]!, f);
      // A rename changes a name: of "The plugin_hooks configuration option" the name is plugin_hooks (its words written as names, where it has some).
      // Where it was renamed: after it ("…to `compile` in the admin app", "for the admin app"; not "for consistency", what for) or inside the
      // thing ("The display() method in the LinkedList class"), no part of its name; "in SDK v1.4.2" says when, not where.
      const inside = f >= RENAMED_FORMS ? placeOf(thing) : undefined;
      const where = f >= RENAMED_FORMS ? (/\b(?:in|on|across|within|inside)\s+(.+)$/i.exec(clause.slice(m.index + m[0].length)) ?? /\bfor\s+((?:the|a|an|our|its|their|this|each|every|all)\s.+|\S*[A-Z0-9._/@].*)$/.exec(clause.slice(m.index + m[0].length)))?.[1] : undefined;
      const within = [inside, where].filter((p): p is string => !!p && !/(?:^|\s)v?\d+(?:\.\d+)*\.?$/i.test(p.trim()));
      const renamed = f >= RENAMED_FORMS ? namesIn(inside === undefined ? thing : thing.slice(0, thing.length - inside.length).replace(/\s+in\s*$/i, '')) : undefined;
      const shape = factShape(renamed ? [...renamed].join(' ') : thing);
      const words = new Set(shape.words);
      for (const n of shape.numbers.split(' ')) if (n) words.add(n);
      // "(was global)": "was" says it is the old value of what the clause sets, however it is written.
      const parallel = f < PARALLEL_FORMS || f === WAS_FORM;
      const named = f >= PARALLEL_FORMS || ((!DETERMINED.test(thing) || nameLike(thing.replace(DETERMINED, ''))) && !PARTICIPLE.test(thing));
      // The subject of a change is what comes before its verb and, where they stand between, the words after it ("Switched the build tool from…").
      // A bracket opens a clause of its own: "Modified database schema (use base64, not binary)" says "use base64" of its thing.
      // "…removed since SDK no longer uses exceptions", "…tracking so it no longer blocks…": the clause's subject follows a reason's word.
      const upTo = afterReason(clause.slice(0, m.index));
      const lead = parallel && upTo.lastIndexOf('(') > upTo.lastIndexOf(')') ? upTo.slice(upTo.lastIndexOf('(') + 1) : upTo;
      // A bracket in the subject is an aside ("The VDR v1 createDID (POST /internal/vdr/v1/did) no longer supports…"), a tag in square ones too
      // ("[breaking] Move from webpack to vite"): no word the older fact must say.
      const before = factShape((f === MOVED_FORM ? changedSubject(clause.slice(0, m.index + m[0].lastIndexOf(m[1]!))) : lead).replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ').replace(SINCE, '')).words;
      // The head is what the clause is about: "Nightly database backups…" are backups ("nightly" says when, as "every night" does).
      // "Use GitHub Actions instead of TravisCI", "Jason instead of Poison for parsing results": the clause says only a name in the old one's place.
      const alone = parallel && onlyName(lead);
      // Inside a bracket the head is still the clause's it stands in ("Sessions are cached (use Redis, not Memcached)"), past the verb a changelog opens with ("Modified database schema (…)").
      const inBracket = lead !== upTo;
      const outer = inBracket ? shapeOf(upTo.slice(0, upTo.lastIndexOf('(')).replace(/^\s*[a-z]+ed\s+/i, '')).words : before;
      const first = parallel && (!alone || inBracket) && !IMPERATIVE.test((inBracket ? upTo : lead).trim()) ? outer.values().next().value : undefined;
      // "The project now uses uv instead of pip": the project is the one speaking, as "we" is, not what the older fact must be about.
      const head = first && !SELF.has(first) ? first : undefined;
      const after = head && TIME.has(head) ? [...outer].find((w) => !TIME.has(w)) : undefined;
      // The claim the clause makes of its subject: "are shown in euros" (before "not"), "no longer stored in cents".
      // "(previously hardcoded False)": the bracket says the old claim itself where it opens with one.
      const opens = thing.split(/\s+/)[0]!;
      // "…instead of passing as parameter": a doing in the old thing's place is the old claim itself, as a participle is.
      const doing = parallel && /^[a-z]{3,}ing$/.test(opens) && !STOP.has(opens) ? VERB_GROUP.get(stem(opens)) ?? stem(opens) : undefined;
      const verb = doing ?? (f === WAS_FORM && /^[a-z]/.test(opens) && participle(opens) ? participle(opens) : parallel ? claimVerb(clause.slice(0, m.index)) : f === PARALLEL_FORMS ? participle(thing.split(/\s+/)[0]!.toLowerCase()) : undefined);
      // "requirements.txt was replaced by pyproject.toml", "Removed Flow": the clause says only that a named thing is gone; it is its own subject.
      // "Sass has been removed and CSS is now processed through postcss": what follows "and" with its own verb is another clause.
      // "…was replaced with GSAP ScrollToPlugin to ensure smooth navigation": "to" and a word in lower case say what for, no place nor thing;
      // what it is for is read as where it was done, as "for backend errors" is ("…by Rollbar to report backend errors").
      // "Replace Jest by Vitest for better DX": "for" and a comparative say what for, no scope (as "to ensure …" does).
      const full0 = clause.slice(m.index + m[0].length).trim().replace(FOR_BETTER, '').trimEnd();
      const why = WHY_TO.exec(full0);
      const after0 = why ? full0.slice(0, why.index) : full0;
      // "Move off Yarn 1 which was EOL and lacked…": a relative clause after a moved-from thing says what it was, no place nor new thing.
      const rest = /^and\s+(?:\S+\s+){1,3}?(?:is|are|was|were|has|have)\s/i.test(after0) || (f === MOVED_FORM && /^(?:which|who)\s/i.test(after0)) ? '' : after0;
      // Not where it says where or what for ("…by Rollbar for backend errors", "Replaced Webpack with Vite in the storefront"): the thing may stay elsewhere.
      // "…in favour of tempfile" says the new thing, as "by" does.
      const plain = (f === GONE_FORM || f === REMOVED_FORM) && (!rest || /^(?:by|with)\s/i.test(rest) || IN_FAVOUR.test(rest) || /\s(?:with|by|favou?r\s+(?:of|to))$/i.test(m[0])) && !/\b(?:for|in|on|at|across|from|within|inside|except|only|to)\b/i.test(rest.replace(IN_FAVOUR, ''));
      // A list of its things in brackets names it as surely as a name does ("the linters (golint, vet, staticcheck)").
      const bare = plain && ((!DETERMINED.test(thing) && nameLike(thing)) || /\([^()]*,[^()]*\)$/.test(withoutUsage(m[1]!)));
      // "Removed support of codecov", "Migrated from Jest/ts-jest to Vitest": no subject but the change itself, nothing said of where or what for.
      const purpose = f === REMOVED_FORM ? purposeOf(withoutUsage(m[1]!), f) : undefined;
      // "…was replaced by Rollbar for backend errors", "a workaround for the Safari bug": where or what for it was replaced, which the older fact must not say otherwise ("frontend errors", "the Firefox bug").
      const at = f >= RENAMED_FORMS ? undefined : f === GONE_FORM || f === REMOVED_FORM ? (/\b(?:for|in|on|across|within|inside)\s+(.+)$/i.exec(full0)?.[1] ?? purpose ?? (f === GONE_FORM ? placeOf(m[1]!.trim()) : undefined) ?? (why ? why[0].replace(/^\s+to\s+[a-z]+\s*/, '') || undefined : undefined)) : undefined;
      // Not where it says where or what for the thing was ("Removed a workaround for the Safari bug", "The Sentry integration in the admin app was removed"): another may stay.
      // A word inside a compound ("a Vercel-only pipeline") says neither.
      const sole = !at && (plain || (f === MOVED_FORM && !/(?<![-\u2010\u2011])\b(?:for|in|on|at|across|within|inside|except|only)\b(?![-\u2010\u2011])/i.test(rest))) && [...before].every((w) => CHANGE_STEMS.has(w) || SELF.has(w));
      const scope = at ? lastPair(at) : undefined;
      // What stands in its place: after "by", "with", "in favour of" (a removal), "to" (a move), up to where or what for.
      const instead = f === GONE_FORM || f === REMOVED_FORM ? /^(?:(?:by|with)\s+|in\s+favou?r\s+(?:of|to)\s+)(.+)$/i.exec(/\s(?:with|by|favou?r\s+(?:of|to))$/i.test(m[0]) ? `with ${after0}` : after0)?.[1] : f === MOVED_FORM ? rest : undefined;
      const fresh = instead ? shapeOf(instead.split(/\s(?:for|in|on|across|within|inside)\s/i)[0]!).words : undefined;
      const said: Thing = { words, named, ...(f === GONE_FORM || f === REMOVED_FORM || renamed ? { gone: true } : {}), ...(f === WAS_FORM && alone ? { renamed: true, keys: thingKeys(thing) } : {}), ...(f >= PARALLEL_FORMS && f < SUBJECT_FORMS ? { subject: before } : head ? { head, ...(after ? { after } : {}) } : {}), ...(verb ? { verb } : {}), ...(bare ? { bare } : {}), ...(scope ? { scope } : {}), ...(alone ? { alone } : {}), ...(renamed ? { keys: renamed, renamed: true, ...(within.length ? { within: namesIn(within.join(' ')) } : {}) } : sole || alone ? { keys: thingKeys(thing) } : {}), ...(sole ? { sole } : {}), ...(fresh?.size ? { fresh } : {}) };
      // "Migrated from Travis and Appveyor to GitHub Actions": a list of names is each of them gone, so it replaces a fact that names one ("Windows tests run on Appveyor").
      const members = renamed ? [] : namesListed(thing);
      for (const member of members) {
        const one = factShape(member);
        const mine = new Set(one.words);
        for (const n of one.numbers.split(' ')) if (n) mine.add(n);
        things.push({ ...said, words: mine, ...(said.keys ? { keys: thingKeys(member) } : {}) });
      }
      if (words.size && !members.length) things.push(said);
      break;
    }
    // Chinese: the old thing is a name in Latin letters ("从 Heroku 迁移到 Fly.io", "不再使用 Jest", "Webpack 已移除", "取代了 Webpack").
    if (!things.length && HAN.test(clause)) {
      for (const form of HAN_FORMS()) {
        const m = form.exec(lower);
        const thing = m?.[1]?.trim();
        if (!thing) continue;
        const shape = factShape(thing);
        const words = new Set(shape.words);
        for (const n of shape.numbers.split(' ')) if (n) words.add(n);
        if (words.size) things.push({ words, named: true });
        break;
      }
    }
    const byWord = words.some((w) => CUE_WORDS.has(w)) || CUE_PHRASES.some((p) => spaced.includes(p) && !TO_PHRASES.has(p)) || CUE_HAN.some((c) => clause.includes(c));
    const to = byWord ? undefined : [...TO_PHRASES.keys()].find((p) => spaced.includes(p) && namedAfter(clause, p));
    const strong = byWord || !!to;
    if (byWord) otherStrong = true;
    // "API key rotation moved to HashiCorp Vault" is about rotation: what moved is the subject the older fact must say.
    else if (to) {
      const m = TO_PHRASES.get(to)!.exec(clause)!;
      for (const w of factShape(clause.slice(0, m.index)).words) (movedSubject ??= new Set()).add(w);
      for (const w of factShape(m[1]!).frame.words) if (w.named || w.tool) (movedTo ??= new Set()).add(w.key);
    }
    // "now", "these days"; "We switched the ORM to Prisma" (a change whose old thing sameFrame finds): no stronger than "now".
    const weak = words.includes('now') || words.includes('nowadays') || spaced.includes(' these days ') || NOW_HAN.some((c) => clause.includes(c)) || changedTo(words);
    if (strong) cue = 'strong';
    else if (!cue && weak) cue = 'weak';
    // With its backticks: sameFrame reads "`uv`" as a name.
    if (strong || weak) {
      cued.push(raw);
      asides.push(raw.includes('(') ? { text: raw.replace(/\([^()]*\)/g, ' '), words: shapeOf((raw.match(/\([^()]*\)/g) ?? []).join(' ')).words } : null);
    }
  }
  if (replacedKept.size >= SHAPES_KEPT) replacedKept.clear();
  replacedKept.set(text, (r = { things, cue, clauses: cued, asides, ...(movedSubject && !otherStrong ? { movedSubject } : {}), ...(movedTo && !otherStrong ? { movedTo } : {}), ...(stateNamed ? { stateNamed } : {}) }));
  return r;
}

/** A word of a fact, in order: a name kept whole ("markdown-it", "fly.io", "@tanstack/query"), another word stemmed. */
interface FrameWord {
  readonly key: string;
  /**
   * How sameFrame reads it: `det` an article or possessive (skipped); `slot` a word that opens the
   * place of a thing ("with", "on", "uses", "is"); `cue` a word of change or time ("now",
   * "switched"); `stop` any other small word or a comma; `word` content.
   */
  readonly kind: 'det' | 'slot' | 'cue' | 'stop' | 'word';
  /** Written as a name: a capital, a digit or a code character (".", "-", "/", "@", "_"). */
  readonly named: boolean;
  /** A participle ("managed", "kept"): what "switched … to" replaces along with the thing. */
  readonly done: boolean;
  /** Begins with a capital and is not the fact's first word: with its neighbours of the same sort, one name ("Secret Manager", "Tokens Studio"). */
  readonly capital: boolean;
  /** A tool written in lower case (TOOLS) or a word in backticks: a name where a whole thing is such words. */
  readonly tool: boolean;
}
/** A fact read for sameFrame. */
export interface Frame {
  readonly words: readonly FrameWord[];
  /** The content words' keys. */
  readonly keys: ReadonlySet<string>;
  /** Clauses in the text (sameFrame reads an older fact of one clause only). */
  readonly clauses: number;
  /** What it says is done to its subject with a participle ("are stored in cents": keep), see claimVerb. */
  readonly verb?: string;
  /** The Chinese text with its Latin names as one sign each and the words of time and change taken out; '' where it has no Han. */
  readonly han: string;
  /** The Latin names in Chinese text. */
  readonly names: readonly string[];
  /** Two neighbouring words written as one ("Travis CI": travisci, stemmed), by the thing a form names joined ("Replace TravisCI with…"). */
  readonly joined: ReadonlySet<string>;
}

const FRAME_TOKEN = /@?[a-z0-9](?:[a-z0-9_.\-/@:]*[a-z0-9])?|,/gi;
/**
 * Tools whose own docs write them in lower case ("uv", "pnpm", "ruff", "esbuild"): a name though
 * no capital says so. Only where a whole thing is such words ("with uv", "with sharp"; not "with
 * sharp edges"), see sameKind; a word in backticks counts too. Plugins and helpers that add to a
 * tool rather than stand in its place (xdist, sudo) are not here.
 */
const TOOLS = new Set(
  ('npm pnpm yarn bun deno node nodejs uv pip pipx pipenv poetry conda mamba hatch pdm rye ruff black isort pylint mypy pyright pytest tox nox ' +
    'nvm fnm volta mise asdf rbenv pyenv rustup cargo webpack esbuild rollup vite parcel tsc tsx swc babel eslint prettier biome oxlint jest vitest ' +
    'mocha husky lefthook ffmpeg imagemagick sharp jq make cmake ninja meson bazel buck gradle maven sbt nginx caddy traefik haproxy systemd pm2 ' +
    'cron kubectl helm kustomize terraform pulumi ansible docker podman redis postgres postgresql mysql sqlite mongodb memcached kafka rabbitmq ' +
    'celery sidekiq git svn rsync curl wget bash zsh fish tmux nix brew homebrew gunicorn uvicorn puma unicorn pnpx turborepo lerna nx ' +
    'mkdocs sphinx docusaurus jekyll hugo mdbook vitepress setuptools hatchling flit twine tox gofmt gofumpt goimports rustfmt clippy rubocop rspec phpunit')
    .split(' '),
);
/** Nouns of a verb that a fact may say its subject with ("Session storage", "API deployment", "API docs"): their stems read as the verb's. */
const NOUN_FORM = new Map<string, string>([
  ['storag', 'stor'],
  ['deployment', 'deploy'],
  ['doc', 'document'],
  ['documentation', 'document'],
  ['management', 'manag'],
  ['installation', 'install'],
  ['configuration', 'configur'],
  ['generation', 'generat'],
  ['compilation', 'compil'],
  ['translation', 'translat'],
]);
/** Words of time: "We deploy on Fridays" names a day, not a thing "on Kubernetes" replaces. */
const TIME = new Set('monday tuesday wednesday thursday friday saturday sunday weekend weekday night nightly morning evening midnight noon daily weekly monthly hourly january february march april may june july august september october november december'.split(' '));
/** A version ("22", "3.12", "v5"): a version replaces a version, not a thing named without one ("with Node 22" / "with Docker"). */
const VERSION = /^v?\d+(?:\.\d+)*$/;
const DET = new Set('the a an our its their this that these those my your'.split(' '));
/** Words that open the place a thing is named in, by what they say of it: done with it, done in or to it, is it. */
const SLOT_GROUP = new Map<string, string>([
  ...'with using use uses via by through'.split(' ').map((w) => [w, 'with'] as [string, string]),
  ...'in on at to into onto over inside'.split(' ').map((w) => [w, 'in'] as [string, string]),
  ...'is are was were named called'.split(' ').map((w) => [w, 'is'] as [string, string]),
  ['from', 'from'],
  ['as', 'as'],
  ['for', 'for'],
]);
/** Words that say a change without naming the old thing; after one of them, "to X" may take any place ("We switched the ORM to Prisma" over "The ORM is TypeORM"). */
const CHANGE = new Set('switched moved migrated changed ported converted went'.split(' '));
/** Words that say two things are there side by side: "We also deploy the docs with Netlify now" replaces nothing. */
const BESIDE = new Set('also too additionally both plus another extra alongside'.split(' '));
/** Verbs a fact may say with any of them about one thing in one place: "jobs run on Sidekiq", "the cache lives in Memcached", "search is powered by Algolia". */
const LOOSE = new Set('run go goe liv sit stay power handl work'.split(' '));
/** Participles that say one claim ("stored", "kept", "held"): their stems map to one. Others stay themselves. */
const VERB_GROUP = new Map<string, string>([
  ...'stor kept keep held sav persist'.split(' ').map((w) => [w, 'keep'] as [string, string]),
  ...'built build rebuild generat render compil bundl produc made'.split(' ').map((w) => [w, 'make'] as [string, string]),
  ...'sent shipp deliver push post rout forward'.split(' ').map((w) => [w, 'send'] as [string, string]),
  ...'host serv deploy'.split(' ').map((w) => [w, 'host'] as [string, string]),
]);
const BE = new Set('is are was were be been being get gets got'.split(' '));
const IRREGULAR = new Set('shown sent kept held written built made done given taken seen put set run read drawn hidden spent told found'.split(' '));
const ADVERB = new Set('now not also still always only usually never all then already'.split(' '));
/** The words of time and change a Chinese statement may add (现在 如今 目前 从现在起 今后), and its ways of saying "uses instead" (改用 换成 改为 转用 换用 → 使用). */
const HAN_TIME = /\u4ece\u73b0\u5728\u8d77|\u73b0\u5728|\u5982\u4eca|\u76ee\u524d|\u4eca\u540e|\u5df2\u7ecf|\u5df2/g;
const HAN_USE = /\u6539\u7528|\u6362\u6210|\u6539\u4e3a|\u8f6c\u7528|\u6362\u7528/g;
/** A Latin run in Han text: to its last letter or digit (latinRuns). */
const LATIN_SPAN = /[a-z0-9@][a-z0-9_.\-/@ ]*/g;

/**
 * The Latin names of a Han text ("Redis", "pg_dump") and the text with each one marked `§`: each
 * run read once to its end, then cut back to its last letter or digit. The pattern that asked for
 * that last letter itself (`[…]*[a-z0-9]`) was tried again from every place of a run without one:
 * quadratic in a fact of many `@` or blanks.
 */
function latinRuns(lower: string): { names: string[]; marked: string } {
  const names: string[] = [];
  let marked = '';
  let last = 0;
  for (const m of lower.matchAll(LATIN_SPAN)) {
    let end = m[0].length;
    while (end > 0 && !/[a-z0-9]/.test(m[0][end - 1]!)) end--;
    if (!end) continue;
    names.push(m[0].slice(0, end));
    marked += `${lower.slice(last, m.index)}\u00a7`;
    last = m.index + end;
  }
  return { names, marked: marked + lower.slice(last) };
}

/** A participle's claim: "shown" → shown, "stored" → keep; undefined for a word that is none. */
function participle(w: string): string | undefined {
  if (!IRREGULAR.has(w) && !(w.length > 4 && w.endsWith('ed'))) return undefined;
  const s = stem(w);
  return VERB_GROUP.get(s) ?? s;
}

/** What a clause says is done to its subject: the participle after "is/are/was/were…" ("Prices are stored in cents"). */
function claimVerb(text: string): string | undefined {
  const t = text.toLowerCase().match(/[a-z]+/g) ?? [];
  for (let i = 0; i < t.length; i++) {
    if (!BE.has(t[i]!)) continue;
    let j = i + 1;
    while (j < t.length && ADVERB.has(t[j]!)) j++;
    return j < t.length ? participle(t[j]!) : undefined;
  }
  return undefined;
}

/** A fact longer than this is read no further by frameOf, and never judged by sameFrame (MEMORY.md's entries are 150 characters at most). */
const FRAME_MAX = 600;

function frameOf(full: string): Frame {
  const text = full.slice(0, FRAME_MAX);
  const lower = text.toLowerCase().replace(/`/g, '');
  const clauses = full.length > FRAME_MAX ? 0 : lower.split(CLAUSES).filter((c) => c.trim()).length;
  const words: FrameWord[] = [];
  // A word in backticks is a name however it is written ("with `uv`").
  const quoted = text.includes("`") ? new Set((text.toLowerCase().match(/`[^`\s]{1,40}`/g) ?? []).map((q) => q.slice(1, -1))) : undefined;
  const plain = text.replace(/`/g, '').replace(/\b(?:from now on|these days|nowadays)\b/gi, ' now ');
  // "display()": a word called as a function is code, a name (looked for only in a fact with a bracket).
  const called = plain.includes('(') ? new Set((plain.match(/[a-z0-9_]+(?=\()/gi) ?? []).map((c) => c.toLowerCase())) : undefined;
  const joined = new Set<string>();
  let previous = '';
  for (const w of plain.match(FRAME_TOKEN) ?? []) {
    const t = w.toLowerCase();
    // Only where the second is written as an acronym or with a digit ("Travis CI"; not "Unit Tests", which "unittest" is not).
    if (previous && t !== ',' && /^[A-Z0-9]{2,}$/.test(w)) joined.add(stem(previous + t));
    previous = t === ',' ? '' : t;
    const kind: FrameWord['kind'] = t === ',' ? 'stop' : DET.has(t) ? 'det' : SLOT_GROUP.has(t) ? 'slot' : t === 'now' || CHANGE.has(t) ? 'cue' : STOP.has(t) ? 'stop' : 'word';
    const named = /[A-Z0-9._\-/@:]/.test(w) || !!called?.has(t);
    const key = kind === 'word' && !/[-./@]/.test(t) ? stem(t) : t;
    // "Memcached" is a name, not a participle.
    words.push({
      key: NOUN_FORM.get(key) ?? key,
      kind,
      named,
      capital: kind === 'word' && words.length > 0 && /^[A-Z]/.test(w),
      tool: kind === 'word' && (TOOLS.has(t) || !!quoted?.has(t)),
      // "Uploaded files…": a first word's capital makes no name of a participle ("Memcached…" is a tool's name).
      done: kind === 'word' && (!named || (!words.length && /^[A-Z][a-z]+$/.test(w) && !TOOLS.has(t))) && participle(t) !== undefined,
    });
  }
  const keys = new Set(words.filter((w) => w.kind === 'word').map((w) => w.key));
  const verb = claimVerb(lower);
  let han = '';
  let names: string[] = [];
  if (HAN.test(lower)) {
    const runs = latinRuns(lower);
    names = runs.names.map((n) => n.trim());
    han = runs.marked
      .replace(HAN_TIME, '')
      .replace(HAN_USE, '\u4f7f\u7528')
      .replace(/[\s\p{P}]/gu, '');
  }
  return { words, keys, clauses, han, names, joined, ...(verb ? { verb } : {}) };
}

/**
 * The one run of words of `f` that `other` lacks (loose verbs aside; participles too where
 * `done` is set), as [first, last] index; null where there is none or more than one. "and" may
 * join two names of one run ("with ESLint and Prettier").
 */
function onlyRun(f: Frame, other: Frame, done = false): [number, number] | null {
  let first = -1;
  let last = -1;
  for (let i = 0; i < f.words.length; i++) {
    const w = f.words[i]!;
    if (w.kind !== 'word' || (other.keys.has(w.key) && !inNewName(f, other, i)) || LOOSE.has(w.key) || (done && w.done)) continue;
    if (first < 0) first = i;
    else for (let j = last + 1; j < i; j++) if (f.words[j]!.kind !== 'det' && f.words[j]!.key !== 'and') return null;
    last = i;
  }
  return first < 0 ? null : [first, last];
}

/**
 * Whether the word at `i` is part of a name written with capitals ("Secret Manager", "Tokens
 * Studio") one of whose words `other` lacks: the name is one thing, though one of its words
 * repeats the subject ("Secrets are kept in Secret Manager now" over "Secrets are kept in Vault").
 */
function inNewName(f: Frame, other: Frame, i: number): boolean {
  if (!f.words[i]!.capital) return false;
  for (const step of [-1, 1]) {
    for (let j = i + step; j >= 0 && j < f.words.length && f.words[j]!.capital; j += step) if (!other.keys.has(f.words[j]!.key)) return true;
  }
  return false;
}

/** Whether a run names a thing: the newer one is written as a name ("Vite", "fly.io", "markdown-it"; not "coverage"), neither is a time, a version stands against a version. */
function sameKind(older: Frame, was: [number, number], newer: Frame, is: [number, number]): boolean {
  const run = (f: Frame, [a, b]: [number, number]) => f.words.slice(a, b + 1).filter((w) => w.kind === 'word');
  const old = run(older, was);
  const now = run(newer, is);
  // A thing written in lower case is a name only where it is all tools' names ("with uv", not "with coverage" or "with sharp edges").
  if (!(now.some((w) => w.named) || now.every((w) => w.tool)) || [...old, ...now].some((w) => TIME.has(w.key))) return false;
  return old.some((w) => VERSION.test(w.key)) === now.some((w) => VERSION.test(w.key));
}

/** The word that opens the place at `i` (articles skipped): its group, 'free' for a "to" after a word of change, or null. */
function slotAt(f: Frame, i: number): string | null {
  let j = i - 1;
  // "rust edition is now 2018", "the import path is now go.uber.org/zap": the time word stands between the place and its thing.
  while (j >= 0 && (f.words[j]!.kind === 'det' || f.words[j]!.key === 'now')) j--;
  const w = f.words[j];
  if (!w || w.kind !== 'slot') return null;
  if (w.key === 'to' || w.key === 'onto') for (let k = 0; k < j; k++) if (CHANGE.has(f.words[k]!.key)) return 'free';
  return SLOT_GROUP.get(w.key)!;
}

/**
 * Whether a clause of a newer statement (which carries a cue of change: "now", "switched to",
 * "these days", 现在, 改用) says the older fact again with one named thing in another's place:
 * the same subject and verb, the older's one differing run of words (its old thing) opened by the
 * same kind of word as the newer's ("with Heroku pipelines" / "with Fly.io"; after "switched … to"
 * any). "We deploy with Fly.io now" over "We deploy with Heroku pipelines"; not "We deploy preview
 * builds with Vercel now" (another subject), "Tests now run in GitHub Actions" over "Tests run with
 * Jest" (another place), "We also deploy the docs with Netlify" (side by side).
 */
/**
 * The newer frame without what it adds after its new thing: from the first slot word after the
 * first run of words the older lacks, where nothing from there on is in the older ("Campaigns are
 * now stored in PostgreSQL with draft and submitted states" over "Campaigns are stored in SQLite";
 * not "…in Redis with Postgres as a fallback" over "…in Postgres": the old thing stays).
 */
function withoutTail(f: Frame, other: Frame): Frame {
  let i = 0;
  while (i < f.words.length && (f.words[i]!.kind !== 'word' || other.keys.has(f.words[i]!.key) || LOOSE.has(f.words[i]!.key))) i++;
  while (i < f.words.length && (f.words[i]!.kind === 'word' || f.words[i]!.kind === 'det') && !other.keys.has(f.words[i]!.key)) i++;
  // "with Fly.io now, with preview apps on Vercel": a cue or a comma between.
  let comma = false;
  while (i < f.words.length && (f.words[i]!.kind === 'cue' || f.words[i]!.key === ',')) comma ||= f.words[i++]!.key === ',';
  // "…now lives in crate::ui::theme, re-exported above": after a comma, what is added need not open with a place.
  if (i >= f.words.length || (f.words[i]!.kind !== 'slot' && !comma)) return f;
  // "…in SecurityConfig.java to avoid conflicts with Spring Security's CORS handling": "to" and a word in lower case say what for, whatever they name.
  const why = f.words[i]!.key === 'to' && f.words[i + 1]?.kind === 'word' && !f.words[i + 1]!.named && !f.words[i + 1]!.tool;
  if (!why) for (let j = i; j < f.words.length; j++) if (f.words[j]!.kind === 'word' && other.keys.has(f.words[j]!.key)) return f;
  const words = f.words.slice(0, i);
  return { ...f, words, keys: new Set(words.filter((w) => w.kind === 'word').map((w) => w.key)) };
}

function sameFrame(newer: Frame, older: Frame): boolean {
  if (older.clauses !== 1) return false;
  if (newer.han || older.han) {
    // Chinese: the same sentence once names are one sign and time words are out, with other names ("测试现在改用 Vitest 运行" over "测试使用 Jest 运行").
    if (!newer.han || newer.han !== older.han || newer.han.replace(/\u00a7/g, '').length < 2 || !newer.names.length || !older.names.length) return false;
    return !newer.names.some((n) => older.names.includes(n));
  }
  // A loose verb ("is handled by") makes no other claim: "Dialogue display is now handled by X" over "Dialogue is displayed by Y".
  if (newer.words.some((w) => BESIDE.has(w.key)) || (newer.verb && older.verb && newer.verb !== older.verb && !LOOSE.has(newer.verb) && !LOOSE.has(older.verb))) return false;
  let shared = false;
  for (const k of newer.keys) if (older.keys.has(k) && !LOOSE.has(k)) shared = true;
  if (!shared) return false;
  const is = onlyRun(newer, older) ?? onlyRun(withoutTail(newer, older), older);
  const to = is && slotAt(newer, past(newer, older, is[0]));
  if (!is || !to) return false;
  // After "switched … to", what the older did with its thing goes with it ("The monorepo is managed with Lerna").
  const was = onlyRun(older, newer, to === 'free');
  // Not after "switched … to", where any place is free ("The tests have moved to Vitest" leaves "The tests are in the tests folder").
  const from = was && slotAt(older, to === 'free' ? was[0] : past(older, newer, was[0]));
  return !!was && !!from && (to === 'free' || to === from) && sameKind(older, was, newer, is);
}

/** Where a run's thing opens: before it up to two words the other frame says too ("Meta data is stored in the meta table": "meta" is the subject's word, the place opens before it). */
function past(f: Frame, other: Frame, i: number): number {
  // A version goes with its name ("Python 3.11"), the older's own "with … now" rule (sameKind) judges it.
  if (VERSION.test(f.words[i]!.key)) return i;
  let j = i;
  while (j > 0 && j > i - 2 && f.words[j - 1]!.kind === 'word' && other.keys.has(f.words[j - 1]!.key)) j--;
  return j;
}

/** Whether the older fact says nothing but the thing's head and the thing ("Logger is an interface"). */
function onlyHeadAnd(thing: Thing, older: FactShape): boolean {
  for (const w of older.words) if (w !== thing.head && !thing.words.has(w) && !GENERIC.has(w)) return false;
  return true;
}

/**
 * Whether `newer` says that something `older` asserts is no longer so, about the same subject:
 * "Sessions now live in Redis, not Postgres" over "Sessions are stored in Postgres, table
 * user_sessions". The thing it names as replaced ("not Postgres", "no longer uses Supabase",
 * "instead of Redux", "moved from Heroku to…", "Fluentd is gone", "axios was replaced by…") is all
 * in the older fact, as a name (not "the database": "Tests mock the mailer, not the database" says
 * nothing against "Tests use a real database"); they share a word besides it that is no mere verb
 * of keeping ("Keep secrets in Vault, not S3" is not about "Store uploaded files in S3"); and the
 * older fact is not itself a negation ("Don't use npm" agrees with "Use pnpm, not npm").
 */
function negatesOlder(thing: Thing, newer: FactShape, older: FactShape): boolean {
  // "Logger is now a concrete type instead of an interface": a thing that is no name replaces only a fact that says nothing but its head and the thing ("Logger is an interface"; not "Tests use a real database").
  if (older.negated || (!thing.named && !(thing.head && onlyHeadAnd(thing, older)))) return false;
  // "The storefront bundle moved from webpack" says nothing of "Webpack builds the admin bundle".
  if (thing.scope && otherKind(thing.scope, older)) return false;
  // "Job Server dependency management" is said by "…to manage Python dependencies": a noun of a verb as its verb.
  // The speaker's whole is no subject the older fact must say ("Converted everything from Bootstrap 4 to Tailwind").
  // "most configuration values have moved from .env": how many of them is no word the older fact must say.
  if (thing.subject) for (const w of thing.subject) if (!older.words.has(w) && !older.words.has(NOUN_FORM.get(w) ?? w) && !GENERIC.has(w) && !CHANGE_STEMS.has(w) && !SELF.has(w) && !QUANTITY.has(w)) return false;
  // "The web API returns camelCase keys, not snake_case" is about another API than "The mobile API returns snake_case keys".
  if (thing.head && !older.words.has(thing.head) && !GENERIC.has(thing.head) && !(thing.after && older.words.has(thing.after))) return false;
  const olderNumbers = older.numbers.split(' ');
  let own = 0;
  for (const w of thing.words) {
    if (GENERIC.has(w)) continue;
    // "instead of black/isort": each of the two is in the older fact ("runs black and isort").
    // "Replace TravisCI with GitHub Actions" names the "Travis CI" of "CI runs on Travis CI": one name written joined.
    if (!older.words.has(w) && !olderNumbers.includes(w) && !older.frame.joined.has(w) && !(w.includes('/') && !w.includes('.') && w.split('/').every((part) => !part || older.words.has(stem(part)) || part.split('-').every((p) => !p || older.words.has(stem(p)))))) return false;
    own++;
  }
  if (!own) return false;
  if (thing.renamed) return (!thing.within || [...thing.within].every((w) => older.frame.keys.has(w))) && inPlace(thing.keys!, older);
  if (thing.bare || ((thing.alone || thing.sole) && (inPlace(thing.keys!, older) || playsRole(thing.keys!, older)))) return true;
  // "Use embedded *zap.Logger struct approach instead of global logger variables" over "The logger is kept in global logger variables": a
  // change with no subject of its own whose old thing is all the older fact says (a verb of keeping aside).
  if (!thing.head && !thing.subject && thing.words.size >= 2 && [...older.words].every((w) => thing.words.has(w) || GENERIC.has(w))) return true;
  // "We no longer depend on urllib3 for our sync client" over "The sync client depends on urllib3": what is no longer so is the older
  // claim whole (its subject said by the speaker's "we", none of its own), not one thing in it.
  if (thing.subject && !thing.subject.size && thing.words.size >= 2) {
    let all = true;
    for (const w of older.words) if (!thing.words.has(w) && !STOP.has(w)) all = false;
    if (all) return true;
  }
  for (const w of newer.words) {
    // The word of a gone thing's kind ("The Sentry integration …") is the thing's, no subject shared.
    // "Switch generation from yarn v1 to pnpm" says the subject of "Generated projects are installed with yarn v1": a noun of a verb as its verb.
    if (thing.words.has(w) || thing.fresh?.has(w) || GENERIC.has(w) || (thing.gone && KIND_STEMS.has(w)) || !(older.words.has(w) || older.words.has(NOUN_FORM.get(w) ?? w))) continue;
    // "Prices are shown in euros, not cents" makes another claim than "Prices are stored in cents": both stay true.
    return !(thing.verb && older.frame.verb && thing.verb !== older.frame.verb);
  }
  return false;
}

/**
 * Whether `newer` restates the subject of `older` and says it changed. Where it names what it
 * replaces, that decides (negatesOlder). Else it carries a replacement cue (a change that may
 * come, "will be removed", is none): a strong one ("switched to", "migrated", "gone") with half
 * the older fact's content words (two at least) shared; or any cue, "now" and "these days"
 * among them, in a clause that says the older fact again with another thing in its place
 * (sameFrame: "We deploy with Fly.io now" over "We deploy with Heroku pipelines"; "The CSV export
 * now includes a header row" adds to "The CSV export uses semicolons as separators").
 */
export function replacesSubject(newer: FactShape, newerText: string, older: FactShape): boolean {
  if (older.words.size === 0) return false;
  // The same role filled with another tool of its kind ("Switched to CircleCI." over "The tests run on Travis CI"): slots.ts, where no phrase rule tells.
  return replacesSaid(newer, newerText, older) || slotReplaces(newerText, older.text);
}

function replacesSaid(newer: FactShape, newerText: string, older: FactShape): boolean {
  // "As of today, the source repository … has moved…", "Successfully migrated from…": read without what opens it and is no subject
  // (once: "As of v2, as of v3, …" is read without its first lead only).
  if (!newer.led) return replacesRead(newer, newerText, older);
  let plain = leads.get(newer);
  if (plain === undefined) leads.set(newer, (plain = LEAD.test(newerText) ? newerText.replace(LEAD, '$1') : newerText));
  return plain === newerText ? replacesRead(newer, newerText, older) : replacesRead(factShape(plain), plain, older);
}

/** Each newer fact's text without its lead (LEAD), by its shape: the judgement asks for every older fact. */
const leads = new WeakMap<FactShape, string>();

function replacesRead(newer: FactShape, newerText: string, older: FactShape): boolean {
  if (newer.numbers && older.numbers && newer.numbers !== older.numbers && (versionAnew(newerText, older) || clauseAnew(newerText, older) || versionSlotAnew(newer, newerText, older))) return true;
  if (flipped(newer, older)) return true;
  if (newer.cued && newerText.includes('(') && renamedAgain(newerText, older)) return true;
  if (newer.tells && newer.cued && saidOtherwise(newerText, older)) return true;
  // A state of the same subject under a condition the older fact does not name holds there only, whatever else the newer says: "Pre-ping now defaults to True in the test suite" leaves "Pre-ping defaults to False" (as flipped judges it).
  if (underOtherCondition(newer, older)) return false;
  if (slotAnew(newer, newerText, older)) return true;
  if (!newer.cued) return false;
  // "…Migrated to [Joke_Command] … with enabled. Both formats work": a line that says the old way still works replaces nothing.
  if (/\b(?:both|still|continues?)\b/i.test(newerText) && KEPT_TOO.test(newerText.slice(0, FRAME_MAX))) return false;
  const said = replacedIn(newerText);
  if (said.things.length) return said.things.some((t) => negatesOlder(t, newer, older));
  // A state named as what was before says a flip, judged above (flipped): its words shared say nothing more.
  if (!said.cue || said.stateNamed) return false;
  // "Switched to using SQLite for backing store" leaves "Campaigns are stored in SQLite": the older fact says the new thing (whole, and
  // as what is so, not in a change of its own: "Switched error reports from Sentry to Rollbar" goes under "Error reports moved to Sentry").
  if (said.cue === 'strong' && !(said.movedTo && !older.cued && [...said.movedTo].every((k) => older.frame.keys.has(k))) && (!said.movedSubject || [...said.movedSubject].every((w) => older.words.has(w) || older.words.has(NOUN_FORM.get(w) ?? w) || CHANGE_STEMS.has(w)))) {
    // The words of change themselves are no subject shared: "API docs moved to Redoc" and "API deployment moved to Fly.io" share only "API".
    let both = 0;
    let size = 0;
    for (const w of older.words) {
      if (CHANGE_STEMS.has(w)) continue;
      size++;
      if (newer.words.has(w)) both++;
    }
    if (both >= 2 && both / size >= 0.5) return true;
  }
  if (newer.negated || older.negated || !shareSubject(newer, older)) return false;
  // A bracket is an aside ("…now defaults to the IST date (leave_today)"): the clause without it, where the clause with it is no such change,
  // and the bracket says nothing of the older fact ("…in Redis (Postgres stays the fallback)" keeps "Sessions live in Postgres").
  return said.clauses.some((c, i) => {
    if (sameFrame(factShape(c).frame, older.frame)) return true;
    const aside = said.asides[i];
    if (!aside) return false;
    for (const w of aside.words) if (older.words.has(w)) return false;
    return sameFrame(factShape(aside.text).frame, older.frame);
  });
}

/** DONE_VERB's verbs in the past ("replaced", "moved"). */
const DONE_FORM = new Set(DONE_VERB.values());
/** Verbs that set a value anew, in any form ("Updated", "upgrades", "bump"). */
const SETS_ANEW = /^(?:upgrad|updat|bump|rais|increas|downgrad|lower)[a-z]{0,4}$/;
/** The claims of a name ("is named", "is called"), as claimVerb reads them. */
const NAMED_CLAIM = new Set(['nam', 'call']);
/** A word a slot change says (slotAnew). */
const SLOTS_SAID = /\b(?:from|changed|renamed)\s/i;
/** "<verb> [what] from A to B" (group 1 the verb, 2 what, 3 A, 4 B): bounded, one clause, no comma in A or B. */
const FROM_TO = /^(?:\[[^[\]]{1,40}\]\s*)?([a-z]{3,20})\s+((?:[^\s,]+\s+){0,3}?)from\s+([^,;]{1,60}?)\s+to\s+([^,;]{1,60})$/i;
/** "<slot> (has been) changed/renamed to B" (group 1 the slot, 2 the verb, 3 B). */
const CHANGED_TO = /^((?:[^\s,]+\s+){1,4}?)(?:(?:has|have)\s+been\s+|was\s+|were\s+|is\s+|are\s+)?(?:now\s+)?(changed|renamed)\s+to\s+([^,;]{1,60})$/i;

/**
 * Whether a clause of `newerText` gives the slot of the older fact another value (issue 25 §2.1), the slot named by the older's
 * claim (its verb: "This project is licensed under GPLv3", "Mineflake is licensed under GPL3") or by its subject ("The default
 * email provider is AWS SES"), whatever verb the change is said with: "Relicense from GPL3 to MIT", "Updated project license from
 * MIT to AGPL v3" (the claim's word, the old value the older's, a name the new one); "the license has been changed to the MIT
 * License", "Default provider changed to `postmark`", "The project is renamed to nRF Asset Tracker" over "The project is
 * named Bifravst" (the slot's words all the older's, the new value a name it does not say).
 * Not "Copied the config from A to B" (no word of the older's claim), not "The docs license changed to MIT" over "The project is
 * licensed under GPL" (a word of another subject).
 */
function slotAnew(newer: FactShape, newerText: string, older: FactShape): boolean {
  // The newer's changes first: most facts say none, and the older's frame is then never made.
  if (!newer.slots) return false;
  let said = slotsKept.get(newer);
  if (said === undefined) slotsKept.set(newer, (said = slotsSaid(newerText)));
  // A word of the older's said by a change first: the older's frame is made only then (most facts' never is).
  if (!said || !said.some((m) => (m.from && [...m.from].some((w) => older.words.has(w))) || m.what.some((w) => older.words.has(w))) || older.frame.clauses !== 1) return false;
  const claim = older.frame.verb;
  const lower = older.frame.words;
  // The older's subject: its words before "is/are" ("The default email provider").
  const be = lower.findIndex((w) => w.kind === 'slot' && SLOT_GROUP.get(w.key) === 'is');
  const subject = be > 0 ? lower.slice(0, be).filter((w) => w.kind === 'word').map((w) => w.key) : [];
  // The claim's word itself, its noun, or it said again ("licensed": license, relicense; not "proxy-connect" for "proxied").
  const ofClaim = (w: string) => !!claim && claim.length >= 4 && (w === claim || w === `re${claim}` || NOUN_FORM.get(w) === claim);
  const fresh = (names: readonly string[]) => names.some((k) => !older.frame.keys.has(k));
  for (const m of said) {
    if (m.from) {
      if (!claim) continue;
      // The first word is the verb where it says a change or the claim ("Updated", "Relicense"); else it is the subject's ("Image uploads moved from S3…").
      const what = m.verbChanges || ofClaim(m.verb) ? m.what : [...m.what, m.verb];
      if ([m.verb, ...what].some(ofClaim) && what.every((w) => ofClaim(w) || older.frame.keys.has(w)) && m.from.size && [...m.from].every((w) => older.frame.keys.has(w)) && fresh(m.to)) return true;
    } else {
      // By the subject only where the older's claim is what it is or what it is named ("The project is named Bifravst"): a project
      // renamed is no project hosted elsewhere.
      const bySubject = (m.renamed ? !!claim && NAMED_CLAIM.has(claim) : !claim && !lower.some((w) => w.done)) && subject.length > 0 && m.what.includes(subject.at(-1)!);
      if ((m.what.some(ofClaim) || bySubject) && m.what.every((w) => ofClaim(w) || subject.includes(w)) && fresh(m.to)) return true;
    }
  }
  return false;
}

/** A slot change a clause says (slotsSaid): "Relicense from GPL3 to MIT" (verb, what, from, to) or "the license has been changed to MIT" (what, to, renamed). */
interface SlotSaid {
  readonly verb: string;
  readonly verbChanges: boolean;
  readonly what: readonly string[];
  /** The old value's words ("from A"); undefined for "changed to". */
  readonly from?: ReadonlySet<string>;
  /** The new value's names (the keys of its words written as names or tools). */
  readonly to: readonly string[];
  readonly renamed: boolean;
}
/** Each newer fact's slot changes, by its shape: read once (the judgement asks for every older fact). */
const slotsKept = new WeakMap<FactShape, readonly SlotSaid[] | null>();
/**
 * A few words' keys as frameOf makes them (content words only: no article, place word, cue or stop word), and whether each is
 * written as a name or a tool: what slotsSaid compares, without the rest of a frame (a frame for each part of every newer fact
 * cost the judgement a fifth more).
 */
function lightWords(text: string): [string, boolean][] {
  const out: [string, boolean][] = [];
  for (const w of text.replace(/`/g, ' ` ').match(FRAME_TOKEN) ?? []) {
    const t = w.toLowerCase();
    if (t === ',' || DET.has(t) || SLOT_GROUP.has(t) || t === 'now' || CHANGE.has(t) || STOP.has(t)) continue;
    const key = /[-./@]/.test(t) ? t : stem(t);
    out.push([NOUN_FORM.get(key) ?? key, /[A-Z0-9._\-/@:]/.test(w) || TOOLS.has(t) || text.includes(`\`${w}\``)]);
  }
  return out;
}

/** The slot changes `text`'s unhedged clauses say; null for none. */
function slotsSaid(text: string): readonly SlotSaid[] | null {
  let out: SlotSaid[] | null = null;
  if (SLOTS_SAID.test(text)) {
    const names = (b: string) => lightWords(b).filter(([, named]) => named).map(([k]) => k);
    const keys = (t: string) => lightWords(t).map(([k]) => k);
    for (const part of text.slice(0, 300).split(CLAUSES)) {
      const c = part.trim().replace(/\.+$/, '');
      if (!c || c.toLowerCase().split(/[^a-z]+/).some((w) => HEDGED.has(w))) continue;
      const m = FROM_TO.exec(c);
      if (m) {
        const verb = m[1]!.toLowerCase();
        (out ??= []).push({ verb: stem(verb), verbChanges: DONE_VERB.has(verb) || DONE_FORM.has(verb) || SETS_ANEW.test(verb), what: keys(m[2]!), from: new Set(keys(m[3]!)), to: names(m[4]!), renamed: false });
      }
      const n = CHANGED_TO.exec(c);
      if (n) (out ??= []).push({ verb: '', verbChanges: true, what: keys(n[1]!), to: names(n[3]!), renamed: n[2]!.toLowerCase() === 'renamed' });
    }
  }
  return out;
}

/** "Both formats work", "the old key is still accepted", "continues to work": the old way kept beside the new. */
const KEPT_TOO = /\b(?:both\s+(?:[a-z]+\s+){0,2}(?:work|are\s+(?:supported|accepted))|(?:still|continues?\s+to)\s+(?:works?|be\s+(?:supported|accepted))|(?:is|are)\s+still\s+(?:supported|accepted))\b/i;

/** Where a clause of a fact ends for clauseAnew: a sentence's or clause's end, a relative clause that adds to it (", which patches …"), or a list's next item (", a separate build directory"). */
const PARTS = /[;!?\uff1b\uff01\uff1f\u3002]+|[:.](?=\s|$)|\s[\u2013\u2014]\s|,\s+(?:which|who|so that)\s|,\s+(?=(?:a|an|the)\s)/i;

/**
 * Whether one clause of a fact of several says the older fact again with other numbers, as a fact
 * of one clause does (supersedes' contradiction): "Minimum supported version is now Go 1.4. Go 1.1
 * support is deprecated, but should still build." over "The minimum supported version is Go 1.1";
 * "The daemon is now built with Go 1.26.4, which patches two vulnerabilities" over "…with Go
 * 1.26.3". The whole text's other words kept it below the line. A hedged clause says nothing yet.
 */
function clauseAnew(newerText: string, older: FactShape): boolean {
  for (const c of partsOf(newerText)) {
    // Two sets of words whose sizes differ by more than that share too few (Jaccard ≤ the smaller over the larger).
    const [few, many] = c.words.size < older.words.size ? [c.words.size, older.words.size] : [older.words.size, c.words.size];
    if (few < many * CONTRADICTS || c.numbers === older.numbers || c.negated !== older.negated || similarity(c, older) < CONTRADICTS || statesApart(c, older)) continue;
    return true;
  }
  return false;
}

/** "If …,", "Unless …,", "When …,": a condition said first, over the clauses after it. */
const OPENS_CONDITION = /^\W*(?:if|unless|when|whenever|once|while|until)\b[^,;:]{0,120},/i;
/** The clauses of a fact of several that say numbers and are not hedged, as shapes, by text (clauseAnew reads them against every older fact). */
const partsKept = new Map<string, readonly FactShape[]>();
function partsOf(text: string): readonly FactShape[] {
  let out = partsKept.get(text);
  if (out) return out;
  const parts = text.slice(0, FRAME_MAX).split(PARTS);
  // A fact that opens with a condition ("If the proxy is slow, the webhook timeout can be 60 seconds"): each clause holds under it only.
  out = parts.length < 2 || OPENS_CONDITION.test(text) ? [] : parts.filter((p) => /\d/.test(p) && !p.toLowerCase().split(/[^a-z]+/).some((w) => HEDGED.has(w))).map((p) => shapeOf(p));
  if (partsKept.size >= SHAPES_KEPT) partsKept.clear();
  partsKept.set(text, out);
  return out;
}

/** "X has been moved to the wiki", "X was moved to websocket.js": a thing moved to a place (group 1 the thing, group 2 where). */
const MOVED_TO = /^(.{1,120}?)\s+(?:(?:has|have)\s+been|has|have|was|were|is|are|got)\s+(?:now\s+)?moved\s+(?:over\s+)?(?:to|into)\s+(.+)$/i;
/** "Moved 3rd_party_stubs … to ./.3rd_party_stubs": a changelog's past verb first, the thing after it. */
const MOVED_WHAT = /^(?:(?:we|i)(?:'ve|\u2019ve)?\s+)?moved\s+(.{1,120}?)\s+(?:to|into)\s+(.+)$/i;
/** Verbs that say where a thing is, no more: "is in", "lives in", "is kept in", "sits under" (not "is written in Go"). */
const WHERE_VERBS = new Set('liv sit stay keep locat plac put host'.split(' '));

/**
 * Whether `newerText` says a thing was moved to a place, and the older fact says only where that
 * thing is, elsewhere: "Build documentation has moved to the wiki" over "Build documentation is in
 * the docs folder"; "'crypto' import was moved to the API route" over "The 'crypto' import is in the
 * shared portal module". The older fact says all the thing's words, then "is" or a verb of where
 * (WHERE_VERBS) and a place word; the place moved to is named with an article or as a path or file
 * ("websocket.js"), so "The tests have moved to Vitest" leaves "Tests are in the tests folder".
 */
function movedAway(moves: readonly Move[], older: FactShape): boolean {
  if (older.frame.verb && !WHERE_VERBS.has(older.frame.verb)) return false;
  const t = older.frame.words;
  for (const { thing, to } of moves) {
    if (![...thing].every((w) => older.frame.keys.has(w))) continue;
    // The older fact opens with the thing, then says where it is: its words up to the first place word are the thing's, "is" and a verb of where.
    let i = 0;
    while (i < t.length && t[i]!.kind !== 'slot') i++;
    while (i < t.length && t[i]!.kind === 'slot' && SLOT_GROUP.get(t[i]!.key) === 'is') i++;
    while (i < t.length && (t[i]!.kind === 'cue' || (t[i]!.kind === 'word' && WHERE_VERBS.has(VERB_GROUP.get(t[i]!.key) ?? t[i]!.key)))) i++;
    if (i >= t.length || t[i]!.kind !== 'slot' || SLOT_GROUP.get(t[i]!.key) !== 'in') continue;
    const head = t.slice(0, i).filter((w) => w.kind === 'word' && !WHERE_VERBS.has(VERB_GROUP.get(w.key) ?? w.key));
    const place = t.slice(i + 1).filter((w) => w.kind === 'word');
    // The thing is what the older fact places, or the place itself ("The multicore branch of this project has been moved to a separate
    // repository" over "The multicore work lives on the multicore branch of this project": what is there moved with it).
    if (!head.length || !(head.every((w) => thing.has(w.key)) || (place.every((w) => thing.has(w.key)) && [...thing].every((k) => place.some((w) => w.key === k))))) continue;
    // Where it is now is another place: not all of the older's place again.
    if (place.length && !place.every((w) => to.has(w.key))) return true;
  }
  return false;
}

/** A move a text says: the thing's words (as a frame reads them) and the words of where to. */
type Move = { thing: ReadonlySet<string>; to: ReadonlySet<string> };
function movesOf(text: string): readonly Move[] {
  const out: Move[] = [];
  if (/\bmoved\b/i.test(text)) {
    for (const part of text.slice(0, FRAME_MAX).split(/[;!?]+|[:.](?=\s|$)|\s[\u2013\u2014]\s|\(/)) {
      const c = part.trim().replace(/`/g, '');
      if (c.toLowerCase().split(/[^a-z]+/).some((w) => HEDGED.has(w))) continue;
      const m = MOVED_TO.exec(c) ?? MOVED_WHAT.exec(c);
      if (!m || !/^(?:(?:the|a|an|its|their|our|this)\s|\S*[./]\S*[a-z0-9])/i.test(m[2]!)) continue;
      // "Moved 3rd_party_stubs outside the src directory to ./.3rd_party_stubs": where it was is no part of the thing.
      const thing = new Set(shapeOf(m[1]!.split(/\s(?:from|out\s+of|outside(?:\s+of)?)\s/i)[0]!).frame.keys);
      if (thing.size) out.push({ thing, to: new Set(shapeOf(m[2]!).frame.keys) });
    }
  }
  return out;
}

/** What a text says was so before (pastOf) and where it says things moved (movesOf), by text; null where it says neither (most texts): one lookup a pair. */
const otherwiseKept = new Map<string, { past: Past | null; moves: readonly Move[] } | null>();
function saidOtherwise(newerText: string, older: FactShape): boolean {
  let said = otherwiseKept.get(newerText);
  if (said === undefined) {
    const past = pastOf(newerText);
    const moves = movesOf(newerText);
    said = past || moves.length ? { past, moves } : null;
    if (otherwiseKept.size >= SHAPES_KEPT) otherwiseKept.clear();
    otherwiseKept.set(newerText, said);
  }
  return !!said && ((!!said.past && saidBefore(said.past, older)) || (said.moves.length > 0 && movedAway(said.moves, older)));
}

/** A clause that says what was so before: "it was previously only called from marks.lua", "we used to deploy with Heroku" (not "as previously", "still"). */
const PAST_SAID = /\b(?:previously|formerly|originally|used\s+to)\b/i;
const PAST_WORDS = /\b(?:previously|formerly|originally|used\s+to|itself|themselves)\b/gi;
const PAST_KEPT = /\b(?:as\s+(?:before|previously|formerly)|still|too|also|again)\b/i;

/**
 * Whether another clause of `newerText` says the older fact as what was so before, the newer's own
 * clause saying what is now: "marks.apply() is now called from _paint(); it was previously only
 * called from marks.lua itself on toggle" over "marks.apply() is only called from marks.lua on
 * toggle". The past clause says most of the older's words (SAME, two at least; its subject may be a
 * pronoun), the whole line all of them. Not where the past clause says it still holds ("as
 * previously", "still", "too").
 */
function saidBefore(past: Past, older: FactShape): boolean {
  for (const c of past.clauses) {
    let both = 0;
    for (const w of older.words) if (c.has(w)) both++;
    if (both >= 2 && both / older.words.size >= SAME && [...older.words].every((w) => past.all.has(w))) return true;
  }
  return false;
}

/** The clauses of a text of several that say what was before (their words), and all its words; null where none does. */
type Past = { clauses: readonly ReadonlySet<string>[]; all: ReadonlySet<string> };
function pastOf(text: string): Past | null {
  let read: Past | null = null;
  const t = text.slice(0, FRAME_MAX);
  if (PAST_SAID.test(t)) {
    const parts = t.split(CLAUSES).filter((p) => p.trim());
    const said = parts.filter((p) => PAST_SAID.test(p) && !PAST_KEPT.test(p) && !p.toLowerCase().split(/[^a-z]+/).some((w) => HEDGED.has(w)));
    // The line says what is now in a clause of its own.
    if (said.length && said.length < parts.length) read = { clauses: said.map((p) => shapeOf(p.replace(PAST_WORDS, ' ')).words), all: shapeOf(t.replace(PAST_WORDS, ' ')).words };
  }
  return read;
}

/** "drift (formerly moor)", "diagrams.net (formerly draw.io)", "…tab (formerly a separate component)": the name or state before, in a bracket after the one now. */
const FORMERLY = /\((?:formerly|previously|was)\s+(?:(?:known|called|named)\s+as\s+)?([^()]{1,120})\)/i;

/**
 * Whether `newerText` says a fact of a thing with its name or state before in a bracket, and the
 * older fact says the same of it under that name: "drift (formerly moor) gives type-safe SQL" over
 * "moor gives type-safe SQL"; "The architecture diagrams are drawn with diagrams.net (formerly
 * draw.io)" over "…with draw.io". The newer's words without the bracket and without the new name
 * (its words before the bracket the older lacks), with the old name's, say every word of the older;
 * not "…are exported as PNG", which says more.
 */
function renamedAgain(newerText: string, older: FactShape): boolean {
  const read = formerlyOf(newerText);
  if (!read) return false;
  // "Skytable (formerly known as TerrabaseDB or Skybase)": each name before is the thing under that name.
  for (const was of read.was) {
    if (![...was].every((w) => older.words.has(w))) continue;
    const said = new Set([...read.rest].filter((w) => !read.name.has(w) || older.words.has(w)));
    for (const w of was) said.add(w);
    // Every word of the older said of the thing under its new name: the older is that fact under the name before, however much more the newer says ("Generate complex Graph or Tree seeded Synthetic Datasets with DeepFabric (formerly known as promptwright)").
    if ([...older.words].every((w) => said.has(w))) return true;
  }
  return false;
}

/** What "(formerly X)" says, by text: X's words (of each name where X lists several: "TerrabaseDB or Skybase"), the newer's words without the bracket, and the words of the four before it (where the new name is). */
type Formerly = { was: readonly ReadonlySet<string>[]; rest: ReadonlySet<string>; name: ReadonlySet<string> };
const formerlyKept = new Map<string, Formerly | null>();
function formerlyOf(text: string): Formerly | null {
  const kept = formerlyKept.get(text);
  if (kept !== undefined) return kept;
  const m = FORMERLY.exec(text.slice(0, FRAME_MAX));
  let read: Formerly | null = null;
  if (m) {
    const whole = m[1]!.replace(/^(?:the|a|an)\s+/i, '');
    const names = namesListed(whole);
    const was = (names.length ? names : [whole]).map((n) => shapeOf(n).words).filter((w) => w.size);
    const before = text.slice(0, m.index);
    if (was.length) read = { was, rest: shapeOf(`${before} ${text.slice(m.index + m[0].length)}`).words, name: shapeOf(before.split(/\s+/).slice(-4).join(' ')).words };
  }
  if (formerlyKept.size >= SHAPES_KEPT) formerlyKept.clear();
  formerlyKept.set(text, read);
  return read;
}

/** Verbs that set a thing's version anew: "Upgraded to .NET 9.0 SDK", "Bumped lodash to 4.17.21". */
const UPGRADE = /^(?:(?:we|i)(?:'ve|\u2019ve)?\s+)?(?:upgraded|bumped|raised|increased|updated|downgraded|lowered)\s+(?:(.{1,80}?)\s+)?to\s+(.+)$/i;

/** The names a frame says with a version right after them ("Node 20", ".NET 9.0"): name key → version. */
function versioned(f: Frame): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i + 1 < f.words.length; i++) {
    const [w, v] = [f.words[i]!, f.words[i + 1]!];
    if (w.kind === 'word' && (w.named || w.tool) && !VERSION.test(w.key) && VERSION.test(v.key)) out.set(w.key, v.key);
  }
  return out;
}

/**
 * Whether `newerText` sets the version of a thing the older fact names with another version, and
 * says nothing of another subject: "Upgraded to .NET 9.0 SDK" over "The core builds with the .NET
 * 8.0 SDK"; not "Upgraded the CI image to Node 20" over "The API runs on Node 18" (another subject),
 * nor "…to Node 20 in the admin app" (a place the older fact may not be).
 */
function versionAnew(newerText: string, older: FactShape): boolean {
  const said = upgradeOf(newerText);
  if (!said) return false;
  const was = versioned(older.frame);
  for (const [name, version] of said.now) {
    const old = was.get(name);
    if (!old || old === version) continue;
    // The subject before "to", a version's own words and the name aside, is the older fact's too.
    return [...said.subject].every((w) => w === name || w === 'version' || older.words.has(w));
  }
  return false;
}

/** A word between a name and its version in a slot: "Node.js is v18", "Prometheus is version 2.15.2", "axios version to 1.0.0". */
const VERSION_GAP = new Set('is are now version to v'.split(' '));
/** What says a version is set anew: "now", a verb that raises or sets one ("Upgrades the minimum version of Node.js to…", "Require minimum python 3.8"). */
const VERSION_CUE = /\b(?:now|(?:upgrad|bump|rais|increas|updat|requir|downgrad|lower)[a-z]{0,4})\b/i;
/** A version supported beside another ("now supports Erlang 22", "Added support for Node 22"): an addition, the older version may stay. */
const VERSION_BESIDE = /\b(?:supports|support\s+for|adds?|added)\b/i;
/** Words after a version that say its range ("14 or higher", "18 and later"). */
const VERSION_OPEN = new Set('higher later above newer greater up'.split(' '));
/** The stems of VERSION_CUE's words, which are no subject a fact must share. */
const VERSION_CUE_STEM = /^(?:now|upgrad|bump|rais|increas|updat|requir|downgrad|lower)/;

/**
 * The version a frame gives one name, with the words before the name (its slot's subject): "The minimum version of Node.js is
 * v18.14.1" → node.js, v18.14.1, [minimum, version]; "The minimum supported version is now Node v14" → nod, v14, [minimum,
 * support, version]. Null where it gives none or more than one.
 */
function slotVersion(f: Frame): { name: string; version: string; before: string[]; after: string[] } | null {
  let out: { name: string; version: string; before: string[]; after: string[] } | null = null;
  for (let i = 1; i < f.words.length; i++) {
    const v = f.words[i]!;
    if (v.kind !== 'word' || !VERSION.test(v.key)) continue;
    let j = i - 1;
    while (j > 0 && i - j <= 3 && (f.words[j]!.kind === 'det' || VERSION_GAP.has(f.words[j]!.key))) j--;
    const n = f.words[j]!;
    // A word a version follows, at once or after "version", is a name however it is written ("minimum python 3.8", "the minimum python version is 3.7").
    if (n.kind !== 'word' || !(n.named || n.tool || i - j === 1 || f.words[j + 1]!.key === 'version') || VERSION.test(n.key) || VERSION_GAP.has(n.key)) continue;
    if (out) return null;
    // "Minimum Node.js version: >=18 → >=20.9.0": a version after a version says a change of its own, no one value.
    if (f.words.some((w, k) => k !== i && w.kind === 'word' && VERSION.test(w.key))) return null;
    const keys = (from: number, to: number) => f.words.slice(from, to).filter((w) => w.kind === 'word' && w.key !== 'version').map((w) => w.key);
    out = { name: n.key, version: v.key.replace(/^v/, ''), before: keys(0, j), after: keys(i + 1, f.words.length) };
  }
  return out;
}

/**
 * Whether a clause of `newerText` gives the one named thing the older fact gives a version another version, in the same slot (issue
 * 25 §2.1): the older's words before the name (what the version is of: "minimum", "minimum supported") said by the clause, the
 * clause's own said by the older fact, and a word that sets it ("now", "upgrades", "require"). "The minimum supported version is
 * now Node v14" over "…is Node v12"; "Upgrades the minimum version of Node.js to v18.20.1" over "The minimum version of Node.js is
 * v18.14.1". Not where the older says nothing before the name ("Python 3.11 is supported": a version beside another), not "now
 * supports Erlang 22" (an addition), not another subject ("The CI image now uses Node 20" over "The API runs on Node 18"), not more said after the version ("…on
 * Postgres 16 now with pgvector").
 */
function versionSlotAnew(newer: FactShape, newerText: string, older: FactShape): boolean {
  let said = versionsKept.get(newer);
  if (said === undefined) versionsKept.set(newer, (said = versionsSaid(newerText)));
  // The name in the older's words first ("node.js" is "node.j" there, as every word is stemmed): its frame is made only then.
  if (!said || !said.some(({ now }) => older.words.has(now.name) || older.words.has(stem(now.name)))) return false;
  let was = olderVersions.get(older.frame);
  if (was === undefined) olderVersions.set(older.frame, (was = slotVersion(older.frame)));
  if (!was || !was.before.length) return false;
  for (const { now, keys } of said) {
    if (now.name !== was.name || now.version === was.version) continue;
    // "…runs on Postgres 16 now with pgvector": more said after the version, which the older fact may not say (a version and an extension).
    if (now.after.some((w) => !older.frame.keys.has(w) && !VERSION_OPEN.has(w))) continue;
    if (was.before.every((w) => keys.has(w)) && now.before.every((w) => older.frame.keys.has(w) || VERSION_CUE_STEM.test(w))) return true;
  }
  return false;
}

type SlotVersion = NonNullable<ReturnType<typeof slotVersion>>;
/** An older fact's version slot, read once per frame. */
const olderVersions = new WeakMap<Frame, SlotVersion | null>();
/** Each newer fact's versions set (versionsSaid), by its shape: read once. */
const versionsKept = new WeakMap<FactShape, readonly { now: SlotVersion; keys: ReadonlySet<string> }[] | null>();
/** The versions `text`'s unhedged clauses that set one give a name (versionSlotAnew); null for none. */
function versionsSaid(text: string): readonly { now: SlotVersion; keys: ReadonlySet<string> }[] | null {
  let out: { now: SlotVersion; keys: ReadonlySet<string> }[] | null = null;
  const cut = text.slice(0, 300);
  if (VERSION_CUE.test(cut) && !VERSION_BESIDE.test(cut)) {
    for (const clause of cut.split(CLAUSES)) {
      if (!VERSION_CUE.test(clause) || clause.toLowerCase().split(/[^a-z]+/).some((w) => HEDGED.has(w))) continue;
      const f = shapeOf(clause).frame;
      const now = slotVersion(f);
      if (now) (out ??= []).push({ now, keys: f.keys });
    }
  }
  return out;
}

/** What an upgrade statement sets (name key → version) and its subject's words, by text; null for a statement that sets none. */
const upgrades = new Map<string, { now: Map<string, string>; subject: ReadonlySet<string> } | null>();
function upgradeOf(text: string): { now: Map<string, string>; subject: ReadonlySet<string> } | null {
  if (upgrades.has(text)) return upgrades.get(text)!;
  if (upgrades.size >= SHAPES_KEPT) upgrades.clear();
  let said: { now: Map<string, string>; subject: ReadonlySet<string> } | null = null;
  const m = UPGRADE.exec(text.trim().slice(0, 300));
  const target = m?.[2]!.replace(/[.\s]+$/, '');
  const [thing, place] = target ? target.split(/\s(?:in|on|for|across|within|inside|at)\s/i) : [];
  if (m && thing && place === undefined) {
    const frame = shapeOf(thing).frame;
    const now = versioned(frame);
    // "Bumped Node to 20", "Raised the Node version to 20": the name before "to", the version after it.
    const first = frame.words[0];
    if (!now.size && m[1] && first && VERSION.test(first.key)) {
      const last = shapeOf(m[1]).frame.words.filter((w) => w.kind === 'word' && w.key !== 'version').at(-1);
      if (last && (last.named || last.tool) && !VERSION.test(last.key)) now.set(last.key, first.key);
    }
    if (now.size) said = { now, subject: m[1] ? shapeOf(m[1]).words : new Set<string>() };
  }
  upgrades.set(text, said);
  return said;
}

/** What a fact says its subject is (issue 25 §2.1): "Telemetry is enabled by default" → subject telemetry, condition '', enabled. */
export interface State {
  /** The subject's content words and numbers, sorted: "The DeviceCodeCredential parameter client_id" → "client_id devicecodecredential parameter". */
  readonly subject: string;
  /** Where or when the state holds, its words in order (a determiner and "by default" aside): "for the storefront" → "for storefront"; '' where it holds everywhere. */
  readonly condition: string;
  /** Which pair of opposite states it is in (STATES) and on which side. */
  readonly pair: string;
  readonly yes: boolean;
  /** Whether it says "by default": a state to begin with, which a state under a condition ("visible after the user clicks Generate") outlives. */
  readonly byDefault: boolean;
  /** Whether it names an exception ("…unless the flag is set"): then it holds where it says, and replaces only a state said under the same condition. */
  readonly excepted?: boolean;
  /** After a reason that opens the sentence with no comma ("Due to … audio notifications are now disabled"), the words before the state in order; the subject is then '' (none read). */
  readonly last?: readonly string[];
}

/** Pairs of opposite states, each word → [pair, side]: "enabled" and "off" are opposite, "required" and "optional". */
const STATES = new Map<string, [string, boolean]>([
  ...'enabled on'.split(' ').map((w) => [w, ['enabled', true]] as [string, [string, boolean]]),
  ...'disabled off'.split(' ').map((w) => [w, ['enabled', false]] as [string, [string, boolean]]),
  ...'required mandatory needed'.split(' ').map((w) => [w, ['required', true]] as [string, [string, boolean]]),
  ['optional', ['required', false]],
  ...'allowed permitted'.split(' ').map((w) => [w, ['allowed', true]] as [string, [string, boolean]]),
  ...'forbidden disallowed prohibited'.split(' ').map((w) => [w, ['allowed', false]] as [string, [string, boolean]]),
  ...'sync synchronous'.split(' ').map((w) => [w, ['sync', true]] as [string, [string, boolean]]),
  ...'async asynchronous'.split(' ').map((w) => [w, ['sync', false]] as [string, [string, boolean]]),
  ['public', ['public', true]],
  ['private', ['public', false]],
  ['supported', ['supported', true]],
  ['unsupported', ['supported', false]],
  ['visible', ['visible', true]],
  ['hidden', ['visible', false]],
  ['true', ['true', true]],
  ['false', ['true', false]],
]);
/**
 * A state said of a subject: a form of "be" (or "turned"), "now" or a negation, "turned" or "switched" ("is switched on by default"), then the state
 * word; or "(now) defaults to" and the word ("Pre-ping now defaults to True": a default, true and
 * false a pair as enabled and disabled are). "will be" and "should be" are no form here (a state to come, a wish); "on" and "off" only
 * as a state of their own, before "by default" or the clause's end ("is on port 3000" is a place).
 */
const STATE_SAID = /\b(?:(?:is|are|was|were|been|turned)\s+(now\s+)?(no\s+longer\s+|not\s+)?(?:(?:turned|switched)\s+)?|(now\s+)?defaults?\s+to\s+)(enabled|disabled|on|off|required|mandatory|needed|optional|allowed|permitted|forbidden|disallowed|prohibited|sync|synchronous|async|asynchronous|public|private|supported|unsupported|visible|hidden|true|false)\b/gi;
/** Words that open a subject's place or condition: "Fuzzy matching in the file picker", "Swagger … when … in production mode". */
const CONDITION_OPENS = /\s(?:in|on|at|for|within|inside|under|during|when|whenever|if|unless|across|while)\s/i;
/** Words of a subject that say its state before, no part of what it is: "The previously optional fallbackField option". */
const STATE_BEFORE = /\b(?:previously|formerly|erroneously|wrongly|currently|now|all|every|each)\b/gi;
/** A comma after the state that goes on with no condition ("…by default, with a button to reveal it", "…, including …"): what follows is no part of where it holds. */
const COMMA_ADDS = /,\s+(?!(?:except|excluding|but|only|unless|when|whenever|if|while|in|on|at|for|under|during|within|inside|across|until|after|before|once)\b)/i;

/**
 * The state `text` says its subject is in, or null. The clause that says it with "now" or "no
 * longer" counts first ("generateRegistrationOptions is now synchronous (was async …)"); a
 * bracket is read as no part of it; a relative clause of the subject neither ("Reachability class
 * which was erroneously public is now private"). A subject after a lead of its own ("When the box
 * is checked, the end date …") gives none: its condition may not be read whole.
 */
function stateOf(text: string): State | null {
  let t = text.slice(0, 300).replace(/\([^()]*\)/g, ' ').replace(/`/g, '');
  // "Changed default of bustCache option from false to true", "Change the progress option default value from true to false": the
  // default said as a change from the one before is the default now.
  if (/\bdefault/i.test(t) && /\sfrom\s/i.test(t)) {
    const d = DEFAULT_CHANGED.exec(t);
    if (d) t = `${d[1] ?? d[2]} now defaults to ${d[3]}${t.slice(d.index + d[0].length)}`;
  }
  let best: RegExpExecArray | null = null;
  for (const m of t.matchAll(STATE_SAID)) {
    if (!best) best = m;
    if (m[1] || m[2] || m[3]) {
      best = m;
      break;
    }
  }
  if (!best) return null;
  const word = best[4]!.toLowerCase();
  const after = t.slice(best.index + best[0].length);
  if ((word === 'on' || word === 'off') && !/^\s*(?:by\s+default\b|[.;,!?]|$)/i.test(after)) return null;
  // The sentence the state is said in: from the last stop before it to the next.
  const before = t.slice(0, best.index);
  let start = 0;
  for (const p of ['. ', '; ', ': ', '! ', '? ', ' - ', ' \u2013 ', ' \u2014 ']) {
    const at = before.lastIndexOf(p);
    if (at >= 0) start = Math.max(start, at + p.length);
  }
  let subject = before.slice(start);
  // "infinite_scroll was defaulting to false, contrary to its documented default value. Now defaults to true.": a sentence with no
  // subject says the state of the previous one's, where that one opens with its subject and a form of "be" or "have".
  if (start > 0 && !subject.trim()) subject = /^\s*((?:[\w.\-/]+\s+){0,3}?[\w.\-/]+)\s+(?:is|are|was|were|has|have|had)\s/i.exec(before.slice(0, start).replace(/[.;:!?]\s*$/, '').split(/[.;:!?]\s/).at(-1)!)?.[1] ?? subject;
  if (subject.includes(',')) return null;
  subject = subject.split(/\s(?:which|that|who)\s/i)[0]!;
  // "Due to considerable interference in classic environments audio notifications are now disabled by default": a reason opens the
  // sentence and no comma ends it, so the subject is some last words of it, which flipped matches against the older's subject.
  const reason = /^\s*(?:(?:due|owing|thanks)\s+to|because\s+of)\s/i.test(subject);
  const opens = reason ? null : CONDITION_OPENS.exec(` ${subject} `);
  let condition = '';
  if (opens) {
    condition = ` ${subject} `.slice(opens.index);
    subject = ` ${subject} `.slice(0, opens.index);
  }
  const told = after.split(/[.;!?]\s|[.;!?]$|\s(?:and|so|to)\s|\s[\-\u2013\u2014]\s/i)[0]!.split(COMMA_ADDS)[0]!;
  // "…are now disabled in production unless the ENABLE_ADMIN_ROUTES flag is set": an exception says where it does not hold, no part of where it does.
  // "…now disabled by default without requiring user interaction": "without" and a doing says how it came, no condition; "unless" below an exception.
  const unless = /,?\s+unless\s/i.exec(told);
  const how = /\s+without\s+[a-z]+ing\b/i.exec(told);
  // "…now OFF by default for privacy": "for" and a comparative or a quality at the end say why, no condition (FOR_BETTER).
  const why = FOR_BETTER.exec(told);
  const tail = told.slice(0, Math.min(unless?.index ?? told.length, how?.index ?? told.length, why?.index ?? told.length));
  // "Pre-ping now defaults to True": a default, as "is enabled by default" is.
  const byDefault = /\bby\s+default\b/i.test(tail) || /\bdefaults?\s/i.test(best[0]);
  condition = `${condition} ${tail}`
    .toLowerCase()
    .replace(/\bby\s+default\b/g, ' ')
    .split(/[^a-z0-9_.\-/@]+/)
    .filter((w) => w && !DET.has(w) && w !== 'now')
    .map((w) => stem(w.replace(/\.+$/, '')))
    .join(' ');
  const shape = shapeOf(subject.replace(STATE_BEFORE, ' ').replace(STATE_SAID, ' '));
  const words = [...shape.words].filter((w) => !STATES.has(w));
  if (!words.length) return null;
  const [pair, yes] = STATES.get(word)!;
  // Words in the order said, the subject none (no subject is this one): flipped reads its last words.
  if (reason) return shape.numbers ? null : { subject: '', condition, pair, yes: best[2] ? !yes : yes, byDefault, last: words, ...(unless ? { excepted: true } : {}) };
  return { subject: [...words, ...(shape.numbers ? [shape.numbers] : [])].sort().join(' '), condition, pair, yes: best[2] ? !yes : yes, byDefault, ...(unless ? { excepted: true } : {}) };
}

/**
 * Whether `newer` says the subject of `older` is now in the opposite state (issue 25 §2.1):
 * "Telemetry is now disabled by default" over "Telemetry is enabled by default", "…is now
 * optional" over "…is required". The subject the same; the condition the same, or none in the
 * newer fact (it holds everywhere now: "Fuzzy matching is now enabled by default" over "Fuzzy
 * matching in the file picker is disabled by default"). Not where the newer state holds under a
 * condition the older fact does not name ("…now disabled by default in the EU").
 */
function flipped(newer: FactShape, older: FactShape): boolean {
  const now = newer.state;
  if (!now) return false;
  const was = older.state;
  if (!was || was.pair !== now.pair || was.yes === now.yes) return false;
  // After a reason with no comma, the older's subject is the newer's last words, said under the same condition: its words before are the reason.
  if (now.last && was.subject) {
    const k = was.subject.split(' ').length;
    return k < now.last.length && [...now.last.slice(-k)].sort().join(' ') === was.subject && now.condition === was.condition;
  }
  if (was.subject !== now.subject) return false;
  // A default says nothing of a state under a condition that is no default: "The Designs section is now hidden by default" leaves "…visible after the user clicks Generate".
  // One with an exception ("…disabled unless ENABLE_ADMIN_ROUTES is set") leaves a state said under a condition it does not name ("…enabled when ENABLE_ADMIN_ROUTES is set").
  return now.condition === was.condition || (!now.condition && !now.excepted && !(now.byDefault && !was.byDefault));
}

/** Whether two facts say opposite states of one kind ("on" and "off"): never the same fact again, however many words they share ("on" is no content word). */
export function opposed(a: FactShape, b: FactShape): boolean {
  const [x, y] = [a.state, b.state];
  return !!x && !!y && x.pair === y.pair && x.yes !== y.yes;
}

/**
 * Whether two facts say a state of one kind of two subjects, or under two conditions: two facts
 * however many words they share, so neither the same fact again nor its contradiction. "Driving
 * the L line is on by default on v3.3 boards" and "…now off by default on boards before v3.3"
 * share 3 words of 4; both stay.
 */
export function statesApart(a: FactShape, b: FactShape): boolean {
  // Numbers said as not so or under a condition, and two settings of one kind ("read timeout", "connect timeout"): both stay, in
  // the dream's judgement too (it reads a contradiction through this, not through supersedes).
  if (a.numbers !== b.numbers && (numberHedged(a, b) || numberHedged(b, a) || settingsApart(b.text, a.text))) return true;
  const [x, y] = [a.state, b.state];
  return !!x && !!y && x.pair === y.pair && (x.subject !== y.subject || x.condition !== y.condition);
}

/** "not 60 seconds", "never 0": a number said as not so (NEGATED_NUMBER's words before it). */
const NEGATED_NUMBER = /\b(?:not|never|isn'?t|aren'?t)\s+(?:(?:more|less|longer|shorter|fewer)\s+than\s+|over\s+|above\s+|below\s+|under\s+|exactly\s+|always\s+)?\d+(?:\.\d+)?/g;

/**
 * Whether `x` gives its numbers only as what is not so ("The webhook timeout is not 60 seconds") or only under a condition,
 * a plan or an option ("If the proxy is slow, the webhook timeout can be 60 seconds") where `y` says its own plainly: both
 * stay true, however many words they share (the number rule read them as the setting given another number).
 */
function numberHedged(x: FactShape, y: FactShape): boolean {
  if (!x.numbers) return false;
  const lower = x.text.toLowerCase();
  if (x.negated && !y.negated) {
    // The numbers said plainly, the negated ones left out: none the other lacks.
    const plain = lower.replace(NEGATED_NUMBER, ' ').match(NUMBER) ?? [];
    if (plain.length < x.numbers.split(' ').length && plain.every((n) => y.numbers.split(' ').includes(n))) return true;
  }
  return lower.split(/[^a-z]+/).some((w) => HEDGED.has(w)) && !y.text.toLowerCase().split(/[^a-z]+/).some((w) => HEDGED.has(w));
}

/** Whether `newer` says a state of the subject `older` says one of, of the same kind, under a condition `older` does not name. */
function underOtherCondition(newer: FactShape, older: FactShape): boolean {
  // The newer's state first: most facts say none, and the older's is then never read.
  const x = newer.state;
  if (!x?.condition) return false;
  const y = older.state;
  return !!y && x.pair === y.pair && x.subject === y.subject && x.condition !== y.condition;
}

/** Whether two facts share a content word that is no loose verb, no cue: sameFrame's first need, told without reading their frames. */
function shareSubject(newer: FactShape, older: FactShape): boolean {
  for (const w of newer.words) if (older.words.has(w) && !LOOSE.has(w) && w !== 'now' && !HAN.test(w)) return true;
  // "API deployment moved to Fly.io" and "We deploy the API to Heroku": the noun and its verb.
  if (newer.verbs) for (const v of newer.verbs) if (older.words.has(v)) return true;
  if (older.verbs) for (const v of older.verbs) if (newer.words.has(v)) return true;
  // Chinese: sameFrame compares whole sentences; a shared character pair is its first need.
  for (const w of newer.words) if (HAN.test(w) && older.words.has(w)) return true;
  return false;
}

const REPLACES_ALL = new RegExp(REPLACES.source, 'gi');

/**
 * Whether `newerText`, its replacement cues left aside, has a content word `older` lacks: "We
 * deploy the docs site with Fly.io now; the Heroku pipelines are gone" names Fly.io, which "We
 * deploy the docs site with Heroku pipelines" does not, though most of their words are shared (the
 * longer the subject, the more: expressjs/express's history, issue 25 §2.1).
 */
export function namesMore(newerText: string, older: FactShape): boolean {
  // "Dropped Python 3.4/3.5 Support" has no word "Python 3.4 and 3.5 are supported" lacks, but says it is gone: never that fact again.
  if (!older.cued && factShape(newerText).cued && replacedIn(newerText).things.some((t) => t.gone && negatesOlder(t, factShape(newerText), older))) return true;
  const newer = factShape(newerText.replace(REPLACES_ALL, ' '));
  for (const w of newer.words) if (!older.words.has(w)) return true;
  // A name with a hyphen is one name: "markdown-it" is not "markdown" (its words) again.
  for (const w of newer.frame.words) if (w.kind === 'word' && w.key.includes('-') && !older.frame.keys.has(w.key)) return true;
  return false;
}

/**
 * Whether a newer fact (`newerText`, its shape `newer`) makes an older one (`older`) no longer
 * current, as the dream judges a pair (dream/consolidate.ts): the same subject said anew with a
 * word that it changed and something the older did not name ("We deploy with Fly.io now; the
 * Heroku pipelines are gone" over "We deploy with Heroku pipelines"), or the same fact with other
 * numbers or the opposite sense. Pure.
 */
export function supersedes(newerText: string, newer: FactShape, older: FactShape): boolean {
  const sim = older.key === newer.key && newer.key ? 1 : similarity(older, newer);
  const agrees = older.numbers === newer.numbers && older.negated === newer.negated && !opposed(older, newer);
  if (replacesSubject(newer, newerText, older)) return !(agrees && sim >= SAME && !namesMore(newerText, older));
  return !agrees && sim >= CONTRADICTS && !statesApart(older, newer) && !settingsApart(newer.text, older.text);
}

/** "The read timeout is 10 seconds" and "The connect timeout is 5 seconds", "The gRPC server listens on port 50051" and "The HTTP server listens on…": a setting's (or a server's) word said as the subject of "is" (or of "listens", "runs", "serves", "binds"). */
const SETTING_SAID = /\b([a-z][a-z-]*)\s+([a-z][a-z-]*)\s+(?:is|are|was|were|defaults\s+to|(?:is\s+)?set\s+to|=|listens|runs|serves|binds)\s/gi;

/** The settings a fact says "is" of, each with the word just before it: setting → qualifier. */
function settingsSaid(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.toLowerCase().matchAll(SETTING_SAID)) if (!STOP.has(m[1]!) && !STOP.has(m[2]!)) out.set(m[2]!, m[1]!);
  return out;
}

/**
 * Whether two facts with other numbers name two settings of one kind, each by a word the other
 * lacks just before the setting's word ("read timeout" and "connect timeout", "free tier limit" and
 * "paid tier limit"): each stays true, where their shared words would read them as one setting given
 * another number (judge55's unseen set: the connect timeout was hidden behind the read timeout's).
 */
function settingsApart(newerText: string, olderText: string): boolean {
  const a = settingsSaid(newerText);
  if (a.size === 0) return false;
  const b = settingsSaid(olderText);
  const aWords = new Set(newerText.toLowerCase().split(/[^a-z-]+/));
  const bWords = new Set(olderText.toLowerCase().split(/[^a-z-]+/));
  for (const [setting, q] of a) {
    const r = b.get(setting);
    // Each qualifier absent from the other fact: "The request timeout is 45 seconds (the API timeout was 30)" names both.
    if (r !== undefined && r !== q && !bWords.has(q) && !aWords.has(r)) return true;
  }
  return false;
}
