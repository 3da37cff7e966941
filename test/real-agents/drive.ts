// Drives the real agent CLIs offline: a throwaway HOME with each agent's onboarding and trust state,
// a scratch repository wired with `git memory init --agent X --mcp` by this worktree's build (a
// `git-memory` shim on PATH), the fake model API of the agent's vendor, and each run bounded in time
// (its whole process group killed at the limit).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv } from '../helpers/clean-env.mjs';
// @ts-expect-error plain JS shared with the install script and the bench
import { agentBins } from '../../scripts/agents.mjs';
import { startFakeApi, type FakeApi, type Turn } from './fake-apis.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(ROOT, 'dist', 'git-memory.js');
export type AgentName = 'claude' | 'codex' | 'gemini';
export const BINS: Record<AgentName, string | null> = agentBins();

const VENDOR = { claude: 'anthropic', codex: 'openai', gemini: 'gemini' } as const;

export interface RunResult {
  /** Date.now() when the agent was started. */
  startedAt: number;
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
  /**
   * CPU time (ms, user + system) of the agent and every process it waited for (its hooks' shells,
   * their git and node): what was reaped into this process's children's times during the run. Not
   * what was detached (a worker, a served start's beside node): the CPU log has those.
   */
  cpuMs: number;
  timedOut: boolean;
}

export interface Scratch {
  agent: AgentName;
  root: string;
  home: string;
  repo: string;
  api: FakeApi;
  env: NodeJS.ProcessEnv;
  /** The git-memory processes the agent started so far: arguments, start and end (Date.now() ms). */
  calls(): { args: string; start: number; end: number | null }[];
  /**
   * Every git-memory node process that ended so far, the detached workers the hooks start included:
   * its arguments and CPU time in ms (user + system), its own and that of the children it waited
   * for (git). A process killed by a signal other than SIGINT/SIGTERM is missing.
   */
  cpu(): { args: string; ownMs: number; childrenMs: number; wallMs: number }[];
  /** Whether the repository is wired (`git memory init --agent X --mcp`). */
  wired: boolean;
  git(...args: string[]): string;
  gm(...args: string[]): string;
  /** Runs the agent once with `prompt`, the model playing `turns`. */
  run(prompt: string, turns: Turn[], opts?: RunOpts): Promise<RunResult>;
  /**
   * Another agent wired in the same repository (`init --agent X --mcp`, committed) and HOME, on a
   * fake API of its own: two agents' sessions at once in one checkout. Its HOME's `.profile` puts
   * git-memory on PATH, as a user's does, for an agent whose shell is a login shell (Codex).
   */
  alongside(agent: AgentName): Promise<{ api: FakeApi; run(prompt: string, turns: Turn[], opts?: RunOpts): Promise<RunResult> }>;
  close(): Promise<void>;
}

export interface RunOpts {
  /** Claude: --continue; Codex: `exec resume --last`; Gemini: --resume latest. */
  resume?: boolean;
  timeoutMs?: number;
  extraArgs?: string[];
  env?: Record<string, string>;
  /** Codex: without --dangerously-bypass-hook-trust (the hooks not reviewed). */
  untrusted?: boolean;
  /** The folder the agent starts in, relative to the repository (a subfolder); the repository's root by default. */
  cwd?: string;
  /**
   * The fake API this run talks to, scripted with `turns` instead of the scratch's: a second session
   * running beside the first in the same repository (Claude Code and Gemini CLI: their base URL is
   * in the environment; Codex's is in its HOME's config).
   */
  api?: FakeApi;
}

/**
 * Preloaded into every git-memory node process (NODE_OPTIONS): at its exit, or at SIGINT/SIGTERM (an
 * agent stopping its MCP server, or cancelling a hook), one line to $GM_CPU_LOG: its own CPU time and
 * that of the children it waited for (/proc/self/stat's cutime and cstime), in ms, and its arguments.
 */
const CPU_PROBE = `const { appendFileSync, readFileSync } = require('node:fs');
let done = false;
function log() {
  if (done || !process.env.GM_CPU_LOG) return;
  done = true;
  const u = process.resourceUsage();
  let children = 0;
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    children = (Number(f[13]) + Number(f[14])) * 10;
  } catch {}
  const wall = Math.round(process.uptime() * 1000);
  appendFileSync(process.env.GM_CPU_LOG, Math.round((u.userCPUTime + u.systemCPUTime) / 1000) + ' ' + children + ' ' + wall + ' ' + process.argv.slice(2).join(' ') + (process.env.GIT_MEMORY_START_BESIDE ? ' (beside)' : '') + '\\n');
}
process.on('exit', log);
for (const s of ['SIGINT', 'SIGTERM']) process.once(s, () => { log(); process.exit(s === 'SIGINT' ? 130 : 143); });
`;

