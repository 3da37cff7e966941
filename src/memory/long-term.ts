import { CorruptFileError } from './frontmatter.js';
import type { Lang } from './headings.js';

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
  'a an the and or of to in on at for with by is are was were be been it its this that these those as from into than then so we our you your they their there here has have had do does did not no never don dont doesn doesnt isn isnt should must can will would when whenever always just also only because since use uses used using need needs across between within about over under after before into onto via per'.split(' '),
);
const NEGATION = /\b(?:not|no|never|don'?t|doesn'?t|isn'?t|avoid|without|stop)\b|不要|不能|别|禁止|避免|不再/i;

/** Light stemming: enough for "tests"/"test", "cached"/"cache", "running"/"run". */
function stem(w: string): string {
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
  readonly words: ReadonlySet<string>;
  readonly numbers: string;
  readonly negated: boolean;
  /** Whether it has a word that may say it replaces something ("now", "not", "instead", "gone"…): replacesSubject looks no further where not. */
  readonly cued: boolean;
  readonly key: string;
}

const WORD = /[a-z][a-z0-9_.\-/]*[a-z0-9]|[a-z]/g;
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
  // Han is never ASCII: most facts skip the Unicode-property regex (and its compile) entirely.
  for (const run of (/[^\x00-\x7f]/.test(lower) && lower.match(/[\p{Script=Han}]+/gu)) || []) {
    if (run.length === 1) words.add(run);
    for (let i = 0; i + 1 < run.length; i++) words.add(run.slice(i, i + 2));
  }
  const numbers = (lower.match(NUMBER) ?? []).join(' ');
  // The key is made when first read (the primer compares the word sets instead: sameWords).
  let key: string | undefined;
  return {
    words,
    numbers,
    negated: NEGATION.test(lower),
    cued: REPLACES.test(lower),
    get key() {
      return (key ??= [...words].sort().join(' '));
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
    else if (inside && line.startsWith('- ')) out.push(line.slice(2).replace(/\s*<!--.*$/, '').trim());
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
const REPLACES = /\b(?:now|not|rather than|in place of|supersede[sd]?|deleted|changed from|ported from|went from|converted from|no longer|not any ?more|any ?more|gone|instead|replaced?|replaces|replacing|switched|moved (?:to|off|away|from|over)|migrated|deprecated|removed|dropped|retired|abandoned)\b|\u4e0d\u518d|\u6539\u7528|\u5df2\u5f03\u7528|\u6362\u6210|\u73b0\u5728/i;

// The clause tests below are word lookups, not patterns: a primer that meets one cue word would
// otherwise compile every pattern at each session start (~3 ms of CPU).
/** Words of a clause that says a change may come, not that it came ("will be removed", "should replace", "we considered switching"); a question too. */
const HEDGED = new Set('will would should could might may shall plan plans planned consider considers considered considering want wants wanted propose proposed proposes proposal if once unless whether until todo maybe perhaps question'.split(' '));
/** A replacement cue without a thing it names: the subject shared is what tells (see replacesSubject). "now" alone is the weakest. */
const CUE_WORDS = new Set('gone instead replaced replaces migrated deprecated removed dropped retired abandoned anymore'.split(' '));
const CUE_PHRASES = [' no longer ', ' not any more ', ' any more ', ' switched to ', ' switched over to ', ' switched from ', ' switched over from ', ' moved to ', ' moved off ', ' moved away '];
/** Chinese cues (escaped: the code-cached bundles stay ASCII): 不再, 改用, 已弃用, 换成; 现在 is "now". */
const CUE_HAN = ['\u4e0d\u518d', '\u6539\u7528', '\u5df2\u5f03\u7528', '\u6362\u6210'];
const NOW_HAN = '\u73b0\u5728';

/**
 * What a clause says is no longer so, by the form that says it (group 1: the old thing). The first
 * two set the old thing beside the new one (`parallel`): "X, not Y", "X instead of Y". The next two
 * follow the clause's subject (`subject`): "Auth no longer uses Supabase", "CI moved from Travis".
 */
const PARALLEL_FORMS = 2;
const REMOVED = ['gone', 'removed', 'dropped', 'deleted', 'retired', 'deprecated', 'abandoned', 'replaced', 'superseded'];
/** Words each of REPLACED_FORMS needs, in order. */
const FORM_WORDS: readonly (readonly string[])[] = [['not '], ['instead of', 'rather than', 'in place of'], ['no longer'], [' from ', ' off '], REMOVED, REMOVED, ['replace', 'supersede']];
const SUBJECT_FORMS = 4;
const REPLACED_FORMS: readonly RegExp[] = [
  // "Sessions live in Redis, not Postgres"; "Redis (not Postgres)"; "X - but not Y". Not "not only/just/yet…".
  /(?:,|\(|\s[-\u2013\u2014])\s*(?:but\s+)?not\s+(?!only\b|just\b|always\b|yet\b|even\b|all\b|necessarily\b|both\b|every\b|because\b)([^,()]+)/i,
  // "GoodJob instead of Sidekiq", "Drizzle rather than Knex".
  /\b(?:instead of|rather than|in place of)\s+([^,()]+)/i,
  // "Auth no longer uses Supabase".
  /\bno longer\s+(.+)$/i,
  // "Moved from webpack to Vite", "switched over from yarn to npm", "moved off Heroku".
  /\b(?:moved|migrated|switched|changed|ported|went|converted)\s+(?:over\s+|away\s+|back\s+)?(?:from|off)\s+(.+?)(?:\s+(?:to|onto)\b|$)/i,
  // "Fluentd is gone", "requirements.txt was removed", "Chart.js was replaced by ECharts".
  /^(?:.*,\s*)?(.+?)\s+(?:is|are|was|were|has been|have been|got|gets)\s+(?:now\s+)?(?:gone|removed|dropped|deleted|retired|deprecated|abandoned|replaced|superseded)\b/i,
  // "We dropped LaunchDarkly", "Removed the Heroku pipelines", "Replaced axios with fetch".
  /^(?:we\s+|i\s+)?(?:removed|dropped|deleted|retired|abandoned|replaced)\s+(.+?)(?:\s+with\b|$)/i,
  // "Prisma replaced TypeORM as the ORM".
  /^\S.*?\s(?:replaced|replaces|supersedes|superseded)\s+(.+?)(?:\s+(?:as|in|for|on|across|throughout)\b|$)/i,
];
/** A thing at the head of what a negation names: "not in the GraphQL schema" names the schema. */
const LEADING = /^(?:(?:in|on|at|with|via|from|by|for|to|into|through|over|as|uses?|using)\s+)+/i;
/** "the database", "a file": a thing named by a common noun, which a fact about another thing also names. */
const DETERMINED = /^(?:the|a|an|each|every|any|some|its|their|our|this|that|these|those)\s/i;
/** What makes a determined thing a name ("the Heroku pipelines", "the .env file"): a capital, a digit or a code character after its determiner. */
const NAMELIKE = /[A-Z0-9._/@`]/;
/** A parallel "thing" that is a doing ("dropped in production, not sent to CloudWatch"): a lower-case participle first. */
const PARTICIPLE = /^(?:[a-z]+ed|sent|kept|held|written|built|made|done|shown|given|taken|seen|put|set|run)\b/;

/** Words that say how a thing is kept or done, not what it is: a fact about secrets and one about uploads both "store" things. */
const GENERIC = new Set('run stor keep kept put go goe liv load read writ written set mak call handl send sent get add work sit stay hold held tak pass now'.split(' '));

/** The old things a statement says are replaced, from its clauses that are not hedged: each a shape of words (numbers among them) and whether it is a name. */
interface Replaced {
  readonly things: readonly Thing[];
  /** A cue without a thing named: "switched to", "migrated"; or only "now" (weak). */
  readonly cue: 'strong' | 'weak' | null;
}
/** An old thing: its words (numbers among them); whether it is named as a thing; the words of the clause's subject where the form follows one. */
interface Thing {
  readonly words: ReadonlySet<string>;
  readonly named: boolean;
  readonly subject?: ReadonlySet<string>;
  /** A parallel form's first content word, where the clause has a subject (no "Use X, not Y"): the head of what it is about. */
  readonly head?: string;
}
/** A clause that tells what to do has no subject of its own. */
const IMPERATIVE = /^(?:always\s+|never\s+)?(?:use|prefer|run|call|install|keep|put|store|pick|choose)\b/i;
const replacedKept = new Map<string, Replaced>();

function replacedIn(text: string): Replaced {
  let r = replacedKept.get(text);
  if (r) return r;
  const things: Thing[] = [];
  let cue: Replaced['cue'] = null;
  for (const raw of text.replace(/`/g, '').split(/[;:!?]+|\.(?=\s|$)|\s[\u2013\u2014]\s/)) {
    // A clause's first 300 characters: the forms are matched in time that grows with its square.
    const clause = raw.trim().slice(0, 300);
    const lower = clause.toLowerCase();
    const words = lower.split(/[^a-z]+/);
    const spaced = ` ${words.join(' ')} `;
    if (!clause || lower.includes('?') || spaced.includes(' to be ') || words.some((w) => HEDGED.has(w))) continue;
    for (let f = 0; f < REPLACED_FORMS.length; f++) {
      // Each form's words looked for first: most clauses compile and run none of the patterns.
      if (!FORM_WORDS[f]!.some((w) => lower.includes(w))) continue;
      const m = REPLACED_FORMS[f]!.exec(clause);
      if (!m) continue;
      const thing = m[1]!.trim().replace(LEADING, '');
      const shape = factShape(thing);
      const words = new Set(shape.words);
      for (const n of shape.numbers.split(' ')) if (n) words.add(n);
      const named = f >= PARALLEL_FORMS || ((!DETERMINED.test(thing) || NAMELIKE.test(thing.replace(DETERMINED, ''))) && !PARTICIPLE.test(thing));
      const before = factShape(clause.slice(0, m.index)).words;
      const head = f < PARALLEL_FORMS && !IMPERATIVE.test(clause) ? before.values().next().value : undefined;
      if (words.size) things.push(f >= PARALLEL_FORMS && f < SUBJECT_FORMS ? { words, named, subject: before } : head ? { words, named, head } : { words, named });
      break;
    }
    if (words.some((w) => CUE_WORDS.has(w)) || CUE_PHRASES.some((p) => spaced.includes(p)) || CUE_HAN.some((c) => clause.includes(c))) cue = 'strong';
    else if (!cue && (words.includes('now') || clause.includes(NOW_HAN))) cue = 'weak';
  }
  if (replacedKept.size >= SHAPES_KEPT) replacedKept.clear();
  replacedKept.set(text, (r = { things, cue }));
  return r;
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
  if (!thing.named || older.negated) return false;
  // "The storefront bundle moved from webpack" says nothing of "Webpack builds the admin bundle".
  if (thing.subject) for (const w of thing.subject) if (!older.words.has(w) && !GENERIC.has(w)) return false;
  // "The web API returns camelCase keys, not snake_case" is about another API than "The mobile API returns snake_case keys".
  if (thing.head && !older.words.has(thing.head) && !GENERIC.has(thing.head)) return false;
  const olderNumbers = older.numbers.split(' ');
  let own = 0;
  for (const w of thing.words) {
    if (GENERIC.has(w)) continue;
    if (!older.words.has(w) && !olderNumbers.includes(w)) return false;
    own++;
  }
  if (!own) return false;
  for (const w of newer.words) if (!thing.words.has(w) && !GENERIC.has(w) && older.words.has(w)) return true;
  return false;
}

/**
 * Whether `newer` restates the subject of `older` and says it changed. Where it names what it
 * replaces, that decides (negatesOlder). Else it carries a replacement cue ("switched to",
 * "migrated", "gone"; a change that may come, "will be removed", is none) and shares most of the
 * older fact's content words (at least two; with only "now", more than half: "The CSV export now
 * includes a header row" adds to "The CSV export uses semicolons as separators"). "We deploy with
 * Fly.io now; the Heroku pipelines are gone" over "We deploy with Heroku pipelines".
 */
export function replacesSubject(newer: FactShape, newerText: string, older: FactShape): boolean {
  if (older.words.size === 0 || !newer.cued) return false;
  const said = replacedIn(newerText);
  if (said.things.length) return said.things.some((t) => negatesOlder(t, newer, older));
  if (!said.cue) return false;
  let both = 0;
  for (const w of older.words) if (newer.words.has(w)) both++;
  return both >= 2 && both / older.words.size >= (said.cue === 'weak' ? 0.6 : 0.5);
}

const REPLACES_ALL = new RegExp(REPLACES.source, 'gi');

/**
 * Whether `newerText`, its replacement cues left aside, has a content word `older` lacks: "We
 * deploy the docs site with Fly.io now; the Heroku pipelines are gone" names Fly.io, which "We
 * deploy the docs site with Heroku pipelines" does not, though most of their words are shared (the
 * longer the subject, the more: expressjs/express's history, issue 25 §2.1).
 */
export function namesMore(newerText: string, older: FactShape): boolean {
  for (const w of factShape(newerText.replace(REPLACES_ALL, ' ')).words) if (!older.words.has(w)) return true;
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
  const agrees = older.numbers === newer.numbers && older.negated === newer.negated;
  if (replacesSubject(newer, newerText, older)) return !(agrees && sim >= SAME && !namesMore(newerText, older));
  return !agrees && sim >= CONTRADICTS;
}
