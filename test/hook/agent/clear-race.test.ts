// A new session started while the last one's end still runs (issue 24 §2): Claude Code's `/clear`
// ends the old session (SessionEnd, reason "clear") and starts the new one (SessionStart, source
// "clear") at once, the end in the background (agents/hook-command.ts DETACHED_END); Gemini CLI's
// `/clear` and a Codex session started while the last one's end runs are the same. Whichever order
// the two take, the old session's end records that session and nothing of the new one: the new
// session keeps its start (session-start.json: its base commit, where its commits begin in the
// reflog) and stays the active session, whether its start was served by the script or run by node.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir, type TestRepo } from '../../helpers/repo.js';
import { settled } from '../../helpers/settled.js';
import { wiredFor } from '../../helpers/wired-agents.js';
import { readAgentState } from '../../../src/git/agent-session.js';
import { finaliseSession } from '../../../src/hook/agent/finalise.js';

type Agent = 'claude' | 'codex' | 'gemini';
type Start = 'served' | 'node';
const SETTINGS: Record<Agent, string> = { claude: '.claude/settings.json', codex: '.codex/hooks.json', gemini: '.gemini/settings.json' };

const wired = wiredFor(Object.keys(SETTINGS));

const stateDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory');
const startFile = (repo: TestRepo) => join(stateDir(repo), 'session-start.json');