const CLAUDE_TOOLS = 'Bash,Edit,Read,Write,Glob,Grep,ToolSearch,TaskCreate,TaskUpdate,TaskList';

/** The command line for one run of an agent. */
function command(s: Scratch, prompt: string, opts: RunOpts): { file: string; args: string[] } {
  const bin = BINS[s.agent]!;
  const extra = opts.extraArgs ?? [];
  if (s.agent === 'claude') {
    return { file: bin, args: ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions', '--tools', CLAUDE_TOOLS, ...(opts.resume ? ['--continue'] : []), ...extra] };
  }
  if (s.agent === 'codex') {
    const flags = ['--json', '--dangerously-bypass-approvals-and-sandbox', ...(s.wired && !opts.untrusted ? ['--dangerously-bypass-hook-trust'] : []), '--skip-git-repo-check'];
    return { file: bin, args: opts.resume ? ['exec', 'resume', '--last', ...flags, ...extra, prompt] : ['exec', ...flags, ...extra, prompt] };
  }
  return { file: process.execPath, args: [bin, '--yolo', '-o', 'json', ...(opts.resume ? ['--resume', 'latest'] : []), ...extra, '-p', prompt] };
}

/** The CPU time (ms) of this process's reaped children and theirs (/proc/self/stat's cutime + cstime, 10 ms ticks). */
function reapedCpuMs(): number {
  const f = readFileSync('/proc/self/stat', 'latin1');
  const v = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(v[13]) + Number(v[14])) * 10;
}

/** Runs a command in its own process group; at `timeoutMs` the whole group is killed. */
export function runBounded(file: string, args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; stdin?: string }): Promise<RunResult> {
  return new Promise((resolveRun) => {
    const t0 = performance.now();
    const startedAt = Date.now();
    const cpu0 = reapedCpuMs();
    const child = spawn(file, args, { cwd: o.cwd, env: o.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(o.stdin ?? '');
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone already */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, o.timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolveRun({ startedAt, code, signal, stdout, stderr, ms: performance.now() - t0, cpuMs: reapedCpuMs() - cpu0, timedOut });
    });
  });
}

/** The environment: throwaway HOME, the fake API, every agent's telemetry and updates off, no proxy to the outside. */
function agentEnv(agent: AgentName, root: string, home: string, api: FakeApi, shims: string, wired: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = cleanEnv({
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    TMPDIR: join(root, 'tmp'),
    PATH: `${shims}:${cleanEnv().PATH}`,
    // Anything that would reach past the fake meets a dead proxy instead.
    HTTP_PROXY: 'http://127.0.0.1:9',
    HTTPS_PROXY: 'http://127.0.0.1:9',
    http_proxy: 'http://127.0.0.1:9',
    https_proxy: 'http://127.0.0.1:9',
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    DO_NOT_TRACK: '1',
    CI: '1',
  });
  delete env.ANTHROPIC_API_KEY;
  delete env.OPENAI_API_KEY;
  delete env.GEMINI_API_KEY;
  delete env.GOOGLE_API_KEY;
  delete env.NODE_OPTIONS;
  if (agent === 'claude') {
    Object.assign(env, {
      ANTHROPIC_BASE_URL: api.url,
      ANTHROPIC_API_KEY: 'sk-fake-key-for-tests',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      IS_SANDBOX: '1',
    });
  } else if (agent === 'codex') {
    Object.assign(env, { CODEX_HOME: join(home, '.codex'), FAKE_OPENAI_KEY: 'sk-fake-key-for-tests' });
  } else {
    Object.assign(env, { GEMINI_API_KEY: 'fake-key-for-tests', GOOGLE_GEMINI_BASE_URL: api.url, GEMINI_CLI_NO_RELAUNCH: 'true' });
  }
  void wired;
  return env;
}

