// Files a project keeps up rather than works in: they change with every release or dependency
// update, whoever makes it, so on real histories they top a count of changes (expressjs/express:
// History.md, 9 of 30 commits; axios: package-lock.json and dist/; changesets: pnpm-lock.yaml,
// .changeset/ and CHANGELOG.md of each package) while saying little of where the work is.

/** Lock files of package managers: written by the tool, changed by every dependency update. */
const LOCK = /^(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|deno\.lock|Cargo\.lock|Gemfile\.lock|composer\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|go\.sum|mix\.lock|pubspec\.lock|Podfile\.lock|packages\.lock\.json|flake\.lock|gradle\.lockfile|conan\.lock)$/;
/** Release notes kept file by file: a line for every change, in the same commit as the change. */
const CHANGELOG = /^(?:change ?log|changes|history|news|releases?|release[-_ ]notes|更新日志|变更日志|更新记录)(?:\.(?:md|markdown|rst|txt|adoc))?$/i;
/** CI and bot configuration at the top of the repository. */
const CI_FILE = /^(?:\.gitlab-ci\.yml|\.travis\.yml|appveyor\.yml|azure-pipelines\.yml|\.pre-commit-config\.yaml|renovate\.json5?|\.renovaterc(?:\.json)?|codecov\.yml|\.codecov\.yml)$/;
/** Folders of CI, release bookkeeping, build output and vendored code, at any depth (`packages/x/dist/`). */
const UPKEEP_DIR = /(?:^|\/)(?:dist|vendor|node_modules|bower_components)\//;
const TOP_DIR = /^(?:\.github\/(?:workflows|actions)\/|\.github\/dependabot\.ya?ml$|\.circleci\/|\.changeset\/)/;
/** Minified bundles and source maps: generated. */
const GENERATED = /\.(?:min\.(?:js|mjs|cjs|css)|map)$/;

/** A file a project keeps up (lock file, changelog, CI, build output, vendored or minified code) rather than works in. Pure. */
export function isUpkeepPath(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return LOCK.test(base) || CHANGELOG.test(base) || CI_FILE.test(path) || TOP_DIR.test(path) || UPKEEP_DIR.test(path) || GENERATED.test(base);
}
