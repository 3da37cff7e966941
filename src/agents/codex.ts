import { addCodexMcp, hasCodexMcp, removeCodexMcp } from './config/mcp-servers.js';
import { command, grouped, plainText, type Agent } from './adapter.js';
import { codexFiresSessionEnd } from './codex-version.js';
import { codexTyped } from './codex-prompts.js';
import { CODEX_MODEL_WARNING, textOf } from './transcript-text.js';

/** The variables a Codex CLI sets in the environment of the commands it runs (see detect below). */
const CODEX_SHELL_MARKS = ['CODEX_THREAD_ID', 'CODEX_MANAGED_BY_NPM', 'CODEX_MANAGED_BY_BUN', 'CODEX_MANAGED_BY_PNPM', 'CODEX_MANAGED_BY_VITE_PLUS', 'CODEX_SANDBOX', 'CODEX_SANDBOX_NETWORK_DISABLED'] as const;

/** Codex CLI. */
export const codex: Agent<'codex'> = {
  name: 'codex',
  title: 'Codex CLI',
  // Codex 0.171 fires SessionEnd when its process ends (`codex exec` and the TUI alike, reason
  // "other"): the session is recorded there, once. Earlier versions have none: their Stop ends
  // every turn, and each Stop that finds something new records it, the later ones as follow-ups
  // (hook/agent/finalise.ts); once a SessionEnd has been seen in the worktree, Stop only pauses.
  // Stop also keeps the session notes (the threshold check; any model call runs in a detached
  // worker). No PostToolUse hook: Codex hooks block the agent, and one per tool call made a wired run
  // 1.7 times a plain one (issue 24, section 3); the thresholds are applied at the turn's end.
  config: [grouped('.codex/hooks.json', 'codex', [
    { event: 'SessionStart', handler: command('codex', 'session-start', 10) },
    { event: 'Stop', handler: command('codex', 'stop', 10) },
    // Codex 0.171 caps a SessionEnd hook at 3 s, and warns at every start of a config asking for more.
    { event: 'SessionEnd', handler: command('codex', 'session-end', 3) },
    { event: 'PreCompact', handler: command('codex', 'pre-compact', 10) },
    { event: 'PostCompact', handler: command('codex', 'post-compact', 10) },
  ])],
  mcp: {
    path: '.codex/config.toml',
    install: (t) => addCodexMcp(t ?? '', '.codex/config.toml'),
    uninstall: (t) => (removeCodexMcp(t).trim() ? removeCodexMcp(t) : null),
    installed: (t) => hasCodexMcp(t, '.codex/config.toml'),
  },
  instructions: () => ['AGENTS.md'],
  stopEndsSession: true,
  firesSessionEnd: codexFiresSessionEnd,
  // Codex CLI 0.171 ignores a project's .codex/ (hooks, MCP server) until the project is trusted, and
  // runs its hooks only once they are reviewed: an untrusted `codex exec` runs neither, with a warning.
  trust:
    'Codex CLI runs these hooks and the MCP server only in a trusted project with reviewed hooks: run `codex` here once, trust the project and review the hooks with /hooks (or `codex exec --trust …` once). ' +
    'In CI: `codex exec --trust --dangerously-bypass-hook-trust …`, or trust_level = "trusted" under [projects."<checkout path>"] in $CODEX_HOME/config.toml plus --dangerously-bypass-hook-trust',
  // What Codex sets for every command it runs, whatever its version: 0.171 names its session
  // (CODEX_THREAD_ID); its npm launcher (bin/codex.js) exports CODEX_MANAGED_BY_NPM (or _BUN, _PNPM,
  // _VITE_PLUS) to the Codex process, which its commands inherit; its sandbox sets CODEX_SANDBOX
  // (macOS) or CODEX_SANDBOX_NETWORK_DISABLED. CODEX_HOME is often exported in a shell profile, so it
  // only hints (a terminal that has it is still a terminal).
  detect: (env) => (CODEX_SHELL_MARKS.some((k) => env[k]) ? 'set-by-agent' : env.CODEX_HOME ? 'hint' : null),
  // Plain text: JSON-looking text that does not parse fails the hook, and markdown never starts with `{`.
  sessionStartOutput: plainText,
  // A rollout file: the prompt as an event, or as a response item in the model's input; a custom
  // prompt's body as the `/prompts:NAME args` that sent it (codex-prompts.ts).
  transcriptText: (r) => {
    if (r.type === 'event_msg' && r.payload?.type === 'user_message') return typeof r.payload.message === 'string' ? codexTyped(r.payload.message) : null;
    if (r.type === 'response_item' && r.payload?.type === 'message' && r.payload.role === 'user') {
      const text = textOf(r.payload.content);
      return text === null || CODEX_MODEL_WARNING.test(text) ? null : codexTyped(text);
    }
    return undefined;
  },
};
