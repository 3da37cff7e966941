import { codexTyped, hadCustomPrompts } from '../agents/codex-prompts.js';
import { CODEX_MODEL_WARNING, textOf } from '../agents/transcript-text.js';
import { assistantText, compaction, cut, laterFacts, reportPath, responseStart, saw, toolCall, toolResult, totalUsage, userCommand, userMessage, type BuildState, type CallFacts } from './build.js';
import type { Todo } from './ledger.js';
import { callLabel, outputText, shellReads, shellWrites } from './tool-input.js';
import { isWrapper } from './first-prompt.js';
import { scriptCalls, scriptOutcome, type ScriptOutcome } from './code-mode.js';
import { nameFiles } from './named.js';

/**
 * Codex rollout JSONL (AGENT-INTERFACES §3, §7): `{timestamp, type, payload}` lines. Prompts come
 * from `response_item` messages of role user (0.171 writes no other), less the blocks Codex and
 * git-memory inject (`<environment_context>`, `# AGENTS.md instructions`, which are user messages
 * too; the primer is a developer message), and from older versions' `event_msg` user_message,
 * which repeats the response item's text: the same text again before the agent answered is one
 * prompt. Tools from `response_item` calls and their outputs, usage from `token_count`s (what each running total added; see tokenCount).
 */
type Rec = Record<string, any>;
interface Ctx {
  repoRoot?: string;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function parseArgs(v: unknown): Rec {
  if (v && typeof v === 'object') return v as Rec;
  if (typeof v !== 'string') return {};
  try {
    const o = JSON.parse(v);
    return o && typeof o === 'object' ? o : {};
  } catch {
    return {};
  }
}

/** The command of a shell call: a string, or an argv whose `bash -lc SCRIPT` form is unwrapped. */
function commandOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return undefined;
  if (v.length === 3 && /(^|\/)(ba|z)?sh$/.test(v[0]) && /^-l?c$/.test(v[1])) return v[2];
  return v.join(' ');
}

/** Files named by apply_patch headers: Add/Delete write a file, Update edits it, Move to writes the new one. */
export function patchFiles(patch: string): { path: string; op: 'edit' | 'write' }[] {
  const out: { path: string; op: 'edit' | 'write' }[] = [];
  for (const m of patch.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    if (m[3]) out.push({ path: m[3].trim(), op: 'write' });
    else out.push({ path: m[2]!.trim(), op: m[1] === 'Update' ? 'edit' : 'write' });
  }
  return out;
}

/**
 * The patch of a shell call that only runs apply_patch: `apply_patch <<'PATCH' … PATCH` (as the
 * model writes it through `bash -lc`), or the argv `["apply_patch", "*** Begin Patch…"]`. Null for
 * any other command.
 */
