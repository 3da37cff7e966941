// The agent's tool-use hook (`git-memory hook agent tool-use`, run after every tool call) against the
// floor of a Node tool, with a 1 MB and a 50 MB Claude Code transcript that grows by 20 KB between
// calls (issue 13): the hook reads only what was appended, so its time must not grow with the file.
import { appendFileSync, existsSync, openSync, closeSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { withCpu } from './sizes.mjs';

const SESSION_BYTES = { small: 1 << 20, large: 50 << 20 };
const APPEND_BYTES = 20 * 1024;
/** The files the generated session works on: a real session touches a few dozen, again and again. */
const FILES = Array.from({ length: 40 }, (_, i) => `src/module-${i}/part-${i % 7}.ts`);

/**
 * One turn of a Claude Code transcript: a tool call and its (long) result, about `bytes` long, its
 * records chained by parentUuid to the previous turn's result (`r<n-1>`; the prompt is `r0`).
 */
function turn(sessionId, cwd, n, bytes) {
  const at = new Date(Date.UTC(2026, 10, 22, 9) + n * 1000).toISOString();
  const base = { isSidechain: false, userType: 'external', cwd, sessionId, version: '2.1.39', gitBranch: 'main' };
  const file = FILES[n % FILES.length];
  const tool = n % 3 === 0 ? { name: 'Edit', input: { file_path: join(cwd, file), old_string: 'a', new_string: 'b' } } : n % 3 === 1 ? { name: 'Read', input: { file_path: join(cwd, file) } } : { name: 'Bash', input: { command: `npm test -- ${file}` } };
  // Usage stays flat: the context neither grows past a threshold nor shrinks, so after the first
  // extraction (during warm-up) the hook only reads and checks.
  const usage = { input_tokens: 4, cache_creation_input_tokens: 200, cache_read_input_tokens: 60_000, output_tokens: 120 };
  const assistant = {
    ...base, parentUuid: `r${n - 1}`, uuid: `a${n}`, type: 'assistant', timestamp: at, requestId: `req_${n}`,
    message: { model: 'claude-opus-4-6', id: `msg_${n}`, type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${n}`, name: tool.name, input: tool.input }], stop_reason: 'tool_use', usage },
  };
  const head = JSON.stringify({ ...base, parentUuid: `a${n}`, uuid: `r${n}`, type: 'user', timestamp: at, message: { role: 'user', content: [{ tool_use_id: `toolu_${n}`, type: 'tool_result', content: '' }] } });
  const room = Math.max(0, bytes - JSON.stringify(assistant).length - head.length - 4);
  const output = 'PASS test/module.test.ts: the loader resolves every part\n'.repeat(Math.ceil(room / 40)).slice(0, room);
  const result = { ...JSON.parse(head), message: { role: 'user', content: [{ tool_use_id: `toolu_${n}`, type: 'tool_result', content: output }] } };
  return `${JSON.stringify(assistant)}\n${JSON.stringify(result)}\n`;
}

/** A transcript of about `size` bytes: a first prompt, then tool turns. Returns the next turn number. */
function writeTranscript(path, sessionId, cwd, size) {
  const fd = openSync(path, 'w');
  const prompt = { isSidechain: false, userType: 'external', cwd, sessionId, version: '2.1.39', gitBranch: 'main', parentUuid: null, uuid: 'r0', type: 'user', timestamp: '2026-11-22T09:00:00.000Z', message: { role: 'user', content: 'Refactor the module loader and keep the tests green' } };
  let written = writeSync(fd, `${JSON.stringify(prompt)}\n`);
  let n = 1;
  while (written < size) written += writeSync(fd, turn(sessionId, cwd, n++, APPEND_BYTES));
  closeSync(fd);
  return n;
}

/**
 * @param {{ summary: any, ws: any, workCopy: (repo: any, name: string) => string, env: Record<string,string>, BIN: string, small: any, QUICK: boolean, RUNS: number, measure: Function, printTable: Function, ratio: Function, timingRows: Function }} ctx
 */
export async function run({ summary, ws, workCopy, env, BIN, small, RUNS, measure, printTable, ratio, timingRows }) {
  const dir = workCopy(small, 'tool-use');
  const candidates = [{ name: 'floorA', cmd: process.execPath, args: ['-e', "require('child_process').execFileSync('git',['rev-parse','HEAD'])"], cwd: dir, env }];
  for (const [label, size] of Object.entries(SESSION_BYTES)) {
    const sessionId = `bench-${label}-${process.pid}`;
    const transcript = join(ws.dir, `transcript-${label}.jsonl`);
    let next = writeTranscript(transcript, sessionId, dir, size);
    const input = JSON.stringify({ session_id: sessionId, transcript_path: transcript, cwd: dir, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_response: { stdout: 'ok' } });
    candidates.push({
      name: label,
      cmd: process.execPath,
      args: [BIN, 'hook', 'agent', 'tool-use', '--agent', 'claude'],
      cwd: dir,
      env,
      input,
      // Untimed: the agent's next 20 KB, as the hook would find it.
      before: () => appendFileSync(transcript, turn(sessionId, dir, next++, APPEND_BYTES)),
    });
  }
  // CPU time too (the hook and the git it waits for; the untimed append is left out): on a busy
  // machine the wall times of a ~100 ms process mostly measure the others' load.
  const counted = withCpu(candidates);
  const r = measure(counted.candidates, { runs: RUNS, warmup: 3 });
  for (const label of Object.keys(SESSION_BYTES)) {
    const ledger = join(dir, '.git', 'git-memory', 'sessions', `bench-${label}-${process.pid}`, 'ledger.json');
    if (!existsSync(ledger)) throw new Error(`the tool-use hook kept no ledger for the ${label} transcript (${ledger})`);
  }
  printTable(['command', 'median', 'p90', 'runs'], timingRows(r, {
    floorA: 'floor A: node -e execFileSync(git rev-parse HEAD)',
    small: 'git-memory hook agent tool-use, 1 MB transcript (+20 KB a call)',
    large: 'git-memory hook agent tool-use, 50 MB transcript (+20 KB a call)',
  }));
  const smallRatio = r.small.median / r.floorA.median;
  const largeRatio = r.large.median / r.floorA.median;
  const growth = r.large.median / r.small.median;
  summary.add('tool-use hook, 1 MB transcript / floor A', ratio(smallRatio), smallRatio, { max: 1.3 }, '≤ 1.30×');
  summary.add('tool-use hook, 50 MB transcript / floor A', ratio(largeRatio), largeRatio, { max: 1.3 }, '≤ 1.30×');
  summary.add('tool-use hook 50 MB / 1 MB', `${ratio(growth)} (${r.large.median.toFixed(1)} vs ${r.small.median.toFixed(1)} ms)`, growth, { max: 1.1 }, '≤ 1.10× (flat)');
  const cpu = (name) => counted.mean(name, 3);
  summary.note('tool-use hook 50 MB / 1 MB, CPU (user+sys, mean; floor A)', `${ratio(cpu('large') / cpu('small'))} (${cpu('large').toFixed(1)} vs ${cpu('small').toFixed(1)} ms; floor A ${cpu('floorA').toFixed(1)} ms)`);
}
