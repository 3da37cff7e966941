// The inverted index in memory: what a build or an update works on before the store is written.
import { SEARCH_FIELDS, type SearchDoc } from './documents.js';
import { toTerm, tokenize } from './tokenize.js';

/** One term's postings in one field: document ids in ascending order, and the term's count in each. */
export interface FieldPostings {
  docs: ArrayLike<number>;
  tfs: ArrayLike<number>;
}

/** One term's postings, by field id (SEARCH_FIELDS order); undefined where the field never has it. */
export type TermPostings = (FieldPostings | undefined)[];

/** What BM25 needs of an index, whether in memory (Postings) or on disk (store.ts). */
export interface Searchable {
  /** Documents in the index; ids are 0 … documents-1. */
  documents: number;
  /** Sessions BM25 counts, where some ids hold none (an index with its delta laid over, delta.ts); else `documents`. */
  count?: number;
  /** Mean field length over the documents, by field id. */
  averageLength: readonly number[];
  /** The postings of `term`, and with `prefix` also of every longer term that starts with it. */
  matches(term: string, prefix: boolean): [term: string, postings: TermPostings][];
  /** The length of a document's field: its number of distinct words. */
  fieldLength(id: number, field: number): number;
}

/**
 * How a document is indexed, for every builder alike: each field's terms with their counts, given
 * to `each` field by field, and the fields' lengths (distinct words as written) returned.
 */
export function analyze(doc: SearchDoc, each: (term: string, field: number, tf: number) => void): number[] {
  return SEARCH_FIELDS.map((field, f) => {
    const tokens = tokenize(doc[field]);
    const counts = new Map<string, number>();
    for (const t of tokens) {
      const term = toTerm(t);
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    for (const [term, tf] of counts) each(term, f, tf);
    return new Set(tokens).size;
  });
}

interface Growing {
  docs: number[];
  tfs: number[];
}

/**
 * An index being built or updated. Ids are dense: adding gives the next id, and removing
 * renumbers the rest, keeping their order, so postings stay sorted and the store stays compact.
 */
export class Postings implements Searchable {
  readonly terms = new Map<string, (Growing | undefined)[]>();
  /** Field lengths, SEARCH_FIELDS.length numbers per document. */
  private lengths: number[] = [];
  private sorted: string[] | null = null;

  get documents(): number {
    return this.lengths.length / SEARCH_FIELDS.length;
  }

  get averageLength(): number[] {
    const n = this.documents;
    return SEARCH_FIELDS.map((_, f) => {
      let sum = 0;
      for (let id = 0; id < n; id++) sum += this.lengths[id * SEARCH_FIELDS.length + f]!;
      return n ? sum / n : 0;
    });
  }

  fieldLength(id: number, field: number): number {
    return this.lengths[id * SEARCH_FIELDS.length + field] ?? 0;
  }

  /** Indexes a document; returns its id. A field's length counts its distinct words, as written. */
  add(doc: SearchDoc): number {
    const id = this.documents;
    this.sorted = null;
    for (const length of analyze(doc, (term, f, tf) => {
      let byField = this.terms.get(term);
      if (!byField) this.terms.set(term, (byField = []));
      const p = (byField[f] ??= { docs: [], tfs: [] });
      p.docs.push(id);
      p.tfs.push(tf);
    })) this.lengths.push(length);
    return id;
  }

  /** An index as a store holds it: every field length, and every term's postings. */
  static from(lengths: ArrayLike<number>, terms: Iterable<[string, TermPostings]>): Postings {
    const out = new Postings();
    out.lengths = Array.from(lengths);
    for (const [term, postings] of terms) out.terms.set(term, postings.map((p) => p && { docs: Array.from(p.docs), tfs: Array.from(p.tfs) }));
    return out;
  }

  /** Drops documents; returns each old id's new id (-1: removed). */
  remove(ids: ReadonlySet<number>): number[] {
    const n = this.documents;
    const renumber: number[] = [];
    let next = 0;
    for (let id = 0; id < n; id++) renumber.push(ids.has(id) ? -1 : next++);
    if (next === n) return renumber;
    const F = SEARCH_FIELDS.length;
    this.lengths = this.lengths.filter((_, i) => renumber[Math.floor(i / F)]! >= 0);
    for (const [term, byField] of this.terms) {
      let left = 0;
      for (let f = 0; f < byField.length; f++) {
        const p = byField[f];
        if (!p) continue;
        const kept: Growing = { docs: [], tfs: [] };
        p.docs.forEach((d, i) => {
          if (renumber[d]! < 0) return;
          kept.docs.push(renumber[d]!);
          kept.tfs.push(p.tfs[i]!);
        });
        byField[f] = kept.docs.length ? kept : undefined;
        left += kept.docs.length;
      }
      if (!left) this.terms.delete(term);
    }
    this.sorted = null;
    return renumber;
  }

  matches(term: string, prefix: boolean): [string, TermPostings][] {
    if (!prefix) {
      const p = this.terms.get(term);
      return p ? [[term, p]] : [];
    }
    this.sorted ??= [...this.terms.keys()].sort();
    const out: [string, TermPostings][] = [];
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(term); i++) out.push([this.sorted[i]!, this.terms.get(this.sorted[i]!)!]);
    return out;
  }

  /** Every field length, SEARCH_FIELDS.length per document. */
  allLengths(): readonly number[] {
    return this.lengths;
  }
}