export function shellPatch(v: unknown): string | null {
  if (Array.isArray(v) && v.length === 2 && v[0] === 'apply_patch' && typeof v[1] === 'string') return v[1];
  const script = commandOf(v);
  if (script === undefined) return null;
  const m = /^\s*(?:cd\s+\S+\s*&&\s*)?apply_patch\s*<<-?\s*(['"]?)([A-Za-z_]\w*)\1[ \t]*\r?\n([\s\S]*?)\r?\n\2\s*$/.exec(script);
  return m ? m[3]! : null;
}

const PLAN_STATUS: Record<string, Todo['status']> = { pending: 'pending', in_progress: 'in_progress', completed: 'completed' };

function call(s: BuildState, name: string, args: Rec, id: string, at: string, ctx: Ctx): void {
  // A workdir relative to the session's folder (`workdir: '.'`) is resolved there, not in this process's.
  const cwd = typeof args.workdir === 'string' && args.workdir ? (s.ledger.cwd ? reportPath(args.workdir, s.ledger.cwd, undefined) : args.workdir) : s.ledger.cwd;
  const facts: CallFacts = { id, tool: name, label: callLabel(name, args), at, chain: 'main' };
  const shell = name === 'apply_patch' ? null : shellPatch(args.command ?? args.cmd);
  const patch = name === 'apply_patch' ? (typeof args.input === 'string' ? args.input : typeof args.patch === 'string' ? args.patch : '') : shell ?? '';
  if (patch) {
    // A patch applied through the shell is an edit, as the apply_patch tool's is, not a command.
    if (shell !== null) facts.tool = 'apply_patch';
    facts.files = patchFiles(patch).map((f) => ({ path: reportPath(f.path, cwd, ctx.repoRoot), op: f.op }));
    facts.label = callLabel(facts.tool, facts.files.map((f) => f.path).join(' '));
  } else if (name === 'update_plan' && Array.isArray(args.plan)) {
    facts.todos = args.plan
      .filter((p: any) => p && typeof p.step === 'string' && PLAN_STATUS[p.status])
      .map((p: any) => ({ content: p.step, status: PLAN_STATUS[p.status]! }));
  } else {
    const command = commandOf(args.command ?? args.cmd);
    if (command !== undefined) {
      facts.command = command;
      facts.label = callLabel(name, command);
      facts.files = [
        ...shellReads(command).map((p) => ({ path: reportPath(p, cwd, ctx.repoRoot), op: 'read' as const })),
        ...shellWrites(command, '').map((p) => ({ path: reportPath(p, cwd, ctx.repoRoot), op: 'write' as const })),
      ];
    }
  }
  toolCall(s, facts);
  // What the call names without touching (transcripts/named.ts): its command line, its plan's steps.
  // A command run elsewhere than the session's folder: its output's relative paths are from there.
  if (facts.command !== undefined && id && cwd && cwd !== s.ledger.cwd) remember(((s.codex ??= { lastPrompt: '' }).workdirs ??= []), id, cwd);
  if (facts.command !== undefined) nameFiles(s, facts.command, cwd, ctx.repoRoot);
  else if (facts.todos?.length) nameFiles(s, facts.todos.map((t) => t.content).join('\n'), cwd, ctx.repoRoot);
}

/** Whether a call's output says it failed: an exit code other than 0, in any of the shapes Codex writes. */
export function codexOutcome(output: unknown): { failed: boolean; message: string } {
  let text = outputText(output);
  let code: number | null = null;
  const o = typeof output === 'string' ? parseArgs(output) : output && typeof output === 'object' ? (output as Rec) : {};
  if (o.metadata && typeof o.metadata.exit_code === 'number') {
    code = o.metadata.exit_code;
    if (typeof o.output === 'string') text = o.output;
  } else {
    const m = /^Exit code: (-?\d+)/m.exec(text) ?? /Process exited with code (-?\d+)/.exec(text);
    if (m) code = Number(m[1]);
  }
  if (o.success === false) code ??= 1;
  // A tool this Codex does not offer (0.171 exec has no update_plan).
  if (/^unsupported call: /.test(text)) code ??= 1;
  const body = /\nOutput:\n([\s\S]*)$/.exec(text);
  return { failed: code !== null && code !== 0, message: body ? body[1]! : text };
}

/**
 * Whether an apply_patch call's output says the patch was not applied: a failed outcome (above), or
 * what Codex answers without an exit code when it refuses or fails a patch ("apply_patch
 * verification failed: Failed to find expected lines in …", "error: invalid hunk at line 8, …",
 * "execution error: Io(…)"). A patch Codex's own check refused ("verification failed") changed
 * nothing; one that failed while being applied (apply_patch writes file by file) may have changed
 * the files before the one its error names, and is taken as changing none (no transcript of the
 * corpus has such a patch of more than one file).
 */
export function patchOutcome(output: unknown): { failed: boolean; message: string } {
  const outcome = codexOutcome(output);
  if (outcome.failed) return outcome;
  const text = outputText(output).trimStart();
  return /^(apply_patch verification failed|execution error|error):/.test(text) ? { failed: true, message: text } : outcome;
}

/**
 * A user message's text as Codex shows it: its parts joined as they are (the event_msg that repeats
 * a prompt of several parts holds them joined with nothing between).
 */
function userText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b) => (b && typeof b === 'object' && typeof b.text === 'string' && b.type !== 'thinking' ? b.text : '')).join('');
}

/**
 * A command the user ran with `!` in Codex's TUI, as Codex tells the model in a user-role message:
 * `<user_shell_command>\n<command>\nCMD\n</command>\n<result>\nExit code: N\nDuration: …\nOutput:\n…\n</result>\n</user_shell_command>`,
 * or (earlier versions) `<user_shell_command>\nCMD\n</user_shell_command>` then
 * `<user_shell_command_output>…</user_shell_command_output>`. Failed when its exit code is not 0
 * (-1: aborted by the user); no exit code written, not failed. Null for any other text.
 */
export function userShellCommand(text: string): { command: string; failed: boolean } | null {
  const now = /^\s*<user_shell_command>\s*<command>\n?([\s\S]*?)\n?<\/command>\s*(?:<result>([\s\S]*?)(?:<\/result>|$))?/.exec(text);
  const before = now ? null : /^\s*<user_shell_command>\n?([\s\S]*?)\n?<\/user_shell_command>(?:\s*<user_shell_command_output>([\s\S]*?)(?:<\/user_shell_command_output>|$))?/.exec(text);
  const m = now ?? before;
  if (!m) return null;
  const code = /^Exit code: (-?\d+)/m.exec(m[2] ?? '');
  return { command: m[1]!.trim(), failed: !!code && code[1] !== '0' };
}

