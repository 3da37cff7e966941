// git's object files read in node, for the one git question a primer after a commit asks: the
// commits since the kept answers (logStepArgs, log-cache.ts). Loose objects are inflated with
// node:zlib; packed ones are found through the pack's .idx (version 2: fan-out, then a binary search)
// and read from the pack, delta chains (OFS_DELTA, REF_DELTA) resolved. readLogStep() gives the
// very bytes git would print, or null wherever anything is unusual (alternates, another object
// format, shallow, grafts, replace refs, a multi-pack index, a config key that could change the
// output, a merge, a missing or unknown object...): the caller then asks git, as before.
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { KnownStep } from './early.js';
import { inflateAtMost } from './zlib-light.js';
import { logStepArgs, LOG_STEP_CAP, RS, US } from './log-cache.js';

/** `input` inflated into at most `most` bytes; a stream zlib refuses is unusual (git is asked). */
function inflateOrUnusual(input: Buffer, most: number): Buffer {
  return inflateAtMost(input, most) ?? unusual();
}

/** Thrown wherever git's answer is not certain here: the caller asks git. */
class Unusual extends Error {}
const unusual = (): never => {
  throw new Unusual();
};

const COMMIT = 1;
const TREE = 2;
const TYPES: Record<string, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };
interface GitObject {
  type: number;
  data: Buffer;
}

function readAt(fd: number, length: number, position: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

interface Pack {
  idx: number;
  pack: number;
  packSize: number;
  count: number;
  fan: Buffer;
}

/** Applies a git delta to `base`. */
function patch(base: Buffer, d: Buffer): Buffer {
  let i = 0;
  const size = () => {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      if (i >= d.length) unusual();
      const c = d[i++]!;
      v += (c & 0x7f) * 2 ** shift;
      if (!(c & 0x80)) return v;
    }
  };
  if (size() !== base.length) unusual();
  const out = Buffer.allocUnsafe(size());
  let o = 0;
  while (i < d.length) {
    const op = d[i++]!;
    if (op & 0x80) {
      let off = 0;
      let len = 0;
      for (let b = 0; b < 4; b++) if (op & (1 << b)) off += d[i++]! * 2 ** (8 * b);
      for (let b = 0; b < 3; b++) if (op & (0x10 << b)) len += d[i++]! * 2 ** (8 * b);
      if (i > d.length) unusual();
      if (len === 0) len = 0x10000;
      if (off + len > base.length || o + len > out.length) unusual();
      base.copy(out, o, off, off + len);
      o += len;
    } else if (op) {
      if (i + op > d.length || o + op > out.length) unusual();
      d.copy(out, o, i, i + op);
      i += op;
      o += op;
    } else unusual();
  }
  if (o !== out.length) unusual();
  return out;
}

/** The objects of one repository (SHA-1, no alternates): loose, then in its packs. */
class ObjectFiles {
  readonly dir: string;
  readonly packs: Pack[] = [];
  private readonly byOffset = new Map<string, GitObject>();

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Opens the packs (their files stay open until close()). */
  open(): this {
    const packDir = join(this.dir, 'pack');
    const names = existsSync(packDir) ? readdirSync(packDir) : [];
    if (names.includes('multi-pack-index')) unusual();
    for (const name of names) {
      // git takes an index only beside its pack.
      if (!name.endsWith('.idx') || !names.includes(`${name.slice(0, -4)}.pack`)) continue;
      const p: Pack = { idx: openSync(join(packDir, name), 'r'), pack: -1, packSize: 0, count: 0, fan: Buffer.alloc(0) };
      this.packs.push(p);
      p.pack = openSync(join(packDir, `${name.slice(0, -4)}.pack`), 'r');
      const head = readAt(p.idx, 8 + 1024, 0);
      if (head.length < 1032 || head.readUInt32BE(0) !== 0xff744f63 || head.readUInt32BE(4) !== 2) unusual();
      p.count = head.readUInt32BE(1028);
      p.fan = head.subarray(8);
      const packHead = readAt(p.pack, 12, 0);
      if (packHead.length < 12 || packHead.toString('latin1', 0, 4) !== 'PACK' || packHead.readUInt32BE(8) !== p.count) unusual();
      p.packSize = fstatSync(p.pack).size;
      if (fstatSync(p.idx).size < 1032 + p.count * 28 + 40) unusual();
    }
    return this;
  }

