import { readFileSync } from 'node:fs';
import { benignJournal as generate } from './benign-journal.mjs';

/**
 * The scanner's test corpus lives in corpus.json so the plain-JS bench can read it too. Credential
 * values there are random (generated once, never valid anywhere) and stored as string pieces, so
 * this repository does not trip GitHub push protection; they are joined here.
 */
interface CorpusFile {
  credentials: { provider: string; rule: string; before: string; secret: string[]; after: string }[];
  negatives: string[];
  journal: { agents: string[]; requests: string[]; learned: string[]; commits: string[]; paths: string[]; tasks: string[] };
}

export interface Credential {
  provider: string;
  /** The rule id the finding should carry. */
  rule: string;
  /** The secret in a realistic line of context. */
  text: string;
  secret: string;
  /** Offset of `secret` in `text`. */
  start: number;
}

const file = JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as CorpusFile;

export const credentials: readonly Credential[] = file.credentials.map((c) => {
  const secret = c.secret.join('');
  return { provider: c.provider, rule: c.rule, text: c.before + secret + c.after, secret, start: c.before.length };
});

/** Text that looks close to a secret but is not one. */
export const negatives: readonly string[] = file.negatives;

/**
 * Realistic benign memory text of at least `size` characters: session headings, requests, learned
 * lines, commit subjects with hashes, paths, task lists and lockfile-style integrity lines.
 * bench/scan.mjs uses the same generator (benign-journal.mjs).
 */
export const benignJournal = (size: number, seed = 42): string => generate(file.journal, size, seed);
