// `npm run test:corpus`: the ledger and the hot-file table on the real transcripts themselves
// (bench/corpus.mjs), when the corpus is present (GIT_MEMORY_CORPUS, default
// ~/.cache/git-memory/corpus). Their text is third parties' and never committed.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the bench
import { AGENTS_MANIFEST, firstCwd, firstHalf, hitTable, ledgerAgainstPlain, ledgersOfTrace, loadCorpus, plainClaude, traceOf, TRACES } from '../../bench/corpus.mjs';
// @ts-expect-error: a plain ES module shared with the scripts
import { agentsCorpusDir } from '../../scripts/agents-corpus.mjs';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hitRates, RULES } from '../../src/compact/hit-rate.js';
import * as build from '../../src/transcripts/build.js';
import * as read from '../../src/transcripts/read.js';
import { readLedger } from '../../src/transcripts/index.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';
import { tempDir } from '../helpers/repo.js';

const corpus = loadCorpus();
if (!corpus.present.length) console.log(`corpus not present in ${corpus.dir}: set GIT_MEMORY_CORPUS to the folder holding the transcripts of test/fixtures/corpus/manifest.json`);

describe.skipIf(!corpus.present.length)('the real-transcript corpus', () => {
  it('is whole: every transcript of the manifest, with its sha256', () => {
    expect(corpus.missing).toEqual([]);
  });

  it('the ledger finds every file, command, tool error and human message a plain reading finds, and nothing else', () => {
    for (const c of corpus.present) {
      const a = ledgerAgainstPlain(readLedger(c.path, { agent: c.agent }), plainClaude(c.path));
      for (const [k, [both, plain, ledger]] of Object.entries(a) as [string, number[]][]) {
        expect({ file: c.file, k, both }).toEqual({ file: c.file, k, both: plain });
        expect({ file: c.file, k, both }).toEqual({ file: c.file, k, both: ledger });
      }
    }
  }, 900_000);

  it('the committed traces are what the reader takes of each transcript today', () => {
    const committed = new Map((JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string }[]).map((t) => [t.sha256, t]));
    for (const c of corpus.present) expect({ sha256: c.sha256, ...traceOf({ read, build }, c.path, c.agent) }).toEqual(committed.get(c.sha256));
  }, 1_200_000);

  it('the hot-file table read from the transcripts is the traces’ table', () => {
    const dir = tempDir();
    // Read as the traces are (bench/corpus.mjs traceOf): the session's first working directory stands
    // for the repository's root, so that the files it only named, kept only inside the root, are ranked too.
    const real = corpus.present.map((c: { path: string; file: string; agent: 'claude' }) => {
      const repoRoot = firstCwd(readFileSync(c.path, 'utf8').split('\n'));
      return hitRates(readLedger(firstHalf(c.path, join(dir, c.file)), { agent: c.agent, repoRoot }), readLedger(c.path, { agent: c.agent, repoRoot }));
    });
    const traced = corpus.present.map((c: { sha256: string }) => {
      const t = (JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string }[]).find((x) => x.sha256 === c.sha256);
      const { first, full } = ledgersOfTrace(t, emptyLedger);
      return hitRates(first, full);
    });
    expect(hitTable(real, RULES)).toEqual(hitTable(traced, RULES));
  }, 900_000);
});

// Stop 56: the Codex rollouts' traces (stop 55) were derived before the reader counted files written
// through a here-document and with no root (firstCwd read Claude Code's field only): 97 writes where
// today's reader takes 265, and no named file. Each must be what the reader takes of its rollout today.
const rolloutsDir = agentsCorpusDir();
const rollouts = (JSON.parse(readFileSync(AGENTS_MANIFEST, 'utf8')).transcripts as { file: string; sha256: string; agent: string }[])
  .filter((t) => t.agent === 'codex')
  .map((t) => ({ ...t, path: join(rolloutsDir, t.file) }))
  .filter((t) => existsSync(t.path) && createHash('sha256').update(readFileSync(t.path)).digest('hex') === t.sha256);

describe.skipIf(!rollouts.length)("the agents corpus's Codex rollouts in the hot-file table", () => {
  it('each committed Codex trace is what the reader takes of its rollout today, read with its folder as the root', () => {
    const committed = (JSON.parse(readFileSync(TRACES, 'utf8')).traces as { sha256: string; agent: string }[]).filter((t) => t.agent === 'codex');
    expect(committed.length).toBeGreaterThan(0);
    const bySha = new Map(rollouts.map((r) => [r.sha256, r]));
    for (const t of committed) {
      const r = bySha.get(t.sha256);
      if (r) expect({ sha256: t.sha256, ...traceOf({ read, build }, r.path, 'codex') }).toEqual(t);
    }
  }, 600_000);
});