  close(): void {
    for (const p of this.packs) {
      closeSync(p.idx);
      if (p.pack >= 0) closeSync(p.pack);
    }
  }

  /** The objects in packs: what git counts to choose the length of its short ids. */
  packedCount(): number {
    return this.packs.reduce((n, p) => n + p.count, 0);
  }

  nameAt(p: Pack, i: number): Buffer {
    const name = readAt(p.idx, 20, 1032 + i * 20);
    if (name.length !== 20) unusual();
    return name;
  }

  /** Where `id` is in the pack's sorted names, or would be inserted. */
  find(p: Pack, id: Buffer): { at: number; found: boolean } {
    let lo = id[0]! ? p.fan.readUInt32BE((id[0]! - 1) * 4) : 0;
    let hi = p.fan.readUInt32BE(id[0]! * 4);
    if (lo > hi || hi > p.count) unusual();
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.nameAt(p, mid).compare(id);
      if (c === 0) return { at: mid, found: true };
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return { at: lo, found: false };
  }

  private offsetAt(p: Pack, i: number): number {
    const small = readAt(p.idx, 4, 1032 + p.count * 24 + i * 4);
    if (small.length !== 4) unusual();
    const v = small.readUInt32BE(0);
    if (!(v & 0x80000000)) return v;
    const big = readAt(p.idx, 8, 1032 + p.count * 28 + (v & 0x7fffffff) * 8);
    if (big.length !== 8) unusual();
    return big.readUInt32BE(0) * 2 ** 32 + big.readUInt32BE(4);
  }

  /** The zlib stream at `at` of the pack, which inflates to `size` bytes. */
  private inflateAt(p: Pack, at: number, size: number): Buffer {
    const room = p.packSize - 20 - at;
    // One byte more than the object: a longer stream does not pass for it.
    const out = inflateOrUnusual(readAt(p.pack, Math.min(room, size + (size >> 8) + 64), at), size + 1);
    if (out.length !== size) unusual();
    return out;
  }

  private entry(p: Pack, at: number, depth: number): GitObject {
    const key = `${this.packs.indexOf(p)}:${at}`;
    const known = this.byOffset.get(key);
    if (known) return known;
    if (depth > 10_000 || at < 12 || at >= p.packSize - 20) unusual();
    const head = readAt(p.pack, 64, at);
    let i = 0;
    let c = head[i++]!;
    const type = (c >> 4) & 7;
    let size = c & 15;
    for (let shift = 4; c & 0x80; shift += 7) {
      if (i >= head.length) unusual();
      c = head[i++]!;
      size += (c & 0x7f) * 2 ** shift;
    }
    let obj: GitObject;
    if (type >= 1 && type <= 4) obj = { type, data: this.inflateAt(p, at + i, size) };
    else if (type === 6) {
      c = head[i++]!;
      let back = c & 0x7f;
      while (c & 0x80) {
        if (i >= head.length) unusual();
        c = head[i++]!;
        back = (back + 1) * 128 + (c & 0x7f);
      }
      const base = this.entry(p, at - back, depth + 1);
      obj = { type: base.type, data: patch(base.data, this.inflateAt(p, at + i, size)) };
    } else if (type === 7) {
      if (i + 20 > head.length) unusual();
      const base = this.read(head.toString('hex', i, i + 20), depth + 1);
      obj = { type: base.type, data: patch(base.data, this.inflateAt(p, at + i + 20, size)) };
    } else return unusual();
    this.byOffset.set(key, obj);
    return obj;
  }

