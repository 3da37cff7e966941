// A session's start without node (src/hook/agent/kept-start.ts, issue 24 section 3): the SessionStart
// command `init` writes, run by sh as the agents run it, prints the primer node kept when nothing it
// is made of changed, byte for byte what node prints then, and runs node in line at every edge where
// the kept one would be stale. Which path ran is read from a `git-memory` on PATH that logs its starts.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prompt, reply } from './claude-lines.js';
import { BIN, fixture, makeMemoryRepo, makeRepo, tempDir, type TestRepo } from '../../helpers/repo.js';
import { agentHookIn } from '../../helpers/agent-hook.js';
import { settled } from '../../helpers/settled.js';
import { readAgentState } from '../../../src/git/agent-session.js';
import { findRepo } from '../../../src/git/repo.js';
import { tryDreamLock } from '../../../src/dream/state.js';

type Agent = 'claude' | 'codex' | 'gemini';
const SETTINGS: Record<Agent, string> = { claude: '.claude/settings.json', codex: '.codex/hooks.json', gemini: '.gemini/settings.json' };

/** A repository with memory worth a primer: a session with next steps, a task, MEMORY.md facts anchored to a file there and to one gone. */
const withMemory = fixture(async () => {
  const repo = await makeMemoryRepo({ until: 'file' });
  const at = repo.commit('Add the cache', { 'src/cache.ts': '// per process\n', 'src/old.ts': '// old\n' }).slice(0, 9);
  repo.write('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Gotchas\n\n- The cache in src/cache.ts is per process <!-- files: src/cache.ts; at: ${at}; date: 2026-01-01 -->\n- The old module src/old.ts is kept for the importer <!-- files: src/old.ts; at: ${at}; date: 2026-01-01 -->\n`);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'memory: long-term');
  repo.commit('Share the cache', { 'src/cache.ts': '// shared\n' });
  const summary = { request: 'Make the cache shared', completed: ['Shared the cache'], next_steps: ['Measure the cache under load'], tasks: [{ task: 'Document the cache', status: 'todo' }] };
  expect((await repo.run(['end', '--summary', JSON.stringify(summary)])).code).toBe(0);
  for (const agent of Object.keys(SETTINGS)) expect((await repo.run(['init', '--agent', agent])).code).toBe(0);
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'Wire the agents');
  return repo;
});

