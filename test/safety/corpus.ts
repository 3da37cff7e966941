import { readFileSync } from 'node:fs';

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

/** Deterministic PRNG (mulberry32) so the generated journal is the same on every run. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Realistic benign memory text of at least `size` characters: session headings, requests, learned
 * lines, commit subjects with hashes, paths, task lists and lockfile-style integrity lines.
 * bench/scan.mjs builds the same text from the same fragments.
 */
export function benignJournal(size: number, seed = 42): string {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  const b64 = (n: number) =>
    Array.from({ length: n }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[Math.floor(rand() * 64)]).join('');
  const j = file.journal;
  const parts: string[] = [];
  let length = 0;
  for (let day = 0; length < size; day++) {
    const date = new Date(Date.UTC(2025, 0, 1) + day * 3_600_000).toISOString();
    const section = [
      `## Session ${date.slice(0, 16).replace('T', ' ')} (${pick(j.agents)}) ${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`,
      '',
      `- Request: ${pick(j.requests)}`,
      `- Learned: ${pick(j.learned)}`,
      `- Learned: ${pick(j.learned)} (see ${pick(j.paths)})`,
      `- Commit ${hex(7)}: ${pick(j.commits)}`,
      `- Commit ${hex(40)}: ${pick(j.commits)}`,
      `- Files: ${pick(j.paths)}, ${pick(j.paths)}`,
      `- [ ] ${pick(j.tasks)}`,
      `- [x] ${pick(j.tasks)}`,
      `  "integrity": "sha512-${b64(86)}=="`,
      '',
    ].join('\n');
    parts.push(section);
    length += section.length + 1;
  }
  return parts.join('\n');
}
