// The MCP front in POSIX sh (issue 24, section 3): Codex CLI and Gemini CLI wait for the MCP
// server's `initialize` and `tools/list` before their first model request (Codex and Gemini
// CLI 0.61 even before SessionStart), and node's own start was all of that wait. Claude Code
// 2.1.328 in print mode connects without blocking its first request (its debug log: servers "running
// fully async"), but the connect competes with that request for the CPU. The build writes this
// script beside the installed dist/ (dist/mcp-front.sh) with the real server's listing in it; the
// committed server entry (agents/config/mcp-servers.ts) reads it with `.` where it finds it beside
// the `git-memory` on PATH. It answers what the node front (front.ts) answers before a tool call,
// byte for byte as it would (`server/discover`'s error, `initialize`, `notifications/initialized`,
// `tools/list`, `ping`), and only lines it can read for certain: one JSON object on a line of
// printable ASCII, no backslash, integers as the only numbers, no key repeated. At the first line it
// does not answer it execs `git-memory mcp` (the node front), handing it on fd SPARED_FD the client's
// `initialize` it answered, whether `notifications/initialized` followed, and that line; `read` takes
// a pipe byte by byte, so the rest of stdin is still there for node, and the session goes on exactly
// as with the node front from the start.
import { additionalContextJson } from '../agents/adapter.js';
import { hookCommand } from '../agents/hook-command.js';
import { SPARED_ENV, SPARED_FD } from './front-spared.js';
export { parseSpared, SPARED_ENV, SPARED_FD } from './front-spared.js';
import { errorLine, initializeResult, resultLine, type McpListing } from './front.js';

/** The sh front's file in dist/, beside git-memory.js. */
export const FRONT_SH_FILE = 'mcp-front.sh';
/** The longest line the sh front reads as a message itself (byte by byte, in sh); a longer one is node's. */
export const SH_LINE_MAX = 16 * 1024;

/** A value for a sh file: single-quoted, every byte as it is. */
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `line` split around the marker strings (JSON-quoted), which must each occur once. */
function around(line: string, ...marks: string[]): string[] {
  const parts: string[] = [];
  let rest = line;
  for (const m of marks) {
    const at = rest.indexOf(JSON.stringify(m));
    if (at < 0 || rest.indexOf(JSON.stringify(m), at + 1) >= 0) throw new Error(`the MCP listing's answer holds ${m} more or less than once`);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + JSON.stringify(m).length);
  }
  return [...parts, rest];
}

/**
 * Claude Code started in a subfolder of the repository reads project settings only from that folder
 * ($CLAUDE_PROJECT_DIR/.claude/settings.json, 2.1.332's debug log: "Watching <cwd> for <cwd>/.claude
 * to appear"), so none of git-memory's hooks run and the session went unrecorded; its MCP servers
 * (.mcp.json, looked for upward) do start, this front among them, with the session's id in
 * CLAUDE_CODE_SESSION_ID. There, and only where the repository's root settings hold git-memory's
 * SessionEnd, the front does what the two hooks would:
 * - the start, before it answers `initialize`: the root's SessionStart command (START_COMMAND, the
 *   one the settings hold) run at the top with the payload the hook would get; the context it prints
 *   (the primer) goes after the server's `instructions`, which Claude Code puts in the model's system
 *   prompt ("# MCP Server Instructions"), so the session is briefed and its start (its base commit)
 *   recorded as its own, as at the root;
 * - the end: a waiter outlives Claude Code (this shell's parent; SIGINT, which Claude Code sends its
 *   MCP servers, is ignored by a background job of a shell that is not interactive) and then runs
 *   that SessionEnd as the hook would, with the session's transcript (Claude Code's folder for a
 *   project: its path, every other character than a letter or digit as '-');
 * - `/clear`, which in an interactive session begins a new session in the same process (this front
 *   and its environment stay the first one's): the waiter looks every 3 s for a new transcript in
 *   that folder whose first records hold the `/clear` command (2.1.332: its 4th; nothing in it names
 *   the session before), and then ends the session it follows (reason clear) and starts the new one,
 *   as the two hooks do at the root, each once (a claim in the new session's state folder, where two
 *   such processes share a folder; pruned with it). Commits are then each session's own, as at the root.
 * At the root the settings are there: one test, no process. The end is the hook's: a second one of
 * the same session records nothing twice.
 */