/**
 * A prompt, unless it repeats the one just taken (older rollouts write it as an event and as a
 * response item); sent from Codex's IDE extension, the request without the IDE's context before it.
 */
function prompt(s: BuildState, typed: string, at: string, ctx: Ctx): void {
  const text = codexTyped(typed, { cwd: s.ledger.cwd, prompts: !s.codex?.noPrompts });
  if (!text.trim() || isWrapper(text)) return;
  const c = (s.codex ??= { lastPrompt: '' });
  const same = text.replace(/\s+/g, ' ').trim();
  if (c.lastPrompt === same) return;
  c.lastPrompt = same;
  userMessage(s, text, at);
  nameFiles(s, text, s.ledger.cwd, ctx.repoRoot);
}

/** Running commands and polls remembered (the most recent): one never answered does not grow the kept state. */
const WAITING = 64;
function remember(list: [string, string][], key: string, value: string): void {
  const i = list.findIndex(([k]) => k === key);
  if (i >= 0) list.splice(i, 1);
  list.push([key, value]);
  if (list.length > WAITING) list.splice(0, list.length - WAITING);
}
function take(list: [string, string][] | undefined, at: (e: [string, string]) => boolean): [string, string] | undefined {
  const i = list?.findIndex(at) ?? -1;
  return i >= 0 ? list!.splice(i, 1)[0] : undefined;
}

/** What Codex answers a poll it could not make (a process it does not know, one already gone), instead of the process's output. */
const POLL_FAILED = /^\s*write_stdin failed\b/;

/** The session a still-running command's first output names (`Process running with session ID N`), else null. */
function runningSession(output: unknown): string | null {
  const head = outputText(output).split('\nOutput:')[0]!;
  const m = /^Process running with session ID (\d+)$/m.exec(head);
  return m ? m[1]! : null;
}

/**
 * A call's output. A command still running keeps its call open until its exit is known: from an
 * exec_command_end event for the call, or a write_stdin poll of its session that reports the exit
 * (then it is the command that failed, once, not the poll).
 */
function output(s: BuildState, id: string, out: unknown, at: string, ctx: Ctx): void {
  const c = (s.codex ??= { lastPrompt: '' });
  const script = scriptOutcome(out);
  if (script && s.calls.some(([cid]) => cid === id || cid.startsWith(`${id}#`))) {
    scriptOutput(s, id, script, at);
    // The files what the script printed names (a command's output printed whole: its own text).
    if (script.results.length) for (const r of script.results) nameFiles(s, r.output, s.ledger.cwd, ctx.repoRoot);
    else nameFiles(s, script.message, s.ledger.cwd, ctx.repoRoot);
    return;
  }
  // A command's or a poll's output names files the session may open next (transcripts/named.ts).
  const k = s.calls.find(([cid]) => cid === id)?.[1];
  const dir = take(c.workdirs, ([call]) => call === id)?.[1] ?? s.ledger.cwd;
  if (k && (k.command !== null || k.tool === 'write_stdin')) nameFiles(s, codexOutcome(out).message, dir, ctx.repoRoot);
  const poll = take(c.polls, ([call]) => call === id);
  if (poll) {
    const outcome = codexOutcome(out);
    if (runningSession(out) === null && /^(Exit code: |Process exited with code )-?\d+$/m.test(outputText(out).split('\nOutput:')[0]!)) {
      const command = take(c.running, ([session]) => session === poll[1]);
      if (command) toolResult(s, command[1], { ...outcome, at });
    }
    // The poll's own failure (0.171: `write_stdin failed: Unknown process id 1`, no exit code): an error of
    // the poll; a command's exit it reports is the command's.
    toolResult(s, id, { failed: POLL_FAILED.test(outputText(out)), message: outcome.message, at });
    return;
  }
  const session = runningSession(out);
  if (session !== null) {
    remember((c.running ??= []), session, id);
    return;
  }
  const patch = s.calls.some(([cid, call]) => cid === id && call.tool === 'apply_patch');
  toolResult(s, id, { ...(patch ? patchOutcome(out) : codexOutcome(out)), at });
}

/**
 * A code-mode script (the `exec` tool): each `tools.NAME(…)` call it makes is a call of the
 * session, as if the model had made it (a command, a patch, a plan, a poll), under the script's
 * call id, then `<id>#1`, `<id>#2`… (scriptOutput answers them all). A script whose calls cannot be
 * read is one `exec` call, as before.
 */
