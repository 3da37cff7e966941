// Issue 14's figures: the hot-file hit rates of seed 004's score against Claude Code's rule (the 5
// most recently read files) on the fixture transcripts cut at their midpoint; `compact --offline`
// and `hot-files` on a 50 MB transcript whose ledger is kept; the PreCompact and
// SessionStart(compact) hooks against the floor of a Node tool, SessionStart(compact) both with
// nothing appended after PreCompact and with the compaction's summary appended (as Claude Code
// leaves it), which it checks against the prepared key.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { importSrc, ROOT } from '../bundle.mjs';
import { appendTurn, generateTranscript } from './gen-transcript.mjs';

const FIXTURES = [
  'test/fixtures/transcripts/claude.jsonl',
  'test/fixtures/transcripts/codex.jsonl',
  'test/fixtures/transcripts/gemini.json',
  'test/fixtures/transcripts/gemini.jsonl',
  'test/fixtures/agents/claude/transcript.jsonl',
  'test/fixtures/agents/codex/rollout.jsonl',
  'test/fixtures/agents/gemini/chat.json',
];

const pct = (v) => (v === null ? 'n/a' : `${Math.round(v * 100)}%`);
const mean = (xs) => {
  const v = xs.filter((x) => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

const parseOrNull = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The first half of a transcript, by records (JSONL lines, or Gemini CLI's messages). */
function firstHalf(path, agent, dir) {
  const out = join(dir, `half-${basename(path)}`);
  const text = readFileSync(path, 'utf8');
  // Gemini CLI writes one JSON document (older) or JSON lines (0.58 on).
  const doc = agent === 'gemini' && !text.trimStart().startsWith('{"type"') ? parseOrNull(text) : null;
  if (doc) {
    const messages = doc.messages ?? [];
    writeFileSync(out, JSON.stringify({ ...doc, messages: messages.slice(0, Math.ceil(messages.length / 2)) }));
  } else {
    const lines = text.split('\n').filter((l) => l.trim());
    writeFileSync(out, `${lines.slice(0, Math.ceil(lines.length / 2)).join('\n')}\n`);
  }
  return out;
}

export async function hitRatePart({ summary, ws, printTable }) {
  const tmp = join(ws.dir, 'hit-rates');
  mkdirSync(tmp, { recursive: true });
  const { rates, transcripts } = await importSrc({ rates: 'compact/hit-rate.ts', transcripts: 'transcripts/index.ts' });
  const rows = FIXTURES.map((f) => {
    const path = join(ROOT, f);
    const agent = transcripts.detectAgent(path);
    if (!agent) throw new Error(`not a transcript: ${f}`);
    const full = transcripts.readLedger(path, { agent });
    const first = transcripts.readLedger(firstHalf(path, agent, tmp), { agent });
    return { fixture: path, ...rates.hitRates(first, full) };
  });
  printTable(
    ['fixture (cut at its midpoint)', 'files known', 'touched after', 'seed @5', 'recent reads @5', 'seed @10', 'recent reads @10'],
    rows.map((r) => [r.fixture.slice(ROOT.length + 1), r.candidates, r.touched, pct(r.ours[5]), pct(r.claude[5]), pct(r.ours[10]), pct(r.claude[10])]),
  );
  for (const k of [5, 10]) {
    const ours = mean(rows.map((r) => r.ours[k]));
    const claude = mean(rows.map((r) => r.claude[k]));
    summary.note(`hot files hit@${k}: seed 004 score`, pct(ours));
    summary.note(`hot files hit@${k}: 5 most recently read (Claude Code)`.replace('5 most', k === 5 ? '5 most' : `${k} most`), pct(claude));
    const worse = rows.filter((r) => r.ours[k] !== null && r.claude[k] !== null && r.ours[k] < r.claude[k]).map((r) => r.fixture.split('/').slice(-2).join('/'));
    if (worse.length) console.log(`  at ${k}, the seed score does worse than the recent-reads rule on: ${worse.join(', ')}`);
  }
}

/** About Claude Code's summaries: AGENT-INTERFACES §7 quotes one of 7,315 tokens. */
const SUMMARY_CHARS = 28_000;

/**
 * Claude Code's records of a compaction (AGENT-INTERFACES §7): the boundary, then the summary as a
 * user record. The summary is the one `compact --offline` wrote for the transcript's own session
 * (bench-session-0001), cut to SUMMARY_CHARS: real-shaped, naming many of the ledger's items.
 */
function compactionRecords(dir, sessionId) {
  const text = JSON.parse(readFileSync(join(dir, '.git', 'git-memory', 'sessions', 'bench-session-0001', 'compact.json'), 'utf8')).summary.slice(0, SUMMARY_CHARS);
  const base = { isSidechain: false, userType: 'external', cwd: dir, sessionId, version: '2.1.39', gitBranch: 'main', timestamp: '2026-11-30T18:00:00.000Z' };
  const boundary = { parentUuid: null, logicalParentUuid: 'u-last', ...base, type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted', isMeta: false, uuid: 'compact-boundary', level: 'info', compactMetadata: { trigger: 'auto', preTokens: 170_000 } };
  const content = `This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n${text}`;
  const summaryRecord = { parentUuid: 'compact-boundary', ...base, type: 'user', message: { role: 'user', content }, uuid: 'compact-summary', isVisibleInTranscriptOnly: true, isCompactSummary: true };
  return `${JSON.stringify(boundary)}\n${JSON.stringify(summaryRecord)}\n`;
}

/** Waits (at most 5 s) until no PreCompact worker (`pattern`: no worker of that kind) runs. */
function waitForWorkers(pattern = 'agent-worker compact-prepare') {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && spawnSync('pgrep', ['-f', pattern]).status === 0) spawnSync('sleep', ['0.02']);
}

/**
 * The ledger's state files kept for a session (advance.ts): ledger.json, the tool-use hook's hot state
 * and, from stop 52, the must-keep digest (absent in an older build's state).
 */
const LEDGER_FILES = ['ledger.json', 'ledger-hot.json', 'ledger-ids.json', 'ledger-keep.json'];
const OPTIONAL = new Set(['ledger-keep.json']);

/**
 * PreCompact as a session meets it (compact51's finding): the tool-use hook ran after the last tool
 * call and kept its hot state beside ledger.json, then the session wrote on (a turn: a request, three
 * tool calls, a failed test), then the compaction comes. PreCompact puts the hot state and ledger.json
 * together and reads on. Returns a `before` that puts the ledger's state files back as they were
 * before PreCompact's first run, so every timed run meets the same state; the transcript keeps the
 * new turn.
 */
function realSession({ dir, env, BIN, transcript, files, hook }) {
  const path = join(dir, '..', 'compact-50mb-real.jsonl');
  const id = 'compact-50mb-real';
  copyFileSync(transcript, path);
  execFileSync(process.execPath, [BIN, 'hook', 'agent', 'tool-use', '--agent', 'claude'], { cwd: dir, env, input: hook('PostToolUse', { tool_name: 'Bash' }, id, path), stdio: ['pipe', 'ignore', 'ignore'] });
  waitForWorkers('agent-worker');
  const state = join(dir, '.git', 'git-memory', 'sessions', id);
  const saved = join(dir, '..', 'compact-50mb-real-state');
  mkdirSync(saved, { recursive: true });
  const kept = LEDGER_FILES.filter((f) => existsSync(join(state, f)));
  for (const f of LEDGER_FILES) if (!OPTIONAL.has(f) && !kept.includes(f)) throw new Error(`the tool-use hook kept no ${f} for ${id}`);
  for (const f of kept) copyFileSync(join(state, f), join(saved, f));
  const added = appendTurn(path, { cwd: dir, files, turn: 100_000 });
  // The hot state names ledger.json by its inode, size and time (advance.ts Hot.whole): a copy put
  // back is another file, so the hot state is told the copy's, as if the copy were the one it was cut from.
  const restore = () => {
    for (const f of kept) copyFileSync(join(saved, f), join(state, f));
    const st = statSync(join(state, 'ledger.json'));
    const hot = JSON.parse(readFileSync(join(saved, 'ledger-hot.json'), 'utf8'));
    writeFileSync(join(state, 'ledger-hot.json'), JSON.stringify({ ...hot, whole: [st.ino, st.size, st.mtimeMs] }));
  };
  return { input: hook('PreCompact', { trigger: 'auto', custom_instructions: '' }, id, path), added, restore };
}

export async function speedPart({ summary, workCopy, env, BIN, small, QUICK, measure, printTable, ratio, timingRows }) {
  const dir = workCopy(small, 'compact');
  const files = execFileSync('git', ['ls-files'], { cwd: dir, env, encoding: 'utf8' }).split('\n').filter((f) => f && !f.startsWith('.openclaw_memory'));
  const transcript = join(dir, '..', 'compact-50mb.jsonl');
  const megabytes = 50;
  const t0 = performance.now();
  const lines = await generateTranscript(transcript, { cwd: dir, files: files.slice(0, 400), megabytes });
  console.log(`  transcript: ${megabytes} MB, ${lines} lines, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const sessionId = 'compact-50mb';
  // Keep the ledger, as the hooks do during a session: the first read is the whole file, once.
  const t1 = performance.now();
  execFileSync(process.execPath, [BIN, 'compact', '--offline', '--transcript', transcript], { cwd: dir, env, stdio: 'ignore' });
  console.log(`  first read of the transcript (ledger kept from then on): ${((performance.now() - t1) / 1000).toFixed(2)} s`);
  const hook = (event, extra, session = sessionId, path = transcript) => JSON.stringify({ session_id: session, transcript_path: path, cwd: dir, hook_event_name: event, ...extra });
  const node = (name, args, input) => ({ name, cmd: process.execPath, args, cwd: dir, env, ...(input ? { input } : {}) });
  // A compaction as Claude Code leaves it for SessionStart: PreCompact ran (its worker prepared), then
  // the boundary record and the summary were appended. Another session on a copy of the transcript:
  // the PreCompact runs timed below read on to the end of theirs.
  const compacted = join(dir, '..', 'compact-50mb-compacted.jsonl');
  const compactedId = 'compact-50mb-compacted';
  copyFileSync(transcript, compacted);
  execFileSync(process.execPath, [BIN, 'hook', 'agent', 'pre-compact', '--agent', 'claude'], { cwd: dir, env, input: hook('PreCompact', { trigger: 'auto' }, compactedId, compacted), stdio: ['pipe', 'ignore', 'ignore'] });
  waitForWorkers();
  appendFileSync(compacted, compactionRecords(dir, compactedId));
  const real = realSession({ dir, env, BIN, transcript, files: files.slice(0, 400), hook });
  const floor = (args) => ['-e', `require('child_process').execFileSync('git',${JSON.stringify(args)})`];
  const floors = () => [node('floorA', floor(['rev-parse', 'HEAD'])), node('floorB', floor(['log', '-n', '50']))];
  const runs = QUICK ? 5 : 20;
  // Three groups, each with its own floors. Interleaved with the 100 ms commands, each hook ran
  // right after one (a CPU's caches full of a 50 MB transcript) while the floors ran after light
  // ones, which added ~0.1× to every hook's ratio (main's too) and nothing to the floors. The two
  // SessionStarts are apart too: as two sessions in turn, each would find the other one recorded
  // as active and record itself (a lock and a write), which a compaction never does.
  const heavy = measure([...floors(), node('compact', [BIN, 'compact', '--offline', '--transcript', transcript]), node('hotFiles', [BIN, 'hot-files', '--transcript', transcript])], { runs, warmup: 2 });
  // First: the first SessionStart after a compaction makes its code cache, and in an agent session
  // that one has the compaction's summary to check.
  const checked = measure([...floors(), node('startCompacted', [BIN, 'hook', 'agent', 'session-start', '--agent', 'claude'], hook('SessionStart', { source: 'compact' }, compactedId, compacted))], { runs, warmup: 2 });
  const r = measure(
    [
      ...floors(),
      // PreCompact leaves a low-priority worker preparing SessionStart's facts while the agent's model
      // writes its summary (seconds): waited for, untimed, so it does not run beside the next command.
      { ...node('preCompact', [BIN, 'hook', 'agent', 'pre-compact', '--agent', 'claude'], hook('PreCompact', { trigger: 'auto', custom_instructions: '' })), after: waitForWorkers },
      // The same hook as a session meets it: hot state kept, a turn written since (realSession).
      { ...node('preCompactReal', [BIN, 'hook', 'agent', 'pre-compact', '--agent', 'claude'], real.input), before: real.restore, after: waitForWorkers },
      node('startCompact', [BIN, 'hook', 'agent', 'session-start', '--agent', 'claude'], hook('SessionStart', { source: 'compact' })),
    ],
    { runs, warmup: 2 },
  );
  const floorLabels = { floorA: 'floor A: node -e execFileSync(git rev-parse HEAD)', floorB: 'floor B: node -e execFileSync(git log -n 50)' };
  printTable(['command', 'median', 'p90', 'runs'], [
    ...timingRows(heavy, {
      ...floorLabels,
      compact: `git-memory compact --offline (${megabytes} MB transcript, ledger kept)`,
      hotFiles: `git-memory hot-files (${megabytes} MB transcript, ledger kept)`,
    }),
    ...timingRows(checked, {
      ...floorLabels,
      startCompacted: `hook agent session-start, source compact, a ${SUMMARY_CHARS.toLocaleString('en')}-character summary appended and checked`,
    }),
    ...timingRows(r, {
      ...floorLabels,
      preCompact: 'hook agent pre-compact (PreCompact)',
      preCompactReal: `hook agent pre-compact, as in a session (tool-use hook's hot state kept, ${real.added} records since)`,
      startCompact: 'hook agent session-start, source compact (primer + after-compaction context)',
    }),
  ]);
  const c = heavy.compact.median / heavy.floorA.median;
  const h = heavy.hotFiles.median / heavy.floorA.median;
  const pre = r.preCompact.median / r.floorA.median;
  const start = r.startCompact.median / r.floorB.median;
  summary.add(`compact --offline, ${megabytes} MB transcript / floor A`, `${ratio(c)} (${heavy.compact.median.toFixed(1)} ms)`, c);
  summary.add(`hot-files, ${megabytes} MB transcript / floor A`, `${ratio(h)} (${heavy.hotFiles.median.toFixed(1)} ms)`, h);
  summary.add('PreCompact hook / floor A', ratio(pre), pre, { max: 1.5 }, '≤ 1.50×');
  const preReal = r.preCompactReal.median / r.floorA.median;
  summary.add('PreCompact hook, as in a session (hot state kept, a turn since) / floor A', ratio(preReal), preReal, { max: 1.5 }, '≤ 1.50×');
  summary.add('SessionStart(compact) hook / floor B', ratio(start), start, { max: 1.5 }, '≤ 1.50×');
  const withSummary = checked.startCompacted.median / checked.floorB.median;
  summary.add('SessionStart(compact), summary appended / floor B', ratio(withSummary), withSummary, { max: 1.5 }, '≤ 1.50×');
}

export async function run(ctx) {
  await hitRatePart(ctx);
  await speedPart(ctx);
}
