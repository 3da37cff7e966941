// Rebuilds test/fixtures/corpus/traces.json from the real-transcript corpus (bench/corpus.mjs):
// for each transcript, the file operations git-memory's reader took, in order, with opaque file
// stand-ins and no text. Run after a change to the reader (all of them again) or with `--add`
// after the corpus grew (the committed traces kept as they are, the new transcripts' appended):
//   node scripts/corpus-traces.mjs [--add | --codex | --claude]
// Stop 55: the agents corpus's Codex rollouts present (scripts/agents-corpus.mjs gathers them, each
// checked against its sha256) are traced too, those whose ledger touches CODEX_MIN_FILES files.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSrc } from '../bench/bundle.mjs';
import { AGENTS_MANIFEST, CODEX_MIN_FILES, loadCorpus, traceOf, TRACES } from '../bench/corpus.mjs';
import { agentsCorpusDir } from './agents-corpus.mjs';

const corpus = loadCorpus();
// `--codex` (stop 56): every Claude Code trace kept as committed, the Codex rollouts' derived again
// (after a change to how they are read) from the agents corpus alone.
const codexOnly = process.argv.includes('--codex');
// `--claude` (stop 56): every Claude Code trace derived again from the corpus, the Codex rollouts'
// kept as committed (for when the agents corpus is not at hand; scripts/agents-corpus.mjs gathers it).
const claudeOnly = process.argv.includes('--claude');
if (claudeOnly && corpus.missing.length) {
  console.log(`--claude derives every Claude Code trace again: ${corpus.missing.length} transcripts missing from ${corpus.dir}`);
  process.exit(1);
}
if (!corpus.present.length && !codexOnly) {
  console.log(`corpus not present in ${corpus.dir}: nothing to derive (see test/fixtures/corpus/manifest.json)`);
  process.exit(0);
}
if (corpus.missing.length && !codexOnly) console.log(`missing from ${corpus.dir}: ${corpus.missing.map((t) => `${t.file} (${t.why_missing})`).join(', ')}`);
const { read, build } = await importSrc({ read: 'transcripts/read.ts', build: 'transcripts/build.ts' });
const committed = existsSync(TRACES) ? JSON.parse(readFileSync(TRACES, 'utf8')).traces : [];
const kept = codexOnly ? committed.filter((t) => t.agent !== 'codex') : claudeOnly ? committed.filter((t) => t.agent === 'codex') : process.argv.includes('--add') ? committed : [];
const have = new Set(kept.map((t) => t.sha256));
const derived = (codexOnly ? [] : corpus.present).filter((t) => !have.has(t.sha256)).map((t) => ({ sha256: t.sha256, ...traceOf({ read, build }, t.path, t.agent) }));
// The Claude Code traces before the Codex rollouts', as the full derivation writes them.
const traces = claudeOnly ? [...derived, ...kept] : [...kept, ...derived];
const rollouts = claudeOnly ? [] : JSON.parse(readFileSync(AGENTS_MANIFEST, 'utf8')).transcripts.filter((t) => t.agent === 'codex' && !have.has(t.sha256));
for (const t of rollouts) {
  const path = join(agentsCorpusDir(), t.file);
  if (!existsSync(path) || createHash('sha256').update(readFileSync(path)).digest('hex') !== t.sha256) continue;
  const trace = traceOf({ read, build }, path, 'codex');
  if (new Set(trace.steps.filter((s) => s[0] !== 'n').map((s) => s[1])).size >= CODEX_MIN_FILES) traces.push({ sha256: t.sha256, ...trace });
}
writeFileSync(TRACES, `${JSON.stringify({ about: 'Derived from the transcripts of manifest.json by scripts/corpus-traces.mjs: per transcript, its file operations as git-memory read them ([op r|e|w, file id, tool-call index, turn, seconds since start]; op u|U a change not made, n a file named and not touched), files as stand-ins that score as the real paths do, and where its first half of lines ends (cut: tool calls and seconds of the ledger a read of the first half gives; cut.held, when records waited there for their parent: the tool calls taken before the cut and the operations taking what waited adds). No path, no text.', traces }, null, 0).replace(/\{"sha256"/g, '\n{"sha256"')}\n`);
console.log(`${traces.length} traces written to ${TRACES} (${traces.length - kept.length} derived now)`);