function script(s: BuildState, source: string, id: string, at: string, ctx: Ctx): void {
  const calls = scriptCalls(source);
  if (!calls.length || !id) {
    call(s, 'exec', { input: source }, id, at, ctx);
    return;
  }
  const open = ((s.codex ??= { lastPrompt: '' }).scripts ??= []);
  open.push(id);
  if (open.length > WAITING) open.splice(0, open.length - WAITING);
  calls.forEach((k, i) => {
    const nid = i === 0 ? id : `${id}#${i}`;
    const a = k.args;
    const args: Rec = a && typeof a === 'object' && !Array.isArray(a) ? (a as Rec) : k.name === 'apply_patch' && typeof a === 'string' ? { input: a } : {};
    if (k.name === 'write_stdin' && (typeof args.session_id === 'number' || typeof args.session_id === 'string')) remember(((s.codex ??= { lastPrompt: '' }).polls ??= []), nid, String(args.session_id));
    call(s, k.name, args, nid, at, ctx);
  });
}

/**
 * A code-mode script's output, for the calls it made. The command results it printed whole are
 * the commands' and polls', in order, when there are as many as the calls that give one: an exit
 * code other than 0 fails its command; a session still running keeps its command open until a
 * poll reports its exit (as output() does for a direct call). A script that failed fails the call
 * its error names (`exec_command failed…`, `apply_patch verification failed…`), else its only
 * call, else its first call no result answered. Every other call of the script succeeded.
 */
function scriptOutput(s: BuildState, id: string, out: ScriptOutcome, at: string): void {
  const c = (s.codex ??= { lastPrompt: '' });
  const nested = s.calls.filter(([cid]) => cid === id || cid.startsWith(`${id}#`)).map(([cid, k]) => ({ cid, tool: k.tool }));
  const printing = nested.filter((n) => n.tool === 'exec_command' || n.tool === 'write_stdin');
  const answered = new Set<string>();
  if (printing.length && out.results.length === printing.length) {
    printing.forEach((n, i) => {
      const r = out.results[i]!;
      const poll = n.tool === 'write_stdin' ? take(c.polls, ([call]) => call === n.cid) : undefined;
      if (r.exit_code === undefined) {
        // Still running: the command waits for a poll that reports its exit.
        if (n.tool === 'exec_command' && r.session_id !== undefined) {
          remember((c.running ??= []), r.session_id, n.cid);
          answered.add(n.cid);
        }
        return;
      }
      const failed = r.exit_code !== 0;
      if (poll) {
        const command = take(c.running, ([session]) => session === poll[1]);
        if (command) toolResult(s, command[1], { failed, message: r.output, at });
        return;
      }
      toolResult(s, n.cid, { failed, message: r.output, at });
      answered.add(n.cid);
    });
  }
  // The exit codes Codex's item_completed events gave (itemCompleted), where the script printed none.
  for (const n of printing) {
    const e = take(c.exits, ([cid]) => cid === n.cid);
    if (e && !answered.has(n.cid)) {
      toolResult(s, n.cid, { failed: e[1] !== '0', message: `exit code ${e[1]}`, at });
      answered.add(n.cid);
    }
  }
  c.scripts = c.scripts?.filter((sid) => sid !== id);
  if (out.failed) {
    const named = /^\s*(?:([\w$]+) failed|(apply_patch) verification failed)/.exec(out.message);
    const tool = named?.[1] ?? named?.[2];
    const open = nested.filter((n) => !answered.has(n.cid));
    const culprit = (tool && open.find((n) => n.tool === tool)) || (nested.length === 1 ? open[0] : undefined) || open[0];
    if (culprit) {
      toolResult(s, culprit.cid, { failed: true, message: out.message || 'script failed', at });
      answered.add(culprit.cid);
    }
  }
  for (const n of nested) if (!answered.has(n.cid)) toolResult(s, n.cid, { failed: false, message: '', at });
}

/** Whether call `cid` is one of a code-mode script's whose output has not come yet. */
const inOpenScript = (s: BuildState, cid: string) => (s.codex?.scripts ?? []).some((sid) => cid === sid || cid.startsWith(`${sid}#`));

/**
 * An item_completed event of a code-mode script's command or patch (0.17x: its id `exec-<uuid>`, not
 * the call's; a direct call's item has the call's id and is passed over: its output says as much).
 * A CommandExecution gives its command's exit code, which the script's output may not print
 * (`text(r.output)`): the exit of the script's first open command with the same text, else of its
 * first command whose text the script computed (`{cmd: 'exit ' + n}`), which takes the item's text;
 * taken when the script's output says nothing of it (scriptOutput), or at once for a command the
 * output left running. A FileChange gives the exact files of the script's next patch: those of a
 * patch the script computed; one read from the script's text already is only passed. Neither adds a
 * call or counts one twice.
 */