  /** The object `hex`; Unusual where it is missing or cannot be read. */
  read(hex: string, depth = 0): GitObject {
    const path = join(this.dir, hex.slice(0, 2), hex.slice(2));
    if (existsSync(path)) {
      const file = readFileSync(path);
      // `<type> <size>\0`, then the object: its size says how much to inflate.
      const head = inflateOrUnusual(file, 32);
      const sp = head.indexOf(0x20);
      const nul = head.indexOf(0);
      const type = TYPES[head.toString('latin1', 0, sp)];
      const size = Number(head.toString('latin1', sp + 1, nul));
      if (sp < 0 || nul < sp || !type || !/^(0|[1-9]\d{0,11})$/.test(head.toString('latin1', sp + 1, nul))) unusual();
      const raw = inflateOrUnusual(file, nul + 1 + size + 1);
      if (raw.length !== nul + 1 + size) unusual();
      return { type: type!, data: raw.subarray(nul + 1) };
    }
    const id = Buffer.from(hex, 'hex');
    for (const p of this.packs) {
      const { at, found } = this.find(p, id);
      if (found) return this.entry(p, this.offsetAt(p, at), depth);
    }
    return unusual();
  }

  readAs(hex: string, type: number): Buffer {
    const obj = this.read(hex);
    if (obj.type !== type) unusual();
    return obj.data;
  }
}

/** Hex digits `a` (a 20-byte id) and `hex` share from the start. */
function sharedDigits(a: Buffer, hex: string): number {
  const other = a.toString('hex');
  let i = 0;
  while (i < 40 && other[i] === hex[i]) i++;
  return i;
}

/**
 * `hex` as `%h` prints it: core.abbrev unset (auto), git's length for the objects in packs (at least
 * 7), longer while another object (in a pack or loose) shares that many digits (git's
 * find_unique_abbrev_r; it counts a shared length of 32 digits or more as unique).
 */
function shortId(store: ObjectFiles, hex: string, packed: number): string {
  let bits = 0;
  for (let x = packed; x > 1; x = Math.floor(x / 2)) bits++;
  let len = Math.max(7, Math.ceil((bits + 1) / 2));
  const extend = (shared: number) => {
    if (shared < 32 && shared >= len) len = shared + 1;
  };
  const id = Buffer.from(hex, 'hex');
  for (const p of store.packs) {
    if (!p.count) continue;
    const { at, found } = store.find(p, id);
    for (const i of found ? [at - 1, at + 1] : [at - 1, at]) if (i >= 0 && i < p.count) extend(sharedDigits(store.nameAt(p, i), hex));
  }
  const fanout = join(store.dir, hex.slice(0, 2));
  const loose = existsSync(fanout) ? readdirSync(fanout) : [];
  const rest = hex.slice(2);
  for (const name of loose) {
    if (name === rest || name.length !== 38 || !/^[0-9a-f]{38}$/.test(name)) continue;
    let i = 0;
    while (i < 38 && name[i] === rest[i]) i++;
    extend(i + 2);
  }
  return hex.slice(0, len);
}

/** git's isspace: tab, newline, carriage return, space. */
const isSpace = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

interface Ident {
  name: Buffer;
  time: number;
  tz: number;
}

