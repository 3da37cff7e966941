import { spanOf } from '../linear.js';
import { DEFERRED_FILE, HOOK_BEGIN, HOOK_END, KEEP_START_FILE, PRIMER_FILE, PRIMER_REFRESH_FILE, SESSION_ENV_VARS } from '../paths.js';

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

/**
 * The hook's git directory without a git process where git says where it is (GIT_DIR, set in linked
 * worktrees) or the worktree has a `.git` directory (hooks run at its top); else one `rev-parse`.
 */
const GIT_DIR_LINES = [
  '  gm_dir=${GIT_DIR:-.git}',
  '  [ -d "$gm_dir" ] || gm_dir=$(git rev-parse --git-dir 2>/dev/null) || gm_dir=.git',
];

/**
 * The off switches (git/off-switch.ts), read with the shell's builtins alone: GIT_MEMORY=0 (or
 * false, no, off), else `memory.enabled = false` in the repository's config file (a linked
 * worktree's through its `commondir`; the last setting wins, as in git). Sets gm_off when off.
 */
const OFF_LINES = [
  '  gm_off=',
  '  case ${GIT_MEMORY:-} in 0|[Ff][Aa][Ll][Ss][Ee]|[Nn][Oo]|[Oo][Ff][Ff]) gm_off=1 ;; esac',
  '  gm_cf=$gm_dir/config',
  '  if [ -z "$gm_off" ] && [ -f "$gm_dir/commondir" ]; then',
  '    gm_cd=',
  '    read -r gm_cd 2>/dev/null <"$gm_dir/commondir" || :',
  '    case $gm_cd in /*) gm_cf=$gm_cd/config ;; ?*) gm_cf=$gm_dir/$gm_cd/config ;; esac',
  '  fi',
  '  if [ -z "$gm_off" ] && [ -f "$gm_cf" ]; then',
  '    gm_sec=',
  '    while IFS= read -r gm_l || [ -n "$gm_l" ]; do',
  '      gm_l=${gm_l#"${gm_l%%[![:space:]]*}"}',
  '      case $gm_l in',
  "        '['*) case $gm_l in '['[Mm][Ee][Mm][Oo][Rr][Yy]']'*) gm_sec=1 ;; *) gm_sec= ;; esac ;;",
  '        [Ee][Nn][Aa][Bb][Ll][Ee][Dd]*)',
  '          if [ -n "$gm_sec" ]; then',
  '            gm_v=${gm_l#*=}',
  '            gm_v=${gm_v#"${gm_v%%[![:space:]]*}"}',
  '            gm_v=${gm_v%%[[:space:]#;]*}',
  '            case $gm_v in 0|[Ff][Aa][Ll][Ss][Ee]|[Nn][Oo]|[Oo][Ff][Ff]) gm_off=1 ;; *) gm_off= ;; esac',
  '          fi ;;',
  '      esac',
  '    done <"$gm_cf" 2>/dev/null || :',
  '  fi',
];

/**
 * Aider runs no hooks and reads PRIMER.md as a file when it starts: where .aider.conf.yml (at the
 * worktree's top, where git runs the hook) names it and it exists, a commit (Aider's own, made with
 * --no-verify, which skips only pre-commit and commit-msg) refreshes it in the background, so the next
 * Aider session sees the commit. The file is read with the shell's `read` (no process); git does not
 * wait for the refresh, which runs at the lowest priority and writes only the gitignored PRIMER.md.
 * A burst of commits starts one refresh, not one each (commands/primer-start.ts refreshPrimerFile).
 */
const AIDER_REFRESH = [
  `    if [ -f .aider.conf.yml ] && [ -f ${PRIMER_FILE} ]; then`,
  '      gm_ai=',
  '      while IFS= read -r gm_l || [ -n "$gm_l" ]; do',
  `        case $gm_l in *${PRIMER_FILE}*) gm_ai=1; break ;; esac`,
  '      done <.aider.conf.yml 2>/dev/null || :',
  // One refresh at a time (it builds again for the commits made meanwhile); a mark older than a
  // minute is one a killed refresh left. `find` runs only while a mark is there. A `find` without
  // -mmin (POSIX lacks it; GNU, BSD and busybox have it) fails: the mark is then taken as stale, so
  // a killed refresh's mark never stops the refreshes for good (a burst then starts one each).
  `      gm_m=$gm_s/${PRIMER_REFRESH_FILE}`,
  '      gm_go=',
  '      if [ -z "$gm_ai" ]; then :',
  '      elif [ ! -e "$gm_m" ]; then gm_go=1',
  '      elif gm_old=$(find "$gm_m" -mmin +1 2>/dev/null); then [ -z "$gm_old" ] || gm_go=1',
  '      else gm_go=1; fi',
  '      if [ -n "$gm_go" ]; then',
  '        { : >"$gm_m"; } 2>/dev/null || :',
  '        git-memory hook refresh-primer </dev/null >/dev/null 2>&1 &',
  '      fi',
  '    fi',
];

