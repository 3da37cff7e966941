// Where the real agent CLIs the suite drives live (test/real-agents/, bench/): a folder of their
// own, outside the product's dependencies, keyed by the pinned versions (scripts/agent-pins.json).
// GIT_MEMORY_AGENTS_DIR points at an existing install instead (a folder whose node_modules holds
// the three packages).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The pinned packages, name → version. */
export function agentPins() {
  const pins = JSON.parse(readFileSync(join(here, 'agent-pins.json'), 'utf8'));
  delete pins['//'];
  return pins;
}

/** The cache folder for these pins: ${XDG_CACHE_HOME:-~/.cache}/git-memory/agents/<hash of the pins>. */
export function agentsCacheDir(env = process.env) {
  const pins = agentPins();
  const key = createHash('sha256').update(JSON.stringify(Object.entries(pins).sort())).digest('hex').slice(0, 12);
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'git-memory', 'agents', key);
}

/** The install in use: GIT_MEMORY_AGENTS_DIR when set, else the cache folder. */
export const agentsDir = (env = process.env) => env.GIT_MEMORY_AGENTS_DIR || agentsCacheDir(env);

const ARCH = { x64: ['x64', 'x86_64'], arm64: ['arm64', 'aarch64'] }[process.arch] ?? [process.arch, process.arch];

/**
 * The three binaries in an install (`dir`), or null for one missing. Claude Code's native binary is
 * its platform package's (its postinstall, which npm does not run unapproved, only copies it); Codex's
 * is the musl build in its platform package; Gemini CLI is a Node script.
 */
export function agentBins(dir = agentsDir()) {
  const nm = join(dir, 'node_modules');
  const claudeNative = join(nm, '@anthropic-ai', `claude-code-${process.platform}-${ARCH[0]}`, 'claude');
  const codexNative = join(nm, '@openai', `codex-${process.platform}-${ARCH[0]}`, 'vendor', `${ARCH[1]}-unknown-${process.platform}-musl`, 'bin', 'codex');
  const gemini = join(nm, '@google', 'gemini-cli', 'bundle', 'gemini.js');
  const found = (p) => (existsSync(p) ? p : null);
  return { claude: found(claudeNative), codex: found(codexNative), gemini: found(gemini) };
}

/** The installed version of each pinned package (null: absent), to tell a stale install. */
export function installedVersions(dir = agentsDir()) {
  const out = {};
  for (const name of Object.keys(agentPins())) {
    try {
      out[name] = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      out[name] = null;
    }
  }
  return out;
}