function itemCompleted(s: BuildState, item: Rec, at: string, ctx: Ctx): void {
  if (typeof item.id !== 'string' || !item.id.startsWith('exec-') || !s.codex) return;
  if (item.type === 'FileChange') return fileChange(s, item, at, ctx);
  if (item.type !== 'CommandExecution') return;
  if (typeof item.exit_code !== 'number' || !Number.isFinite(item.exit_code)) return;
  const argv = item.command;
  const text = typeof argv === 'string' ? argv : Array.isArray(argv) && argv.every((a) => typeof a === 'string') ? (argv.length >= 3 && /^-l?c$/.test(argv[argv.length - 2]) ? argv[argv.length - 1] : argv.join(' ')) : '';
  const c = s.codex;
  if (!text) return;
  const running = new Set((c.running ?? []).map(([, cid]) => cid));
  const known = new Set((c.exits ?? []).map(([cid]) => cid));
  const cmd = cut(text, 1000);
  const open = (cid: string, k: (typeof s.calls)[number][1]) => k.tool === 'exec_command' && !known.has(cid) && (running.has(cid) || inOpenScript(s, cid));
  let hit = s.calls.find(([cid, k]) => open(cid, k) && k.command !== null && s.ledger.commands[k.command - s.base.commands]?.command === cmd);
  if (!hit) {
    hit = s.calls.find(([cid, k]) => open(cid, k) && k.command === null && !running.has(cid));
    if (hit) {
      laterFacts(s, hit[0], { command: text, at });
      remember((c.computed ??= []), hit[0], '');
    }
  }
  // A call site run again (a loop): a run of its own (loopRun).
  if (!hit) {
    const computed = new Set((c.computed ?? []).map(([cid]) => cid));
    hit = loopRun(s, 'exec_command', (cid, k) => computed.has(cid) || (k.command !== null && s.ledger.commands[k.command - s.base.commands]?.command === cmd), (cid) => known.has(cid) || running.has(cid), { cmd: text }, at, ctx);
  }
  if (!hit) return;
  if (running.has(hit[0])) {
    take(c.running, ([, cid]) => cid === hit[0]);
    toolResult(s, hit[0], { failed: item.exit_code !== 0, message: typeof item.aggregated_output === 'string' ? item.aggregated_output : '', at });
  } else remember((c.exits ??= []), hit[0], String(item.exit_code));
}

/**
 * An item of the latest open script that no call of it waits for: its `tools.NAME(…)` ran again
 * (in a loop, or a function called twice), so the run is a call of its own (`<id>#N`), as a direct
 * call would be. Only when a call that had its item already may have made it (`again`: the same
 * command, or one whose text or files the script computed), or every call of the tool in the
 * script had its item: an item of a literal call written otherwise is not taken for a second run.
 * The script's output answers it with the others (scriptOutput). Null when the item is no such
 * run, or the script is at MAX_RUNS.
 */
const MAX_RUNS = 256;
function loopRun(s: BuildState, tool: string, again: (cid: string, k: (typeof s.calls)[number][1]) => boolean, had: (cid: string) => boolean, args: Rec, at: string, ctx: Ctx): (typeof s.calls)[number] | undefined {
  const sid = s.codex?.scripts?.at(-1);
  if (!sid) return undefined;
  const mine = s.calls.filter(([cid]) => cid === sid || cid.startsWith(`${sid}#`));
  const ofTool = mine.filter(([, k]) => k.tool === tool);
  if (!ofTool.length || mine.length >= MAX_RUNS) return undefined;
  if (!ofTool.some(([cid, k]) => had(cid) && again(cid, k)) && !ofTool.every(([cid]) => had(cid))) return undefined;
  let n = mine.length;
  while (s.calls.some(([cid]) => cid === `${sid}#${n}`)) n++;
  const id = `${sid}#${n}`;
  call(s, tool, args, id, at, ctx);
  return s.calls.find(([cid]) => cid === id);
}

