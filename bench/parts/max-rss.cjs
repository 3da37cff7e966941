// Preloaded with `node -r` by bench/parts/mcp.mjs: reports the process's peak resident memory on
// stderr as it exits, the one figure a parent cannot read from spawnSync.
process.on('exit', () => require('node:fs').writeSync(2, `\nmax-rss-kb=${process.resourceUsage().maxRSS}\n`));
