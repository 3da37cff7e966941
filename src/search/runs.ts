// The postings of a cold build as runs, the way search engines build an index larger than their
// memory: the records of a batch of sessions are grouped by term and field, in term order, and
// packed as variable-length numbers (a posting takes two or three bytes where two 32-bit numbers
// took eight, and grouping them took eight more); the runs are merged, term by term, only as the
// store writes them. So what the build holds grows with the packed postings, and what it works on
// at once with the batch, not with the journal.
import { SEARCH_FIELDS } from './documents.js';
import type { TermPostings } from './postings.js';

/** Records (term, field and count of a session) per batch: about 4,000 sessions of a journal. */
const BATCH = 1 << 18;
const F = SEARCH_FIELDS.length;
/** A record's key is term << SHIFT | field. */
const SHIFT = 3;

/** A batch's postings: its terms in sorted order, where each term's part starts, and the parts. */
interface Run {
  /** The batch's first session id; the run's ids count from it. */
  first: number;
  terms: Uint32Array;
  /** Byte offset of each term's part, and one more: the end. */
  offsets: Uint32Array;
  /**
   * Each term's part: the number k of fields that hold it, k pairs (field, n), then for each of
   * those fields n session ids (the first from `first`, each next from the one before) and n counts.
   */
  bytes: Uint8Array;
}

/** A typed array at least `size` long: `a` itself, or a larger one (its content is not kept). */
/**
 * Where `term` is, or would go, among `ids` (term ids in the order of their names): the first
 * position whose name is not below it. The runs find a term with it, the prefix search the first
 * term a prefix begins.
 */