/**
 * After `init` wired an agent whose session start is served without node (hook/agent/kept-start.ts),
 * the commit of what it wrote (the user's, before the worktree's first session) keeps that start's
 * primer for the HEAD it made, in the background: once, where init left the mark (a test, no process).
 */
const KEEP_START = [
  `    if [ -f "$gm_s/${KEEP_START_FILE}" ]; then`,
  '      git-memory hook keep-start </dev/null >/dev/null 2>&1 &',
  '    fi',
];

/**
 * A memory commit an `end` left for after this very commit (it was under way: git-memory must not
 * move HEAD under it, see git/commit-under-way.ts) lands now, in the background: HEAD is final once
 * post-commit runs. One test of a file (no process) for every other commit. The commit's own
 * variables git exported to its hooks are not the memory commit's: its index (GIT_INDEX_FILE, which
 * would read as "run from a commit's hook"), the editor, and the author with the commit's date
 * (`@<seconds> <zone>`: git's export, not the user's). GIT_MEMORY_COMMITTED names the process that
 * ran the hook (git itself, unless husky or a chain ran it), past its ref update.
 */
const DEFERRED = [
  `  if [ -n "$gm_do" ] && [ -f "$gm_dir/git-memory/${DEFERRED_FILE}" ]; then`,
  '    (',
  '      case ${GIT_AUTHOR_DATE:-} in @*) unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE ;; esac',
  '      unset GIT_INDEX_FILE GIT_EDITOR',
  '      GIT_MEMORY_COMMITTED=$PPID',
  '      export GIT_MEMORY_COMMITTED',
  '      exec git-memory commit </dev/null >/dev/null 2>&1',
  '    ) &',
  '  fi',
];

/**
 * post-commit, in shell: the common commit starts no process at all. HEAD's id is read from git's
 * files with the shell's own `read` (the HEAD file, then the branch's ref file, which a commit
 * always writes loose; in a linked worktree through its `commondir`); one O_APPEND write of a line
 * under PIPE_BUF adds `{"type":"commit","sha","branch"}` to the spool. `end` reads the subject,
 * author time and changed files of all recorded ids later, in one git call (spool-fill.ts): a git
 * process per commit cost more than the rest of the hook (a commit takes ~6 ms on a fast machine,
 * and any hook at all adds ~1 ms). Node still decides what the shell cannot cheaply, for the rare
 * commit that needs it: one made during a rebase that is not a replay (the notes of rewrite.ts), a
 * HEAD that is the memory commit an `end` beside the user was landing (it names it in
 * `git-memory/landing` before HEAD moves: node walks the reflog back to the user's), a ref that is
 * packed or not a branch's, or a branch name that needs JSON escaping. A rebase replay
 * (rebase-merge/ and CHERRY_PICK_HEAD) is skipped without any process: post-rewrite reports it.
 * Every command is guarded, so `sh -e` (husky), a read-only state directory or a broken PATH never
 * stop the commit or the rest of the hook.
 */
const POST_COMMIT = [
  'if [ -z "${GIT_MEMORY_INTERNAL:-}" ] && command -v git-memory >/dev/null 2>&1; then',
  ...GIT_DIR_LINES,
  ...OFF_LINES,
  '  gm_do=record',
  '  if [ -n "$gm_off" ]; then',
  '    gm_do=',
  '  elif [ -d "$gm_dir/rebase-merge" ]; then',
  '    if [ -f "$gm_dir/CHERRY_PICK_HEAD" ]; then gm_do=; else gm_do=node; fi',
  '  elif [ -f "$gm_dir/rebase-apply/rebasing" ]; then',
  '    gm_do=node',
  '  fi',
  '  if [ "$gm_do" = record ]; then',
  '    gm_head=',
  '    read -r gm_head 2>/dev/null <"$gm_dir/HEAD" || :',
  '    gm_br=null',
  '    gm_sha=',
  '    case $gm_head in',
  "      'ref: refs/heads/'*)",
  '        gm_br=${gm_head#ref: refs/heads/}',
  '        gm_c=$gm_dir',
  '        if [ -f "$gm_dir/commondir" ]; then',
  '          gm_c=',
  '          read -r gm_c 2>/dev/null <"$gm_dir/commondir" || :',
  '          case $gm_c in /*) ;; ?*) gm_c=$gm_dir/$gm_c ;; esac',
  '        fi',
  '        if [ -n "$gm_c" ]; then read -r gm_sha 2>/dev/null <"$gm_c/refs/heads/$gm_br" || gm_sha=; fi',
  "        case $gm_br in *'\"'*|*\\\\*|*[[:cntrl:]]*) gm_do=node ;; *) gm_br=\\\"$gm_br\\\" ;; esac",
  '        ;;',
  "      'ref: '*) ;;",
  '      *) gm_sha=$gm_head ;;',
  '    esac',
  '    case ${#gm_sha} in 40|64) ;; *) gm_do=node ;; esac',
  '    case $gm_sha in *[!0-9a-f]*) gm_do=node ;; esac',
  '    gm_landing=',
  '    read -r gm_landing 2>/dev/null <"$gm_dir/git-memory/landing" || :',
  '    if [ "$gm_sha" = "$gm_landing" ] || [ ${#gm_br} -gt 1000 ]; then gm_do=node; fi',
  '  fi',
  '  if [ "$gm_do" = record ]; then',
  '    gm_s=$gm_dir/git-memory',
  '    if [ -f "$gm_s/rebase-commits.jsonl" ]; then rm -f "$gm_s/rebase-commits.jsonl" 2>/dev/null || :; fi',
  // The agent session whose shell committed, where it says (SESSION_ENV_VARS, the first one set):
  // an `end` of another session running beside it leaves the commit to that session's own.
  `    gm_ses=${SESSION_ENV_VARS.reduceRight((rest, name) => `\${${name}:-${rest}}`, '')}`,
  "    case $gm_ses in ''|*[!A-Za-z0-9_-]*) gm_ses= ;; *) if [ ${#gm_ses} -le 128 ]; then gm_ses=,\\\"session\\\":\\\"$gm_ses\\\"; else gm_ses=; fi ;; esac",
  `    { [ -d "$gm_s" ] || mkdir -p "$gm_s"; printf '{"type":"commit","sha":"%s","branch":%s%s}\\n' "$gm_sha" "$gm_br" "$gm_ses" >>"$gm_s/spool.jsonl"; } 2>/dev/null || :`,
    ...AIDER_REFRESH,
    ...KEEP_START,
  '  elif [ "$gm_do" = node ]; then',
  '    git-memory hook post-commit "$@" </dev/null >/dev/null 2>&1 || :',
  '  fi',
  ...DEFERRED,
  'fi',
];

