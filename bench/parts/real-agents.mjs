// The real agents, wired against plain (issue 24 §3): runs test/real-agents/speed.test.ts, which
// drives Claude Code, Codex CLI and Gemini CLI (the pins in scripts/agent-pins.json) offline against
// fake model APIs, and prints its table. Skipped, with a line saying so, when the agents are not
// installed (`node scripts/install-agents.mjs`, or GIT_MEMORY_AGENTS_DIR pointing at an install).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentBins, agentsDir } from '../../scripts/agents.mjs';

export function run({ ROOT, QUICK }) {
  const bins = agentBins();
  const missing = Object.entries(bins).filter(([, b]) => !b).map(([n]) => n);
  if (missing.length === 3) {
    console.log(`  skipped: the agent CLIs are not installed in ${agentsDir()} (node scripts/install-agents.mjs installs them)`);
    return;
  }
  if (missing.length) console.log(`  not installed, left out: ${missing.join(', ')}`);
  const dir = mkdtempSync(join(tmpdir(), 'gm-agent-speed-'));
  const table = join(dir, 'table.txt');
  try {
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts', 'offline.mjs'), 'npx', 'vitest', 'run', '--config', 'test/real-agents/vitest.config.ts', 'test/real-agents/speed.test.ts'],
      { cwd: ROOT, env: { ...process.env, AGENT_SPEED_TABLE: table, ...(QUICK ? { AGENT_SPEED_PAIRS: '1' } : {}) }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      /* none written */
    }
    if (!text) throw new Error(`the speed run wrote no table (exit ${r.status}):\n${(r.stdout + r.stderr).slice(-3000)}`);
    for (const line of text.trimEnd().split('\n')) console.log(`  ${line}`);
    if (r.status !== 0) throw new Error(`a run failed (exit ${r.status}):\n${(r.stdout + r.stderr).slice(-3000)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
