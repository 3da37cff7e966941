#!/usr/bin/env node
// Installs the pinned agent CLIs (scripts/agent-pins.json) with npm into a cache folder outside the
// product's dependencies (see scripts/agents.mjs), and reuses it while the pins are unchanged. With
// GIT_MEMORY_AGENTS_DIR set, checks that install instead and installs nothing. Exits 0 when all
// three are there at their pinned versions.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { agentBins, agentPins, agentsCacheDir, agentsDir, installedVersions } from './agents.mjs';

const pins = agentPins();
const dir = agentsDir();
const mismatched = (d) => Object.entries(installedVersions(d)).filter(([name, v]) => v !== pins[name]);

if (process.env.GIT_MEMORY_AGENTS_DIR) {
  const bad = mismatched(dir);
  for (const [name, v] of bad) console.error(`install-agents: ${name} is ${v ?? 'missing'} in ${dir}, pinned ${pins[name]}`);
  if (Object.values(agentBins(dir)).some((b) => !b)) console.error(`install-agents: a binary is missing in ${dir}: ${JSON.stringify(agentBins(dir))}`);
  if (bad.length || Object.values(agentBins(dir)).some((b) => !b)) process.exit(1);
  console.log(`install-agents: using ${dir} (GIT_MEMORY_AGENTS_DIR)`);
  process.exit(0);
}

const target = agentsCacheDir();
if (!mismatched(target).length && Object.values(agentBins(target)).every(Boolean)) {
  console.log(`install-agents: cached in ${target}`);
  process.exit(0);
}
// Installed beside the target and moved in whole: an interrupted install leaves no half folder.
mkdirSync(dirname(target), { recursive: true });
const building = `${target}.building-${process.pid}`;
rmSync(building, { recursive: true, force: true });
mkdirSync(building, { recursive: true });
writeFileSync(join(building, 'package.json'), `${JSON.stringify({ name: 'git-memory-agents', private: true, dependencies: pins }, null, 2)}\n`);
const specs = Object.entries(pins).map(([n, v]) => `${n}@${v}`);
console.log(`install-agents: npm install ${specs.join(' ')} into ${target} (~900 MB)`);
const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact', ...specs], { cwd: building, stdio: 'inherit' });
if (npm.status !== 0 || mismatched(building).length || Object.values(agentBins(building)).some((b) => !b)) {
  console.error(`install-agents: the install failed (npm exit ${npm.status}); binaries: ${JSON.stringify(agentBins(building))}`);
  rmSync(building, { recursive: true, force: true });
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
renameSync(building, target);
console.log(`install-agents: installed in ${target}`);