function unhooked(startCommand: string): string {
  // How Claude Code's SessionStart output begins and ends around its context (a JSON string's inside: agents/adapter.ts).
  const [head, tail] = additionalContextJson('@').trimEnd().split('@') as [string, string];
  // Between the server's instructions and the primer, inside their JSON string.
  // Claude Code keeps a server's instructions from its connection on: after a /clear (which the new
  // session's first message shows the model as `<command-name>/clear</command-name>`) they still hold the
  // first session's primer (2.1.332: the request after it carried that primer, made before the first
  // session's end, and not the one the waiter's start made), so the lead says when it was made and where
  // the current one is.
  const lead = JSON.stringify("\n\nThis session started in a subfolder, where Claude Code runs none of the repository's hooks: the primer as it was when Claude Code started. After a /clear it is out of date (it does not know the session before): call memory_primer for the current one.\n\n").slice(1, -1);
  return [
  "gm_more=",
  "gm_unhooked() {",
  "  gm_d=$CLAUDE_PROJECT_DIR",
  "  case $CLAUDE_CODE_SESSION_ID$gm_d${CLAUDE_CONFIG_DIR:-$HOME} in *[!\\ -~]*|*[\\\"\\\\]*) return 0 ;; esac",
  "  gm_t=$(git -C \"$gm_d\" rev-parse --show-toplevel 2>/dev/null) && [ \"$gm_t\" != \"$gm_d\" ] || return 0",
  "  grep -qs 'hook agent session-end' \"$gm_t/.claude/settings.json\" || return 0",
  "  gm_tp=${CLAUDE_CONFIG_DIR:-$HOME/.claude}/projects/$(printf %s \"$gm_d\" | tr -c 'A-Za-z0-9' -)/$CLAUDE_CODE_SESSION_ID.jsonl",
  "  gm_pay() { printf '{\"session_id\":\"%s\",\"transcript_path\":\"%s\",\"cwd\":\"%s\",\"hook_event_name\":\"%s\",%s}\\n' \"$1\" \"$2\" \"$gm_d\" \"$3\" \"$4\"; }",
  `  gm_start() { gm_pay "$1" "$2" SessionStart "\\"source\\":\\"$3\\"" | { cd "$gm_d" && sh -c ${q(startCommand)}; } 2>/dev/null; }`,
  "  gm_end() { gm_pay \"$1\" \"$2\" SessionEnd \"\\\"reason\\\":\\\"$3\\\"\" | git-memory hook agent session-end --agent claude --detached; }",
  "  gm_s=startup; [ -s \"$gm_tp\" ] && gm_s=resume",
  "  gm_o=$(gm_start \"$CLAUDE_CODE_SESSION_ID\" \"$gm_tp\" $gm_s)",
  `  case $gm_o in ${q(head)}*${q(tail)}) gm_o=\${gm_o#${q(head)}}; gm_more=${q(lead)}\${gm_o%${q(tail)}} ;; esac`,
  "  gm_p=$PPID",
  "  (",
  "    trap '' INT HUP TERM",
  "    gm_id=$CLAUDE_CODE_SESSION_ID gm_dir=${gm_tp%/*}",
  "    gm_known=$gm_nl$(ls \"$gm_dir\" 2>/dev/null)$gm_nl",
  "    while kill -0 \"$gm_p\" 2>/dev/null; do",
  "      sleep 3",
  "      for gm_f in \"$gm_dir\"/*.jsonl; do",
  "        gm_n=${gm_f##*/}",
  "        case $gm_known in *\"$gm_nl$gm_n$gm_nl\"*) continue ;; esac",
  "        [ \"$gm_n\" != \"$gm_id.jsonl\" ] || continue",
  "        gm_h=$(head -n 12 \"$gm_f\" 2>/dev/null) || continue",
  "        case $gm_h in *'<command-name>/clear</command-name>'*) ;; *) [ \"$(printf '%s\\n' \"$gm_h\" | wc -l)\" -lt 12 ] || gm_known=$gm_known$gm_n$gm_nl; continue ;; esac",
  "        gm_known=$gm_known$gm_n$gm_nl gm_n=${gm_n%.jsonl}",
  "        case $gm_n in ''|*[!A-Za-z0-9-]*) continue ;; esac",
  "        gm_c=$(git -C \"$gm_t\" rev-parse --git-path git-memory/sessions/$gm_n 2>/dev/null) && mkdir -p \"$gm_c\" && mkdir \"$gm_c/cleared\" 2>/dev/null || continue",
  "        gm_end \"$gm_id\" \"$gm_tp\" clear",
  "        gm_id=$gm_n gm_tp=$gm_f",
  "        gm_start \"$gm_id\" \"$gm_tp\" clear >/dev/null",
  "      done",
  "    done",
  "    gm_end \"$gm_id\" \"$gm_tp\" other",
  "  ) </dev/null >/dev/null 2>&1 &",
  "}",
  "[ -z \"${CLAUDE_CODE_SESSION_ID:-}\" ] || [ -z \"${CLAUDE_PROJECT_DIR:-}\" ] || [ -f \"$CLAUDE_PROJECT_DIR/.claude/settings.json\" ] || gm_unhooked",
  ].join('\n');
}

