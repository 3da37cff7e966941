// Two agent sessions at once in one worktree (issue 25, left by stop 53): two Claude Code windows,
// or Claude Code beside Codex, in the same checkout. Each session keeps its own start (its base, where
// its commits begin in the reflog) and each one's end records its own commits and logged items,
// never the other's, whichever ends first; nothing of either is lost. The agents tell their shell
// commands the session they run in (CLAUDE_CODE_SESSION_ID, CODEX_THREAD_ID): the post-commit hook
// marks the commit with it. A commit whose shell says nothing (a terminal) goes as before, to every
// session whose window holds it. Real repository, the built binary's hooks as the agents run them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir, type TestRepo } from '../../helpers/repo.js';
import { settled } from '../../helpers/settled.js';
import { wiredFor } from '../../helpers/wired-agents.js';
import { openAgentSession } from '../../../src/git/agent-session.js';

type Agent = 'claude' | 'codex';
type Start = 'served' | 'node';
const SETTINGS: Record<Agent, string> = { claude: '.claude/settings.json', codex: '.codex/hooks.json' };
/** What each agent's shell commands have in their environment (checked on Claude Code 2.1.332 and Codex 0.171). */
const SHELL_VAR: Record<Agent, string> = { claude: 'CLAUDE_CODE_SESSION_ID', codex: 'CODEX_THREAD_ID' };

const wired = wiredFor(Object.keys(SETTINGS));

const stateDir = (repo: TestRepo) => join(repo.dir, '.git', 'git-memory');
const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));