export function lowerBound(ids: ArrayLike<number>, names: readonly string[], term: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (names[ids[mid]!]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function room<T extends Uint32Array | Uint8Array>(a: T, size: number, make: (n: number) => T): T {
  return a.length >= size ? a : make(Math.max(size, a.length * 2));
}

/** Bytes written as unsigned LEB128 numbers, into one buffer reused from run to run. */
class Packer {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  /** Makes room for `count` more numbers: put() does not check. */
  reserve(count: number): void {
    if (this.length + 5 * count <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.length + 5 * count, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  put(v: number): void {
    while (v > 127) {
      this.bytes[this.length++] = (v & 127) | 128;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }
}

/** Reads the numbers Packer wrote, from a term's part of a run on. */
class Unpacker {
  private bytes: Uint8Array = new Uint8Array(0);
  private pos = 0;

  at(run: Run, part: number): this {
    this.bytes = run.bytes;
    this.pos = run.offsets[part]!;
    return this;
  }

  read(): number {
    let v = 0;
    for (let scale = 1; ; scale *= 128) {
      const b = this.bytes[this.pos++]!;
      v += (b & 127) * scale;
      if (b < 128) return v;
    }
  }
}

/**
 * The runs of one build. Sessions are added in id order from 0, each with its records; a term is
 * a number whose text `names` holds (the build's dictionary, which may grow as sessions come).
 */
export class Runs {
  private runs: Run[] = [];
  private keys = new Uint32Array(1 << 12);
  private tfs = new Uint32Array(1 << 12);
  private records = 0;
  /** Where each session of the batch starts in the records; one more: the end. */
  private starts = new Uint32Array(1 << 10);
  private sessions = 0;
  private first = 0;
  /** By term: its rank among the batch's terms, -1 for one the batch lacks. */
  private rank = new Int32Array(0);
  private docs = new Uint32Array(0);
  private counts = new Uint32Array(0);
  private packer = new Packer();
  private unpack = new Unpacker();
  /** A term's count of sessions by field, and where each field's ids go, while one is merged. */
  private fieldN = new Uint32Array(F);
  private at = new Uint32Array(2 * F);

  /** `batch`: records per run (tests make many small runs). */
  constructor(
    private readonly names: readonly string[],
    private readonly batch = BATCH,
  ) {}

  /** Starts the records of the next session. */
  session(): void {
    if (this.records >= this.batch) this.flush();
    if (this.sessions + 2 > this.starts.length) {
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.starts[this.sessions++] = this.records;
  }

  /** A record of the current session: `term` is in `field` `tf` times. */
  add(term: number, field: number, tf: number): void {
    if (this.records === this.keys.length) {
      const keys = new Uint32Array(this.keys.length * 2);
      const tfs = new Uint32Array(this.keys.length * 2);
      keys.set(this.keys);
      tfs.set(this.tfs);
      this.keys = keys;
      this.tfs = tfs;
    }
    this.keys[this.records] = (term << SHIFT) | field;
    this.tfs[this.records++] = tf;
  }

  /** Packs the last batch and lets go of the batch's buffers: call once every session is added. */
  finish(): void {
    this.flush();
    this.keys = this.tfs = this.starts = this.docs = this.counts = new Uint32Array(0);
    this.rank = new Int32Array(0);
    this.packer = new Packer();
  }

  /** Groups the batch's records by term (in sorted order) and field, and packs them as a run. */
  private flush(): void {
    const { keys, tfs, records, names } = this;
    const n = this.sessions;
    this.starts[n] = records;
    if (records) {
      if (this.rank.length < names.length) {
        const rank = new Int32Array(Math.max(names.length, this.rank.length * 2)).fill(-1);
        rank.set(this.rank);
        this.rank = rank;
      }
      const rank = this.rank;
      const terms: number[] = [];
      for (let i = 0; i < records; i++) {
        const t = keys[i]! >>> SHIFT;
        if (rank[t]! < 0) rank[t] = 0, terms.push(t);
      }
      terms.sort((a, b) => (names[a]! < names[b]! ? -1 : 1));
      terms.forEach((t, r) => (rank[t] = r));
      // A counting sort by group, (term rank, field): the sessions stay ascending in each. A key
      // becomes its group: the batch's keys are not needed after.
      const groups = terms.length << SHIFT;
      const start = new Uint32Array(groups + 1);
      for (let i = 0; i < records; i++) start[(keys[i] = (rank[keys[i]! >>> SHIFT]! << SHIFT) | (keys[i]! & 7)) + 1]!++;
      for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
      const next = start.slice(0, groups);
      const docs = (this.docs = room(this.docs, records, (k) => new Uint32Array(k)));
      const counts = (this.counts = room(this.counts, records, (k) => new Uint32Array(k)));
      for (let d = 0, i = 0; d < n; d++) {
        for (const end = this.starts[d + 1]!; i < end; i++) {
          const k = next[keys[i]!]!++;
          docs[k] = d;
          counts[k] = tfs[i]!;
        }
      }
      const out = this.packer;
      out.length = 0;
      const offsets = new Uint32Array(terms.length + 1);
      for (let r = 0; r < terms.length; r++) {
        offsets[r] = out.length;
        const g = r << SHIFT;
        out.reserve(1 + 2 * F + 2 * (start[g + F]! - start[g]!));
        let k = 0;
        for (let f = 0; f < F; f++) if (start[g + f + 1]! > start[g + f]!) k++;
        out.put(k);
        for (let f = 0; f < F; f++) if (start[g + f + 1]! > start[g + f]!) out.put(f), out.put(start[g + f + 1]! - start[g + f]!);
        for (let f = 0; f < F; f++) {
          const from = start[g + f]!;
          const to = start[g + f + 1]!;
          for (let i = from, prev = 0; i < to; i++) out.put(docs[i]! - prev), (prev = docs[i]!);
          for (let i = from; i < to; i++) out.put(counts[i]!);
        }
        rank[terms[r]!] = -1;
      }
      offsets[terms.length] = out.length;
      this.runs.push({ first: this.first, terms: Uint32Array.from(terms), offsets, bytes: out.bytes.slice(0, out.length) });
    }
    this.first += n;
    this.records = 0;
    this.sessions = 0;
  }

  /**
   * A term's block as the store lays it out (see store.ts FORMAT), merged from the runs: `parts[r]`
   * is the term's index in run r's terms, -1 where run r lacks it. `make` gives the block's array.
   */
  private merge(parts: Int32Array, make: (size: number) => Uint32Array): Uint32Array {
    const { runs, fieldN, at, unpack } = this;
    fieldN.fill(0);
    for (let r = 0; r < runs.length; r++) {
      if (parts[r]! < 0) continue;
      const from = unpack.at(runs[r]!, parts[r]!);
      for (let k = from.read(); k > 0; k--) {
        const f = from.read();
        fieldN[f]! += from.read();
      }
    }
    let size = 0;
    for (let f = 0; f < F; f++) if (fieldN[f]) size += 2 + 2 * fieldN[f]!;
    const out = make(size);
    for (let f = 0, i = 0; f < F; f++) {
      if (!fieldN[f]) continue;
      out[i] = f;
      out[i + 1] = fieldN[f]!;
      at[2 * f] = i + 2;
      at[2 * f + 1] = i + 2 + fieldN[f]!;
      i += 2 + 2 * fieldN[f]!;
    }
    const fields: number[] = [];
    for (let r = 0; r < runs.length; r++) {
      if (parts[r]! < 0) continue;
      const from = unpack.at(runs[r]!, parts[r]!);
      fields.length = 0;
      for (let k = from.read(); k > 0; k--) fields.push(from.read(), from.read());
      for (let j = 0; j < fields.length; j += 2) {
        const f = fields[j]!;
        const n = fields[j + 1]!;
        for (let m = 0, doc = runs[r]!.first; m < n; m++) out[at[2 * f]!++] = doc += from.read();
        for (let m = 0; m < n; m++) out[at[2 * f + 1]!++] = from.read();
      }
    }
    return out;
  }

  /**
   * Every term's block, in `order` (the build's terms sorted, as each run's are; a term no run
   * holds is skipped), made one at a time into one reused array: a block is overwritten by the next.
   */
  *blocks(order: ArrayLike<number>): Generator<[term: number, block: Uint32Array]> {
    const { runs } = this;
    const next = new Uint32Array(runs.length);
    const parts = new Int32Array(runs.length);
    let scratch = new Uint32Array(1024);
    const make = (size: number) => (scratch = room(scratch, size, (n) => new Uint32Array(n))).subarray(0, size);
    for (let i = 0; i < order.length; i++) {
      const t = order[i]!;
      let held = false;
      for (let r = 0; r < runs.length; r++) held = (parts[r] = runs[r]!.terms[next[r]!] === t ? next[r]!++ : -1) >= 0 || held;
      if (held) yield [t, this.merge(parts, make)];
    }
  }

  /** A term's postings by field id, in arrays of their own. */
  postings(t: number): TermPostings {
    const { runs, names } = this;
    const term = names[t]!;
    const parts = new Int32Array(runs.length);
    for (let r = 0; r < runs.length; r++) {
      const terms = runs[r]!.terms;
      const at = lowerBound(terms, names, term);
      parts[r] = terms[at] === t ? at : -1;
    }
    const block = this.merge(parts, (size) => new Uint32Array(size));
    const out: TermPostings = [];
    for (let i = 0; i < block.length; ) {
      const n = block[i + 1]!;
      out[block[i]!] = { docs: block.subarray(i + 2, i + 2 + n), tfs: block.subarray(i + 2 + n, i + 2 + 2 * n) };
      i += 2 + 2 * n;
    }
    return out;
  }
}