const ID = '@git-memory-id@';
const VERSION = '@git-memory-version@';
/** Where the primer goes in the `instructions` of the sh front's `initialize` answer (nothing but in a subfolder: UNHOOKED). */
const MORE = '@git-memory-more@';

/** The sh front with `listing`'s answers in it, made by the node front's own answer builders. */
export function frontSh(listing: McpListing): string {
  const instructions = listing.initialize.instructions;
  if (typeof instructions !== 'string') throw new Error('the MCP listing has no instructions to put the primer after');
  const init = initializeResult({ ...listing, initialize: { ...listing.initialize, instructions: instructions + MORE }, versions: [VERSION] }, VERSION);
  const [initA, initBC, initD] = around(resultLine(ID, init), VERSION, ID);
  const [initB, initC, ...extra] = initBC.split(MORE);
  if (initC === undefined || extra.length) throw new Error('the MCP listing\'s answer holds its instructions more or less than once');
  const [toolsA, toolsB] = around(resultLine(ID, listing.tools), ID);
  const [pingA, pingB] = around(resultLine(ID, {}), ID);
  const discover = listing.discoverError ? around(errorLine(ID, listing.discoverError), ID) : null;
  for (const v of listing.versions) if (!/^[A-Za-z0-9._-]+$/.test(v)) throw new Error(`a protocol version the sh front cannot match: ${v}`);
  return `# git-memory's MCP front in sh (written by its build; see src/mcp/front-sh.ts): answers the MCP
# handshake as \`git-memory mcp\` would, and execs it at the first line it does not answer.
gm_nl='
'
gm_init=
gm_ini=0

gm_over() {
  export ${SPARED_ENV}=${SPARED_FD}
  exec git-memory mcp ${SPARED_FD}<<GM_SPARED
$gm_init
$gm_ini
$1
GM_SPARED
}

# gm_parse LINE: one JSON value (checked before: printable ASCII, no backslash, so no escape in a
# string) with integers as its only numbers; gm_f: its members outside arrays, a line each,
# KEYS=KIND VALUE (KEYS: each key after a '"'; KIND: o object, a array, s string, n number, t, f, z null).
# Fails on anything else, a key holding '=', and a key repeated in an object.
gm_parse() {
  gm_r=$1 gm_f=$gm_nl gm_p= gm_s= gm_q=0 gm_e=v
  while :; do
    gm_r=\${gm_r#"\${gm_r%%[! ]*}"}
    case $gm_e in
    k|K)
      case $gm_r in
      '}'*) [ $gm_e = k ] || return 1; gm_r=\${gm_r#?}; gm_close; continue ;;
      '"'*) ;;
      *) return 1 ;;
      esac
      gm_r=\${gm_r#?}
      case $gm_r in *'"'*) ;; *) return 1 ;; esac
      gm_k=\${gm_r%%'"'*}; gm_r=\${gm_r#*'"'}
      case $gm_k in *=*) return 1 ;; esac
      gm_r=\${gm_r#"\${gm_r%%[! ]*}"}
      case $gm_r in :*) gm_r=\${gm_r#?} ;; *) return 1 ;; esac
      if [ $gm_q = 0 ]; then case $gm_f in *"$gm_nl$gm_p\\"$gm_k="*) return 1 ;; esac; fi
      gm_p=$gm_p\\"$gm_k; gm_e=v; continue ;;
    w) gm_e=v; case $gm_r in ']'*) gm_r=\${gm_r#?}; gm_close; continue ;; esac ;;
    c)
      case \${gm_s%"\${gm_s#?}"}$gm_r in
      '') return 0 ;;
      o,*) gm_e=K ;;
      a,*) gm_e=v ;;
      'o}'*|'a]'*) gm_r=\${gm_r#?}; gm_close; continue ;;
      *) return 1 ;;
      esac
      gm_r=\${gm_r#?}; continue ;;
    esac
    case $gm_r in
    '{'*) gm_r=\${gm_r#?}; gm_put o; gm_s=o$gm_s; gm_e=k; continue ;;
    '['*) gm_r=\${gm_r#?}; gm_put a; gm_s=a$gm_s; gm_q=$((gm_q + 1)); gm_e=w; continue ;;
    '"'*) gm_r=\${gm_r#?}; case $gm_r in *'"'*) ;; *) return 1 ;; esac; gm_put "s\${gm_r%%'"'*}"; gm_r=\${gm_r#*'"'} ;;
    true*) gm_r=\${gm_r#true}; gm_put t ;;
    false*) gm_r=\${gm_r#false}; gm_put f ;;
    null*) gm_r=\${gm_r#null}; gm_put z ;;
    -*|[0-9]*)
      gm_n=\${gm_r%%[!0-9eE.+-]*}
      case $gm_n in 0|[1-9]|[1-9]*[0-9]|-[1-9]|-[1-9]*[0-9]) ;; *) return 1 ;; esac
      case \${gm_n#-} in *[!0-9]*|????????????????*) return 1 ;; esac
      gm_r=\${gm_r#"$gm_n"}; gm_put "n$gm_n" ;;
    *) return 1 ;;
    esac
    gm_done
  done
}
gm_put() { [ $gm_q != 0 ] || [ -z "$gm_p" ] || gm_f=$gm_f$gm_p=$1$gm_nl; }
gm_done() { gm_e=c; case $gm_s in o*) gm_p=\${gm_p%'"'*} ;; esac; }
gm_close() { case $gm_s in a*) gm_q=$((gm_q - 1)) ;; esac; gm_s=\${gm_s#?}; gm_done; }
# gm_get KEYS: gm_v, KIND VALUE of that member (empty: none).
gm_get() { case $gm_f in *"$gm_nl$1="*) gm_v=\${gm_f#*"$gm_nl$1="}; gm_v=\${gm_v%%"$gm_nl"*} ;; *) gm_v= ;; esac; }
# gm_has KEYS KIND...: the member is one of these kinds ('' for none).
gm_has() { gm_get "$1"; shift; for gm_a; do [ -z "$gm_a$gm_v" ] && return 0; [ -n "$gm_a" ] && [ "\${gm_v%"\${gm_v#?}"}" = "$gm_a" ] && return 0; done; return 1; }
# gm_each KEYS TEST: TEST (a function given KEY and KIND VALUE) holds for every member of that object.
gm_each() {
  gm_x=\${gm_f#"$gm_nl"}
  while [ -n "$gm_x" ]; do
    gm_y=\${gm_x%%"$gm_nl"*}; gm_x=\${gm_x#*"$gm_nl"}
    case $gm_y in "$1\\""*) gm_y=\${gm_y#"$1\\""} ;; *) continue ;; esac
    case \${gm_y%%=*} in *'"'*) continue ;; esac
    $2 "\${gm_y%%=*}" "\${gm_y#*=}" || return 1
  done
}
gm_initkey() { case $1 in protocolVersion|capabilities|clientInfo|_meta) ;; *) return 1 ;; esac; }
gm_listkey() { case $1 in cursor|_meta) ;; *) return 1 ;; esac; }
gm_isobj() { [ "$2" = o ]; }

# gm_one LINE: answers it as the node front would (0), or leaves it to node (1).
gm_one() {
  gm_l=$1
  case $gm_l in *[!\\ ]*) ;; *) return 0 ;; esac
  [ \${#gm_l} -le ${SH_LINE_MAX} ] || return 1
  case $gm_l in '{'*) ;; *) return 1 ;; esac
  case $gm_l in *\\\\*|*[!\\ -~]*) return 1 ;; esac
  gm_parse "$gm_l" || return 1
  gm_get '"jsonrpc'; [ "$gm_v" = s2.0 ] || return 1
  gm_get '"method'; case $gm_v in s*) gm_m=\${gm_v#s} ;; *) return 1 ;; esac
  gm_get '"id'; gm_i=$gm_v
  if [ "$gm_m" = notifications/initialized ] && [ -z "$gm_i" ] && [ -n "$gm_init" ] && [ $gm_ini = 0 ] && gm_has '"params' '' o; then
    gm_ini=1; return 0
  fi
  case $gm_i in s*) gm_i=\\"\${gm_i#s}\\" ;; n*) gm_i=\${gm_i#n} ;; *) return 1 ;; esac
  case $gm_m in
  initialize)
    [ -z "$gm_init" ] && gm_has '"params' o && gm_each '"params' gm_initkey && gm_has '"params"protocolVersion' s && gm_has '"params"capabilities' o &&
      gm_each '"params"capabilities' gm_isobj && gm_has '"params"clientInfo' o && gm_has '"params"clientInfo"name' s &&
      gm_has '"params"clientInfo"version' s && gm_has '"params"clientInfo"title' '' s && gm_has '"params"_meta' '' o || return 1
    gm_get '"params"protocolVersion'; gm_v=\${gm_v#s}
    case $gm_v in ${listing.versions.map(q).join('|')}) ;; *) gm_v=${q(listing.latest)} ;; esac
    printf '%s"%s"%s%s%s%s%s\\n' ${q(initA)} "$gm_v" ${q(initB)} "$gm_more" ${q(initC)} "$gm_i" ${q(initD)} || exit 0
    gm_init=$1 ;;
${
  discover
    ? `  server/discover)
    gm_has '"params' '' o || return 1
    printf '%s%s%s\\n' ${q(discover[0])} "$gm_i" ${q(discover[1])} || exit 0 ;;
`
    : ''
}  ping)
    gm_has '"params' '' o && gm_has '"params"_meta' '' o || return 1
    printf '%s%s%s\\n' ${q(pingA)} "$gm_i" ${q(pingB)} || exit 0 ;;
  tools/list)
    [ -n "$gm_init" ] && gm_has '"params' '' o && gm_each '"params' gm_listkey && gm_has '"params"cursor' '' s && gm_has '"params"_meta' '' o || return 1
    printf '%s%s%s\\n' ${q(toolsA)} "$gm_i" ${q(toolsB)} || exit 0 ;;
  *) return 1 ;;
  esac
}

${unhooked(hookCommand('claude', 'session-start'))}

while IFS= read -r gm_l; do
  gm_one "$gm_l" || gm_over "$gm_l"
done
# A last line without its newline is a message too: node's.
[ -z "$gm_l" ] || gm_over "$gm_l"
exit 0
`;
}
