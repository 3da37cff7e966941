// The hooks that run during an agent session (issue 13 item 6): PostToolUse / AfterTool and Stop read
// what the transcript gained into the ledger, check the notes' thresholds and start a detached
// worker when they are met. They never wait for a model, never fail, and print nothing.
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, makeMemoryRepo, ROOT, tempDir, type TestRepo } from '../../helpers/repo.js';
import { prompt, reply, toolTurn } from './claude-lines.js';
import { readKeptLedger } from '../../../src/transcripts/index.js';
import { settled } from '../../helpers/settled.js';
import { agentHookIn } from '../../helpers/agent-hook.js';

const memoryRepo = fixture(async () => {
  const repo = await makeMemoryRepo({ until: 'file' });
  // No model in these tests: the worker fills the notes from the ledger.
  appendFileSync(join(repo.dir, '.openclaw_memory.toml'), '\n[llm]\nprovider = "none"\n');
  return repo;
});

const SESSION = '3b9d1c0e-7a51-4f7e-9c43-5e2a1b0c9d8f';
const sessionDir = (repo: TestRepo, id = SESSION) => join(repo.dir, '.git', 'git-memory', 'sessions', id);

function transcriptFile(): string {
  const path = join(tempDir('gm-transcript-'), `${SESSION}.jsonl`);
  writeFileSync(path, '');
  return path;
}

/**
 * The hook as the binary routes it, in this process (helpers/agent-hook.ts; its workers real processes
 * of the binary). The tool-use bundle's own runs (its worker start, the modules it loads, bad input,
 * each agent's transcript) run the binary below.
 */
function hook(repo: TestRepo, event: string, agent: string, payload: Record<string, unknown>) {
  return agentHookIn(repo, [event, '--agent', agent], { stdin: JSON.stringify({ session_id: SESSION, cwd: repo.dir, ...payload }) });
}

const journalCount = (repo: TestRepo) => {
  const dir = join(repo.dir, '.openclaw_memory', 'journal');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).length : 0;
};