/** Each agent's first-run state: onboarding done, telemetry off, the repository trusted. */
function seedHome(agent: AgentName, home: string, repo: string, api: FakeApi): void {
  if (agent === 'claude') {
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, bypassPermissionsModeAccepted: true }));
  } else if (agent === 'codex') {
    mkdirSync(join(home, '.codex'), { recursive: true });
    writeFileSync(
      join(home, '.codex', 'config.toml'),
      [
        'model = "gpt-5.5"',
        'model_provider = "fake"',
        'check_for_update_on_startup = false',
        '[analytics]',
        'enabled = false',
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = "${api.url}/v1"`,
        'wire_api = "responses"',
        'env_key = "FAKE_OPENAI_KEY"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        `[projects."${repo}"]`,
        'trust_level = "trusted"',
        '',
      ].join('\n'),
    );
  } else {
    mkdirSync(join(home, '.gemini'), { recursive: true });
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false }, general: { disableAutoUpdate: true, disableUpdateNag: true } }));
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [repo]: 'TRUST_FOLDER' }));
  }
}

export interface ScratchOpts {
  wired?: boolean;
  /**
   * A V8 code cache folder shared between scratches (git-memory's, code-cache.ts): warm, as on a
   * machine that ran a session before; without it each scratch HOME starts cold.
   */
  codeCache?: string;
  /** `git memory init` options beyond --agent X --mcp. */
  files?: Record<string, string>;
}

/** A scratch repository with one commit, wired for `agent` (unless `wired: false`), and its fake API. */
export async function scratch(agent: AgentName, o: ScratchOpts = {}): Promise<Scratch> {
  const wired = o.wired ?? true;
  const root = mkdtempSync(join(tmpdir(), `gm-agent-${agent}-`));
  const home = join(root, 'home');
  const repo = join(root, 'repo');
  const shims = join(root, 'bin');
  for (const d of [home, repo, shims, join(root, 'tmp')]) mkdirSync(d, { recursive: true });
  // git-memory as the user has it on PATH: this worktree's build. The shim logs each start, with its
  // arguments and its start and end times (ms), to count the processes an agent starts and time them.
  const calls = join(root, 'git-memory-calls.log');
  // Each git-memory node process (and the workers it starts, which inherit NODE_OPTIONS) logs its CPU time as it exits.
  const cpuLog = join(root, 'git-memory-cpu.log');
  const cpuProbe = join(root, 'cpu-probe.cjs');
  writeFileSync(cpuProbe, CPU_PROBE);
  // Laid out as npm installs it: bin/git-memory a symbolic link to the package's file, beside which
  // the build's mcp-front.sh is (the committed MCP entry finds it there and answers the handshake in
  // sh, mcp/front-sh.ts); the package's file here is the logging shim below.
  const pkg = join(root, 'pkg');
  mkdirSync(pkg);
  symlinkSync(join(ROOT, 'dist', 'mcp-front.sh'), join(pkg, 'mcp-front.sh'));
  symlinkSync('../pkg/git-memory', join(shims, 'git-memory'));
  writeFileSync(
    join(pkg, 'git-memory'),
    [
      '#!/bin/sh',
      't0=$(date +%s%3N)',
      `export GM_CPU_LOG="${cpuLog}" NODE_OPTIONS="--require ${cpuProbe}"`,
      // SessionEnd is timed to its end (the agent waits for it); every other start is only logged (a
      // SessionStart run beside the agent after the kept primer was printed says so), and
      // exec'd as an installed git-memory would be (an agent that cancels a hook kills node itself).
      'case "$*" in *"hook agent session-end"*) ;; *) echo "$t0 - $*${GIT_MEMORY_START_BESIDE:+ (beside)}" >> "' + calls + '"; exec "' + process.execPath + '" "' + BIN + '" "$@";; esac',
      '"' + process.execPath + '" "' + BIN + '" "$@"',
      'rc=$?',
      'echo "$t0 $(date +%s%3N) $*" >> "' + calls + '"',
      'exit $rc',
      '',
    ].join('\n'),
  );
  chmodSync(join(pkg, 'git-memory'), 0o755);
  const api = await startFakeApi(VENDOR[agent]);
  const env = agentEnv(agent, root, home, api, shims, wired);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env, encoding: 'utf8' }).trim();
  const gm = (...args: string[]) => execFileSync(process.execPath, [BIN, ...args], { cwd: repo, env, encoding: 'utf8' }).trim();
  // Before anything of git-memory runs (init, and the keep the setup commit starts): its code cache is the shared one.
  if (o.codeCache) {
    mkdirSync(o.codeCache, { recursive: true });
    mkdirSync(join(home, '.cache', 'git-memory'), { recursive: true });
    symlinkSync(o.codeCache, join(home, '.cache', 'git-memory', 'v8'));
  }
  git('init', '-q', '-b', 'main');
  const files = o.files ?? { 'README.md': '# Scratch\n', 'src/app.js': "export const greet = (name) => `Hello, ${name}`;\n" };
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, p)), { recursive: true });
    writeFileSync(join(repo, p), t);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'Initial commit');
  if (wired) {
    gm('init', '--agent', agent, '--mcp');
    git('add', '-A');
    git('commit', '-q', '-m', 'Set up git-memory');
    // The post-commit hook keeps the first start's primer for this commit, in the background: done
    // by the time a user who just committed starts the agent (hook/agent/kept-start.ts).
    await backgroundDone(home, 'hook keep-start', join(repo, '.git', 'git-memory', 'keep-start-after-commit'));
  }
  seedHome(agent, home, repo, api);
  const besides: FakeApi[] = [];
  const s: Scratch = {
    agent,
    root,
    home,
    repo,
    api,
    env,
    wired,
    git,
    gm,
    calls: () =>
      existsSync(calls)
        ? readFileSync(calls, 'utf8').split('\n').filter(Boolean).map((l) => {
            const [a, b, ...rest] = l.split(' ');
            return { start: Number(a), end: b === '-' ? null : Number(b), args: rest.join(' ') };
          })
        : [],
    cpu: () =>
      existsSync(cpuLog)
        ? readFileSync(cpuLog, 'utf8').split('\n').filter(Boolean).map((l) => {
            const [own, children, wall, ...rest] = l.split(' ');
            return { ownMs: Number(own), childrenMs: Number(children), wallMs: Number(wall), args: rest.join(' ') };
          })
        : [],
    async run(prompt, turns, opts = {}) {
      if (opts.api && agent === 'codex') throw new Error('a second fake API for Codex: its base URL is in its HOME');
      (opts.api ?? api).script(turns);
      const beside = opts.api ? { [agent === 'claude' ? 'ANTHROPIC_BASE_URL' : 'GOOGLE_GEMINI_BASE_URL']: opts.api.url } : {};
      const { file, args } = command(s, prompt, opts);
      return runBounded(file, args, { cwd: opts.cwd ? join(repo, opts.cwd) : repo, env: { ...env, ...beside, ...opts.env }, timeoutMs: opts.timeoutMs ?? 120_000 });
    },
    async alongside(other) {
      const api2 = await startFakeApi(VENDOR[other]);
      besides.push(api2);
      gm('init', '--agent', other, '--mcp');
      git('add', '-A');
      git('commit', '-q', '-m', `Set up git-memory for ${other}`);
      await backgroundDone(home, 'hook keep-start', join(repo, '.git', 'git-memory', 'keep-start-after-commit'));
      seedHome(other, home, repo, api2);
      writeFileSync(join(home, '.profile'), `PATH="${shims}:$PATH"\n`);
      const env2 = agentEnv(other, root, home, api2, shims, true);
      return {
        api: api2,
        run(prompt, turns, opts = {}) {
          api2.script(turns);
          const { file, args } = command({ ...s, agent: other }, prompt, opts);
          return runBounded(file, args, { cwd: repo, env: { ...env2, ...opts.env }, timeoutMs: opts.timeoutMs ?? 120_000 });
        },
      };
    },
    async close() {
      for (const b of besides) await b.close();
      await api.close();
      try {
        rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        // A detached worker an agent hook started may still be writing under .git after the run (by
        // design it outlives the hook): the folder is left in the temporary directory, not failed on.
      }
    },
  };
  return s;
}

/**
 * Resolves once `mark` is gone (the background process takes it as it starts: before that, the
 * forked hook shell has not exec'd it yet) and no live process with `home` as its HOME runs a
 * command line holding `what` (up to 60 s: it runs at the lowest priority).
 */
async function backgroundDone(home: string, what: string, mark: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (existsSync(mark) && Date.now() <= deadline) await new Promise((r) => setTimeout(r, 50));
  await quietHome(home, what);
}

/**
 * Resolves once no live process other than this one runs with `home` as its HOME (and, given
 * `what`, a command line holding it): the detached workers a session's hooks left (up to 60 s).
 */
export async function quietHome(home: string, what?: string): Promise<void> {
  const marker = Buffer.from(`HOME=${home}\0`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const busy = readdirSync('/proc').some((pid) => {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
      try {
        if (what !== undefined && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(what)) return false;
        const env = readFileSync(`/proc/${pid}/environ`);
        const at = env.indexOf(marker);
        if (at < 0 || (at > 0 && env[at - 1] !== 0)) return false;
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
      } catch {
        return false;
      }
    });
    if (!busy || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until `check` holds (polling), up to `ms`; returns its last value. */
export async function until<T>(check: () => T, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let v = check();
  while (!v && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    v = check();
  }
  return v;
}

/** The session files in the journal, newest last. */
export function sessionFiles(repo: string): string[] {
  const dir = join(repo, '.openclaw_memory', 'journal');
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith('.md')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

export const read = (p: string) => readFileSync(p, 'utf8');
