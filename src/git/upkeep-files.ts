// Files a project keeps up rather than works in: they change with every release or dependency
// update, whoever makes it, so on real histories they top a count of changes (expressjs/express:
// History.md, 9 of 30 commits; axios: package-lock.json and dist/; changesets: pnpm-lock.yaml,
// .changeset/ and CHANGELOG.md of each package) while saying little of where the work is.

// Told by plain string tests, not regular expressions: the primer ranks the hot files of its log
// at every start, and compiling these patterns (V8 compiles a pattern again to machine code at its
// second use; the changelog one case-insensitive with CJK) cost ~1.5 ms of a ~20 ms warm primer.
// test/git/upkeep-files.test.ts checks each test against the pattern it stands for.

/** Lock files of package managers: written by the tool, changed by every dependency update. */
const LOCK = new Set(['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'bun.lockb', 'deno.lock', 'Cargo.lock', 'Gemfile.lock', 'composer.lock', 'poetry.lock', 'Pipfile.lock', 'uv.lock', 'pdm.lock', 'go.sum', 'mix.lock', 'pubspec.lock', 'Podfile.lock', 'packages.lock.json', 'flake.lock', 'gradle.lockfile', 'conan.lock']);
/** Release notes kept file by file (any ASCII case, an optional extension): a line for every change, in the same commit as the change. */
const CHANGELOG = new Set(['changelog', 'change log', 'changes', 'history', 'news', 'release', 'releases', 'release-notes', 'release_notes', 'release notes', 'releasenotes', '更新日志', '变更日志', '更新记录']);
const CHANGELOG_EXT = new Set(['md', 'markdown', 'rst', 'txt', 'adoc']);
/** CI and bot configuration at the top of the repository. */
const CI_FILE = new Set(['.gitlab-ci.yml', '.travis.yml', 'appveyor.yml', 'azure-pipelines.yml', '.pre-commit-config.yaml', 'renovate.json', 'renovate.json5', '.renovaterc', '.renovaterc.json', 'codecov.yml', '.codecov.yml']);
/** Folders of CI, release bookkeeping, build output, vendored code and test snapshots, at any depth (`packages/x/dist/`). */
const UPKEEP_DIR = ['dist/', 'vendor/', 'node_modules/', 'bower_components/', '__snapshots__/'];
const TOP_DIR = ['.github/workflows/', '.github/actions/', '.circleci/', '.changeset/'];
const TOP_FILE = new Set(['.github/dependabot.yml', '.github/dependabot.yaml']);
/** Minified bundles and source maps: generated. */
const GENERATED = ['.min.js', '.min.mjs', '.min.cjs', '.min.css', '.map'];
/**
 * By the extension (any ASCII case): test snapshots (written by the test runner), and binary files
 * (images, fonts, archives, compiled objects, media, databases), which no agent reads as text: a
 * logo changed in five commits topped the hot files of a repository whose work is its code.
 */
const NOT_TEXT = new Set(['snap', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'ico', 'icns', 'tif', 'tiff', 'psd', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'zip', 'gz', 'tgz', 'bz2', 'xz', 'zst', '7z', 'rar', 'jar', 'war', 'whl', 'so', 'dylib', 'dll', 'exe', 'o', 'a', 'class', 'pyc', 'wasm', 'pdf', 'mp3', 'mp4', 'mov', 'wav', 'ogg', 'webm', 'sqlite', 'sqlite3', 'db', 'bin']);

/** `s` with ASCII capitals made small, and nothing else changed (a pattern's `i` flag, without `u`, folds no other letter to ASCII). */
export function asciiLower(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) continue;
    out += s.slice(from, i) + String.fromCharCode(c + 32);
    from = i + 1;
  }
  return from ? out + s.slice(from) : s;
}

/** Release notes numbered to sort first (redis/redis's `00-RELEASENOTES`): the number and its `-` or `_` left off. */
function unnumbered(name: string): string {
  let i = 0;
  while (name.charCodeAt(i) >= 48 && name.charCodeAt(i) <= 57) i++;
  return i && (name[i] === '-' || name[i] === '_') ? name.slice(i + 1) : name;
}

function isChangelog(base: string): boolean {
  const name = unnumbered(asciiLower(base));
  const dot = name.indexOf('.');
  return dot < 0 ? CHANGELOG.has(name) : CHANGELOG.has(name.slice(0, dot)) && CHANGELOG_EXT.has(name.slice(dot + 1));
}

/** The extension of a file name, ASCII capitals made small ('' for none, or a name that starts with its only dot). */
function extensionOf(base: string): string {
  const dot = base.lastIndexOf('.');
  return dot > 0 ? asciiLower(base.slice(dot + 1)) : '';
}

/**
 * A file a tool writes and nobody edits by hand: a lock file, a test snapshot, a binary file, a
 * minified bundle or a source map. A subset of isUpkeepPath: a changelog, a CI workflow or vendored
 * code can be the work an agent does, these are not (compact/hot-files.ts ranks them last). Pure.
 */
export function isToolWrittenPath(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return NOT_TEXT.has(extensionOf(base)) || LOCK.has(base) || path.startsWith('__snapshots__/') || path.includes('/__snapshots__/') || GENERATED.some((g) => base.endsWith(g));
}

/** A file a project keeps up (lock file, changelog, CI, build output, vendored or minified code, snapshot, binary) rather than works in. Pure. */
export function isUpkeepPath(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return (
    isToolWrittenPath(path) ||
    isChangelog(base) ||
    CI_FILE.has(path) ||
    TOP_FILE.has(path) ||
    TOP_DIR.some((d) => path.startsWith(d)) ||
    UPKEEP_DIR.some((d) => path.startsWith(d) || path.includes(`/${d}`))
  );
}