/** The SessionStart command of `agent`, run as the agent runs it, and node's own answer now. */
/** Runs the committed SessionEnd command for a session (as the agent does at its end) and waits for what it started. */
async function endSession(repo: TestRepo, s: ReturnType<typeof starter>, sessionId: string): Promise<void> {
  const end = s.hooks.SessionEnd[0].hooks[0].command;
  const r = spawnSync('sh', ['-c', end], { cwd: repo.dir, env: s.env, input: JSON.stringify({ session_id: sessionId, transcript_path: s.transcript(sessionId), cwd: repo.dir, hook_event_name: 'SessionEnd', reason: 'other' }), encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  await settled(repo);
}

function starter(repo: TestRepo, agent: Agent, dir = repo.dir) {
  const bin = tempDir('gm-shim-');
  const log = join(bin, 'starts.log');
  writeFileSync(log, '');
  // Each start: "inline" when the agent waits for it, "beside" when the script started it after printing.
  // SHIM_HOLD_BESIDE: the node the script starts beside the agent does not run (what the script alone did is seen).
  writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\nif [ -n "$GIT_MEMORY_START_BESIDE" ]; then echo "beside $*" >> "${log}"; [ -z "$SHIM_HOLD_BESIDE" ] || exit 0; else echo "inline $*" >> "${log}"; fi\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'git-memory'), 0o755);
  const env = { ...repo.env, PATH: `${bin}:${repo.env.PATH}` };
  // Read when first asked: the settings may be written after (init run with this PATH).
  const settings = () => (JSON.parse(readFileSync(join(repo.dir, SETTINGS[agent]), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { hooks: Record<string, { hooks: { command: string }[] }[]> }).hooks;
  const transcripts = tempDir('gm-transcripts-');
  const transcript = (sessionId: string) => join(transcripts, `${sessionId}.jsonl`);
  const payload = (source: string, sessionId: string, cwd = dir) => JSON.stringify({ session_id: sessionId, transcript_path: transcript(sessionId), cwd, hook_event_name: 'SessionStart', source });
  let n = 0;
  const starts = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return {
    env,
    get hooks() {
      return settings();
    },
    transcript,
    starts,
    /** Runs the command (in `at`, the payload's cwd `said`); what it printed, and how many node starts the agent waited for. */
    async start(source = 'startup', extraEnv: Record<string, string> = {}, at = dir, said = at) {
      const before = starts().filter((s) => s.startsWith('inline')).length;
      const r = spawnSync('sh', ['-c', settings().SessionStart[0].hooks[0].command], { cwd: at, env: { ...env, ...extraEnv }, input: payload(source, `s-${++n}`, said), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      await settled(repo);
      return { out: r.stdout, inline: starts().filter((s) => s.startsWith('inline')).length - before, err: r.stderr, sessionId: `s-${n}` };
    },
    /**
     * What node prints right now for a start (run straight, not through the command): the hook's own
     * code in this process (helpers/agent-hook.ts), not a node start of the binary (~0.3 s of
     * processor time each), whose starts are what the command's runs are about.
     */
    async node(source = 'startup', at = dir) {
      const r = await agentHookIn(repo, ['session-start', '--agent', agent], { cwd: at, env: env as Record<string, string>, stdin: payload(source, `s-${++n}`, at) });
      expect(r.code, r.stderr).toBe(0);
      await settled(repo);
      return r.stdout;
    },
  };
}

/** The minute a primer says it was made at. */
const minuteOf = (out: string) => /on (\d{4}-\d\d-\d\d \d\d:\d\d)/.exec(out)?.[1];

/**
 * Each edge: the primer is kept, `change` makes it stale, and the next start runs node in line and
 * prints node's answer now (not the kept one); once node kept the new one, the start after is served.
 */
async function edge(change: (repo: TestRepo, s: ReturnType<typeof starter>) => void | Promise<void>, opts: { source?: string; differs?: boolean } = {}) {
  const repo = await withMemory();
  const s = starter(repo, 'claude');
  const kept = await s.start();
  expect(kept.inline).toBe(1);
  await change(repo, s);
  const after = await s.start(opts.source);
  expect(after.inline).toBe(1);
  const now = await s.node(opts.source);
  if (minuteOf(after.out) === minuteOf(now)) expect(after.out).toBe(now);
  if (opts.differs !== false && minuteOf(after.out) === minuteOf(kept.out)) expect(after.out).not.toBe(kept.out);
  return { repo, s };
}

const stamp = (repo: TestRepo, path: string) => statSync(join(repo.dir, path)).mtime;

describe('a kept primer that would be stale is never shown: node runs in line', () => {
  it('a commit after the primer was kept', async () => {
    const { s } = await edge((repo) => void repo.commit('Tune the cache', { 'src/cache.ts': '// tuned\n' }));
    expect((await s.start()).inline).toBe(0);
  });

  it("a teammate's commits pulled in", async () => {
    await edge((repo) => {
      const mate = tempDir('gm-mate-');
      repo.git('clone', '-q', repo.dir, mate);
      const git = (...a: string[]) => spawnSync('git', a, { cwd: mate, env: repo.env, encoding: 'utf8' });
      writeFileSync(join(mate, 'team.txt'), 'from a teammate\n');
      git('add', 'team.txt');
      git('commit', '-q', '-m', 'Teammate adds team.txt');
      repo.git('pull', '-q', '--ff-only', mate, 'main');
    });
  });

  it('TASKS.md changed, its modification time set back to before the primer was kept', async () => {
    const { s } = await edge((repo) => {
      const was = stamp(repo, '.openclaw_memory/TASKS.md');
      repo.write('.openclaw_memory/TASKS.md', repo.read('.openclaw_memory/TASKS.md').replace('Document the cache', 'Document the shared cache'));
      utimesSync(join(repo.dir, '.openclaw_memory/TASKS.md'), was, was);
    });
    expect((await s.start()).inline).toBe(0);
  });

  it('a journal session edited by hand', async () => {
    await edge((repo) => {
      const day = repo.git('ls-files', '.openclaw_memory/journal').split('\n').find((p) => p.endsWith('.md'))!;
      repo.write(day, repo.read(day).replace('Measure the cache under load', 'Measure the cache under real load'));
    });
  });

  it('MEMORY.md edited', async () => {
    await edge((repo) => repo.write('.openclaw_memory/MEMORY.md', repo.read('.openclaw_memory/MEMORY.md').replace('per process', 'per worker')));
  });

  it('a file a MEMORY.md fact is anchored to deleted from the working tree', async () => {
    const { repo } = await edge((repo) => rmSync(join(repo.dir, 'src/old.ts')));
    expect(repo.read('.openclaw_memory/PRIMER.md')).toContain('its files were deleted');
  });

  it('a hot file deleted from the working tree', async () => {
    const { repo } = await edge((repo) => rmSync(join(repo.dir, 'src/cache.ts')));
    expect(repo.read('.openclaw_memory/PRIMER.md').split('## Hot files\n')[1]).not.toContain('src/cache.ts');
  });

  it("the user's own preferences written", async () => {
    await edge((repo) => {
      mkdirSync(join(repo.home, 'user'), { recursive: true });
      writeFileSync(join(repo.home, 'user', 'preferences.md'), '- Short answers\n');
    });
  });

  it('another branch checked out at the same commit', async () => {
    const { s } = await edge((repo) => void repo.git('switch', '-q', '-c', 'feature/cache'));
    expect((await s.start()).out).toContain('feature/cache');
  });

  it('another worktree of the repository', async () => {
    const repo = await withMemory();
    const main = starter(repo, 'claude');
    expect((await main.start()).inline).toBe(1);
    const other = tempDir('gm-wt-');
    rmSync(other, { recursive: true });
    repo.git('worktree', 'add', '-q', '-b', 'other', other);
    const s = starter(repo, 'claude', other);
    const there = await s.start();
    expect(there.inline).toBe(1);
    expect(there.out).toContain('branch `other`');
    expect((await s.start()).inline).toBe(0);
    expect((await main.start()).out).toContain('branch `main`');
  });

  it('git-memory turned off for the clone: nothing printed', async () => {
    const { s } = await edge((repo) => void repo.git('config', 'memory.enabled', 'false'));
    expect((await s.start()).out).toBe('');
  });

  it('another day: the kept primer is for the day it was made', async () => {
    await edge((repo) => {
      const file = join(repo.dir, '.git', 'git-memory', 'kept-start-claude.sh');
      const was = statSync(file).mtime;
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^k_day='[^']*'$/m, "k_day='2001-01-01'"));
      utimesSync(file, was, was);
    }, { differs: false });
  });

  for (const source of ['resume', 'compact']) {
    it(`a ${source}: what is logged or prepared for the session goes with it`, async () => {
      await edge(() => undefined, { source, differs: false });
    });
  }
});

describe('after a session ended, the next start is served', () => {
  it("the session's memory commit moved HEAD: its end kept the next start's primer, node's byte for byte", async () => {
    const repo = await withMemory();
    const s = starter(repo, 'claude');
    expect((await s.start()).inline).toBe(1);
    writeFileSync(s.transcript('s-1'), prompt('s-1', repo.dir, 'Tune the cache') + reply('s-1', repo.dir, 2000, 'Tuned.'));
    repo.commit('Tune the cache', { 'src/cache.ts': '// tuned\n' });
    const head = repo.git('rev-parse', 'HEAD');
    await endSession(repo, s, 's-1');
    expect(repo.git('rev-parse', 'HEAD^')).toBe(head);
    expect((await servedAsNode(s)).out).toContain('Tune the cache');
  });
});

/** `git` in the repository with the starter's PATH (git-memory on it: the hooks init installed run). */
const gitWith = (repo: TestRepo, env: NodeJS.ProcessEnv, ...args: string[]) => {
  const r = spawnSync('git', args, { cwd: repo.dir, env, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
};

/** The start is node's own: the same output as node's now (a run across a minute's turn is made again). */
async function servedAsNode(s: ReturnType<typeof starter>) {
  for (let attempt = 0; ; attempt++) {
    const lean = await s.start();
    expect(lean.inline).toBe(0);
    expect(lean.err).toBe('');
    const node = await s.node();
    if (minuteOf(lean.out) !== minuteOf(node) && attempt < 2) continue;
    expect(lean.out).toBe(node);
    return lean;
  }
}

describe("the worktree's first session is served too", () => {
  for (const agent of Object.keys(SETTINGS) as Agent[]) {
    it(`${agent}: after \`init --agent ${agent} --mcp\` and the commit of what it wrote, the first start waits for no node, and its output is node's own`, async () => {
      const repo = makeRepo();
      const s = starter(repo, agent);
      expect((await repo.run(['init', '--agent', agent, '--mcp'], { env: { PATH: s.env.PATH! } })).code).toBe(0);
      gitWith(repo, s.env, 'add', '-A');
      gitWith(repo, s.env, 'commit', '-q', '-m', 'Set up git-memory');
      // The post-commit hook kept the start for the commit it made, in the background.
      await settled(repo);
      const first = await servedAsNode(s);
      expect(first.out).toContain(`at ${gitWith(repo, s.env, 'rev-parse', '--short', 'HEAD')} on`);
      // Once: a later commit of the user's starts no keeping (a session's end keeps the next one).
      gitWith(repo, s.env, 'commit', '-q', '--allow-empty', '-m', 'Later');
      await settled(repo);
      expect(s.starts().filter((l) => l.includes('keep-start'))).toHaveLength(1);
    });
  }

  it("a teammate's clone: node in line until they run `git memory init`, which keeps the start for the HEAD they have", async () => {
    const repo = await makeMemoryRepo();
    const s0 = starter(repo, 'claude');
    expect((await repo.run(['init', '--agent', 'claude'], { env: { PATH: s0.env.PATH! } })).code).toBe(0);
    gitWith(repo, s0.env, 'add', '-A');
    gitWith(repo, s0.env, 'commit', '-q', '-m', 'Wire Claude Code');
    await settled(repo);
    const mateDir = tempDir('gm-mate-');
    repo.git('clone', '-q', repo.dir, mateDir);
    const mate: TestRepo = { ...repo, dir: mateDir };
    const s = starter(mate, 'claude');
    // No git-memory state in a fresh clone: the command runs node in line (correct, and the only way).
    expect((await s.start()).inline).toBe(1);
    // What that start left (it keeps the primer too) goes: the teammate's next step is `git memory init`.
    rmSync(join(mateDir, '.git', 'git-memory'), { recursive: true, force: true });
    const init = spawnSync(process.execPath, [BIN, 'init'], { cwd: mateDir, env: s.env, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
    await servedAsNode(s);
  });
});

/** A `git` first on PATH that logs each run's arguments to the returned file, then runs git. */
function gitLogger(env: NodeJS.ProcessEnv): { env: Record<string, string>; runs: () => string[] } {
  const dir = tempDir('gm-git-shim-');
  const log = join(dir, 'git.log');
  writeFileSync(log, '');
  const real = spawnSync('sh', ['-c', 'command -v git'], { env, encoding: 'utf8' }).stdout.trim();
  writeFileSync(join(dir, 'git'), `#!/bin/sh\necho "$*" >> "${log}"\nexec "${real}" "$@"\n`);
  chmodSync(join(dir, 'git'), 0o755);
  return { env: { PATH: `${dir}:${env.PATH}` }, runs: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

// One repository per agent for what its second start shows: served (no node in line), byte for byte
// what node prints, from one `git rev-parse`, and recording the session beside the agent.
describe('SessionStart prints the kept primer without node, byte for byte what node prints, and asks git once (issue 24 §3: every agent waits for it before its first request)', () => {
  for (const agent of Object.keys(SETTINGS) as Agent[]) {
    it(`${agent}: the second start waits for no node, the command's one \`git rev-parse\` gives the script what it needs, and its output is node's own`, async () => {
      const repo = await withMemory();
      const s = starter(repo, agent);
      const first = await s.start();
      expect(first.inline).toBe(1);
      expect(first.out).toContain('Measure the cache under load');
      expect(first.out).toContain('src/cache.ts changed in 1 commit');
      const git = gitLogger(s.env);
      // The same minute for both (a run across a minute's turn is made again).
      for (let attempt = 0; ; attempt++) {
        const before = git.runs().length;
        const lean = await s.start('startup', git.env);
        expect(lean.inline).toBe(0);
        expect(lean.err).toBe('');
        expect(git.runs().slice(before)).toEqual([expect.stringMatching(/^rev-parse --git-path git-memory\/session-start\.sh /)]);
        const node = await s.node();
        if (minuteOf(lean.out) !== minuteOf(node) && attempt < 2) continue;
        expect(lean.out).toBe(node);
        break;
      }
      // What the start must still do went on beside the agent: the session is recorded as active.
      const active = JSON.parse(readFileSync(join(repo.dir, '.git', 'git-memory', 'agent-session.json'), 'utf8')) as { active: { sessionId: string } };
      expect(active.active.sessionId).toMatch(/^s-\d+$/);
    });
  }

  it('the command an older version wrote (the script asks git itself) is still served, byte for byte', async () => {
    const repo = await withMemory();
    const s = starter(repo, 'claude');
    const old = 'command -v git-memory >/dev/null 2>&1 || exit 0; g=$(git rev-parse --git-path git-memory/session-start.sh 2>/dev/null) && test -f "$g" && exec sh "$g" claude; git-memory hook agent session-start --agent claude';
    const file = join(repo.dir, SETTINGS.claude);
    const settings = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    settings.hooks.SessionStart[0].hooks[0].command = old;
    writeFileSync(file, JSON.stringify(settings));
    expect((await s.start()).inline).toBe(1);
    const git = gitLogger(s.env);
    const lean = await s.start('startup', git.env);
    expect(lean.inline).toBe(0);
    expect(git.runs()).toHaveLength(2);
    expect(lean.out).toContain('Measure the cache under load');
    // A second argument that is not this script's `git rev-parse` output is not taken for it.
    const script = join(repo.dir, '.git', 'git-memory', 'session-start.sh');
    const forged = spawnSync('sh', [script, 'claude', `/elsewhere/session-start.sh\n${repo.dir}\nx\ny\n0000000\nrefs/heads/other`], { cwd: repo.dir, env: { ...s.env, ...git.env }, input: JSON.stringify({ session_id: 's-forged', transcript_path: s.transcript('s-forged'), cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup' }), encoding: 'utf8' });
    expect(forged.status, forged.stderr).toBe(0);
    await settled(repo);
    // Served (no node in line), from git's own answer: one more git run.
    expect(forged.stdout).toContain('Measure the cache under load');
    expect(s.starts().filter((l) => l.startsWith('inline'))).toHaveLength(1);
    expect(git.runs()).toHaveLength(3);
  });
});

describe("a served start writes its first turn's gate itself, as node would", () => {
  // Each agent's served start and the gate it writes: with what else it records, in the describe below.

  it("codex: where no SessionEnd was seen in the worktree, the script leaves the gate to node (whose Stop may end the session)", async () => {
    const repo = await withMemory();
    const s = starter(repo, 'codex');
    expect((await s.start()).inline).toBe(1);
    const served = await s.start('startup', { SHIM_HOLD_BESIDE: '1' });
    expect(served.inline).toBe(0);
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'sessions', served.sessionId))).toBe(false);
  });

  it('a session id or transcript path the script cannot read exactly (a JSON escape) gets no gate from it', async () => {
    const repo = await withMemory();
    const s = starter(repo, 'claude');
    expect((await s.start()).inline).toBe(1);
    const cmd = s.hooks.SessionStart[0].hooks[0].command;
    const payload = JSON.stringify({ session_id: 'esc-1', transcript_path: '/tmp/a"b.jsonl', cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup' });
    const r = spawnSync('sh', ['-c', cmd], { cwd: repo.dir, env: { ...s.env, SHIM_HOLD_BESIDE: '1' }, input: payload, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Measure the cache under load');
    expect(existsSync(join(repo.dir, '.git', 'git-memory', 'sessions', 'esc-1'))).toBe(false);
    // What the script cannot record exactly, node records beside the agent.
    await settled(repo);
    expect(s.starts().filter((l) => l.startsWith('beside'))).toHaveLength(1);
  });
});

const stateDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory');

/** The head of a Codex rollout as Codex writes it before SessionStart runs: its first line, `session_meta` with the CLI's version. */
const rolloutHead = (sessionId: string, version: string) =>
  `${JSON.stringify({ timestamp: '2026-12-04T23:18:25.078Z', ordinal: 0, type: 'session_meta', payload: { session_id: sessionId, id: sessionId, cwd: '/tmp/r', originator: 'codex_exec', cli_version: version, source: 'exec', base_instructions: { text: 'You are Codex. '.repeat(300) } } })}\n`;

describe("Codex's first session in a worktree (no SessionEnd seen yet) is served with no node, where node's rules let the script decide (issue 24 §3a)", () => {
  /** What node's start writes for the same first session, in a repository of its own: the claim and the gate, paths made relative. */
  async function nodeFirst(): Promise<{ awaited: string; gate: string }> {
    const repo = await withMemory();
    const s = starter(repo, 'codex');
    writeFileSync(s.transcript('s-1'), rolloutHead('s-1', '0.171.0'));
    await s.node();
    const dir = stateDir(repo);
    const rel = (t: string) => t.replaceAll(s.transcript('s-1'), '<rollout>').replaceAll(repo.dir, '<repo>');
    return { awaited: rel(readFileSync(join(dir, 'session-end-awaited-codex.json'), 'utf8')), gate: rel(readFileSync(join(dir, 'sessions', 's-1', 'turn-gate'), 'utf8')) };
  }

  it("codex 0.171: the start claims the session's SessionEnd and writes its gate as node does, no node runs beside it, its turn's end runs none, and its SessionEnd records it", async () => {
    const node = await nodeFirst();
    const repo = await withMemory();
    const s = starter(repo, 'codex');
    expect((await s.start()).inline).toBe(1); // s-1: no rollout, so node claims nothing
    expect(existsSync(join(stateDir(repo), 'session-end-awaited-codex.json'))).toBe(false);
    writeFileSync(s.transcript('s-2'), rolloutHead('s-2', '0.171.0'));
    const served = await s.start();
    expect(served.sessionId).toBe('s-2');
    expect(served.inline).toBe(0);
    expect(s.starts().filter((l) => l.startsWith('beside'))).toEqual([]);
    const rel = (t: string) => t.replaceAll(s.transcript('s-2'), '<rollout>').replaceAll(repo.dir, '<repo>');
    expect(rel(readFileSync(join(stateDir(repo), 'session-end-awaited-codex.json'), 'utf8'))).toBe(node.awaited.replaceAll('s-1', 's-2'));
    expect(rel(readFileSync(join(stateDir(repo), 'sessions', 's-2', 'turn-gate'), 'utf8'))).toBe(node.gate);
    expect(readAgentState(stateDir(repo)).active).toMatchObject({ agent: 'codex', sessionId: 's-2' });
    // The first turn's end, under the threshold: no node (before, its node ran beside the agent while the SessionEnd's did).
    writeFileSync(s.transcript('s-2'), `${JSON.stringify({ type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Tune the cache' }] } })}\n`, { flag: 'a' });
    const before = s.starts().length;
    const stop = spawnSync('sh', ['-c', s.hooks.Stop[0].hooks[0].command], { cwd: repo.dir, env: s.env, input: JSON.stringify({ session_id: 's-2', transcript_path: s.transcript('s-2'), cwd: repo.dir, hook_event_name: 'Stop' }), encoding: 'utf8' });
    expect(stop.status, stop.stderr).toBe(0);
    await settled(repo);
    expect(s.starts().slice(before)).toEqual([]);
    // Its SessionEnd records the session, once, as the session node's start claimed.
    gitWith(repo, s.env, 'commit', '-q', '--allow-empty', '-m', 'Tune the cache');
    await settled(repo);
    await endSession(repo, s, 's-2');
    expect(repo.git('log', '--format=%s', 'HEAD~2..HEAD').trim().split('\n')).toEqual([expect.stringMatching(/^memory: /), 'Tune the cache']);
    expect(existsSync(join(stateDir(repo), 'session-end-seen-codex'))).toBe(true);
  });

  for (const [what, setUp] of [
    ['a Codex before 0.171 (no SessionEnd)', (_repo: TestRepo, tp: string) => writeFileSync(tp, rolloutHead('s-2', '0.170.9'))],
    ['a version the script cannot read', (_repo: TestRepo, tp: string) => writeFileSync(tp, rolloutHead('s-2', 'v0.171'))],
    ['an earlier session still waiting for its SessionEnd', (repo: TestRepo, tp: string) => {
      writeFileSync(tp, rolloutHead('s-2', '0.171.0'));
      writeFileSync(join(stateDir(repo), 'session-end-awaited-codex.json'), '{"sessionId":"earlier"}\n');
    }],
  ] as const) {
    it(`codex, ${what}: the script claims nothing and leaves the session to node beside the agent`, async () => {
      const repo = await withMemory();
      const s = starter(repo, 'codex');
      expect((await s.start()).inline).toBe(1);
      const awaited = join(stateDir(repo), 'session-end-awaited-codex.json');
      setUp(repo, s.transcript('s-2'));
      const had = existsSync(awaited) ? readFileSync(awaited, 'utf8') : null;
      const served = await s.start('startup', { SHIM_HOLD_BESIDE: '1' });
      expect(served.inline).toBe(0);
      expect(s.starts().filter((l) => l.startsWith('beside'))).toHaveLength(1);
      expect(existsSync(awaited) ? readFileSync(awaited, 'utf8') : null).toBe(had);
      expect(existsSync(join(stateDir(repo), 'sessions', 's-2'))).toBe(false);
    });
  }
});

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const LOCAL_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

describe("a served start records what node's start records, with no node at all (issue 24 §3)", () => {
  for (const agent of Object.keys(SETTINGS) as Agent[]) {
    it(`${agent}: PRIMER.md, the session's base, the active session and the first turn's gate are node's, the gate is there when the start returns, and no node runs beside the agent`, async () => {
      const repo = await withMemory();
      const s = starter(repo, agent);
      // Codex: node decides the first session's gate where no SessionEnd was seen (turn-gate.ts codexClaimsEnd, turnGated).
      if (agent === 'codex') writeFileSync(join(stateDir(repo), 'session-end-seen-codex'), '');
      const byNode = await s.start();
      expect(byNode.inline).toBe(1);
      const gate = (id: string) => join(stateDir(repo), 'sessions', id, 'turn-gate');
      const nodeGate = readFileSync(gate(byNode.sessionId), 'utf8');
      const nodePrimer = repo.read('.openclaw_memory/PRIMER.md');
      const nodeStart = readJson(join(stateDir(repo), 'session-start.json'));
      const finalised = readAgentState(stateDir(repo)).finalised;
      // A node beside the agent is held back (its start is logged, it does not run): what is there, the script wrote.
      const served = await s.start('startup', { SHIM_HOLD_BESIDE: '1' });
      expect(served.inline).toBe(0);
      // Nothing beside the agent either: what the start records, the script wrote.
      expect(s.starts().filter((l) => l.startsWith('beside'))).toEqual([]);
      expect(readFileSync(gate(served.sessionId), 'utf8')).toBe(nodeGate.replace(s.transcript(byNode.sessionId), s.transcript(served.sessionId)));
      const [was, now] = [minuteOf(byNode.out)!, minuteOf(served.out)!];
      expect(repo.read('.openclaw_memory/PRIMER.md')).toBe(nodePrimer.replace(was, now));
      // Each start's record names its session (another session's end leaves it: git/session-state.ts).
      expect(nodeStart.session).toBe(byNode.sessionId);
      expect(readJson(join(stateDir(repo), 'session-start.json'))).toEqual({ ...nodeStart, at: now, session: served.sessionId });
      const state = readAgentState(stateDir(repo));
      expect(state).toEqual({ active: { agent, sessionId: served.sessionId, transcriptPath: s.transcript(served.sessionId), startedAt: expect.stringMatching(LOCAL_ISO) }, finalised });
      expect(state.active!.startedAt.replace('T', ' ').slice(0, 16)).toBe(now);
      // `doctor` reads that the hooks ran from the script's note.
      const doctor = await repo.run(['doctor', '--json']);
      expect(doctor.stdout).toContain(`hooks ran here (last session start ${state.active!.startedAt})`);
      // The first turn's end, under the threshold, decides without node.
      writeFileSync(s.transcript(served.sessionId), agent === 'claude' ? prompt(served.sessionId, repo.dir, 'Hi') + reply(served.sessionId, repo.dir, 2000, 'Hello.') : '{"type":"x"}\n');
      const stop = (s.hooks[agent === 'gemini' ? 'AfterAgent' : 'Stop'] ?? [])[0]!.hooks[0].command;
      const before = s.starts().length;
      const r = spawnSync('sh', ['-c', stop], { cwd: repo.dir, env: s.env, input: JSON.stringify({ session_id: served.sessionId, transcript_path: s.transcript(served.sessionId), cwd: repo.dir, hook_event_name: 'Stop' }), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      await settled(repo);
      expect(s.starts().slice(before)).toEqual([]);
      // The next node that records a start folds the script's record in, and it is gone.
      expect(existsSync(join(stateDir(repo), 'agent-session-served.json'))).toBe(true);
      await s.node();
      expect(existsSync(join(stateDir(repo), 'agent-session-served.json'))).toBe(false);
      expect(readAgentState(stateDir(repo)).active!.sessionId).not.toBe(served.sessionId);
    });
  }

  it('a session killed before its end (no Stop, no SessionEnd): the next start records its own session over it, and its end records that one', async () => {
    const repo = await withMemory();
    const s = starter(repo, 'claude');
    expect((await s.start()).inline).toBe(1);
    const killed = await s.start();
    expect(killed.inline).toBe(0);
    // The killed session committed, then its agent died: nothing of it ran again. (No keep after
    // that commit: init's mark, which the fixture's commits without git-memory on PATH left, goes.)
    rmSync(join(stateDir(repo), 'keep-start-after-commit'), { force: true });
    gitWith(repo, s.env, 'commit', '-q', '--allow-empty', '-m', 'Work of the killed session');
    await settled(repo);
    const next = await s.start();
    expect(next.inline).toBe(1);
    const head = repo.git('rev-parse', 'HEAD').trim();
    expect(readAgentState(stateDir(repo)).active!.sessionId).toBe(next.sessionId);
    expect(existsSync(join(stateDir(repo), 'agent-session-served.json'))).toBe(false);
    expect(readJson(join(stateDir(repo), 'session-start.json'))).toMatchObject({ head });
    writeFileSync(s.transcript(next.sessionId), prompt(next.sessionId, repo.dir, 'Rename the cache') + reply(next.sessionId, repo.dir, 2000, 'Renamed.'));
    await endSession(repo, s, next.sessionId);
    expect(repo.git('log', '-1', '--format=%s')).toMatch(/^memory: /);
    expect(repo.git('show', '--format=', '-p', 'HEAD')).toContain('Rename the cache');
    expect(readAgentState(stateDir(repo)).finalised).toContain(`claude:${next.sessionId}`);
    // And the start after it is served again, recording itself without node.
    const after = await s.start();
    expect(after.inline).toBe(0);
    expect(readAgentState(stateDir(repo)).active!.sessionId).toBe(after.sessionId);
    expect(readAgentState(stateDir(repo)).finalised).toContain(`claude:${next.sessionId}`);
  });

  it("a served session's end: the end worker folds the script's record in, and the session is finalised", async () => {
    const repo = await withMemory();
    const s = starter(repo, 'claude');
    expect((await s.start()).inline).toBe(1);
    const served = await s.start();
    expect(served.inline).toBe(0);
    writeFileSync(s.transcript(served.sessionId), prompt(served.sessionId, repo.dir, 'Tune the cache') + reply(served.sessionId, repo.dir, 2000, 'Tuned.'));
    repo.commit('Tune the cache', { 'src/cache.ts': '// tuned\n' });
    await endSession(repo, s, served.sessionId);
    const session = repo.git('show', '--format=', '--name-only', 'HEAD').split('\n').find((p) => p.includes('/journal/'))!;
    const text = repo.read(session);
    expect(text).toContain('Tune the cache');
    expect(existsSync(join(stateDir(repo), 'agent-session-served.json'))).toBe(false);
    expect(readAgentState(stateDir(repo))).toMatchObject({ active: { sessionId: served.sessionId }, finalised: expect.arrayContaining([`claude:${served.sessionId}`]) });
  });

  it('a dream that may be due: the served start has node look beside the agent (node decides, as at every start)', async () => {
    const repo = await withMemory();
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[dream]\nsessions = 1\n`);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Dream after every session');
    const s = starter(repo, 'claude');
    // Another dream runs (its lock held by a live process): the node start starts none, the dream is due still.
    const release = tryDreamLock(findRepo(repo.dir, repo.env))!;
    try {
      expect((await s.start()).inline).toBe(1);
      const served = await s.start('startup', { SHIM_HOLD_BESIDE: '1' });
      expect(served.inline).toBe(0);
      expect(s.starts().filter((l) => l.startsWith('beside'))).toHaveLength(1);
    } finally {
      release();
    }
  });
});

describe('a session started in a subfolder is served too (Codex finds the settings upward, Gemini CLI runs them through the extension)', () => {
  for (const agent of Object.keys(SETTINGS) as Agent[]) {
    it(`${agent}: the start kept at the top serves \`src/\`, byte for byte what node prints there; a start node made in \`src/\` serves the top and \`src/\` after it`, async () => {
      const repo = await withMemory();
      const src = join(repo.dir, 'src');
      const s = starter(repo, agent);
      expect((await s.start()).inline).toBe(1);
      for (let attempt = 0; ; attempt++) {
        const lean = await s.start('startup', {}, src);
        expect(lean.inline).toBe(0);
        expect(lean.err).toBe('');
        const node = await s.node('startup', src);
        if (minuteOf(lean.out) !== minuteOf(node) && attempt < 2) continue;
        expect(lean.out).toBe(node);
        expect(lean.out).toContain('Measure the cache under load');
        break;
      }
      // A commit makes it stale: node runs in line in src/ and keeps its start for the worktree.
      repo.commit('Tune the cache', { 'src/cache.ts': '// tuned\n' });
      expect((await s.start('startup', {}, src)).inline).toBe(1);
      expect((await s.start('startup', {}, src)).inline).toBe(0);
      const top = await s.start();
      expect(top.inline).toBe(0);
      expect(top.out).toContain('Tune the cache');
    });
  }

  it('a folder under the top that is not this worktree, or a payload naming another folder than the shell it runs in: node in line', async () => {
    const repo = await withMemory();
    const src = join(repo.dir, 'src');
    const s = starter(repo, 'codex');
    expect((await s.start()).inline).toBe(1);
    expect((await s.start('startup', {}, src)).inline).toBe(0);
    // The payload says the agent is at the top, the shell runs in src/ (and the other way round).
    expect((await s.start('startup', {}, src, repo.dir)).inline).toBe(1);
    expect((await s.start()).inline).toBe(0);
    expect((await s.start('startup', {}, repo.dir, src)).inline).toBe(1);
    // A repository of its own inside the worktree (a vendored clone): its own top, not this one's.
    const nested = join(repo.dir, 'vendor', 'lib');
    mkdirSync(nested, { recursive: true });
    spawnSync('git', ['init', '-q', nested], { env: repo.env });
    expect((await s.start()).inline).toBe(0);
    const script = join(repo.dir, '.git', 'git-memory', 'session-start.sh');
    const r = spawnSync('sh', [script, 'codex'], { cwd: nested, env: s.env, input: JSON.stringify({ session_id: 's-nested', transcript_path: s.transcript('s-nested'), cwd: nested, hook_event_name: 'SessionStart', source: 'startup' }), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    await settled(repo);
    expect(s.starts().at(-1)).toMatch(/^inline hook agent session-start --agent codex/);
    // A sibling folder whose name begins with the top's: not under it.
    const sibling = `${repo.dir}-copy`;
    mkdirSync(sibling);
    const r2 = spawnSync('sh', [script, 'codex', `${script}\n${repo.dir}\n${join(repo.dir, '.git/config')}\n${join(repo.dir, '.git/logs/HEAD')}\n${repo.git('rev-parse', 'HEAD')}\nrefs/heads/main`], { cwd: sibling, env: s.env, input: JSON.stringify({ session_id: 's-sib', transcript_path: s.transcript('s-sib'), cwd: sibling, hook_event_name: 'SessionStart', source: 'startup' }), encoding: 'utf8' });
    expect(r2.status, r2.stderr).toBe(0);
    await settled(repo);
    expect(s.starts().at(-1)).toMatch(/^inline hook agent session-start --agent codex/);
    rmSync(sibling, { recursive: true, force: true });
  });
});