/** A FileChange item of a code-mode script's patch (itemCompleted): `changes` keyed by path, each `add`, `update` or `delete`, maybe moved. */
function fileChange(s: BuildState, item: Rec, at: string, ctx: Ctx): void {
  const c = s.codex!;
  const changes = item.changes && typeof item.changes === 'object' && !Array.isArray(item.changes) ? (item.changes as Rec) : null;
  if (!changes) return;
  const done = new Set((c.patched ?? []).map(([cid]) => cid));
  let hit = s.calls.find(([cid, k]) => k.tool === 'apply_patch' && !done.has(cid) && inOpenScript(s, cid));
  // A patch call run again (a loop): a run of its own, its files from this item.
  if (!hit) {
    const computed = new Set((c.computed ?? []).map(([cid]) => cid));
    hit = loopRun(s, 'apply_patch', (cid) => computed.has(cid), (cid) => done.has(cid), { input: '' }, at, ctx);
  }
  if (!hit) return;
  remember((c.patched ??= []), hit[0], '');
  if (hit[1].changes?.length) return;
  remember((c.computed ??= []), hit[0], '');
  const files: NonNullable<CallFacts['files']> = [];
  const at_ = (p: string) => reportPath(p, s.ledger.cwd, ctx.repoRoot);
  // As patchFiles reads a patch's text: an update is an edit, an added or deleted file and a move's new path writes.
  for (const [path, ch] of Object.entries(changes).slice(0, 256)) {
    const r = ch && typeof ch === 'object' ? (ch as Rec) : {};
    files.push({ path: at_(path), op: r.type === 'update' ? 'edit' : 'write' });
    if (typeof r.move_path === 'string' && r.move_path) files.push({ path: at_(r.move_path), op: 'write' });
  }
  laterFacts(s, hit[0], { files, at });
}

/**
 * A patch_apply_end event (rollouts that keep the tool events): a patch that failed is answered
 * now; one that succeeded waits for its call's output, which says the same.
 */
function patchEnded(s: BuildState, p: Rec, at: string): void {
  if (typeof p.call_id !== 'string' || p.success !== false) return;
  const message = [p.stderr, p.stdout].find((v) => typeof v === 'string' && v.trim()) ?? 'patch not applied';
  toolResult(s, p.call_id, { failed: true, message, at });
}

/** An exec_command_end event: the exit of a command whose first output said it was still running. */
function commandEnded(s: BuildState, p: Rec, at: string): void {
  if (typeof p.call_id !== 'string' || !take(s.codex?.running, ([, call]) => call === p.call_id)) return;
  const code = Number(p.exit_code);
  const message = [p.aggregated_output, p.stderr, p.formatted_output].find((v) => typeof v === 'string' && v) ?? '';
  toolResult(s, p.call_id, { failed: Number.isFinite(code) && code !== 0, message, at });
}

/** A token count's [input, cached input, output], or null when it holds none. */
function counts(v: unknown): Count | null {
  if (!v || typeof v !== 'object') return null;
  const t = v as Rec;
  return [num(t.input_tokens), num(t.cached_input_tokens), num(t.output_tokens)];
}

type Count = [number, number, number];
const minus = (a: Count, b: Count): Count => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const sameCount = (a: Count, b: Count) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/**
 * A token_count event. Its total_token_usage is a running total of the process or thread that writes
 * it: it starts again from zero when the session is resumed into the same rollout (no second
 * session_meta) or a /review counts its own, and after the review the main total goes on where it
 * was. So the session's usage is what each total added: a total below the one before starts a new
 * count (taken whole, and the one before is kept, paused); otherwise it grew from the count it goes
 * on — the one whose growth is the call the event names (last_token_usage), else the nearest below
 * it. The first total is taken whole (a rollout resumed into a new file starts from the total so far);
 * a total written again adds nothing.
 */
function tokenCount(s: BuildState, info: Rec): void {
  const total = counts(info.total_token_usage);
  if (!total) return;
  const last = counts(info.last_token_usage);
  const c = (s.codex ??= { lastPrompt: '' });
  const u = s.ledger.usage;
  // A state an earlier git-memory kept holds the last total as the usage, and no total of its own.
  const prev = c.total ?? (u.input + u.cache_read + u.output > 0 ? ([u.input + u.cache_read, u.cache_read, u.output] as Count) : undefined);
  const paused = (c.paused ??= []);
  let add: Count = total;
  if (prev && sameCount(prev, total)) add = [0, 0, 0];
  else if (prev) {
    const below = [prev, ...paused].filter((b) => minus(total, b).every((d) => d >= 0));
    const from = (last && below.find((b) => sameCount(minus(total, b), last))) ?? below.sort((a, b) => a[0] + a[2] - (b[0] + b[2])).at(-1);
    if (from) add = minus(total, from);
    if (from !== prev) {
      if (from) paused.splice(paused.indexOf(from), 1);
      paused.push(prev);
      if (paused.length > 8) paused.shift();
    }
  }
  c.total = total;
  const input = u.input + u.cache_read + add[0];
  const cached = u.cache_read + add[1];
  totalUsage(s, { input: Math.max(0, input - cached), output: u.output + add[2], cache_read: cached, cache_write: 0 }, last ? last[0] + last[2] : null);
}

/** The agent answers: a prompt with the same text after this is a new one. */
const answered = (s: BuildState) => {
  if (s.codex) s.codex.lastPrompt = '';
};

/** How long after a forked rollout's session_meta the copy of the parent's history may still be written. */
const COPY_BURST_MS = 2000;

