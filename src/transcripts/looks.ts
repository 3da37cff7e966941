/** Commands that only look: they list, read, search or ask git, and write nothing. */
const LOOKS = new Set(['cat', 'nl', 'head', 'tail', 'less', 'more', 'bat', 'ls', 'll', 'tree', 'pwd', 'cd', 'grep', 'egrep', 'rg', 'ag', 'ack', 'wc', 'file', 'stat', 'which', 'type', 'echo', 'sort', 'uniq', 'cut', 'jq', 'du', 'df', 'diff', 'realpath', 'dirname', 'basename', 'true']);
/** git's subcommands that only look. */
const GIT_LOOKS = new Set(['status', 'log', 'diff', 'show', 'ls-files', 'blame', 'grep', 'rev-parse', 'describe', 'shortlog', 'reflog', 'cat-file', 'ls-tree', 'merge-base', 'show-ref']);

/**
 * Whether a shell command only looks (`ls src`, `rg -n foo`, `sed -n 1,80p a.ts`, `git log -5`,
 * `cd web && cat package.json | head`): each segment's program is one that writes nothing, with no
 * redirection into a file, `find` without -delete/-exec, `sed` only with -n and no -i. Anything else
 * (a build, a test run, an install, a script, a deploy) may have changed something.
 */
export function looksOnly(command: string): boolean {
  const text = command.replace(/\s[12]?>\s*\/dev\/null|\s2>&1/g, ' ');
  if (/[>`]|\$\(/.test(text)) return false;
  const segs = text.split(/&&|\|\||;|\||\n/);
  for (const seg of segs) {
    const words = seg.trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    const [head, ...rest] = words;
    if (head === 'git') {
      const sub = rest.find((w) => !w.startsWith('-'));
      if (!sub || !GIT_LOOKS.has(sub)) return false;
    } else if (head === 'find') {
      if (rest.some((w) => /^-(delete|exec|execdir|ok|fprint|fls)/.test(w))) return false;
    } else if (head === 'sed') {
      if (!rest.includes('-n') || rest.some((w) => /^-[a-zA-Z]*i|^--in-place/.test(w))) return false;
    } else if (!LOOKS.has(head!)) return false;
  }
  return true;
}

/** Programs that check the work and change nothing of it: test runners, linters, type checkers. */
const CHECKERS = new Set(['vitest', 'jest', 'mocha', 'ava', 'tap', 'tsc', 'eslint', 'prettier', 'biome', 'pytest', 'py.test', 'tox', 'nox', 'mypy', 'pyright', 'ruff', 'flake8', 'pylint', 'black', 'rspec', 'phpunit', 'shellcheck', 'ctest', 'playwright', 'cypress']);
/** Subcommands (or package scripts) of a toolchain that check or build: `go test`, `cargo clippy`, `npm run lint`. */
const CHECK_SUBS = /^(?:test|tests|t|check|checks|lint|vet|clippy|typecheck|type-check|types|tsc|build|verify|ci:test|test:[\w:.-]+|lint:[\w:.-]+|build:[\w:.-]+)$/;
/** Toolchains whose check is a subcommand (`run` and `exec` looked through). */
const TOOLCHAINS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'npx', 'pnpx', 'bunx', 'go', 'cargo', 'make', 'mvn', 'gradle', './gradlew', 'dotnet', 'swift', 'deno', 'rake', 'bundle', 'python', 'python3', 'uv', 'poetry', 'node']);

/** One segment's words: a check (`npm test`, `npx vitest run`, `python -m pytest -q`, `CI=1 go test ./...`)? */
function checks(words: string[]): boolean {
  let w = words;
  while (w.length && /^\w+=/.test(w[0]!)) w = w.slice(1);
  if (w[0] === 'timeout') w = w.slice(/^\d/.test(w[1] ?? '') ? 2 : 1);
  // A fixer writes the files it checks.
  if (w.some((x) => /^--(?:fix|write|in-place)\b|^-w$/.test(x))) return false;
  const [head, ...rest] = w;
  if (!head) return false;
  // A formatter writes unless told to check.
  if (head === 'black' || head === 'prettier' || (head === 'ruff' && rest[0] === 'format')) return rest.includes('--check') || rest.includes('--list-different');
  if (CHECKERS.has(head)) return true;
  if (!TOOLCHAINS.has(head)) return false;
  if (head === 'node') return rest.includes('--test');
  const args = rest.filter((x) => !x.startsWith('-'));
  let i = 0;
  if (args[i] === 'run' || args[i] === 'exec' || args[i] === 'x' || args[i] === 'dlx') i++;
  if ((head === 'python' || head === 'python3') && rest[0] === '-m') return CHECKERS.has(rest[1] ?? '') || rest[1] === 'unittest' || rest[1] === 'compileall';
  if (head === 'uv' || head === 'poetry' || head === 'bundle') return args[i] !== undefined && checks(args.slice(i));
  const sub = args[i];
  return sub !== undefined && (CHECKERS.has(sub) ? checks(rest.slice(rest.indexOf(sub))) : CHECK_SUBS.test(sub));
}

/**
 * Whether a shell command only checks the work: each segment a look (looksOnly) or a test run, a
 * lint, a type check or a build (`npm test 2>&1 | tail -20`, `cd web && npx tsc --noEmit`), with no
 * redirection into a file and no fixer (`eslint --fix`). A todo done by such commands alone ("Run
 * the test suite", "Verify the build") checked the work; it changed none of it.
 */
export function checksOnly(command: string): boolean {
  const text = command.replace(/\s[12]?>\s*\/dev\/null|\s2>&1/g, ' ');
  if (/[>`]|\$\(/.test(text)) return false;
  let any = false;
  for (const seg of text.split(/&&|\|\||;|\||\n/)) {
    const words = seg.trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    if (checks(words)) any = true;
    else if (!looksOnly(words.join(' '))) return false;
  }
  return any;
}