/** Sleeps without yielding to the event loop: what the test waits for meanwhile runs in other processes. */
const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The hooks of `agent` as it runs them, with a `git-memory` on PATH that logs the starts the agent waits for. */
function agentOf(repo: TestRepo, agent: Agent) {
  const bin = tempDir('gm-shim-');
  const log = join(bin, 'starts.log');
  writeFileSync(log, '');
  writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\n[ -n "$GIT_MEMORY_START_BESIDE" ] || [ "$3" != session-start ] || echo "inline" >> "${log}"\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'git-memory'), 0o755);
  const env = { ...repo.env, PATH: `${bin}:${repo.env.PATH}` };
  const hooks = () => (JSON.parse(readFileSync(join(repo.dir, SETTINGS[agent]), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { hooks: Record<string, { hooks: { command: string }[] }[]> }).hooks;
  const transcripts = tempDir('gm-transcripts-');
  const transcript = (id: string) => join(transcripts, `${id}.jsonl`);
  const payload = (event: string, id: string, extra: Record<string, string>) => JSON.stringify({ session_id: id, transcript_path: transcript(id), cwd: repo.dir, hook_event_name: event, ...extra });
  const inline = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
  return {
    env,
    transcript,
    inline,
    /** SessionStart as the agent runs it (`served`: its command, which the script serves; `node`: node in line); not waited for. */
    start(how: Start, id: string, source: string): ChildProcess {
      const args = how === 'served' ? ['sh', ['-c', hooks().SessionStart[0]!.hooks[0]!.command]] : [process.execPath, [BIN, 'hook', 'agent', 'session-start', '--agent', agent]];
      // The payload from a file: the test may hold its own event loop while the start runs.
      const input = join(transcripts, `${id}.start.json`);
      writeFileSync(input, payload('SessionStart', id, { source }));
      const fd = openSync(input, 'r');
      try {
        return spawn(args[0] as string, args[1] as string[], { cwd: repo.dir, env, stdio: [fd, 'ignore', 'ignore'] });
      } finally {
        closeSync(fd);
      }
    },
    /** SessionEnd as the agent runs it: its command hands the end to a background process. */
    end(id: string, reason: string) {
      const r = spawnSync('sh', ['-c', hooks().SessionEnd[0]!.hooks[0]!.command], { cwd: repo.dir, env, input: payload('SessionEnd', id, { reason }), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    },
  };
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));

/**
 * A session `old` that logged an item, in a worktree whose next start is served (the primer kept by
 * `old`'s node start): what `/clear` ends. Codex: one whose SessionEnd fires here (0.171 on).
 */
async function oldSession(agent: Agent) {
  const repo = await wired();
  const a = agentOf(repo, agent);
  if (agent === 'codex') writeFileSync(join(stateDir(repo), 'session-end-seen-codex'), '');
  expect(await exited(a.start('node', 'old', 'startup'))).toBe(0);
  await settled(repo);
  expect(readAgentState(stateDir(repo)).active?.sessionId).toBe('old');
  expect((await repo.run(['log', 'The cache must stay per process'], { env: a.env })).code).toBe(0);
  return { repo, a };
}

/** What must hold once both ran: the old session recorded and finalised, the new one's start and record kept. */
function bothRecorded(repo: TestRepo, agent: Agent, newStart: string) {
  expect(repo.git('log', '-1', '--format=%s')).toMatch(/^memory: /);
  expect(repo.git('show', '--format=', '-p', 'HEAD')).toContain('The cache must stay per process');
  expect(existsSync(startFile(repo)) ? readFileSync(startFile(repo), 'utf8') : null).toBe(newStart);
  expect(JSON.parse(newStart)).toMatchObject({ session: 'new' });
  const state = readAgentState(stateDir(repo));
  expect(state.active?.sessionId).toBe('new');
  expect(state.finalised).toContain(`${agent}:old`);
  expect(state.finalised).not.toContain(`${agent}:new`);
}

const CASES: [Agent, Start][] = [
  ['claude', 'served'],
  ['claude', 'node'],
  ['codex', 'served'],
  ['gemini', 'served'],
  ['gemini', 'node'],
];

describe("`/clear`: the old session's end runs while the new session starts", () => {
  for (const [agent, how] of CASES) {
    it(`${agent}, ${how} start: the new session starts first, then the old one's end runs; the new start is kept`, async () => {
      const { repo, a } = await oldSession(agent);
      const before = a.inline();
      expect(await exited(a.start(how, 'new', 'clear'))).toBe(0);
      await settled(repo);
      // Served: no node the agent waited for.
      if (how === 'served') expect(a.inline() - before).toBe(0);
      const newStart = readFileSync(startFile(repo), 'utf8');
      a.end('old', 'clear');
      await settled(repo);
      bothRecorded(repo, agent, newStart);
    });

    it(`${agent}, ${how} start: the old one's end reads its start, then the new session's start records its own before that end is done; the new start is kept`, async () => {
      const { repo, a } = await oldSession(agent);
      const spool = join(stateDir(repo), 'spool.jsonl');
      expect(existsSync(spool)).toBe(true);
      const was = statSync(startFile(repo)).ino;
      let newStart: string | null = null;
      let recorded = false;
      let child: ChildProcess | null = null;
      // The end claims the spool and reads its start in one synchronous run; this runs at its first
      // wait after (a git process), and holds the end there until the new start has recorded itself.
      const watch = setInterval(() => {
        if (child || existsSync(spool)) return;
        child = a.start(how, 'new', 'clear');
        for (const until = Date.now() + 30_000; Date.now() < until; block(5)) {
          const now = statSync(startFile(repo), { throwIfNoEntry: false });
          if (now && now.ino !== was) {
            recorded = true;
            break;
          }
        }
        newStart = readFileSync(startFile(repo), 'utf8');
      }, 1);
      let outcome;
      try {
        outcome = await finaliseSession({ cwd: repo.dir, env: a.env }, { agent, sessionId: 'old', transcriptPath: a.transcript('old'), closing: true });
      } finally {
        clearInterval(watch);
      }
      expect(child).not.toBeNull();
      expect(await exited(child!)).toBe(0);
      await settled(repo);
      expect(outcome.result).toBe('written');
      expect(recorded).toBe(true);
      bothRecorded(repo, agent, newStart!);
    });
  }

  it("claude: after a served start that raced the old session's end, the new session's end has the new session's base and commits", async () => {
    const { repo, a } = await oldSession('claude');
    expect(await exited(a.start('served', 'new', 'clear'))).toBe(0);
    await settled(repo);
    const base = repo.git('rev-parse', 'HEAD').trim();
    a.end('old', 'clear');
    await settled(repo);
    // The new session commits (through a shell whose git runs no hook, as Gemini CLI's) and ends.
    const work = repo.commit('Share the cache', { 'src/cache.ts': '// shared\n' });
    expect((await repo.run(['log', 'The cache is shared now'], { env: a.env })).code).toBe(0);
    a.end('new', 'other');
    await settled(repo);
    const session = repo.git('show', '--format=', '--name-only', 'HEAD').split('\n').find((p) => p.includes('/journal/'))!;
    const text = repo.read(session);
    expect(text).toContain('The cache is shared now');
    expect(text).toContain(`base: ${base}`);
    expect(text).toContain(work.slice(0, 7));
  });
});
