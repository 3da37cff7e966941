// The bench writes memory files with the project's own serializers and times the project's own
// scanner, so it bundles those src/ modules (dist/ exports only the CLI entry points).
import { build } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
export const BENCH_DIR = join(ROOT, '.bench');
/** This process's scratch directory: bench runs started side by side must not share one. */
export const WORK_DIR = join(BENCH_DIR, 'work', String(process.pid));

/** How the bench bundles the project's own modules: ESM for this node, dependencies left in node_modules. */
export const BUNDLE_OPTIONS = { bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'warning' };

/**
 * Bundles the named src/ entry points into `<WORK_DIR>/lib/<name>.mjs` and imports them. Dependencies
 * stay in node_modules; templates are bundled as text, as in dist/.
 * @param {Record<string, string>} entries name → path under src/
 */
export async function importSrc(entries) {
  const outdir = join(WORK_DIR, 'lib');
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(ROOT, 'src', path)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    ...BUNDLE_OPTIONS,
  });
  const modules = {};
  for (const name of Object.keys(entries)) modules[name] = await import(pathToFileURL(join(outdir, `${name}.mjs`)).href);
  return modules;
}