/**
 * Whether a record is part of the parent's history that Codex copies into a forked rollout (a
 * sub-agent spawned with the parent's context, a forked thread): the child's session_meta names
 * forked_from_id (a sub-agent of 0.15x: parent_thread_id, source.subagent.thread_spawn), and the
 * copy starts with the parent's own session_meta and holds the parent's turns. Where the records
 * are numbered (`ordinal`) and the child's session_meta names subagent_history_start_ordinal, the
 * records before that one are the copy, and no other sign is needed. The child's own work starts with the first turn that started when the child was created or
 * later (task_started's started_at, in seconds); where the copy says no start, with the first record
 * written past the copy's burst. In the copy only the running token total is kept, as the count the
 * child's own totals grow from.
 */
function copied(s: BuildState, type: unknown, p: Rec, at: string, ordinal?: number): boolean {
  const f = s.codex?.fork;
  if (!f || f.done) return false;
  if (f.own !== undefined && Number.isInteger(ordinal)) {
    // A rollout that numbers its records (0.15x): the child's own history starts at the ordinal its
    // session_meta names; every record before it was inherited, with or without the parent's session_meta.
    if (ordinal! >= f.own) {
      f.copying = false;
      f.done = true;
      return false;
    }
  } else {
    if (!f.copying) {
      if (type !== 'session_meta' || p.id !== f.parent) return false;
      f.copying = true;
    }
    const time = Date.parse(at);
    const own =
      (type === 'event_msg' && p.type === 'task_started' && typeof p.started_at === 'number' && p.started_at >= Math.floor(f.start / 1000)) ||
      (Number.isFinite(time) && f.at > 0 && time - f.at > COPY_BURST_MS);
    if (own) {
      f.copying = false;
      f.done = true;
      return false;
    }
  }
  saw(s, at);
  if (type === 'event_msg' && p.type === 'token_count' && p.info && typeof p.info === 'object') {
    const total = counts(p.info.total_token_usage);
    if (total) s.codex!.total = total;
  }
  return true;
}

/** The response items a rollout of before the `{timestamp, type, payload}` lines writes bare. */
const BARE_ITEMS = new Set(['message', 'function_call', 'function_call_output', 'custom_tool_call', 'custom_tool_call_output', 'local_shell_call', 'reasoning']);

/**
 * A line of a rollout written before session_meta existed (Codex CLI of mid 2025, which people still
 * have on disk) in today's shape: its first line is a bare header `{id, timestamp, instructions, cwd?,
 * git?}`, then `{"record_type":"state"}` markers and response items with no envelope (and mostly no
 * timestamp of their own). Null for a line that holds nothing to take.
 */
function enveloped(s: BuildState, rec: Rec): Rec | null {
  if (typeof rec.type === 'string' && BARE_ITEMS.has(rec.type)) return { timestamp: rec.timestamp ?? s.ledger.updated, type: 'response_item', payload: rec };
  if (!s.ledger.session_id && typeof rec.id === 'string' && typeof rec.timestamp === 'string' && !('type' in rec) && !('record_type' in rec)) return { timestamp: rec.timestamp, type: 'session_meta', payload: rec };
  return null;
}

/** At most this many sub-agents a session's ledger follows. */
const MAX_CHILDREN = 64;

/** Notes a sub-agent's thread id (a rollout file's name ends with it), once, with the time it was named. */
function child(s: BuildState, id: unknown, at: string): void {
  if (typeof id !== 'string' || !/^[0-9A-Za-z-]{8,64}$/.test(id)) return;
  const c = (s.codex ??= { lastPrompt: '' });
  const kids = (c.children ??= []);
  if (kids.includes(id) || kids.length >= MAX_CHILDREN) return;
  kids.push(id);
  if (at) (c.childAt ??= {})[id] = at;
}