/**
 * post-rewrite, in shell first: node maps rewritten ids only where there is something to map (a
 * spool file, a claimed one, the rebase notes). Most amends and rebases find none and start no
 * process; stdin is then left untouched for the rest of the hook. zsh, whose unmatched glob is an
 * error, always asks node.
 */
const POST_REWRITE = [
  'if [ -z "${GIT_MEMORY_INTERNAL:-}" ] && command -v git-memory >/dev/null 2>&1; then',
  ...GIT_DIR_LINES,
  ...OFF_LINES,
  '  gm_s=$gm_dir/git-memory',
  '  gm_do=',
  '  if [ -n "$gm_off" ]; then',
  '    :',
  '  elif [ -n "${ZSH_VERSION:-}" ] || [ -e "$gm_s/spool.jsonl" ] || [ -e "$gm_s/rebase-commits.jsonl" ]; then',
  '    gm_do=node',
  '  elif [ -d "$gm_s" ]; then',
  '    for gm_f in "$gm_s"/spool.claimed.jsonl*; do',
  '      if [ -e "$gm_f" ]; then gm_do=node; fi',
  '    done',
  '  fi',
  '  if [ "$gm_do" = node ]; then',
  ...capturedStdin('post-rewrite', []).map((l) => `    ${l}`),
  '  fi',
  'fi',
];

const BODY: Record<HookName, { why: string; lines: string[] }> = {
  'post-commit': {
    why: '# Records this commit for the next git-memory session (in shell: no node). Harmless where git-memory is not installed.',
    lines: POST_COMMIT,
  },
  'post-rewrite': {
    why: '# Maps amended and rebased commit ids for git-memory. Harmless where git-memory is not installed;\n# the "old new" lines on stdin stay readable for the rest of this hook.',
    lines: POST_REWRITE,
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

/**
 * Where our block sits in a hook file, with its line end: [start, stop), or null. Index searches
 * (`/BEGIN[\s\S]*?END\n?/` was tried from every BEGIN to the file's end: a hook file of BEGIN lines
 * with no END, which a committed `.husky/` hook can be, took 11 s at 1 MB to install and 4.6 s to
 * uninstall).
 */
export function blockSpan(text: string): [number, number] | null {
  return spanOf(text, HOOK_BEGIN, HOOK_END, { after: true });
}

/** Our block with its line end, or null. */
export function blockOf(text: string): string | null {
  const span = blockSpan(text);
  return span ? text.slice(span[0], span[1]) : null;
}

/** `text` with our block (and its line end) replaced by `by`; unchanged when it has none. */
export function replaceBlock(text: string, by: string): string {
  const span = blockSpan(text);
  return span ? text.slice(0, span[0]) + by + text.slice(span[1]) : text;
}

/** A shebang POSIX sh can run our block under; anything else (node, python, fish) is chained. */
export const SHELL_SHEBANG = /^#!\s*(?:\S*\/)?(?:env\s+(?:-S\s+)?)?(?:sh|bash|dash|ksh|mksh|ash|zsh|busybox\s+sh)(?:\s|$)/;
