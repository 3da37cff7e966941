// Issue 13 "Speed and cost": what session notes cost in model input. A Claude Code session grows to
// 87k tokens of context (test/helpers/growing-session.mjs); after each round, as the agent hooks
// do, `git memory notes update --if-due` runs, and a local stand-in for the Messages API answers
// as a note-taking model would. The figure is the estimated tokens (characters / 4) of every
// request body the built binary sent; the target is ≤ 150k. test/notes/cost.test.ts asserts the same.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { growingSession, noteTakerReply } from '../../test/helpers/growing-session.mjs';

const HAIKU = { input: 1, output: 5 }; // US dollars per million tokens

/** The stand-in Messages API on 127.0.0.1: records request bodies, answers with noteTakerReply. */
async function fakeApi() {
  const bodies = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(text);
      bodies.push({ body, chars: text.length });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(noteTakerReply(body, bodies.length - 1)));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, bodies, close: () => new Promise((r) => server.close(r)) };
}

function runBin(BIN, cwd, env, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`notes update exited ${code}: ${err}`))));
  });
}

export async function run({ summary, ws, env, BIN, printTable }) {
  const api = await fakeApi();
  try {
    const dir = join(ws.dir, 'notes-cost');
    mkdirSync(dir, { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main', dir], { env });
    // A model is called only where the user chose one: this repository's config chooses the stand-in.
    writeFileSync(join(dir, '.openclaw_memory.toml'), '[llm]\nprovider = "anthropic"\n');
    const { sessionId, steps } = growingSession({ targetTokens: 87_000 });
    const transcript = join(ws.dir, `${sessionId}.jsonl`);
    writeFileSync(transcript, '');
    const runEnv = { ...env, ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: api.url };
    let extractions = 0;
    let output = 0;
    const started = performance.now();
    for (const step of steps) {
      appendFileSync(transcript, step.text);
      const d = await runBin(BIN, dir, runEnv, ['notes', 'update', '--if-due', '--transcript', transcript, '--session', sessionId, '--json']);
      if (d.changed) extractions++;
      if (d.changed && d.via !== 'model') throw new Error(`an update fell back to the ledger: ${d.reason}`);
      output = d.usage.usage.output;
    }
    const seconds = (performance.now() - started) / 1000;
    const sent = api.bodies.reduce((n, b) => n + Math.ceil(JSON.stringify(b.body).length / 4), 0);
    const cost = (sent * HAIKU.input + output * HAIKU.output) / 1e6;
    printTable(
      ['context reached', 'hook calls', 'extractions', 'input tokens sent', 'output tokens', 'cost (Haiku 4.5, no cache)', 'time'],
      [[String(steps.at(-1).tokens), String(steps.length), String(extractions), String(sent), String(output), `$${cost.toFixed(4)}`, `${seconds.toFixed(0)} s`]],
    );
    summary.add('notes: input tokens sent for an 87k-token session', `${sent} ($${cost.toFixed(3)})`, sent, { max: 150_000 }, '≤ 150000');
  } finally {
    await api.close();
  }
}