/** An author or committer line's value, as git splits it; only the plain shape (else Unusual). */
function ident(line: Buffer): Ident {
  const lt = line.indexOf(0x3c);
  const gt = line.lastIndexOf(0x3e);
  if (lt < 0 || gt < lt || line.indexOf(0x3e, lt) !== gt) unusual();
  let end = lt;
  while (end > 0 && isSpace(line[end - 1])) end--;
  const m = /^ (\d{1,12}) ([+-]\d{4})$/.exec(line.toString('latin1', gt + 1));
  if (!m) return unusual();
  return { name: line.subarray(0, end), time: Number(m[1]), tz: Number(m[2]) };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `%cs` and `%aI` of an ident: its day, and its time in ISO 8601 (strict) in its own zone. */
function dates(who: Ident, utc: string | null): { day: string; iso: string } {
  const abs = Math.abs(who.tz);
  const minutes = Math.floor(abs / 100) * 60 + (abs % 100);
  const d = new Date((who.time + Math.sign(who.tz) * minutes * 60) * 1000);
  if (who.time > 253402300799 || Number.isNaN(d.getTime())) unusual();
  const day = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  // git 2.45 and later print "Z" for +0000 where earlier ones print "+00:00": told by the caller.
  const zone = who.tz === 0 ? (utc ?? unusual()) : `${who.tz < 0 ? '-' : '+'}${pad(Math.floor(abs / 100))}:${pad(abs % 100)}`;
  return { day, iso: `${day}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${zone}` };
}

interface Commit {
  tree: string;
  parents: string[];
  author: Ident;
  committer: Ident;
  subject: Buffer;
}

function parseCommit(data: Buffer): Commit {
  if (data.includes(0)) unusual();
  let at = 0;
  let tree = '';
  const parents: string[] = [];
  let author: Buffer | undefined;
  let committer: Buffer | undefined;
  let n = 0;
  for (;;) {
    const eol = data.indexOf(0x0a, at);
    if (eol < 0) return unusual();
    const line = data.subarray(at, eol);
    at = eol + 1;
    if (!line.length) break;
    const text = line.toString('latin1', 0, Math.min(line.length, 10));
    const field = (name: string) => text.startsWith(`${name} `);
    if (n === 0) {
      if (!field('tree') || !/^tree [0-9a-f]{40}$/.test(line.toString('latin1'))) unusual();
      tree = line.toString('latin1', 5);
    } else if (field('parent')) {
      if (parents.length !== n - 1 || !/^parent [0-9a-f]{40}$/.test(line.toString('latin1'))) unusual();
      parents.push(line.toString('latin1', 7));
    } else if (field('author')) {
      if (author) unusual();
      author = line.subarray(7);
    } else if (field('committer')) {
      if (committer) unusual();
      committer = line.subarray(10);
    } else if (field('encoding')) unusual();
    n++;
  }
  if (!author || !committer) return unusual();
  // %s: the first paragraph after blank lines, its lines' trailing blanks cut, joined by spaces.
  const lines: Buffer[] = [];
  while (at < data.length) {
    const eol = data.indexOf(0x0a, at);
    const stop = eol < 0 ? data.length : eol;
    let end = stop;
    while (end > at && isSpace(data[end - 1])) end--;
    const line = data.subarray(at, end);
    at = stop + 1;
    if (line.length) lines.push(line);
    else if (lines.length) break;
  }
  const subject = Buffer.concat(lines.flatMap((l, i) => (i ? [Buffer.from(' '), l] : [l])));
  return { tree, parents, author: ident(author), committer: ident(committer), subject };
}

interface TreeEntry {
  /** The name as bytes (latin1), a folder's with '/' after it: git's order of tree entries. */
  key: string;
  mode: number;
  id: string;
  dir: boolean;
}

function parseTree(data: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < data.length) {
    const sp = data.indexOf(0x20, at);
    const nul = data.indexOf(0, sp + 1);
    if (sp < 0 || nul < 0 || nul + 21 > data.length) unusual();
    const modeText = data.toString('latin1', at, sp);
    const name = data.toString('latin1', sp + 1, nul);
    if (!/^[0-7]{5,6}$/.test(modeText) || !name || name.includes('/')) unusual();
    const raw = parseInt(modeText, 8);
    const kind = raw & 0o170000;
    // git's canon_mode: a file is 644 or 755; other kinds by their type alone.
    const mode = kind === 0o100000 ? (raw & 0o100 ? 0o100755 : 0o100644) : kind;
    if (kind !== 0o100000 && kind !== 0o040000 && kind !== 0o120000 && kind !== 0o160000) unusual();
    const dir = kind === 0o040000;
    const key = dir ? `${name}/` : name;
    if (entries.length && !(entries[entries.length - 1]!.key < key)) unusual();
    entries.push({ key, mode, id: data.toString('hex', nul + 1, nul + 21), dir });
    at = nul + 21;
  }
  return entries;
}

