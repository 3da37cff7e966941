import { HOOK_BEGIN, HOOK_END } from '../paths.js';

/** The git hooks git-memory installs. */
export const HOOK_NAMES = ['post-commit', 'post-rewrite', 'pre-push'] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** Suffix of a user's hook moved aside and chained (it was not a shell script, or not executable). */
export const CHAINED_SUFFIX = '.pre-git-memory';

/**
 * post-rewrite and pre-push get lines on stdin that the user's own hook further down needs too:
 * the block copies stdin to a temporary file, feeds that to git-memory, then points the script's
 * own stdin at the same file (`exec <`) so everything after the block reads the lines from the
 * start. Where git-memory or mktemp is missing, stdin is left untouched.
 */
function capturedStdin(name: HookName, onResult: string[]): string[] {
  return [
    'if command -v git-memory >/dev/null 2>&1 && gm_in=$(mktemp "${TMPDIR:-/tmp}/git-memory.XXXXXX" 2>/dev/null); then',
    '  cat >"$gm_in" || true',
    '  gm_rc=0',
    `  git-memory hook ${name} "$@" <"$gm_in" ${name === 'pre-push' ? '>&2' : '>/dev/null 2>&1'} || gm_rc=$?`,
    '  exec <"$gm_in"',
    '  rm -f "$gm_in"',
    ...onResult,
    'fi',
  ];
}

const BODY: Record<HookName, { why: string; lines: string[] }> = {
  'post-commit': {
    why: '# Records this commit for the next git-memory session. Harmless where git-memory is not installed.',
    // A commit a rebase replays (rebase-merge/ and CHERRY_PICK_HEAD present) is skipped here, without
    // starting node: post-rewrite reports it, and a 100-commit rebase should not start 100 processes.
    lines: [
      'if command -v git-memory >/dev/null 2>&1; then',
      '  gm_dir=$(git rev-parse --git-dir 2>/dev/null) || gm_dir=.git',
      '  if [ ! -d "$gm_dir/rebase-merge" ] || [ ! -f "$gm_dir/CHERRY_PICK_HEAD" ]; then',
      '    git-memory hook post-commit "$@" </dev/null >/dev/null 2>&1 || true',
      '  fi',
      'fi',
    ],
  },
  'post-rewrite': {
    why: '# Maps amended and rebased commit ids for git-memory. Harmless where git-memory is not installed;\n# the "old new" lines on stdin stay readable for the rest of this hook.',
    lines: capturedStdin('post-rewrite', []),
  },
  'pre-push': {
    why: '# Refuses a push whose memory files carry a secret (git-memory scan; `git push --no-verify` skips it).\n# Harmless where git-memory is not installed; the ref lines on stdin stay readable for the rest of this hook.',
    // Exit 3 is the scanner's refusal; any other failure of the tool never blocks a push.
    lines: capturedStdin('pre-push', ['  if [ "$gm_rc" -eq 3 ]; then exit 1; fi']),
  },
};

/**
 * The marked block for one hook. It runs git-memory only where it is installed and never fails the
 * git command (pre-push excepted: a secret refuses the push). `chain` adds the hand-over to the
 * user's original hook, moved aside to `<hook>.pre-git-memory`.
 */
export function hookBlock(name: HookName, chain = false): string {
  const { why, lines } = BODY[name];
  const tail = chain ? [`if [ -x "$0${CHAINED_SUFFIX}" ]; then exec "$0${CHAINED_SUFFIX}" "$@"; fi`] : [];
  return [HOOK_BEGIN, why, ...lines, ...tail, HOOK_END].join('\n');
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Our block, with its line end, wherever it sits in a hook file. */
export const BLOCK_RE = new RegExp(`${escape(HOOK_BEGIN)}[\\s\\S]*?${escape(HOOK_END)}\\n?`);

/** A shebang POSIX sh can run our block under; anything else (node, python, fish) is chained. */
export const SHELL_SHEBANG = /^#!\s*(?:\S*\/)?(?:env\s+(?:-S\s+)?)?(?:sh|bash|dash|ksh|mksh|ash|zsh|busybox\s+sh)(?:\s|$)/;
