import { readFileSync } from 'node:fs';
import { benignJournal as generate } from '../test/safety/benign-journal.mjs';

/**
 * Secret-scanner bench: corpus recall and false positives, and median times on 1 MB inputs.
 * Takes the already-imported scanner module (`{ scanText }`) so it does not depend on the build
 * layout. Corpus data comes from test/safety/corpus.json (credential values stored as pieces).
 */
const corpus = JSON.parse(readFileSync(new URL('../test/safety/corpus.json', import.meta.url), 'utf8'));

const benignJournal = (size, seed = 42) => generate(corpus.journal, size, seed);

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
