import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { objectId, writeLooseObject, type LooseObjects } from './loose.js';
import { gitBytes } from './git.js';
import { headCommit } from './head.js';
import { inflateWhole } from './zlib-light.js';
import type { Repo } from './repo.js';

/**
 * A commit's tree edited in place: HEAD's trees along the changed paths are read in one
 * `git cat-file --batch`, the changed entries set or removed, and the new trees hashed here and
 * written as loose objects (or with one `git mktree --batch`). The work grows with the size of the directories on the
 * changed paths (a day of the journal, the journal's list of days), never with the whole memory
 * folder or the repository, as a temporary index of HEAD would.
 */

/** One entry of a tree object. Names are bytes: git does not require them to be UTF-8. */
export interface TreeEntry {
  mode: string;
  name: Buffer;
  sha: string;
  /** The entry's bytes in the tree it was read from: written back as they are. */
  raw?: Buffer;
}

/** What a path becomes: a blob with a mode, or nothing (deleted). */
export interface PathChange {
  path: string;
  entry: { mode: string; sha: string } | null;
}

/** HEAD's commit and the trees of the directories asked for ('' is the root); null: no such directory. */
export interface HeadTrees {
  commit: string;
  /** The commit's root tree. */
  tree: string;
  trees: Map<string, TreeEntry[] | null>;
}

/** Why the tree cannot be edited here; the caller commits through a temporary index instead. */
export class TreeEditUnsupported extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TreeEditUnsupported';
  }
}

const TREE = '40000';

export { objectId };

/** Parses a tree object's body. */
export function parseTree(body: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let pos = 0;
  while (pos < body.length) {
    const sp = body.indexOf(0x20, pos);
    const nul = body.indexOf(0, sp);
    if (sp < 0 || nul < 0 || nul + 21 > body.length) throw new TreeEditUnsupported('a tree object could not be read');
    entries.push({ mode: body.toString('latin1', pos, sp), name: body.subarray(sp + 1, nul), sha: body.toString('hex', nul + 1, nul + 21), raw: body.subarray(pos, nul + 21) });
    pos = nul + 21;
  }
  return entries;
}

/**
 * git's order of tree entries: by name bytes, a tree's name as if it ended with '/'. As latin1
 * text, one character a byte, so comparing the strings compares the bytes.
 */
const sortKey = (e: TreeEntry) => (e.mode === TREE ? `${e.name.toString('latin1')}/` : e.name.toString('latin1'));

/**
 * A tree object's body for `entries` (sorted here). Entries read from a tree are copied as they
 * were (most of a journal's list of days is), the others written.
 */
