#!/usr/bin/env node
// Entry point. The post-commit hook (every commit) and the primer (every session start) load one
// small file each; the agent hooks load agents.js (no argument parser); everything else loads the
// full command line. See scripts/build.mjs.
const args = process.argv.slice(2);
const load = (name: string) => import(new URL(`./${name}.js`, import.meta.url).href);

if (args[0] === 'hook' && args[1] === 'post-commit') {
  (await load('hook')).runHook(args[1], process.cwd(), process.env);
} else if (args[0] === 'hook' && args[1] === 'agent') {
  process.exitCode = await (await load('agents')).runAgentHook(args.slice(2));
} else {
  const lean = args[0] === 'primer' ? await (await load('primer')).leanPrimer(args.slice(1)) : null;
  process.exitCode = lean ?? (await (await load('cli')).main(args));
}