/** The worktree as the agents and their shells see it: the built binary on PATH, the hooks as each agent runs them. */
function worktree(repo: TestRepo) {
  const bin = tempDir('gm-shim-');
  writeFileSync(join(bin, 'git-memory'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'git-memory'), 0o755);
  const env = { ...repo.env, PATH: `${bin}:${repo.env.PATH}` };
  const transcripts = tempDir('gm-transcripts-');
  const hooks = (agent: Agent) => (JSON.parse(readFileSync(join(repo.dir, SETTINGS[agent]), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { hooks: Record<string, { hooks: { command: string }[] }[]> }).hooks;
  const payload = (event: string, id: string, extra: Record<string, string>) =>
    JSON.stringify({ session_id: id, transcript_path: join(transcripts, `${id}.jsonl`), cwd: repo.dir, hook_event_name: event, ...extra });
  return {
    env,
    /** SessionStart as the agent runs it (`served`: its command, which the kept script serves; `node`: node in line). */
    async start(agent: Agent, how: Start, id: string) {
      const args = how === 'served' ? ['sh', ['-c', hooks(agent).SessionStart[0]!.hooks[0]!.command]] : [process.execPath, [BIN, 'hook', 'agent', 'session-start', '--agent', agent]];
      const input = join(transcripts, `${id}.start.json`);
      writeFileSync(input, payload('SessionStart', id, { source: 'startup' }));
      const fd = openSync(input, 'r');
      let child: ChildProcess;
      try {
        child = spawn(args[0] as string, args[1] as string[], { cwd: repo.dir, env, stdio: [fd, 'ignore', 'ignore'] });
      } finally {
        closeSync(fd);
      }
      expect(await exited(child)).toBe(0);
      await settled(repo);
    },
    /** SessionStart run by node for `source` (a resume, a compaction): the context it gives the agent. */
    context(agent: Agent, id: string, source: string): string {
      const r = spawnSync(process.execPath, [BIN, 'hook', 'agent', 'session-start', '--agent', agent], { cwd: repo.dir, env, input: payload('SessionStart', id, { source }), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return agent === 'claude' ? (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext : r.stdout;
    },
    /** A commit from the session's shell (`id` null: a terminal's, whose shell names no session), through the installed hooks. */
    commit(agent: Agent, id: string | null, file: string, message: string): string {
      writeFileSync(join(repo.dir, file), `// ${message}\n`);
      const shell = { ...env, ...(id ? { [SHELL_VAR[agent]]: id } : {}) };
      for (const args of [['add', '--', file], ['commit', '-q', '-m', message]]) {
        const r = spawnSync('git', args, { cwd: repo.dir, env: shell, encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
      }
      return repo.git('rev-parse', 'HEAD').trim();
    },
    /** `git memory log` from the session's shell. */
    log(agent: Agent, id: string, text: string) {
      const r = spawnSync(process.execPath, [BIN, 'log', text], { cwd: repo.dir, env: { ...env, [SHELL_VAR[agent]]: id }, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    },
    /** SessionEnd as the agent runs it (the end goes on in the background: waited for). */
    async end(agent: Agent, id: string) {
      const r = spawnSync('sh', ['-c', hooks(agent).SessionEnd[0]!.hooks[0]!.command], { cwd: repo.dir, env, input: payload('SessionEnd', id, { reason: 'other' }), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      await settled(repo);
    },
  };
}

/** The committed journal file holding `text` (exactly one). */
function journalWith(repo: TestRepo, text: string): string {
  const files = repo.git('ls-files', '--', '*/journal/*').split('\n').filter(Boolean);
  const found = files.map((f) => repo.read(f)).filter((t) => t.includes(text));
  expect(found.length, `journal files holding ${JSON.stringify(text)}: ${files.join(', ')}`).toBe(1);
  return found[0]!;
}

/** The ids a journal lists under Commits. */
const commitsOf = (journal: string) => [...(/### Commits\n([\s\S]*?)(?:\n#|$)/.exec(journal)?.[1] ?? '').matchAll(/^- ([0-9a-f]{40,64}) /gm)].map((m) => m[1]);

const CASES: [Agent, Start, Agent, Start][] = [
  ['claude', 'served', 'claude', 'served'],
  ['claude', 'node', 'claude', 'served'],
  ['claude', 'served', 'codex', 'served'],
  ['codex', 'served', 'claude', 'node'],
];

describe('two agent sessions at once in one worktree', () => {
  for (const [agentA, howA, agentB, howB] of CASES) {
    for (const first of ['A', 'B'] as const) {
      it(`${agentA} (${howA} start) and ${agentB} (${howB} start) overlap; ${first} ends first: each journal has its own commits and items, none of the other's`, async () => {
        const repo = await wired();
        const w = worktree(repo);
        const [A, B] = ['session-a', 'session-b'];
        const base = repo.git('rev-parse', 'HEAD').trim();
        await w.start(agentA, howA, A);
        const a1 = w.commit(agentA, A, 'src/a1.ts', 'A: first part of the parser');
        w.log(agentA, A, 'The parser reads one token ahead');
        await w.start(agentB, howB, B);
        const b1 = w.commit(agentB, B, 'src/b1.ts', 'B: fix the login redirect');
        w.log(agentB, B, 'The login redirect keeps the query string');
        const a2 = w.commit(agentA, A, 'src/a2.ts', 'A: second part of the parser');
        const ends: [Agent, string][] = first === 'A' ? [[agentA, A], [agentB, B]] : [[agentB, B], [agentA, A]];
        for (const [agent, id] of ends) await w.end(agent, id);

        const a = journalWith(repo, 'The parser reads one token ahead');
        const b = journalWith(repo, 'The login redirect keeps the query string');
        expect(commitsOf(a)).toEqual([a1, a2]);
        expect(a).not.toContain('login redirect');
        expect(a).toContain(`base: ${base}`);
        expect(commitsOf(b)).toEqual([b1]);
        expect(b).not.toContain('parser');
        // B's base is where it started (after A's first commit), not A's start.
        expect(b).toContain(`base: ${a1}`);
        // Nothing of either is left waiting; both starts are cleared.
        expect(existsSync(join(stateDir(repo), 'spool.jsonl')) ? readFileSync(join(stateDir(repo), 'spool.jsonl'), 'utf8') : '').toBe('');
        expect(existsSync(join(stateDir(repo), 'session-starts', `${A}.json`))).toBe(false);
        expect(existsSync(join(stateDir(repo), 'session-starts', `${B}.json`))).toBe(false);
      });
    }
  }

  it("a commit whose shell names no session (a terminal's) goes to both sessions whose windows hold it, as before; a marked one only to its own", async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('claude', 'served', 'one');
    await w.start('claude', 'served', 'two');
    const mine = w.commit('claude', 'one', 'src/one.ts', 'One: its own change');
    const terminal = w.commit('claude', null, 'src/terminal.ts', 'A change made in a terminal');
    w.log('claude', 'one', 'Session one logged this');
    w.log('claude', 'two', 'Session two logged this');
    await w.end('claude', 'two');
    await w.end('claude', 'one');
    const one = journalWith(repo, 'Session one logged this');
    const two = journalWith(repo, 'Session two logged this');
    expect(commitsOf(one)).toEqual([mine, terminal]);
    expect(commitsOf(two)).toEqual([terminal]);
  });

  it("a session that did nothing ends while the other has committed: it records none of the other's work, which stays for the other's end", async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('claude', 'served', 'idle');
    await w.start('codex', 'served', 'busy');
    const work = w.commit('codex', 'busy', 'src/busy.ts', 'Busy: the export fix');
    w.log('codex', 'busy', 'The export needs the header row');
    await w.end('claude', 'idle');
    const journals = () => repo.git('ls-files', '--', '*/journal/*').split('\n').filter(Boolean).map((f) => repo.read(f));
    expect(journals().filter((t) => t.includes(work) || t.includes('header row'))).toEqual([]);
    await w.end('codex', 'busy');
    const busy = journalWith(repo, 'The export needs the header row');
    expect(commitsOf(busy)).toEqual([work]);
  });

  it("`git memory end` run from a session's shell ends that session, not the one that started last", async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('claude', 'served', 'first');
    await w.start('claude', 'served', 'last');
    const mine = w.commit('claude', 'first', 'src/first.ts', 'First: the importer');
    const theirs = w.commit('claude', 'last', 'src/last.ts', 'Last: the exporter');
    const summary = JSON.stringify({ request: 'Write the importer', learned: ['The importer streams rows'] });
    const r = spawnSync(process.execPath, [BIN, 'end', '--summary', summary], { cwd: repo.dir, env: { ...w.env, CLAUDE_CODE_SESSION_ID: 'first' }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    await settled(repo);
    const first = journalWith(repo, 'The importer streams rows');
    expect(commitsOf(first)).toEqual([mine]);
    // The session that started last goes on: its start and its commit wait for its own end.
    expect(existsSync(join(stateDir(repo), 'session-starts', 'last.json'))).toBe(true);
    await w.end('claude', 'last');
    const ids = repo.git('ls-files', '--', '*/journal/*').split('\n').filter(Boolean).map((f) => commitsOf(repo.read(f)));
    expect(ids).toContainEqual([theirs]);
  });

  // A plain `git memory end` typed in a terminal (its shell names no session, and is no agent's):
  // it records the terminal's own work — the commits and items no session marked — and leaves an
  // open agent session's marked work and its start for that session's own end (stop 55). On lead55
  // it ended the open Claude Code session with the terminal's summary, or, with none recorded open,
  // took every session's entries and the start recorded last.
  const terminalEnd = (w: ReturnType<typeof worktree>, repo: TestRepo, request: string) => {
    const r = spawnSync(process.execPath, [BIN, 'end', '--summary', JSON.stringify({ request })], { cwd: repo.dir, env: w.env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  };
  const terminalLog = (w: ReturnType<typeof worktree>, repo: TestRepo, text: string) => {
    const r = spawnSync(process.execPath, [BIN, 'log', text], { cwd: repo.dir, env: w.env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  };

  it("`git memory end` typed in a terminal beside an open Claude Code session records the terminal's work, not the session's", async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('claude', 'served', 'agent');
    const theirs = w.commit('claude', 'agent', 'src/agent.ts', 'Agent: the parser');
    w.log('claude', 'agent', 'The agent logged the parser rule');
    const mine = w.commit('claude', null, 'src/terminal.ts', 'Terminal: bump the version');
    terminalLog(w, repo, 'The terminal logged the version bump');
    terminalEnd(w, repo, 'Release prep in a terminal');
    await settled(repo);
    const terminal = journalWith(repo, 'Release prep in a terminal');
    expect(commitsOf(terminal)).toEqual([mine]);
    expect(terminal).toContain('The terminal logged the version bump');
    expect(terminal).not.toContain('parser');
    // The agent session goes on: its start stays, and its own end records its work.
    expect(existsSync(join(stateDir(repo), 'session-starts', 'agent.json'))).toBe(true);
    await w.end('claude', 'agent');
    const agent = journalWith(repo, 'The agent logged the parser rule');
    expect(commitsOf(agent)).toContain(theirs);
    expect(agent).not.toContain('Release prep in a terminal');
  });

  it("`git memory end` typed in a terminal after one session ended, the other still open, takes none of the open one's work nor its start", async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('codex', 'served', 'still-open');
    await w.start('claude', 'served', 'done');
    w.log('claude', 'done', 'The closed session logged this');
    await w.end('claude', 'done'); // the session recorded last is closed: none is recorded open
    const theirs = w.commit('codex', 'still-open', 'src/open.ts', 'Open: the exporter');
    w.log('codex', 'still-open', 'The open session logged the exporter');
    const mine = w.commit('codex', null, 'src/terminal.ts', 'Terminal: fix a typo');
    terminalEnd(w, repo, 'A typo fixed in a terminal');
    await settled(repo);
    const terminal = journalWith(repo, 'A typo fixed in a terminal');
    expect(commitsOf(terminal)).toEqual([mine]);
    expect(terminal).not.toContain('exporter');
    expect(existsSync(join(stateDir(repo), 'session-starts', 'still-open.json'))).toBe(true);
    await w.end('codex', 'still-open');
    const open = journalWith(repo, 'The open session logged the exporter');
    expect(commitsOf(open)).toContain(theirs);
  });

  it("a resumed or compacted session is told what it logged, not what the other session logged", async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('claude', 'served', 'left');
    await w.start('claude', 'served', 'right');
    w.log('claude', 'left', 'Left logged the cache size');
    w.log('claude', 'right', 'Right logged the retry limit');
    for (const source of ['resume', 'compact']) {
      const text = w.context('claude', 'right', source);
      expect(text).toContain('Right logged the retry limit');
      expect(text).not.toContain('Left logged the cache size');
    }
    await settled(repo);
  });

  it('`git memory primer --for resume|compact` run from a session\'s shell (the subfolder path) lists what that session logged, not the other\'s', async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('claude', 'served', 'left');
    await w.start('codex', 'served', 'right');
    w.log('claude', 'left', 'Left logged the cache size');
    w.log('codex', 'right', 'Right logged the retry limit');
    // The open session's transcript, which a compaction's part reads (empty: nothing yet).
    writeFileSync(openAgentSession(stateDir(repo))!.transcriptPath!, '');
    const primerFor = (source: string, shell: Record<string, string>) => {
      const r = spawnSync(process.execPath, [BIN, 'primer', '--for', source], { cwd: join(repo.dir, 'src'), env: { ...w.env, ...shell }, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    for (const source of ['resume', 'compact']) {
      const left = primerFor(source, { CLAUDE_CODE_SESSION_ID: 'left' });
      expect(left).toContain('Left logged the cache size');
      expect(left).not.toContain('Right logged the retry limit');
      const right = primerFor(source, { CODEX_THREAD_ID: 'right' });
      expect(right).toContain('Right logged the retry limit');
      expect(right).not.toContain('Left logged the cache size');
    }
    await settled(repo);
  });

  it("a killed session's start slot goes at a start 7 days later; a younger one stays", async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('claude', 'node', 'killed');
    await w.start('claude', 'node', 'recent');
    const slot = (id: string) => join(stateDir(repo), 'session-starts', `${id}.json`);
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    utimesSync(slot('killed'), days(8), days(8));
    utimesSync(slot('recent'), days(6), days(6));
    await w.start('claude', 'node', 'today');
    expect(existsSync(slot('killed'))).toBe(false);
    expect(existsSync(slot('recent'))).toBe(true);
    expect(existsSync(slot('today'))).toBe(true);
  });

  it('a session whose end never came (its start slot gone) does not keep its marked commit from the next end', async () => {
    const repo = await wired();
    const w = worktree(repo);
    await w.start('claude', 'served', 'gone');
    await w.start('claude', 'served', 'next');
    const lost = w.commit('claude', 'gone', 'src/gone.ts', 'Gone: work of a killed session');
    // The killed session's slot went (START_SLOT_DAYS later): its commit is no longer held for it.
    rmSync(join(stateDir(repo), 'session-starts', 'gone.json'));
    w.log('claude', 'next', 'The next session logged this');
    const own = w.commit('claude', 'next', 'src/next.ts', 'Next: its own change');
    await w.end('claude', 'next');
    const next = journalWith(repo, 'The next session logged this');
    expect(commitsOf(next)).toEqual([lost, own]);
  });
});
