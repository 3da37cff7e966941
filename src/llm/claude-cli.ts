// The `claude-cli` provider: `claude -p --model haiku` for people with a Claude subscription and no
// API key. The CLI offers no custom tools in print mode, so tool definitions are described in the
// prompt and the reply's JSON ({"tool_calls": [...]}) is read back as tool calls.
import { accessSync, constants, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { childProcess } from '../child-process.js';
import type { Config } from '../memory/config.js';
import { INTERNAL_ENV } from '../paths.js';
import { costOf } from './cost.js';
import { unframeRoles } from './frame.js';
import { redactSent } from './redact.js';
import { estimateTokens } from './tokens.js';
import { LlmError, type Llm, type LlmBlock, type LlmRequest, type LlmResult } from './types.js';

/** The `claude` executable on PATH, or null. */
export function findClaudeCli(env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, process.platform === 'win32' ? 'claude.cmd' : 'claude');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

const blockText = (b: LlmBlock): string => {
  if (b.type === 'text') return b.text;
  if (b.type === 'tool_use') return `[tool call ${b.name}] ${JSON.stringify(b.input)}`;
  return `[tool result${b.is_error ? ', error' : ''}] ${b.content}`;
};

/** One prompt for the CLI: the conversation as text, and how to call tools in the reply. */
export function cliPrompt(req: LlmRequest): string {
  const parts = [req.system];
  for (const m of req.messages) {
    const text = typeof m.content === 'string' ? m.content : m.content.map(blockText).join('\n\n');
    parts.push(`<${m.role}>\n${unframeRoles(text)}\n</${m.role}>`);
  }
  if (req.tools?.length) {
    parts.push(
      'You cannot call tools directly here. To call them, reply with only a JSON object ' +
        '{"tool_calls": [{"name": <tool name>, "input": <input object>}, ...]} and nothing else. Tools:\n' +
        req.tools.map((t) => `- ${t.name}: ${t.description}\n  input schema: ${JSON.stringify(t.input_schema)}`).join('\n'),
    );
  }
  return parts.join('\n\n');
}

/** The tool calls of a reply in cliPrompt's JSON form; none when it is plain text. */
function toolCallsOf(text: string): { name: string; input: unknown }[] {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return [];
  try {
    const v = JSON.parse(text.slice(start, end + 1)) as { tool_calls?: unknown };
    if (!Array.isArray(v.tool_calls)) return [];
    return v.tool_calls.filter((c): c is { name: string; input: unknown } => !!c && typeof c === 'object' && typeof (c as { name?: unknown }).name === 'string');
  } catch {
    return [];
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * Where `claude -p` runs: a folder of the user's own (`~/.cache/git-memory/claude-p`, mode 0700),
 * outside any repository. Claude Code takes a project's settings (hooks: commands it runs), its
 * `.mcp.json` (servers it starts, in print mode without asking) and CLAUDE.md from where it runs,
 * and CLAUDE.md from every folder above: not the repository (a clone's committed `.claude/` would
 * run), and not the system's temporary folder, where any user of the machine can put those files.
 * `made`: a private folder made for this run (the home's could not be), to remove after it.
 */
export function claudeWorkDir(env: NodeJS.ProcessEnv): { dir: string; made: boolean } {
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  const cache = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(home, '.cache');
  const dir = join(cache, 'git-memory', 'claude-p');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    // Ours and private: a folder someone else made (or a link to one) is not.
    if (st.isDirectory() && (st.mode & 0o022) === 0 && (typeof process.getuid !== 'function' || st.uid === process.getuid())) return { dir, made: false };
  } catch {
    /* a read-only or missing home: a private folder of this run's own */
  }
  return { dir: mkdtempSync(join(tmpdir(), 'git-memory-claude-')), made: true };
}

function run(bin: string, args: string[], input: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // Outside the repository (claudeWorkDir), and marked internal: the nested session must not start
    // git-memory's own agent hooks (which could start another extraction).
    const work = claudeWorkDir(env);
    const child = childProcess().spawn(bin, args, { cwd: work.dir, env: { ...env, [INTERNAL_ENV]: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
    if (work.made) child.on('close', () => rmSync(work.dir, { recursive: true, force: true }));
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e) => {
      clearTimeout(timer);
      if (work.made) rmSync(work.dir, { recursive: true, force: true });
      reject(new LlmError(`cannot run ${bin}: ${e.message}`, 'connection'));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new LlmError(`claude -p timed out after ${timeoutMs} ms`, 'timeout'));
      if (code !== 0) return reject(new LlmError(`claude -p exited with ${code}: ${Buffer.concat(err).toString('utf8').trim().slice(0, 300)}`, 'other'));
      resolve(Buffer.concat(out).toString('utf8'));
    });
    child.stdin.on('error', () => {
      /* the child exited early: reported by 'close' */
    });
    child.stdin.end(input);
  });
}

/** An `Llm` over `claude -p`. */
export function claudeCliLlm(cfg: Config['llm'], bin: string, env: NodeJS.ProcessEnv, allowlist: readonly string[] = []): Llm {
  const model = cfg.model.startsWith('claude-haiku') ? 'haiku' : cfg.model;
  return {
    provider: 'claude-cli',
    model,
    async complete(input: LlmRequest): Promise<LlmResult> {
      const request = input;
      // The gate: the prompt as it will be piped to claude, redacted after it was joined.
      const { text: prompt } = await redactSent(cliPrompt(request), allowlist);
      const estimated = estimateTokens(prompt);
      if (estimated > cfg.max_input_tokens) {
        throw new LlmError(`request of about ${estimated} tokens is over [llm] max_input_tokens (${cfg.max_input_tokens})`, 'too_large');
      }
      const raw = await run(bin, ['-p', '--model', model, '--output-format', 'json'], prompt, env, cfg.timeout_ms);
      let res: { result?: unknown; is_error?: unknown; usage?: Record<string, unknown> };
      try {
        res = JSON.parse(raw) as typeof res;
      } catch {
        throw new LlmError('claude -p answered with something other than JSON', 'bad_response');
      }
      if (res.is_error === true || typeof res.result !== 'string') throw new LlmError(`claude -p failed: ${String(res.result ?? 'no result')}`.slice(0, 300), 'bad_response');
      const text = res.result;
      const calls = request.tools?.length ? toolCallsOf(text) : [];
      const tool_calls = calls.map((c, i) => ({ id: `toolu_cli_${Date.now().toString(36)}_${i}`, name: c.name, input: c.input }));
      const u = res.usage ?? {};
      const usage = { input: num(u.input_tokens), output: num(u.output_tokens), cache_read: num(u.cache_read_input_tokens), cache_write: num(u.cache_creation_input_tokens) };
      const content: LlmBlock[] = tool_calls.length ? tool_calls.map((c) => ({ type: 'tool_use', ...c })) : [{ type: 'text', text }];
      return {
        text: tool_calls.length ? '' : text,
        tool_calls,
        stop_reason: tool_calls.length ? 'tool_use' : 'end_turn',
        usage,
        cost: costOf(usage, cfg),
        message: { role: 'assistant', content: content.map((b) => (b.type === 'tool_use' ? { type: 'tool_use', id: b.id, name: b.name, input: b.input } : b)) },
        provider: 'claude-cli',
      };
    },
  };
}