describe('hook agent tool-use: the ledger follows the transcript', () => {
  it('below the first threshold: reads what was appended, prints nothing, writes no notes', async () => {
    const repo = await memoryRepo();
    const t = transcriptFile();
    appendFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint') + toolTurn(SESSION, repo.dir, 3000));
    expect(await hook(repo, 'tool-use', 'claude', { transcript_path: t, hook_event_name: 'PostToolUse' })).toEqual({ code: 0, stdout: '', stderr: '' });
    const stateDir = join(repo.dir, '.git', 'git-memory');
    expect(readKeptLedger(stateDir, SESSION)!.offset).toBe(statSync(t).size);

    appendFileSync(t, toolTurn(SESSION, repo.dir, 4000, 'npm run lint'));
    expect(await hook(repo, 'tool-use', 'claude', { transcript_path: t })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readKeptLedger(stateDir, SESSION)!.offset).toBe(statSync(t).size);
    expect(readKeptLedger(stateDir, SESSION)!.ledger.tool_calls).toBe(2);
    await settled(repo); // every process the hook started has ended
    expect(existsSync(join(sessionDir(repo), 'notes.md'))).toBe(false);
  });

  it('the first threshold met: a detached worker writes the 10-section notes (from the ledger without a model)', async () => {
    const repo = await memoryRepo();
    const t = transcriptFile();
    appendFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint') + toolTurn(SESSION, repo.dir, 12_000) + reply(SESSION, repo.dir, 12_500, 'Logout is in place.'));
    expect(await hook(repo, 'stop', 'claude', { transcript_path: t, hook_event_name: 'Stop' })).toEqual({ code: 0, stdout: '', stderr: '' });
    await settled(repo); // the worker the hook started has ended
    expect(existsSync(join(sessionDir(repo), 'notes.json'))).toBe(true);
    const notes = readFileSync(join(sessionDir(repo), 'notes.md'), 'utf8');
    expect([...notes.matchAll(/^# (.+)$/gm)]).toHaveLength(10);
    expect(notes).toContain('Add a logout endpoint');
    expect(JSON.parse(readFileSync(join(sessionDir(repo), 'notes.json'), 'utf8'))).toMatchObject({ source: 'ledger', extractions: 1 });
    expect(existsSync(join(sessionDir(repo), 'lock'))).toBe(false);
  });

  it('the thresholds met at a tool call: the tool-use hook (its own bundle) starts the worker, which writes the notes', async () => {
    const repo = await memoryRepo();
    const t = transcriptFile();
    appendFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint') + toolTurn(SESSION, repo.dir, 11_000) + toolTurn(SESSION, repo.dir, 11_500, 'npm run lint') + toolTurn(SESSION, repo.dir, 12_000, 'npm run build'));
    expect(repo.exec(['hook', 'agent', 'tool-use', '--agent', 'claude'], { stdin: JSON.stringify({ session_id: SESSION, cwd: repo.dir, transcript_path: t, hook_event_name: 'PostToolUse' }) })).toEqual({ code: 0, stdout: '', stderr: '' });
    await settled(repo); // the worker the hook started has ended
    expect(existsSync(join(sessionDir(repo), 'notes.json'))).toBe(true);
    const notes = readFileSync(join(sessionDir(repo), 'notes.md'), 'utf8');
    expect(notes).toContain('Add a logout endpoint');
    expect(JSON.parse(readFileSync(join(sessionDir(repo), 'notes.json'), 'utf8'))).toMatchObject({ source: 'ledger', extractions: 1 });
    expect(existsSync(join(sessionDir(repo), 'lock'))).toBe(false);
    // Nothing went to the hook log (a failure to start the worker would).
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'agent-hook.log'))).toBe(false);
  });

  it('[session_memory] enabled = false: tool-use and stop do nothing', async () => {
    const repo = await memoryRepo();
    appendFileSync(join(repo.dir, '.openclaw_memory.toml'), '\n[session_memory]\nenabled = false\n');
    const t = transcriptFile();
    appendFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint') + toolTurn(SESSION, repo.dir, 20_000));
    expect(await hook(repo, 'tool-use', 'claude', { transcript_path: t })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await hook(repo, 'stop', 'claude', { transcript_path: t })).toEqual({ code: 0, stdout: '', stderr: '' });
    await settled(repo); // every process the hook started has ended
    expect(existsSync(sessionDir(repo))).toBe(false);
  });

  it('Claude Code Stop is a pause, not an end: logged items are not recorded at Stop', async () => {
    const repo = await memoryRepo();
    await repo.run(['log', 'Logout revokes the refresh token']);
    const t = transcriptFile();
    appendFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint') + reply(SESSION, repo.dir, 2000, 'Done.'));
    expect(await hook(repo, 'stop', 'claude', { transcript_path: t })).toEqual({ code: 0, stdout: '', stderr: '' });
    await settled(repo); // every process the hook started has ended
    expect(journalCount(repo)).toBe(0);
  });

  it('the common call (read, advance, check) loads none of node:crypto, the stream modules or child_process', async () => {
    const repo = await memoryRepo();
    const t = transcriptFile();
    appendFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint') + toolTurn(SESSION, repo.dir, 3000));
    // The modules node loaded, written when the hook's process exits.
    const dir = tempDir('gm-modules-');
    const preload = join(dir, 'modules.cjs');
    const out = join(dir, 'modules.txt');
    writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join('\\n')));\n`);
    for (let call = 0; call < 2; call++) {
      if (call) appendFileSync(t, toolTurn(SESSION, repo.dir, 4000, 'npm run lint'));
      const r = repo.exec(['hook', 'agent', 'tool-use', '--agent', 'claude'], { stdin: JSON.stringify({ session_id: SESSION, cwd: repo.dir, transcript_path: t }), env: { NODE_OPTIONS: `--require ${preload}` } });
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
      const loaded = readFileSync(out, 'utf8').split('\n').filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
      expect(loaded).toContain('fs');
      expect(loaded.filter((m) => ['crypto', 'stream', 'net', 'child_process'].includes(m))).toEqual([]);
    }
    expect(readKeptLedger(join(repo.dir, '.git', 'git-memory'), SESSION)!.ledger.tool_calls).toBe(2);
  });

  it('on a long session a tool call reads on from the hot state: ledger.json is not written again, every reader sees the calls', async () => {
    const repo = await memoryRepo();
    const t = transcriptFile();
    // Each record chained to the one before, as Claude Code writes them (none left waiting for its parent).
    let last: unknown = null;
    const chained = (text: string) =>
      text.split('\n').filter(Boolean).map((l) => {
        const r = JSON.parse(l);
        [r.parentUuid, last] = [last, r.uuid];
        return `${JSON.stringify(r)}\n`;
      }).join('');
    appendFileSync(t, chained(prompt(SESSION, repo.dir, 'Add a logout endpoint') + Array.from({ length: 400 }, (_, i) => toolTurn(SESSION, repo.dir, 3000, `npm test -- part-${i}`)).join('')));
    const call = () => repo.exec(['hook', 'agent', 'tool-use', '--agent', 'claude'], { stdin: JSON.stringify({ session_id: SESSION, cwd: repo.dir, transcript_path: t }) });
    expect(call()).toEqual({ code: 0, stdout: '', stderr: '' });
    const whole = statSync(join(sessionDir(repo), 'ledger.json'));
    for (let i = 0; i < 3; i++) {
      appendFileSync(t, chained(toolTurn(SESSION, repo.dir, 3000, `npm run lint -- ${i}`)));
      expect(call()).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    const after = statSync(join(sessionDir(repo), 'ledger.json'));
    expect({ ino: after.ino, mtime: after.mtimeMs }).toEqual({ ino: whole.ino, mtime: whole.mtimeMs });
    expect(statSync(join(sessionDir(repo), 'ledger-hot.json')).size).toBeLessThan(whole.size / 2);
    const ledger = readKeptLedger(join(repo.dir, '.git', 'git-memory'), SESSION)!.ledger;
    expect([ledger.tool_calls, ledger.commands.at(-1)?.command]).toEqual([403, 'npm run lint -- 2']);
  });

  it("a session's first tool call and the later ones (read on from the hot state) each keep their own code cache, made by their kind", async () => {
    const repo = await memoryRepo();
    const t = transcriptFile();
    const cache = tempDir('gm-cache-');
    const caches = () => readdirSync(join(cache, 'git-memory', 'v8')).filter((f) => f.startsWith('agent-tool-use')).map((f) => f.replace(/-[0-9a-f]{8}-[0-9a-f]{16}\.v8$/, '')).sort();
    const call = () => repo.exec(['hook', 'agent', 'tool-use', '--agent', 'claude'], { stdin: JSON.stringify({ session_id: SESSION, cwd: repo.dir, transcript_path: t }), env: { XDG_CACHE_HOME: cache } });
    appendFileSync(t, prompt(SESSION, repo.dir, 'Add a logout endpoint') + toolTurn(SESSION, repo.dir, 3000));
    expect(call()).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(caches()).toEqual(['agent-tool-use']);
    appendFileSync(t, toolTurn(SESSION, repo.dir, 4000, 'npm run lint'));
    expect(call()).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(caches()).toEqual(['agent-tool-use', 'agent-tool-use-lean']);
    expect(readKeptLedger(join(repo.dir, '.git', 'git-memory'), SESSION)!.ledger.tool_calls).toBe(2);
  });

  it('a problem is never shown to the agent: exit 0, nothing on stdout or stderr, a line in agent-hook.log', async () => {
    const repo = await memoryRepo();
    const missing = join(tempDir(), 'gone.jsonl');
    expect(await hook(repo, 'tool-use', 'claude', { transcript_path: missing })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(repo.dir, '.git', 'git-memory', 'agent-hook.log'), 'utf8')).toContain('cannot read the transcript');
    const bad = repo.exec(['hook', 'agent', 'tool-use', '--agent', 'claude'], { stdin: '{"session_id": ' });
    expect(bad).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('Codex PostToolUse and Gemini CLI AfterTool read their own transcripts', async () => {
    const repo = await memoryRepo();
    for (const [agent, file, event] of [['codex', 'codex.jsonl', 'PostToolUse'], ['gemini', 'gemini.json', 'AfterTool']] as const) {
      const id = `${agent}-session`;
      const r = repo.exec(['hook', 'agent', 'tool-use', '--agent', agent], {
        stdin: JSON.stringify({ session_id: id, transcript_path: join(ROOT, 'test', 'fixtures', 'transcripts', file), cwd: repo.dir, hook_event_name: event }),
      });
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
      const kept = readKeptLedger(join(repo.dir, '.git', 'git-memory'), id)!;
      expect(kept.ledger.agent).toBe(agent);
      expect(kept.ledger.tool_calls).toBeGreaterThan(0);
    }
  });
});