/** Takes one Codex rollout line. */
export function feedCodex(s: BuildState, rec: Rec, ctx: Ctx): void {
  if (!rec || typeof rec !== 'object') return;
  if (!('payload' in rec)) {
    const wrapped = enveloped(s, rec);
    if (!wrapped) return;
    rec = wrapped;
  }
  const at = typeof rec.timestamp === 'string' ? rec.timestamp : '';
  const p: Rec = rec.payload && typeof rec.payload === 'object' ? rec.payload : {};
  if (copied(s, rec.type, p, at, typeof rec.ordinal === 'number' ? rec.ordinal : undefined)) return;
  switch (rec.type) {
    case 'session_meta':
      // Custom prompts are gone since 0.117: the hook of a current Codex reads no prompt files.
      if (typeof p.cli_version === 'string' && !hadCustomPrompts(p.cli_version)) (s.codex ??= { lastPrompt: '' }).noPrompts = true;
      if (!s.ledger.session_id) {
        // The thread it was forked or spawned from: forked_from_id, or (a sub-agent, 0.15x) parent_thread_id
        // and source.subagent.thread_spawn.parent_thread_id.
        const parent = [p.forked_from_id, p.parent_thread_id, p.source?.subagent?.thread_spawn?.parent_thread_id].find((v) => typeof v === 'string' && v);
        if (parent) {
          const start = Date.parse(typeof p.timestamp === 'string' ? p.timestamp : at);
          const ordinal = p.subagent_history_start_ordinal;
          (s.codex ??= { lastPrompt: '' }).fork = {
            parent,
            start: Number.isFinite(start) ? start : 0,
            at: Date.parse(at) || 0,
            copying: false,
            ...(Number.isInteger(ordinal) && ordinal > 0 ? { own: ordinal } : {}),
          };
        }
      }
      saw(s, at, { session_id: typeof p.id === 'string' ? p.id : undefined, cwd: typeof p.cwd === 'string' ? p.cwd : undefined });
      return;
    case 'turn_context':
      saw(s, at, { cwd: typeof p.cwd === 'string' ? p.cwd : undefined });
      return;
    case 'compacted':
      saw(s, at);
      compaction(s, { at, trigger: '', pre_tokens: null, summary: typeof p.message === 'string' ? p.message : '' });
      return;
    case 'event_msg':
      saw(s, at);
      if (p.type === 'user_message' && typeof p.message === 'string') prompt(s, p.message, at, ctx);
      else if (p.type === 'exec_command_end') commandEnded(s, p, at);
      else if (p.type === 'patch_apply_end') patchEnded(s, p, at);
      // A turn the user interrupted (Esc) is over, and so is any turn a new one starts after: the
      // same text typed again is a new prompt (Codex writes a prompt's event right after its item).
      else if (p.type === 'turn_aborted' || p.type === 'task_started') answered(s);
      else if (p.type === 'token_count' && p.info && typeof p.info === 'object') tokenCount(s, p.info);
      // A sub-agent it spawned (0.171 multi-agent v2: item_completed SubAgentActivity; the collab event
      // collab_agent_spawn_end, which the same binary defines, names it by new_thread_id):
      // its rollout is read beside this one (subagents.ts readCodexSubagents).
      else if (p.type === 'item_completed' && p.item?.type === 'SubAgentActivity') child(s, p.item.agent_thread_id, at);
      else if (p.type === 'item_completed' && p.item && typeof p.item === 'object') itemCompleted(s, p.item, at, ctx);
      else if (p.type === 'collab_agent_spawn_end') child(s, p.new_thread_id, at);
      return;
    case 'response_item':
      saw(s, at);
      switch (p.type) {
        case 'message':
          if (p.role === 'user') {
            const text = userText(p.content);
            // A rollout whose header names no working directory (before 0.3x) has it in the environment block.
            if (!s.ledger.cwd) saw(s, '', { cwd: /^\s*<environment_context>[\s\S]*?<cwd>([^<\n]+)<\/cwd>/.exec(text)?.[1]?.trim() });
            const shell = userShellCommand(text);
            if (shell) userCommand(s, shell.command, at, shell.failed);
            // Codex's own warnings to the model (record_model_warning) are user-role items; a prompt the
            // user typed that starts so is still taken from the event older versions write for it.
            else if (!CODEX_MODEL_WARNING.test(text)) prompt(s, text, at, ctx);
          }
          else if (p.role === 'assistant') {
            answered(s);
            responseStart(s);
            assistantText(s, textOf(p.content) ?? '', 'main');
          }
          return;
        case 'function_call':
        case 'custom_tool_call':
          answered(s);
          if (typeof p.name === 'string') {
            const args = p.type === 'custom_tool_call' ? { input: p.input } : parseArgs(p.arguments);
            const id = String(p.call_id ?? p.id ?? '');
            // Code mode: the script's own calls are the session's.
            if (p.name === 'exec' && typeof args.input === 'string') {
              script(s, args.input, id, at, ctx);
              return;
            }
            if (p.name === 'write_stdin' && args.session_id !== undefined && id) remember(((s.codex ??= { lastPrompt: '' }).polls ??= []), id, String(args.session_id));
            call(s, p.name, args, id, at, ctx);
          }
          return;
        case 'local_shell_call':
          answered(s);
          call(s, 'local_shell', { command: p.action?.command, workdir: p.action?.working_directory }, String(p.call_id ?? p.id ?? ''), at, ctx);
          return;
        case 'function_call_output':
        case 'custom_tool_call_output':
          if (p.call_id) output(s, String(p.call_id), p.output, at, ctx);
          return;
      }
  }
}
