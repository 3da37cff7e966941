#!/usr/bin/env node
// Runs a command with no network but loopback: in a network namespace of its own (`unshare -n`,
// or `unshare -rn` for a user without the right to), whose only interface is `lo`. So a test that
// drives the real agent CLIs cannot reach anything past the fake APIs on 127.0.0.1, whatever an agent
// tries. Where namespaces are not available it says so in one line and runs the command as it is
// (the agents still get a dead proxy and every telemetry switch off, see test/real-agents/drive.ts).
import { spawnSync } from 'node:child_process';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/offline.mjs <command> [args…]');
  process.exit(2);
}
const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
const inner = `ip link set lo up && GIT_MEMORY_OFFLINE=namespace exec ${quoted}`;
const probe = (flags) => spawnSync('unshare', [...flags, 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status === 0;
const flags = process.env.GIT_MEMORY_OFFLINE ? null : probe(['-n']) ? ['-n'] : probe(['-rn']) ? ['-rn'] : null;
let r;
if (flags) {
  console.log(`offline: running in a network namespace with only loopback (unshare ${flags.join(' ')})`);
  r = spawnSync('unshare', [...flags, 'sh', '-c', inner], { stdio: 'inherit' });
} else {
  if (!process.env.GIT_MEMORY_OFFLINE) console.log('offline: no network namespace here (unshare -n failed): the network is not cut off, only proxied to nowhere');
  r = spawnSync(cmd, args, { stdio: 'inherit' });
}
process.exit(r.status ?? 1);