export function serializeTree(entries: TreeEntry[]): Buffer {
  const sorted = entries.map((e) => ({ key: sortKey(e), e })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return Buffer.concat(
    sorted.map(({ e }) => {
      if (e.raw) return e.raw;
      const out = Buffer.allocUnsafe(e.mode.length + e.name.length + 22);
      let pos = out.write(e.mode, 0, 'latin1');
      out[pos++] = 0x20;
      pos += e.name.copy(out, pos);
      out[pos++] = 0;
      out.write(e.sha, pos, 'hex');
      return out;
    }),
  );
}

/** Every directory above the paths, the root ('') first. */
export function dirsOf(paths: readonly string[]): string[] {
  const dirs = new Set<string>(['']);
  for (const p of paths) {
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs];
}

/** One answer of `cat-file --batch`: [sha, type, body], or null for `missing`; and where the next begins. */
function readAnswer(out: Buffer, pos: number): { answer: [string, string, Buffer] | null; next: number } {
  const nl = out.indexOf(10, pos);
  if (nl < 0) throw new TreeEditUnsupported('git cat-file gave a short answer');
  const header = out.toString('utf8', pos, nl);
  if (header.endsWith(' missing') || header.endsWith(' ambiguous')) return { answer: null, next: nl + 1 };
  const m = /^([0-9a-f]+) (\w+) (\d+)$/.exec(header);
  if (!m) throw new TreeEditUnsupported(`git cat-file answered ${JSON.stringify(header)}`);
  const end = nl + 1 + Number(m[3]);
  return { answer: [m[1]!, m[2]!, out.subarray(nl + 1, end)], next: end + 1 };
}

/**
 * HEAD's commit and the trees of `dirs`, from one `git cat-file --batch`. HEAD is read once per
 * line, so a commit landing in between could mix two commits' trees: each tree read is checked
 * against its parent's entry, and the whole read is made again if they disagree. Null on an
 * unborn branch.
 */
export async function readHeadTrees(cwd: string, dirs: readonly string[]): Promise<HeadTrees | null> {
  const ordered = ['', ...dirs.filter((d) => d !== '').sort((a, b) => a.split('/').length - b.split('/').length)];
  const input = `HEAD^{commit}\n${ordered.map((d) => (d === '' ? 'HEAD^{tree}' : `HEAD:${d}`)).join('\n')}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const out = await gitBytes(['cat-file', '--batch'], { cwd, input });
    let { answer: commit, next } = readAnswer(out, 0);
    if (!commit) return null;
    if (commit[0].length !== 40) throw new TreeEditUnsupported('not a SHA-1 repository');
    const rootSha = /^tree ([0-9a-f]+)$/m.exec(commit[2].toString('latin1'))?.[1];
    const trees = new Map<string, TreeEntry[] | null>();
    const shas = new Map<string, string>();
    let consistent = true;
    for (const dir of ordered) {
      const got = readAnswer(out, next);
      next = got.next;
      if (got.answer && got.answer[1] !== 'tree') throw new TreeEditUnsupported(`${dir} is not a directory in HEAD`);
      trees.set(dir, got.answer ? parseTree(got.answer[2]) : null);
      if (got.answer) shas.set(dir, got.answer[0]);
      // What the parent says this directory is must be what was read.
      const expected = dir === '' ? rootSha : entryOf(trees.get(parentOf(dir)) ?? null, baseOf(dir))?.sha;
      if (expected !== got.answer?.[0]) consistent = false;
    }
    if (consistent && rootSha) return { commit: commit[0], tree: rootSha, trees };
  }
  throw new TreeEditUnsupported('HEAD kept moving while its trees were read');
}

/**
 * readHeadTrees without git, where it can be: HEAD from git's files (headCommit) and the commit and
 * trees as loose objects (the usual case after a commit, and `end`'s own memory commits write
 * theirs loose), each checked against its id. Null wherever that cannot be done (an object packed,
 * another object directory, a ref git's files do not settle): the caller asks git (readHeadTrees).
 */
export function readHeadTreesLoose(repo: Repo, dirs: readonly string[]): HeadTrees | null {
  if (process.env.GIT_OBJECT_DIRECTORY) return null;
  const commit = headCommit(repo);
  if (!commit || commit.length !== 40) return null;
  const objects = join(repo.commonDir, 'objects');
  const read = (sha: string, type: string): Buffer | null => {
    let raw: Buffer;
    try {
      raw = inflateWhole(readFileSync(join(objects, sha.slice(0, 2), sha.slice(2))));
    } catch {
      return null; // not loose (packed), or unreadable: git knows
    }
    const nul = raw.indexOf(0);
    if (nul < 0 || raw.toString('latin1', 0, nul) !== `${type} ${raw.length - nul - 1}`) return null;
    if (createHash('sha1').update(raw).digest('hex') !== sha) return null;
    return raw.subarray(nul + 1);
  };
  const body = read(commit, 'commit');
  const rootSha = body && /^tree ([0-9a-f]{40})$/m.exec(body.toString('latin1', 0, Math.min(body.length, 200)))?.[1];
  if (!rootSha) return null;
  const ordered = ['', ...dirs.filter((d) => d !== '').sort((a, b) => a.split('/').length - b.split('/').length)];
  const trees = new Map<string, TreeEntry[] | null>();
  for (const dir of ordered) {
    let sha: string | undefined = rootSha;
    if (dir !== '') {
      const parent = trees.get(parentOf(dir));
      const entry = parent === undefined ? undefined : entryOf(parent, baseOf(dir));
      if (entry && entry.mode !== TREE) throw new TreeEditUnsupported(`${dir} is not a directory in HEAD`);
      sha = entry?.sha;
    }
    if (!sha) {
      trees.set(dir, null);
      continue;
    }
    const tree = read(sha, 'tree');
    if (!tree) return null;
    trees.set(dir, parseTree(tree));
  }
  return { commit, tree: rootSha, trees };
}

const parentOf = (dir: string) => (dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '');
const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const entryOf = (entries: TreeEntry[] | null, name: string) => {
  const bytes = Buffer.from(name);
  return entries?.find((e) => e.name.equals(bytes));
};

/** Whether HEAD has a file at `path`, where `head` holds the trees along it (false where it does not know). */
export function headHas(head: HeadTrees, path: string): boolean {
  const slash = path.lastIndexOf('/');
  return entryOf(head.trees.get(slash < 0 ? '' : path.slice(0, slash)) ?? null, path.slice(slash + 1)) !== undefined;
}

/** The changes that make a difference to HEAD (a path rewritten with the same content does not). */
export function changedPaths(head: HeadTrees, changes: readonly PathChange[]): string[] {
  return changes
    .filter((c) => {
      const slash = c.path.lastIndexOf('/');
      const old = entryOf(head.trees.get(slash < 0 ? '' : c.path.slice(0, slash)) ?? null, c.path.slice(slash + 1));
      return c.entry ? old?.mode !== c.entry.mode || old.sha !== c.entry.sha : old !== undefined;
    })
    .map((c) => c.path);
}

/** A tree to write: its id, the entries mktree is fed, and the object's body. */
export interface NewTree {
  sha: string;
  entries: TreeEntry[];
  body: Buffer;
}

/**
 * The root tree of HEAD with `changes` applied, and the trees to write (children before parents).
 * Directories left empty disappear, as with `git add`. Throws TreeEditUnsupported where a
 * directory would replace a file or the other way round, or a gitlink is in the way.
 */
export function editTree(head: HeadTrees, changes: readonly PathChange[]): { tree: string; write: NewTree[] } {
  const write: NewTree[] = [];
  // Each directory gets the changes under it, handed down by its parent: a fold's commit changes
  // ~10,000 paths in ~400 directories, and each directory going through all of them cost the L
  // dream ~1.5 s.
  const build = (dir: string, mine: readonly PathChange[]): string | null => {
    const prefix = dir === '' ? '' : `${dir}/`;
    const before = head.trees.get(dir) ?? [];
    const entries = [...before];
    const byName = new Map<string, number>(entries.map((e, i) => [e.name.toString('latin1'), i]));
    /** HEAD's entry of `name` here (byName only gains indexes past HEAD's entries). */
    const old = (name: string): TreeEntry | undefined => {
      const at = byName.get(Buffer.from(name).toString('latin1'));
      return at === undefined ? undefined : before[at];
    };
    const set = (name: string, entry: TreeEntry | null) => {
      const key = Buffer.from(name).toString('latin1');
      const at = byName.get(key);
      if (at !== undefined) {
        if (entry) entries[at] = entry;
        else entries[at] = { mode: '', name: Buffer.alloc(0), sha: '' }; // removed below
      } else if (entry) {
        byName.set(key, entries.length);
        entries.push(entry);
      }
    };
    const subdirs = new Map<string, PathChange[]>();
    for (const c of mine) {
      const rest = c.path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash >= 0) {
        const name = rest.slice(0, slash);
        const under = subdirs.get(name);
        if (under) under.push(c);
        else subdirs.set(name, [c]);
        continue;
      }
      const was = old(rest);
      if (was && (was.mode === TREE || was.mode === '160000')) throw new TreeEditUnsupported(`${c.path} is a directory or submodule in HEAD`);
      set(rest, c.entry && { mode: c.entry.mode, name: Buffer.from(rest), sha: c.entry.sha });
    }
    for (const [name, under] of subdirs) {
      const was = old(name);
      if (was && was.mode !== TREE) throw new TreeEditUnsupported(`${prefix}${name} is a file in HEAD`);
      const sha = build(`${prefix}${name}`, under);
      set(name, sha ? { mode: TREE, name: Buffer.from(name), sha } : null);
    }
    const kept = entries.filter((e) => e.mode !== '');
    if (!kept.length && dir !== '') return null;
    const body = serializeTree(kept);
    const sha = objectId('tree', body);
    if (sha !== (dir === '' ? undefined : entryOf(head.trees.get(parentOf(dir)) ?? null, baseOf(dir))?.sha)) write.push({ sha, entries: kept, body });
    return sha;
  };
  const tree = build('', changes)!;
  return { tree, write };
}

/**
 * Writes the trees as loose objects into `objects` (see loose.ts, looseObjectsDir) without starting
 * a `git mktree`: `end` writes one to three small trees, and a git process costs more than all of them.
 */
export function writeTreesLoose(objects: LooseObjects, trees: readonly NewTree[]): void {
  for (const t of trees) writeLooseObject(objects, 'tree', t.body, t.sha);
}

const typeOf = (mode: string) => (mode === TREE ? 'tree' : mode === '160000' ? 'commit' : 'blob');

/**
 * Writes the trees with one `git mktree --batch` (children first, so each exists before the tree
 * that names it; `--missing`: the blobs may still be on their way). Throws if git's ids are not
 * the ones computed here.
 */
export async function writeTrees(cwd: string, trees: readonly NewTree[]): Promise<void> {
  if (!trees.length) return;
  const parts: Buffer[] = [];
  trees.forEach((t, i) => {
    if (i) parts.push(Buffer.from([0]));
    for (const e of t.entries) parts.push(Buffer.from(`${e.mode} ${typeOf(e.mode)} ${e.sha}\t`, 'latin1'), e.name, Buffer.from([0]));
  });
  const out = (await gitBytes(['mktree', '-z', '--missing', '--batch'], { cwd, input: Buffer.concat(parts) })).toString('latin1').split('\n').filter(Boolean);
  if (out.length !== trees.length || out.some((sha, i) => sha !== trees[i]!.sha)) throw new TreeEditUnsupported('git wrote other trees than the ones computed');
}