/** Adds to `out` the paths that differ between trees `a` and `b` (null: none), in git's order, as `--name-only` lists them. */
function diffTrees(store: ObjectFiles, a: string | null, b: string | null, base: string, out: string[]): void {
  const ea = a ? parseTree(store.readAs(a, TREE)) : [];
  const eb = b ? parseTree(store.readAs(b, TREE)) : [];
  let i = 0;
  let j = 0;
  const one = (e: TreeEntry, gone: boolean) => {
    if (e.dir) diffTrees(store, gone ? e.id : null, gone ? null : e.id, base + e.key, out);
    else path(e);
  };
  const path = (e: TreeEntry) => {
    // A submodule: its ignore settings (.gitmodules, config) may hide it; git says.
    if (e.mode === 0o160000) unusual();
    out.push(base + e.key);
  };
  while (i < ea.length || j < eb.length) {
    const x = ea[i];
    const y = eb[j];
    if (x && (!y || x.key < y.key)) {
      one(x, true);
      i++;
    } else if (y && (!x || y.key < x.key)) {
      one(y, false);
      j++;
    } else {
      if (x!.mode !== y!.mode || x!.id !== y!.id) {
        if (x!.dir) diffTrees(store, x!.id, y!.id, base + x!.key, out);
        else {
          if (x!.mode === 0o160000) unusual();
          path(y!);
        }
      }
      i++;
      j++;
    }
  }
}

/** Config keys (any section) that could change the step's output, and includes; their mere mention sends the question to git. */
const CONFIG_WORDS = /abbrev|relative|orderfile|ignoresubmodules|encoding|replace|graft|extensions|include|always|precompose|objectformat|refstorage/i;

/** The config files git reads (system, global, the repository's), each that exists. */
function configTexts(commonDir: string, env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME;
  const files: string[] = [];
  if (!env.GIT_CONFIG_NOSYSTEM) files.push(...(env.GIT_CONFIG_SYSTEM ? [env.GIT_CONFIG_SYSTEM] : ['/etc/gitconfig', '/usr/local/etc/gitconfig', '/opt/homebrew/etc/gitconfig']));
  if (env.GIT_CONFIG_GLOBAL) files.push(env.GIT_CONFIG_GLOBAL);
  else {
    if (home) files.push(join(home, '.gitconfig'));
    const xdg = env.XDG_CONFIG_HOME || (home ? join(home, '.config') : '');
    if (xdg) files.push(join(xdg, 'git', 'config'));
  }
  files.push(join(commonDir, 'config'));
  const texts: string[] = [];
  // Asked first: a failed read throws, and an error costs more than the look (most of these files are absent).
  for (const f of files) if (existsSync(f)) texts.push(readFileSync(f, 'latin1'));
  return texts;
}

/** Whether git reads this repository's objects and history as plain files here (see the top). */
function plainRepository(commonDir: string, env: NodeJS.ProcessEnv): boolean {
  for (const v of ['GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_REPLACE_REF_BASE', 'GIT_GRAFT_FILE', 'GIT_SHALLOW_FILE', 'GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_COUNT', 'GIT_CONFIG', 'GIT_NO_REPLACE_OBJECTS']) if (env[v]) return false;
  for (const f of ['objects/info/alternates', 'objects/info/http-alternates', 'info/grafts', 'shallow']) if (existsSync(join(commonDir, f))) return false;
  if (existsSync(join(commonDir, 'refs/replace')) && readdirSync(join(commonDir, 'refs/replace')).length) return false;
  if (existsSync(join(commonDir, 'packed-refs')) && readFileSync(join(commonDir, 'packed-refs'), 'latin1').includes('refs/replace/')) return false;
  return !configTexts(commonDir, env).some((t) => CONFIG_WORDS.test(t));
}

