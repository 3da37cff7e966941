#!/usr/bin/env node
// Entry point. The commit hooks (every commit and rewrite) and the primer (every session start)
// load one small file each; pre-push loads its own (it needs the secret scanner); the agent hooks
// load agents.js (no argument parser); everything else loads the full command line. See
// scripts/build.mjs.
const args = process.argv.slice(2);
const load = (name: string) => import(new URL(`./${name}.js`, import.meta.url).href);

if (args[0] === 'hook' && (args[1] === 'post-commit' || args[1] === 'post-rewrite')) {
  process.exitCode = await (await load('hook')).runHook(args[1], args.slice(2), process.cwd(), process.env);
} else if (args[0] === 'hook' && args[1] === 'pre-push') {
  process.exitCode = await (await load('pre-push')).runPrePush(args.slice(2), process.cwd(), process.env);
} else if (args[0] === 'hook' && args[1] === 'agent') {
  process.exitCode = await (await load('agents')).runAgentHook(args.slice(2));
} else {
  const lean =
    args[0] === 'primer' ? await (await load('primer')).leanPrimer(args.slice(1))
    : args[0] === 'search' ? await (await load('search')).leanSearch(args.slice(1))
    : args[0] === 'statusline' ? await (await load('agents')).leanStatusline(args.slice(1))
    : null;
  process.exitCode = lean ?? (await (await load('cli')).main(args));
}
