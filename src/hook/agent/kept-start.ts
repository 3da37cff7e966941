// An agent session's start without node (issue 24, section 3): Claude Code, Codex CLI and Gemini
// CLI wait for their SessionStart hook before the first request, and the primer cost them one node
// process (~150-250 ms of CPU) at every start. Each node SessionStart that printed the primer for a
// new session keeps what it printed here, beside the freshness key below; the hook command
// (agents/hook-command.ts) runs SESSION_START_SH, which prints it only when it is provably what node
// would print right now, and hands the start to node otherwise. When it printed, it also writes what
// node's start records (PRIMER.md, the session's base, the active session, the first turn's gate,
// that the hooks ran), byte for byte as node writes them, so that no node runs beside the agent at
// all (issue 24 section 3: that node competed with the agent for ~0.15-0.3 s of CPU at every start).
// Node still runs beside the agent, holding none of its pipes, where the start needs what only node
// does: a dream that may be due, a Codex first session whose SessionEnd claim the script cannot make
// exactly (an earlier one waiting, a rollout it cannot read), an id or path the script cannot read
// exactly, a PRIMER.md node would not write as kept.
//
// The key: what the primer is made of. From git: the worktree's top, HEAD's commit and what HEAD
// names (a branch, or detached); the git log, MEMORY.md's staleness and history are HEAD's. From the
// clock: the local day (the window) and the zone's offset; the minute is the one part of the output
// that moves, and is put in by the script. From the files: whatever changed status (ctime, which no
// copy or `touch` sets back) after node began reading, in the memory folder (but PRIMER.md, which
// node writes), .openclaw_memory.toml, the held task change, the user's own folder, the repository's
// git config (memory.enabled) and git-memory's own installed files; how many entries the memory
// folder holds (a removal changes only the folder, which PRIMER.md's rename changes too); which of
// those inputs exist; and every path of the working tree the primer asked about (MEMORY.md's anchors:
// "its files were deleted"). A symbolic link anywhere in them, a warning, a file system whose
// timestamps are coarser than a second's fraction, or an environment switch (GIT_MEMORY,
// GIT_MEMORY_NOW) sends the start to node. Only a new session's start (source startup or clear) is
// served: a resume or a compaction adds what is logged or prepared for that session.
import { accessSync, closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readdirSync, realpathSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { keptStartFile, SESSION_START_GIT_PATH, START_GIT_ARGS } from '../../agents/hook-command.js';
import { localDate, localTime } from '../../clock.js';
import { openAnyConfig, type Opened } from '../../commands/context.js';
import { headCommit } from '../../git/head.js';
import { AGENT_HOOKS_RAN_PREFIX, AGENT_SESSION_SERVED_FILE, CONFIG_FILE, HELD_TASKS_FILE, KEEP_START_FILE, MEMORY_DIR, MEMORY_GITIGNORE, PRIMER_FILE, SESSION_START_FILE, SESSION_STARTS_DIR, SESSIONS_DIR, TMP_DIR } from '../../paths.js';
import { userDir } from '../../memory/user-files.js';
import { rebuildPrimer } from '../../commands/steps/rebuild-primer.js';
import { sessionStartOutput } from './output.js';
import { ADAPTERS, type AgentName } from '../../agents/registry.js';
import { readTextOrNull } from '../../fs/read-file.js';
import { emptyLedger } from '../../transcripts/ledger.js';
import { ensureTurnEndScript, TURN_GATE_FILE, turnGateNeed } from './turn-gate.js';
import { AWAITED_PREFIX, END_SEEN_PREFIX } from './session-state.js';
import { SESSION_END_SINCE as SINCE } from '../../agents/codex-version.js';
import { dreamCheckAt } from './dream-trigger.js';
import { symlinkOnPath } from '../../worktree-path.js';

/** The script's name in the state dir (the hook command's SESSION_START_GIT_PATH). */
export const SESSION_START_SCRIPT = SESSION_START_GIT_PATH.slice(SESSION_START_GIT_PATH.lastIndexOf('/') + 1);
export { keptStartFile };
/** The sources whose output is the primer alone (no pending items, no compaction's additions). */
export const NEW_SESSION_SOURCES: ReadonlySet<string | undefined> = new Set(['startup', 'clear']);
/** Set for the node a served start runs beside the agent: HEAD's commit when the script printed. */
export const BESIDE_ENV = 'GIT_MEMORY_START_BESIDE';
/** The format of the kept file: a script of another version reads none of this one's. */
const KEPT_VERSION = '3';
/** How far before node's first read the kept file's time is set: the kernel stamps files from a clock that lags by up to a tick (10 ms at 100 Hz). */
const CLOCK_LAG_MS = 20;
/** Stands in for the minute while the output is made again: as long as HH:MM, and no agent's output shape escapes it. */
const MINUTE_MARK = '\uE000\uE001\uE002\uE003\uE004';

/**
 * The script the hook command runs (`sh session-start.sh AGENT`, in the agent's working directory,
 * the hook payload on stdin, and what the command's `git rev-parse` printed as its second argument).
 * Builtins, one date and one find (and one git under an older command); node whenever it cannot tell.
 */
export const SESSION_START_SH = `# git-memory: an agent session's start, from the primer node kept when nothing it is made of
# changed since (written by git-memory; see src/hook/agent/kept-start.ts).
agent=$1
in=
while IFS= read -r l; do in="$in$l
"; done
in="$in$l"
full() { printf '%s\\n' "$in" | git-memory hook agent session-start --agent "$agent"; exit 0; }
case $agent in claude|codex|gemini) ;; *) full ;; esac
[ -z "\${GIT_MEMORY+x}\${GIT_MEMORY_NOW+x}\${GIT_MEMORY_INTERNAL+x}\${${BESIDE_ENV}+x}" ] || full
case $in in *'"source":"startup"'*|*'"source": "startup"'*|*'"source":"clear"'*|*'"source": "clear"'*) ;; *) full ;; esac
d=\${0%/*}
{ command exec 4< "$d/kept-start-$agent.sh"; } 2>/dev/null || full
k_v=
{ command . /dev/fd/4; } 2>/dev/null || full
[ "$k_v" = ${KEPT_VERSION} ] || full
# The agent's folder: the worktree's top or a folder under it (a session started in src/), the
# payload's cwd the shell's own (node opens the repository from it); git below says it is this worktree.
case $PWD in "$k_cwd"|"$k_cwd"/*) ;; *) full ;; esac
case $in in *"\\"cwd\\":\\"$PWD\\""*|*"\\"cwd\\": \\"$PWD\\""*) ;; *) full ;; esac
[ "$(command -v git-memory)" = "$k_bin" ] || full
[ "\${OPENCLAW_MEMORY_HOME:-$HOME/.openclaw_memory}/user" = "$k_user" ] || full
# What git says of the worktree: from the hook command, which asked with this script's path first
# (START_GIT_ARGS), or from git here (a command an older version wrote).
case $2 in
"$0
"*) g=\${2#*
} ;;
*) g=$(git rev-parse ${START_GIT_ARGS} 2>/dev/null) || full ;;
esac
top=\${g%%
*}; g=\${g#*
}; conf=\${g%%
*}; g=\${g#*
}; lg=\${g%%
*}; g=\${g#*
}; head=\${g%%
*}; ref=\${g#*
}
[ "$top" = "$k_top" ] && [ "$head" = "$k_head" ] && [ "$ref" = "$k_ref" ] || full
now=$(date '+%Y-%m-%d %H:%M %z %S %s') || full
day=\${now%% *}; r=\${now#* }; hm=\${r%% *}; r=\${r#* }; zone=\${r%% *}; r=\${r#* }; sec=\${r%% *}; epoch=\${r#* }
[ "$day" = "$k_day" ] && [ "$zone" = "$k_zone" ] || full
case $hm:$sec in [0-2][0-9]:[0-5][0-9]:[0-6][0-9]) ;; *) full ;; esac
k_ok || full
m=$top/${MEMORY_DIR}
set --
n=0
for f in "$m"/* "$m"/.[!.]* "$m"/..?*; do
  [ -e "$f" ] || [ -L "$f" ] || continue
  [ "$f" = "$m/PRIMER.md" ] && continue
  n=$((n + 1))
  set -- "$@" "$f"
done
[ "$n" = "$k_n" ] || full
for f in "$top/${CONFIG_FILE}" "$d/${HELD_TASKS_FILE}" "$k_user" "$conf" "$k_bin" "$k_dist"; do
  [ -e "$f" ] && set -- "$@" "$f"
done
c=$(find -H "$@" \\( -cnewer /dev/fd/4 -o -type l \\) -print 2>/dev/null) || full
[ -z "$c" ] || full
printf '%s%s%s' "$k_a" "$hm" "$k_b" || exit 0
# The turn gate node would write for a new session (turn-gate.ts gateNewSession), before the agent
# can end its first turn: k_gate is its need, empty where node writes none or must decide (a Codex
# whose SessionEnd was not seen here yet). Only ids and paths read exactly (no JSON escape).
jv() {
  v=
  case $in in *"\\"$1\\":\\""*) v=\${in#*"\\"$1\\":\\""} ;; *"\\"$1\\": \\""*) v=\${in#*"\\"$1\\": \\""} ;; *) return "1" ;; esac
  case $v in *"\\"$1\\""*) v=; return "1" ;; esac
  v=\${v%%\\"*}
  case $v in ''|*\\\\*|*[[:cntrl:]]*) v=; return "1" ;; esac
}
sid=
tp=
jv session_id && sid=$v && jv transcript_path && tp=$v
# Node beside the agent, as before, where this start needs what only node does: a Codex whose
# SessionEnd was not seen here yet and whose claim the script cannot make (below), a dream that may be
# due (k_dream: the second from which node must look; it decides), PRIMER.md node would not write as
# kept (k_p), an id or path not read exactly. Otherwise what node's start records is written here, as
# node writes it.
b=
# A Codex whose SessionEnd was not seen here yet: node's start has a new session wait for its
# SessionEnd (turn-gate.ts codexClaimsEnd) when no session waits already and its rollout, written
# before SessionStart, names a Codex that fires one (codex-version.ts: the first line's cli_version,
# in its first 4096 bytes); the claim is the file node writes, made here only if it is not there
# (noclobber), and then the gate. In any other case node decides, beside the agent, as before.
if [ "$agent" = codex ] && [ ! -e "$d/${END_SEEN_PREFIX}codex" ]; then
  w=
  nl='
'
  aw=$d/${AWAITED_PREFIX}codex.json
  case $sid in .*|*[!A-Za-z0-9._-]*) ;; *)
    if [ -n "$k_gate" ] && [ -n "$tp" ] && [ \${#sid} -le 128 ] && [ ! -e "$d/${SESSIONS_DIR}/$sid" ] && [ ! -L "$d/${SESSIONS_DIR}/$sid" ] && [ ! -e "$aw" ] && [ ! -L "$aw" ]; then
      r=$(head -c 4096 "$tp" 2>/dev/null) || r=
      r=\${r%%"$nl"*}
      case $r in '{'*'"type":"session_meta"'*'"cli_version":"'*)
        r=\${r#*'"type":"session_meta"'}; r=\${r#*'"cli_version":"'}
        v1=\${r%%[!0-9]*}; r=\${r#"$v1"}
        case $r in .[0-9]*) r=\${r#.}; v2=\${r%%[!0-9]*}; r=\${r#"$v2"} ;; *) v2= ;; esac
        case $r in .[0-9]*) r=\${r#.}; v3=\${r%%[!0-9]*} ;; *) v3= ;; esac
        if [ -n "$v1" ] && [ -n "$v2" ] && [ -n "$v3" ] && [ \${#v1} -le 9 ] && [ \${#v2} -le 9 ] && [ \${#v3} -le 9 ] &&
          { [ "$v1" -gt ${SINCE[0]} ] || { [ "$v1" -eq ${SINCE[0]} ] && { [ "$v2" -gt ${SINCE[1]} ] || { [ "$v2" -eq ${SINCE[1]} ] && [ "$v3" -ge ${SINCE[2]} ]; }; }; }; }; then
          ( set -C; printf '{"sessionId":"%s","transcriptPath":"%s"}\\n' "$sid" "$tp" > "$aw" ) 2>/dev/null && w=1
        fi ;;
      esac
    fi ;;
  esac
  [ -n "$w" ] || { k_gate=; b=1; }
fi
if [ -n "$k_gate" ] && [ -n "$tp" ]; then
  case $sid in .*|*[!A-Za-z0-9._-]*) ;; *)
    s=$d/${SESSIONS_DIR}/$sid
    if [ \${#sid} -le 128 ] && [ ! -e "$s" ] && [ ! -L "$s" ]; then
      { mkdir -p "$s" && printf '0\\n%s\\n%s\\n%s\\n' "$k_gate" "$tp" "$k_conf" > "$s/${TURN_GATE_FILE}"; } 2>/dev/null
    fi ;;
  esac
fi
[ -n "$tp" ] && [ "$k_p" = 1 ] && [ ! -L "$m/PRIMER.md" ] || b=1
# (%s, the Unix time, is not POSIX: a date without it has node look.)
case $k_dream:$epoch in :*) ;; *:|*:*[!0-9]*) b=1 ;; *) [ "$epoch" -lt "$k_dream" ] || b=1 ;; esac
# In the background: the agent, which waits for this script before its first request, waits for
# none of it (the gate above is written first: a first turn's end reads it).
(
if [ -z "$b" ]; then
  # PRIMER.md, the session's base (session-start.json: HEAD printed for, the reflog's length then;
  # and the session's own slot, session-starts/<id>.json, as git/session-state.ts writes it),
  # the active session (node folds it into agent-session.json), each whole (a file renamed); and
  # when this agent's hooks last ran, for doctor.
  iso=\${day}T$hm:$sec\${zone%??}:\${zone#???}
  rl=
  if [ -f "$lg" ]; then rl=$(wc -c < "$lg") && rl=,\\"reflogAt\\":$((rl)) || b=1; fi
  t=$d/${TMP_DIR}/start-$$
  { [ -z "$b" ] && { [ -d "$d/${TMP_DIR}" ] || mkdir -p "$d/${TMP_DIR}"; } &&
    printf '%s%s%s' "$k_pa" "$hm" "$k_pb" > "$t.md" && mv -f "$t.md" "$m/PRIMER.md" &&
    printf '{"head":"%s","at":"%s %s"%s,"session":"%s"}\\n' "$head" "$day" "$hm" "$rl" "$sid" > "$t.st" &&
    { case $sid in .*|*[!A-Za-z0-9._-]*) ;; *)
        if [ \${#sid} -le 128 ]; then { mkdir -p "$d/${SESSION_STARTS_DIR}" && cp "$t.st" "$t.ss" && mv -f "$t.ss" "$d/${SESSION_STARTS_DIR}/$sid.json"; } || :; fi ;;
      esac; } &&
    mv -f "$t.st" "$d/${SESSION_START_FILE}" &&
    printf '{"agent":"%s","sessionId":"%s","transcriptPath":"%s","startedAt":"%s"}\\n' "$agent" "$sid" "$tp" "$iso" > "$t.as" && mv -f "$t.as" "$d/${AGENT_SESSION_SERVED_FILE}" &&
    printf '%s\\n' "$iso" > "$d/${AGENT_HOOKS_RAN_PREFIX}$agent"; } 2>/dev/null || b=1
fi
[ -z "$b" ] && exit 0
printf '%s\\n' "$in" | ${BESIDE_ENV}=$head git-memory hook agent session-start --agent "$agent"
) </dev/null >/dev/null 2>&1 &
exit 0
`;

/** The script in the state dir, this version's (as turn-gate.ts keeps turn-end.sh). Never fails. */
export function ensureStartScript(stateDir: string): void {
  try {
    const script = join(stateDir, SESSION_START_SCRIPT);
    if (readTextOrNull(script) !== SESSION_START_SH) writeReplacing(stateDir, script, SESSION_START_SH);
  } catch {
    /* a read-only state dir: node runs at every start, as before */
  }
}

/** A value for a sh file read with `.`: single-quoted, any byte but NUL as it is. */
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `[ -e p ]`, or `[ ! -e p ]`, as node found `p`. */
const existsTest = (path: string, is: boolean) => `[ ${is ? '' : '! '}-e ${quote(path)} ]`;

/** What the keeping notes before the primer is read: when node began reading, and HEAD as it was then. */
export interface KeepBegun {
  t0: number;
  head: string | null;
  headFile: string | null;
}

/** Called before anything the primer is made of is read. */
export function beginKeep(o: Opened, t0 = Date.now()): KeepBegun {
  return { t0, head: headCommit(o.repo), headFile: readTextOrNull(join(o.repo.gitDir, 'HEAD')) };
}

/**
 * After a session's end (the finalise worker, beside no agent): its memory commit moved HEAD and its
 * journal entry is new, so the primer the session's start kept is stale; the next start's, built
 * now, is kept for the session's agent, as that start's node would print it for a new session in
 * the worktree's top. Never throws.
 */
export async function keepAfterEnd(o: Opened, agent: AgentName): Promise<void> {
  await keepFor(o, [agent]);
}

/** The agents whose start the primer is kept for: those of them whose start the script serves. */
const SERVED: readonly AgentName[] = ['claude', 'codex', 'gemini'];

/**
 * The next start's primer, built once and kept for each of `agents` (their output shapes), as their
 * node start would print it for a new session in the worktree's top. Never throws.
 */
async function keepFor(o: Opened, agents: readonly AgentName[]): Promise<void> {
  const served = agents.filter((a) => SERVED.includes(a));
  if (!served.length) return;
  // The kept file's time is set CLOCK_LAG_MS before node's first read, and whatever changed after it
  // makes the script run node: what was written just before (a session's end: its journal entry)
  // would count as changed on a machine fast enough to keep within that lag. It waits that long
  // first (beside no agent: the end's worker, init, the post-commit hook's background keep).
  await new Promise((resolve) => setTimeout(resolve, CLOCK_LAG_MS + 2));
  try {
    const t0 = Date.now();
    const seen: Opened = { ...o, existsSeen: new Map() };
    const begun = beginKeep(seen, t0);
    const built = await rebuildPrimer(seen, { write: false, recordStart: false });
    const text = built.data.markdown;
    const clean = !o.warnings.length && !o.configDefaulted.length && !built.warnings.length;
    for (const agent of served) {
      const render = (t: string) => sessionStartOutput(agent, t);
      keepStart(seen, agent, begun, { text, output: render(text), render, markdown: text }, clean);
    }
  } catch {
    /* the next start runs node */
  }
}

/**
 * The agents whose committed settings run the start script (`init --agent` wrote them; in a
 * teammate's clone they came with the repository): Claude Code, Codex CLI and Gemini CLI.
 */
export function servedAgents(root: string): AgentName[] {
  return SERVED.filter((agent) => ADAPTERS[agent].config.some((f) => readTextOrNull(join(root, f.path))?.includes(SESSION_START_GIT_PATH) ?? false));
}

/**
 * After `init` (`afterCommit`: also after the next commit, from the post-commit hook): the start of
 * each agent whose settings serve it is kept for HEAD now, and the scripts the agent's first start
 * and first turn's end run are written, so that the worktree's first session starts as a later one
 * does, without node in line. Where git-memory is not on PATH (the hook command would not run it),
 * no agent is wired, or anything fails, nothing is kept: node runs at the start, as before. Never throws.
 */
export async function keepServedStarts(ctx: { cwd: string; env: NodeJS.ProcessEnv }, opts: { afterCommit: boolean }): Promise<void> {
  try {
    const o = openAnyConfig(ctx);
    const agents = servedAgents(o.repo.root);
    if (!agents.length) return;
    ensureStartScript(o.repo.stateDir);
    ensureTurnEndScript(o.repo);
    if (opts.afterCommit) writeFileSync(join(o.repo.stateDir, KEEP_START_FILE), '');
    await keepFor(o, agents);
  } catch {
    /* the first start runs node */
  }
}

/**
 * `git-memory hook keep-start`, run by post-commit in the background where init asked for it: once,
 * the mark taken first (a commit meanwhile finds HEAD moved and keeps nothing stale). Never throws.
 */
export async function keepAfterCommit(ctx: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  try {
    const o = openAnyConfig(ctx);
    try {
      unlinkSync(join(o.repo.stateDir, KEEP_START_FILE));
    } catch {
      return; // another run took it
    }
    await keepServedStarts(ctx, { afterCommit: false });
  } catch {
    /* the first start runs node */
  }
}

/** The ref HEAD names as `git rev-parse --symbolic-full-name HEAD` prints it: `refs/heads/x`, or HEAD when detached. */
function symbolicRef(headFile: string): string | null {
  const t = headFile.trim();
  if (/^[0-9a-f]{40,64}$/.test(t)) return 'HEAD';
  return /^ref: (refs\/heads\/\S+)$/.exec(t)?.[1] ?? null;
}

/**
 * The git-memory the hook command runs, as `command -v git-memory` prints it (the first executable
 * of that name in PATH's folders), or null where PATH holds a folder the shell would read otherwise.
 */
function onPath(env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(':')) {
    if (!isAbsolute(dir)) return null;
    const p = dir.endsWith('/') ? `${dir}git-memory` : `${dir}/git-memory`;
    try {
      if (!statSync(p).isFile()) continue;
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return null;
}

const isLink = (p: string) => lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;

/**
 * Keeps what a new session's start printed (`output`, for `agent`), when the key can say when it is
 * still what node would print: the output holds the minute it was made at once (the script puts in
 * its own), nothing was said on stderr, HEAD did not move while it was read, no input is a link.
 * Otherwise the kept start is removed: the next start runs node. Never throws.
 */
export function keepStart(o: Opened, agent: string, begun: KeepBegun, shown: Shown, clean: boolean): void {
  const file = join(o.repo.stateDir, keptStartFile(agent));
  try {
    const kept = keptText(o, agent, begun, shown, clean);
    if (kept === null) unlinkSync(file);
    else writeReplacing(o.repo.stateDir, file, kept, begun.t0 - CLOCK_LAG_MS);
  } catch {
    try {
      unlinkSync(file);
    } catch {
      /* none kept */
    }
  }
}

/**
 * What a start printed: `text` (the primer, and what the start added after it), `output` (in the
 * agent's shape, as `render` makes it from a text), and `markdown`, PRIMER.md as node wrote it then.
 */
export interface Shown {
  text: string;
  output: string;
  render: (text: string) => string;
  markdown: string;
}

function keptText(o: Opened, agent: string, begun: KeepBegun, { text, output, render, markdown }: Shown, clean: boolean): string | null {
  const { repo } = o;
  const bin = onPath(o.env);
  if (!clean || !bin || !begun.head || begun.headFile === null || output.includes('\0')) return null;
  // HEAD and what it names, as they were before the primer was read and are now.
  const headFile = readTextOrNull(join(repo.gitDir, 'HEAD'));
  const ref = headFile === null ? null : symbolicRef(headFile);
  if (headFile !== begun.headFile || headCommit(repo) !== begun.head || !ref) return null;
  // The minute the primer says it was made at (the first date and time after its title line, in
  // the provenance): marked, the output is made again, and the script puts its own minute there.
  const day = localDate(o.now);
  const minute = localTime(o.now);
  const title = text.indexOf('\n');
  const at = title < 0 ? -1 : text.indexOf(`${day} ${minute}`, title);
  if (at < 0) return null;
  const from = at + day.length + 1;
  const marked = render(`${text.slice(0, from)}${MINUTE_MARK}${text.slice(from + minute.length)}`);
  const parts = marked.split(MINUTE_MARK);
  if (parts.length !== 2 || `${parts[0]}${minute}${parts[1]}` !== output) return null;
  // PRIMER.md, which the script writes with its own minute where node would write it as it is here
  // (the primer alone, first in the text; not a shared PRIMER.md, which a git operation holds back).
  const md = at < markdown.length && text.startsWith(markdown) && !o.config.primer.commit && !o.configDefaulted.length && existsSync(join(repo.root, MEMORY_GITIGNORE)) && !symlinkOnPath(repo.root, PRIMER_FILE) ? markdown : null;
  const off = -o.now.getTimezoneOffset();
  const zone = `${off < 0 ? '-' : '+'}${String(Math.floor(Math.abs(off) / 60)).padStart(2, '0')}${String(Math.abs(off) % 60).padStart(2, '0')}`;
  const top = realpathSync.native(repo.root);
  // Where the script serves the start: the worktree's top and every folder under it (the same primer:
  // node opens the repository from any of them). The payload spells the agent's folder in JSON: a path
  // needing escapes is not matched.
  if (/["\\\u0000-\u001f]/.test(top)) return null;
  const mem = join(top, MEMORY_DIR);
  const entries = (() => {
    try {
      return readdirSync(mem).filter((n) => n !== PRIMER_FILE.slice(MEMORY_DIR.length + 1));
    } catch {
      return null;
    }
  })();
  const user = userDir(o.env);
  const held = join(repo.stateDir, HELD_TASKS_FILE);
  const inputs = [mem, join(top, CONFIG_FILE), held, user, ...(entries ?? []).map((n) => join(mem, n))];
  if (inputs.some(isLink)) return null;
  const seen = [...(o.existsSeen ?? new Map<string, boolean>())].map(([p, is]) => existsTest(join(top, p), is));
  const tests = [existsTest(mem, entries !== null), existsTest(join(top, CONFIG_FILE), statSync(join(top, CONFIG_FILE), { throwIfNoEntry: false }) !== undefined), existsTest(held, statSync(held, { throwIfNoEntry: false }) !== undefined), existsTest(user, statSync(user, { throwIfNoEntry: false }) !== undefined), ...seen];
  return [
    `# The start git-memory kept for ${agent}: what node printed, and when it is still that (see src/hook/agent/kept-start.ts).`,
    `k_v=${KEPT_VERSION}`,
    `k_cwd=${quote(top)}`,
    `k_bin=${quote(bin)}`,
    `k_dist=${quote(dirname(realpathSync.native(process.argv[1] ?? bin)))}`,
    `k_top=${quote(top)}`,
    `k_head=${quote(begun.head)}`,
    `k_ref=${quote(ref)}`,
    `k_day=${quote(day)}`,
    `k_zone=${quote(zone)}`,
    `k_user=${quote(user)}`,
    `k_n=${entries?.length ?? 0}`,
    `k_gate=${gateNeed(o, agent)}`,
    `k_p=${md === null ? '' : '1'}`,
    `k_pa=${quote(md === null ? '' : md.slice(0, from))}`,
    `k_pb=${quote(md === null ? '' : md.slice(from + minute.length))}`,
    `k_dream=${dreamCheckAt(o)}`,
    `k_conf=${quote(join(repo.root, CONFIG_FILE))}`,
    `k_ok() { ${tests.join(' && ')}; }`,
    `k_a=${quote(parts[0]!)}`,
    `k_b=${quote(parts[1]!)}`,
    '',
  ].join('\n');
}

/**
 * The need of the turn gate node writes for a new session of `agent` (turn-gate.ts gateNewSession),
 * for the script to write it before the agent's first turn can end: '' where node writes none (the
 * session's notes off, a worktree path the gate cannot hold) or where it could be met at once.
 */
function gateNeed(o: Opened, agent: string): string {
  const cfg = o.config.session_memory;
  if (!cfg.enabled || (agent !== 'claude' && agent !== 'codex' && agent !== 'gemini') || /[\n\r]/.test(o.repo.root)) return '';
  const need = turnGateNeed(emptyLedger(agent), null, cfg);
  return need > 0 ? String(need) : '';
}

/**
 * `text` in place of `path`, whole (a temporary file renamed), its modification time `mtimeMs` when
 * given: the time the script compares the inputs' status changes with. Refused (throws) where the
 * file system keeps a coarser time than asked, which would let a change in the same second pass.
 */
function writeReplacing(stateDir: string, path: string, text: string, mtimeMs?: number): void {
  const dir = join(stateDir, TMP_DIR);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`);
  try {
    const fd = openSync(tmp, 'wx', 0o644);
    try {
      const buf = Buffer.from(text, 'utf8');
      let off = 0;
      while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    } finally {
      closeSync(fd);
    }
    if (mtimeMs !== undefined) {
      utimesSync(tmp, mtimeMs / 1000, mtimeMs / 1000);
      const got = Number(statSync(tmp, { bigint: true }).mtimeNs / 1000n) / 1000;
      if (Math.abs(got - mtimeMs) > 1) throw new Error('the file system keeps coarser times');
    }
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* renamed, or never made */
    }
    throw e;
  }
}
