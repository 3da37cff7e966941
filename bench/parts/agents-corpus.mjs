// Issue 25 §6 on real Codex rollouts and Gemini CLI chats people published (bench/agents-corpus.mjs,
// scripts/agents-corpus.mjs): the ledger's recall and precision against a plain reading of the
// same records, per agent and field; runs where the files are in the cache, says so otherwise.
// AGENTS_CORPUS_DETAIL=1 prints each transcript whose ledger differs from the plain reading.
import { statSync } from 'node:fs';
import { importSrc } from '../bundle.mjs';
import { agentLedgerAgainstPlain, agentsCorpusDir, geminiLoggedPrompts, geminiSessionOf, loadAgentsCorpus, plainCodex, plainGemini, AGENTS_MANIFEST } from '../agents-corpus.mjs';

export async function run({ summary, printTable }) {
  const present = loadAgentsCorpus();
  if (!present.length) {
    console.log(`  skipped: no Codex rollout or Gemini CLI chat of the corpus in ${agentsCorpusDir()} (GIT_MEMORY_AGENTS_CORPUS); node scripts/agents-corpus.mjs fetch gets them (${AGENTS_MANIFEST} says where each comes from)`);
    return;
  }
  const { transcripts, offline } = await importSrc({ transcripts: 'transcripts/index.ts', offline: 'notes/offline.ts' });
  const headings = (t) => t.split('\n').filter((l) => /^#{1,6}\s/.test(l)).length;
  const detail = !!process.env.AGENTS_CORPUS_DETAIL;
  for (const agent of ['codex', 'gemini']) {
    const files = present.filter((t) => t.agent === agent);
    if (!files.length) continue;
    const sums = {};
    const off = {};
    let bytes = 0;
    let worst = 0;
    const resumed = [0, 0];
    let forks = 0;
    let notesWhole = 0;
    const template = headings(offline.notesFromLedger(transcripts.emptyLedger(agent)));
    const versions = new Set(files.map((t) => t.version || 'unrecorded'));
    for (const t of files) {
      bytes += statSync(t.path).size;
      const t0 = performance.now();
      const ledger = transcripts.readLedger(t.path, { agent });
      worst = Math.max(worst, performance.now() - t0);
      const plain = agent === 'codex' ? plainCodex(t.path) : plainGemini(t.path);
      const a = agentLedgerAgainstPlain(ledger, plain, agent);
      // A resumed rollout (a second session_meta) is no compaction (issue 25 §6.6).
      if (plain.forks) forks++;
      if (plain.resumes) {
        resumed[0]++;
        if (ledger.compactions.length === plain.compactions) resumed[1]++;
      }
      // Notes without a model have the template's sections and no other heading (§6.5).
      if (headings(offline.notesFromLedger(ledger)) === template) notesWhole++;
      for (const [k, v] of Object.entries(a)) {
        if (!v) continue;
        const s = (sums[k] ??= [0, 0, 0, 0]);
        s[0] += v[0];
        s[1] += v[1];
        s[2] += v[2] ?? 0;
        s[3]++;
        if (v[0] !== v[1] || (v[2] !== null && v[0] !== v[2])) {
          (off[k] ??= []).push(t.file);
          if (detail) console.log(`    ${agent} ${k}: ${t.file} ${JSON.stringify(v)}`);
        }
      }
    }
    const pct = (a, b) => (b ? `${((a / b) * 100).toFixed(1)}%` : 'n/a');
    console.log(`  ${agent === 'codex' ? 'Codex' : 'Gemini CLI'}: ${files.length} real transcripts (${(bytes / 1e6).toFixed(1)} MB; versions ${[...versions].sort().join(', ')}), slowest read ${worst.toFixed(0)} ms`);
    printTable(
      ['field', 'plain reading', 'ledger', 'recall', 'precision', 'transcripts off'],
      Object.entries(sums).map(([k, [both, plain, ledger, n]]) => {
        const isValue = ['usage', 'context size', 'compactions', 'todo list'].includes(k);
        return isValue
          ? [k, `${n} transcripts`, `${both} equal`, pct(both, n), '', String((off[k] ?? []).length)]
          : [k, plain, k === 'files read' ? '' : ledger, pct(both, plain), k === 'files read' ? '(recall only)' : pct(both, ledger), String((off[k] ?? []).length)];
      }),
    );
    if (agent === 'codex') console.log(`  resumed rollouts (a second session_meta): ${resumed[0]}, of which the ledger's compactions are the file's: ${resumed[1]}; forked rollouts (a sub-agent's, opening with a copy of its parent's history): ${forks}`);
    console.log(`  notes without a model with the template's sections and no other heading: ${notesWhole} / ${files.length}`);
    if (agent === 'gemini') {
      // Against Gemini CLI's own log of what was typed (logs.json): every prompt it holds for a chat's
      // session should be among the ledger's; a shell-mode line (`!cmd`, or a command run in shell
      // mode) is logged too but never reaches the chat.
      const logged = geminiLoggedPrompts(present);
      // The ledger keeps a long message cut: compared by its opening.
      const flat = (t) => t.replace(/\s+/g, ' ').trim().slice(0, 150);
      let chats = 0;
      let want = 0;
      let found = 0;
      for (const t of files) {
        const list = logged.get(geminiSessionOf(t.path));
        if (!list) continue;
        chats++;
        const got = new Set(transcripts.readLedger(t.path, { agent }).user_messages.map((m) => flat(m.text)));
        for (const p of list) {
          want++;
          if (got.has(flat(p))) found++;
          else if (detail) console.log(`    gemini logged prompt not in the ledger: ${t.file} ${JSON.stringify(p.slice(0, 80))}`);
        }
      }
      if (chats) {
        console.log(`  prompts Gemini CLI logged as typed (logs.json) for ${chats} chats: ${found} / ${want} in the ledger (${pct(found, want)}; the rest: shell-mode lines, AGENTS_CORPUS_DETAIL=1 lists them)`);
        summary.note('ledger prompts against Gemini CLI logs.json', `${found} / ${want}`);
      }
    }
    summary.note(`notes with the template's sections only (${agent} corpus)`, `${notesWhole} / ${files.length}`);
    for (const [k, [both, plain, ledger, n]] of Object.entries(sums)) {
      const isValue = ['usage', 'context size', 'compactions', 'todo list'].includes(k);
      summary.note(`ledger ${k} (${agent} corpus, ${files.length} transcripts)`, isValue ? `${both} / ${n} equal` : k === 'files read' ? `recall ${pct(both, plain)}` : `recall ${pct(both, plain)} / precision ${pct(both, ledger)}`);
    }
  }
}

// `node bench/parts/agents-corpus.mjs`: this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable, Summary } = await import('../report.mjs');
  await run({ summary: new Summary(), printTable });
}