/**
 * At most this many commits since are read here; more are git's: each costs ~1 ms of CPU here and
 * more in reads of a large pack's index (40 commits at XL: ~50 ms against git's ~20), while one or
 * a few, what a session start after a commit meets, cost less than starting git.
 */
export const READ_CAP = 8;

/**
 * How git printed a +0000 zone in `%aI` in `out` (an earlier answer of its, the kept log): "Z"
 * (git 2.45 and later) or "+00:00"; null where `out` shows none.
 */
export function utcZoneIn(out: string): string | null {
  return new RegExp(`${US}\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(Z|\\+00:00)${US}`).exec(out)?.[1] ?? null;
}

/**
 * git's output for `args` where they are logStepArgs(from, head) (no `^<anchor>`): every commit
 * of `from..head`, newest first, where they are a line of single-parent commits on `from`, at
 * most `most` (READ_CAP; more for tests of a longer history). `utc`: how this git prints a +0000 zone in `%aI` ("Z" or "+00:00"), where
 * known (from an earlier answer of git's); null sends a commit in that zone to git. Null (ask git)
 * wherever anything is unusual; never a different answer.
 */
export function readLogStep(commonDir: string, args: readonly string[], from: string, head: string, utc: string | null, env: NodeJS.ProcessEnv = process.env, most = READ_CAP): Buffer | null {
  if (args.join('\0') !== logStepArgs(from, head).join('\0') || !/^[0-9a-f]{40}$/.test(from) || !/^[0-9a-f]{40}$/.test(head)) return null;
  let store: ObjectFiles | undefined;
  try {
    if (!plainRepository(commonDir, env)) return null;
    store = new ObjectFiles(join(commonDir, 'objects'));
    store.open();
    const line: { id: string; c: Commit }[] = [];
    for (let id = head; id !== from; ) {
      if (line.length >= Math.min(LOG_STEP_CAP, most)) return null;
      const c = parseCommit(store.readAs(id, COMMIT));
      if (c.parents.length !== 1) return null;
      line.push({ id, c });
      id = c.parents[0]!;
    }
    if (!line.length) return null;
    const packed = store.packedCount();
    const parts: Buffer[] = [];
    for (let k = 0; k < line.length; k++) {
      const { id, c } = line[k]!;
      const parentTree = k + 1 < line.length ? line[k + 1]!.c.tree : parseCommit(store.readAs(from, COMMIT)).tree;
      const files: string[] = [];
      if (parentTree !== c.tree) diffTrees(store, parentTree, c.tree, '', files);
      // A path git would quote (core.quotePath, control characters, quotes, backslashes): git says.
      if (files.some((f) => /[^\x20-\x7e]|["\\]/.test(f))) return null;
      const { day } = dates(c.committer, utc);
      const { iso } = dates(c.author, utc);
      parts.push(
        Buffer.from(`${RS}${id}${US}${c.parents[0]}${US}${day}${US}${shortId(store, id, packed)}${US}${iso}${US}`, 'latin1'),
        c.author.name,
        Buffer.from(US, 'latin1'),
        c.subject,
        Buffer.from(`\n${files.length ? `\n${files.map((f) => `${f}\n`).join('')}` : ''}`, 'latin1'),
      );
    }
    return Buffer.concat(parts);
  } catch {
    // Unusual, or a file git's own reading would stumble on too (then git says what is wrong).
    return null;
  } finally {
    store?.close();
  }
}

/** readLogStep for a step the entry point noted (early.ts deferEarly), read where it is taken. */
export const readKnownStep = (args: readonly string[], step: KnownStep): Buffer | null => readLogStep(step.commonDir, args, step.from, step.head, step.utc);
