import { readFileSync } from 'node:fs';

/**
 * Secret-scanner bench: corpus recall and false positives, and median times on 1 MB inputs.
 * Takes the already-imported scanner module (`{ scanText }`) so it does not depend on the build
 * layout. Corpus data comes from test/safety/corpus.json (credential values stored as pieces).
 */
const corpus = JSON.parse(readFileSync(new URL('../test/safety/corpus.json', import.meta.url), 'utf8'));

// Same PRNG, fragments and layout as benignJournal() in test/safety/corpus.ts, so both measure the same text.
function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function benignJournal(size, seed = 42) {
  const rand = prng(seed);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const hex = (n) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  const b64 = (n) =>
    Array.from({ length: n }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[Math.floor(rand() * 64)]).join('');
  const j = corpus.journal;
  const parts = [];
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

const ADVERSARIAL = {
  letters: () => 'a'.repeat(1e6),
  keyRun: () => 'key=' + 'A'.repeat(1e6),
  postgresColons: () => 'postgres://' + 'a:'.repeat(5e5),
  punctuationRuns: () => '='.repeat(3e5) + ':'.repeat(3e5) + '@'.repeat(3e5),
  keyHeaders: () => '-----BEGIN RSA PRIVATE KEY-----\n'.repeat(3e4),
  bearerRepeat: () => 'Bearer '.repeat(1.5e5),
  urlNoise: () => 'https://u:p'.repeat(1e5),
};

async function medianMs(fn, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)] * 10) / 10;
}

/**
 * @param {{ scanText: (text: string) => Promise<{ start: number; end: number }[]> }} scanModule
 * @param {{ runs?: number }} [options] timed runs per input (median reported)
 */
export async function benchScan({ scanText }, { runs = 5 } = {}) {
  let corpusCaught = 0;
  for (const c of corpus.credentials) {
    const secret = c.secret.join('');
    const start = c.before.length;
    const findings = await scanText(c.before + secret + c.after);
    if (findings.some((f) => f.start < start + secret.length && start < f.end)) corpusCaught++;
  }
  let negativesFlagged = 0;
  for (const text of corpus.negatives) if ((await scanText(text)).length > 0) negativesFlagged++;

  const benign = benignJournal(1_000_000);
  const benign1MbFindings = (await scanText(benign)).length;
  const benign1MbMedianMs = await medianMs(() => scanText(benign), runs);
  const adversarialMedianMs = {};
  for (const [name, make] of Object.entries(ADVERSARIAL)) {
    const text = make();
    adversarialMedianMs[name] = await medianMs(() => scanText(text), runs);
  }
  return {
    corpusCaught,
    corpusTotal: corpus.credentials.length,
    negativesFlagged,
    negativesTotal: corpus.negatives.length,
    benign1MbFindings,
    adversarialMedianMs,
    benign1MbMedianMs,
  };
}
