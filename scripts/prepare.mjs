// `npm ci` / `npm install` in a clone: set up this repository's own husky hooks (when husky and a
// .git directory are there), then build dist/. Never touches any other repository's hooks.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('.git') && existsSync('node_modules/husky')) {
  try {
    execFileSync(process.execPath, ['node_modules/husky/bin.js'], { stdio: 'inherit' });
  } catch {
    console.warn('husky could not set up this repository\'s pre-commit hook; continuing');
  }
}
await import('./build.mjs');
