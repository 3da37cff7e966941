// Issue 25 §6 on real Codex rollouts and Gemini CLI chats (scripts/agents-corpus.mjs gathers them):
// what each file holds, read plainly — each record on its own, written here apart from the product
// readers (src/transcripts/codex.ts, gemini.ts) and sharing no code with them — and the ledger's
// recall and precision against it, field by field.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import { AGENTS_MANIFEST, agentsCorpusDir } from '../scripts/agents-corpus.mjs';
import { both, jsonLines } from './corpus.mjs';

export { AGENTS_MANIFEST, agentsCorpusDir };

/** The manifest's transcripts present in the cache with their recorded size; [] when there is no cache. */
export function loadAgentsCorpus(dir = agentsCorpusDir()) {
  if (!existsSync(dir)) return [];
  const { transcripts } = JSON.parse(readFileSync(AGENTS_MANIFEST, 'utf8'));
  return transcripts.map((t) => ({ ...t, path: join(dir, t.file) })).filter((t) => existsSync(t.path));
}

const WINDOWS = /^([A-Za-z]:[\\/]|\\\\)/;
/** A path as the session's system names it, absolute, with forward slashes. */
function systemPath(p, cwd) {
  const onWindows = typeof cwd === 'string' && WINDOWS.test(cwd);
  if (WINDOWS.test(p) || (onWindows && !p.startsWith('/'))) return (onWindows ? win32.resolve(cwd, p) : win32.resolve(p)).replaceAll('\\', '/');
  return p.startsWith('/') ? posix.resolve(p) : cwd ? posix.resolve(cwd, p) : p;
}

const text = (c) =>
  typeof c === 'string'
    ? c
    : Array.isArray(c)
      ? c
          .map((b) => (typeof b === 'string' ? b : typeof b?.text === 'string' ? b.text : ''))
          .filter(Boolean)
          .join('\n')
      : '';

const empty = () => ({ edited: new Set(), read: new Set(), commands: [], errors: [], prompts: [], usage: null, context: null, compactions: 0, resumes: 0, forks: 0, todos: null });

// ---- Codex ------------------------------------------------------------------------------------

/** A shell call's command as typed: `bash -lc SCRIPT` is SCRIPT, another argv its words joined. */
function codexCommand(v) {
  if (typeof v === 'string') return v;
  if (!Array.isArray(v)) return null;
  if (v.length === 3 && /(^|\/)(ba|z)?sh$/.test(v[0]) && /^-l?c$/.test(v[1])) return v[2];
  return v.join(' ');
}

/** Whether a shell script is only an apply_patch heredoc (an edit, not a command). */
const heredocPatch = (s) => /^\s*(cd \S+ && )?apply_patch\s*<<-?\s*['"]?(\w+)['"]?\s*\n([\s\S]*)\n\2\s*$/.exec(s);
const patchHeaders = (p) => [...p.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)].map((m) => (m[1] ?? m[2]).trim());

/** Exit code of a call's output: the JSON shape's metadata, or the header lines before `Output:`. */
function codexExit(output) {
  let o = output;
  if (typeof o === 'string' && o.startsWith('{')) {
    try {
      o = JSON.parse(o);
    } catch {}
  }
  if (o && typeof o === 'object' && o.metadata && typeof o.metadata.exit_code === 'number') return o.metadata.exit_code;
  const s = typeof o === 'string' ? o : text(o);
  const head = s.split('\nOutput:')[0];
  const m = /^(?:Exit code: |Process exited with code )(-?\d+)$/m.exec(head);
  return m ? Number(m[1]) : null;
}

export function plainCodex(path) {
  const p = empty();
  let cwd = '';
  const calls = new Map(); // call_id -> { at }
  const polls = new Map(); // write_stdin call_id -> session id
  const ended = new Map(); // call_id -> exit code from exec_command_end
  const outputs = [];
  /** Each apply_patch call's files, by call id: edited or read once its output is known. */
  const patches = new Map();
  const userEvents = [];
  let lastTotal = 0;
  const totals = new Set();
  let lastEvent = '';
  const userItems = [];
  // A forked rollout (a sub-agent spawned with its parent's history) opens with a copy of the
  // parent's records, from the parent's session_meta to the first turn started since the child was
  // created; only its running token total counts, as where the child's own totals start.
  let fork = null;
  for (const r of jsonLines(path)) {
    const x = r?.payload;
    if (!x || typeof x !== 'object') continue;
    if (fork?.copying) {
      const ownTurn = r.type === 'event_msg' && x.type === 'task_started' && typeof x.started_at === 'number' && x.started_at * 1000 >= fork.created - 999;
      if (ownTurn || Date.parse(r.timestamp) - fork.written > 2000) fork.copying = false;
      else {
        if (r.type === 'event_msg' && x.type === 'token_count' && x.info?.total_token_usage) {
          const u = x.info.total_token_usage;
          lastTotal = (u.input_tokens ?? 0) + (u.output_tokens ?? 0);
          totals.add(lastTotal);
          p.usage ??= 0;
        }
        continue;
      }
    }
    if (r.type === 'session_meta') {
      if (!cwd) {
        cwd = x.cwd ?? '';
        if (x.forked_from_id) fork = { parent: x.forked_from_id, created: Date.parse(x.timestamp ?? r.timestamp), written: Date.parse(r.timestamp), copying: false };
      } else if (fork && x.id === fork.parent && !fork.seen) {
        fork.copying = fork.seen = true;
        p.forks++;
      } else p.resumes++;
    } else if (r.type === 'turn_context' && !cwd) cwd = x.cwd ?? '';
    else if (r.type === 'compacted') p.compactions++;
    else if (r.type === 'event_msg') {
      // A /review writes its prompt's event twice, at the same moment: one prompt.
      if (x.type === 'user_message' && typeof x.message === 'string') {
        if (`${r.timestamp} ${x.message}` !== lastEvent) userEvents.push(x.message);
        lastEvent = `${r.timestamp} ${x.message}`;
      }
      else if (x.type === 'token_count' && x.info) {
        // The running total starts again in a resumed process and in a /review (whose end returns to
        // the main total): the session used the first total, then each call an event names
        // (last_token_usage) where the total is one not written before (the main total the end of a
        // review writes again is no new call).
        const t = x.info.total_token_usage;
        const l = x.info.last_token_usage;
        const sum = (u) => (u?.input_tokens ?? 0) + (u?.output_tokens ?? 0);
        if (t) {
          if (p.usage === null) p.usage = sum(t);
          else if (!totals.has(sum(t))) p.usage += l ? sum(l) : Math.max(0, sum(t) - lastTotal);
          totals.add(sum(t));
          lastTotal = sum(t);
        }
        if (l) p.context = (l.input_tokens ?? 0) + (l.output_tokens ?? 0);
      } else if (x.type === 'exec_command_end' && x.call_id) {
        ended.set(x.call_id, Number(x.exit_code));
        for (const c of Array.isArray(x.parsed_cmd) ? x.parsed_cmd : []) if (c?.type === 'read' && typeof c.path === 'string' && !/[*?$]/.test(c.path)) p.read.add(systemPath(c.path, x.cwd || cwd));
      }
    } else if (r.type === 'response_item') {
      if (x.type === 'message' && x.role === 'user') {
        userItems.push(text(x.content));
        // A command the user ran with `!` in the TUI: <user_shell_command> with <command>…</command> (or the command alone, earlier).
        const shell = /^\s*<user_shell_command>\s*(?:<command>\s*([\s\S]*?)\s*<\/command>|([^<]+?)\s*<\/user_shell_command>)/.exec(text(x.content));
        const typed = shell && (shell[1] ?? shell[2] ?? '').trim();
        if (typed) p.commands.push(typed);
      }
      else if (x.type === 'function_call' || x.type === 'custom_tool_call' || x.type === 'local_shell_call') {
        let args = {};
        if (x.type === 'custom_tool_call') args = { input: x.input };
        else if (x.type === 'local_shell_call') args = { command: x.action?.command, workdir: x.action?.working_directory };
        else
          try {
            args = JSON.parse(x.arguments);
          } catch {}
        const dir = args.workdir || cwd;
        const id = x.call_id ?? x.id;
        if (x.name === 'apply_patch' || x.type === 'custom_tool_call' && x.name === 'apply_patch') {
          patches.set(id, patchHeaders(String(args.input ?? args.patch ?? '')).map((f) => systemPath(f, dir)));
        } else if (x.name === 'update_plan' && Array.isArray(args.plan)) {
          p.todos = args.plan.map((s) => `${s.status} ${s.step}`);
        } else if (x.name === 'write_stdin') {
          polls.set(id, String(args.session_id));
        } else {
          const argv = args.command ?? args.cmd;
          const cmd = codexCommand(argv);
          // apply_patch as an argv of its own (Codex of autumn 2025): an edit too.
          if (Array.isArray(argv) && argv.length === 2 && argv[0] === 'apply_patch') patches.set(id, patchHeaders(String(argv[1])).map((f) => systemPath(f, dir)));
          else if (cmd !== null) {
            const patch = heredocPatch(cmd);
            if (patch) patches.set(id, patchHeaders(patch[3]).map((f) => systemPath(f, dir)));
            else if (cmd.trim()) p.commands.push(cmd);
          }
        }
        calls.set(id, { at: r.timestamp });
      } else if (x.type === 'function_call_output' || x.type === 'custom_tool_call_output') {
        outputs.push({ id: x.call_id, output: x.output, at: r.timestamp });
      }
    }
  }
  // A command still running when its output was written ("Process running with session ID N")
  // ends later: its exit is in an exec_command_end event for it or in the output of a write_stdin
  // poll of its session. A poll is not a command: its exit is its command's.
  const codes = new Map();
  const bySession = new Map();
  for (const o of outputs) {
    if (polls.has(o.id)) {
      const owner = bySession.get(polls.get(o.id));
      const code = codexExit(o.output);
      if (owner && code !== null && codes.get(owner) === null) codes.set(owner, code);
      continue;
    }
    const running = /^Process running with session ID (\d+)$/m.exec(String(typeof o.output === 'string' ? o.output : text(o.output)).split('\nOutput:')[0]);
    if (running) bySession.set(running[1], o.id);
    codes.set(o.id, ended.has(o.id) ? ended.get(o.id) : running ? null : codexExit(o.output));
  }
  for (const code of codes.values()) if (code !== null && code !== 0) p.errors.push(code);
  // A patch changed its files unless its output says it failed: an exit code other than 0, or
  // Codex's refusal without one ("apply_patch verification failed: …", "error: …", "execution
  // error: …"), which is a tool error too. A failed patch's files were looked at, not changed.
  const outputOf = new Map(outputs.map((o) => [o.id, o.output]));
  for (const [id, files] of patches) {
    const out = outputOf.get(id);
    const said = (typeof out === 'string' ? out : text(out)).trimStart();
    const code = codes.get(id);
    const refused = (code === null || code === undefined || code === 0) && /^(apply_patch verification failed|execution error|error):/.test(said);
    if (refused) p.errors.push('patch');
    for (const f of files) (refused || (code !== null && code !== undefined && code !== 0) ? p.read : p.edited).add(f);
  }
  // Older versions write each prompt as an event too; where they do, the events are the prompts.
  // Codex's own warnings to the model are user-role items too ("Warning: apply_patch was requested via …").
  const wrapper = (t) => /^\s*</.test(t) || /^# AGENTS\.md instructions/.test(t) || (!userEvents.length && /^Warning: /.test(t));
  // Sent from Codex's IDE extension: the IDE's context, then "## My request for Codex:" and the request.
  const request = (t) => (/^\s*# Context from my IDE setup:/.test(t) && t.includes('\n## My request for Codex:') ? t.slice(t.indexOf('\n## My request for Codex:') + '\n## My request for Codex:'.length).replace(/^[ \t]*\n?/, '') : t);
  p.prompts = (userEvents.length ? userEvents : userItems).map(request).filter((t) => t.trim() && !wrapper(t));
  p.cwd = cwd;
  return p;
}

// ---- Gemini CLI -------------------------------------------------------------------------------

function geminiMessages(path) {
  const raw = readFileSync(path, 'utf8');
  if (/^\s*\{\s*\n/.test(raw)) return JSON.parse(raw).messages ?? [];
  // JSON lines: the last version of each message id, in the order first seen.
  const byId = new Map();
  for (const line of raw.split('\n')) {
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      continue;
    }
    if (r && typeof r.id === 'string' && typeof r.type === 'string') byId.set(r.id, r);
    else if (Array.isArray(r?.messages)) for (const m of r.messages) if (m?.id) byId.set(m.id, m);
  }
  return [...byId.values()];
}

const steering = (t) => {
  const m = /^\s*User (?:steering update|hints):\s*<user_input>\s*([\s\S]*?)\s*<\/user_input>/.exec(t);
  return m ? m[1] : null;
};

export function plainGemini(path) {
  const p = empty();
  let usage = 0;
  let any = false;
  // Paths are resolved from the project's root: the first directory a read_file names it under
  // is not known here, so absolute paths are kept as written and relative ones compared as written.
  for (const m of geminiMessages(path)) {
    if (m.type === 'user') {
      // What the user typed is displayContent where Gemini CLI expanded it (@file; older versions
      // without it: the text before "--- Content from referenced files ---"); a message Gemini CLI
      // writes itself ("System: Please continue.") is no prompt; a steering update is what its
      // <user_input> holds.
      let t = text(m.displayContent) || text(m.content);
      t = t.split('\n--- Content from referenced files ---')[0];
      t = steering(t) ?? t;
      // A tool's result recorded as a user message of text ("[Function Response: read_many_files]…") is none either.
      if (t.trim() && !/^\s*</.test(t) && t.trim() !== 'System: Please continue.' && !t.startsWith('[Function Response: ')) p.prompts.push(t);
    } else if (m.type === 'info' && typeof m.content === 'string' && /^Context compressed from/.test(m.content)) {
      p.compactions++;
      p.context = 0;
    }
    else if (m.type === 'gemini') {
      const t = m.tokens;
      if (t) {
        any = true;
        usage += (t.input ?? 0) + (t.output ?? 0) + (t.thoughts ?? 0);
        p.context = (t.input ?? 0) + (t.output ?? 0) + (t.thoughts ?? 0);
      }
      for (const c of m.toolCalls ?? []) {
        const a = c.args ?? {};
        const file = a.absolute_path ?? a.file_path ?? a.path;
        const named = typeof file === 'string' ? (WINDOWS.test(file) ? win32.resolve(file).replaceAll('\\', '/') : file) : null;
        if (c.name === 'read_file' && named) p.read.add(named);
        // An edit that failed or was cancelled changed nothing: the file was looked at.
        if ((c.name === 'write_file' || c.name === 'replace' || c.name === 'edit') && named) (c.status === 'error' || c.status === 'cancelled' ? p.read : p.edited).add(named);
        if (c.name === 'run_shell_command' && typeof a.command === 'string') p.commands.push(a.command);
        // The ledger's list holds what is to do or done: an item the agent cancelled is neither.
        if (c.name === 'write_todos' && Array.isArray(a.todos)) p.todos = a.todos.filter((x) => x.status !== 'cancelled').map((x) => `${x.status} ${x.description}`);
        // A steering update sent while the tool ran travels as a text part of its result.
        for (const part of Array.isArray(c.result) ? c.result : []) {
          const st = typeof part?.text === 'string' ? steering(part.text) : null;
          if (st) p.prompts.push(st);
        }
        const out = JSON.stringify((Array.isArray(c.result) ? c.result.filter((x) => x?.functionResponse) : c.result) ?? '');
        const code = /Exit Code: (-?\d+)/.exec(out);
        if (c.status === 'error' || (code && code[1] !== '0')) p.errors.push(c.id);
      }
    }
  }
  if (any) p.usage = usage;
  return p;
}

// ---- Against the ledger -----------------------------------------------------------------------

const norm = (s) => s.replace(/\s+/g, ' ').trim().slice(0, 150);

/**
 * Per field: [found, of the plain reading's, of the ledger's] for lists; [equal, 1, 1] for a
 * value (usage, context size, compactions, the final todo list). Gemini paths are compared by
 * their end (the ledger resolves them against a cwd the chat does not record).
 */
export function agentLedgerAgainstPlain(ledger, plain, agent) {
  const key = agent === 'gemini' ? (p) => p.replaceAll('\\', '/').replace(/^.*?([^/]+\/[^/]+|[^/]+)$/, '$1') : (p) => p;
  const edited = ledger.files.filter((f) => f.edits + f.writes > 0).map((f) => key(f.path));
  const read = ledger.files.filter((f) => f.reads > 0).map((f) => key(f.path));
  const pe = [...plain.edited].map(key);
  const pr = [...plain.read].map(key);
  const usage = ledger.usage.input + ledger.usage.cache_read + ledger.usage.cache_write + ledger.usage.output;
  const value = (ok) => [ok ? 1 : 0, 1, 1];
  const todos = ledger.todos.map((t) => `${t.status} ${t.content}`);
  return {
    'files edited': [both(edited, pe), pe.length, edited.length],
    // Reads: recall only of what the agent itself parsed as a read (Codex's parsed_cmd) or read with its tool.
    'files read': [both(read, pr), pr.length, null],
    commands: [both(ledger.commands.map((c) => norm(c.command)), plain.commands.map(norm)), plain.commands.length, ledger.commands.length],
    'tool errors': [Math.min(ledger.errors.length, plain.errors.length), plain.errors.length, ledger.errors.length],
    'user prompts': [both(ledger.user_messages.map((m) => norm(m.text)), plain.prompts.map(norm)), plain.prompts.length, ledger.user_messages.length],
    usage: plain.usage === null ? null : value(usage === plain.usage),
    'context size': plain.context === null ? null : value(ledger.context_tokens === plain.context),
    compactions: value(ledger.compactions.length === plain.compactions),
    'todo list': plain.todos === null ? null : value(JSON.stringify(todos) === JSON.stringify(plain.todos)),
  };
}

// ---- Gemini CLI's own prompt log ----------------------------------------------------------------

/**
 * The prompts Gemini CLI logged as typed (logs.json of each project, agent `gemini-logs` in the
 * manifest), by session id: a reference for the chats' prompts that is not read from a chat at all.
 */
export function geminiLoggedPrompts(present) {
  const bySession = new Map();
  for (const t of present.filter((x) => x.agent === 'gemini-logs')) {
    let rows;
    try {
      rows = JSON.parse(readFileSync(t.path, 'utf8'));
    } catch {
      continue;
    }
    for (const r of Array.isArray(rows) ? rows : []) {
      // A slash command (/model, /quit) is Gemini CLI's, not a prompt.
      if (r?.type !== 'user' || typeof r.message !== 'string' || typeof r.sessionId !== 'string' || !r.message.trim() || /^\s*\//.test(r.message)) continue;
      const key = r.sessionId;
      const list = bySession.get(key) ?? [];
      if (!list.includes(r.message)) list.push(r.message);
      bySession.set(key, list);
    }
  }
  return bySession;
}

/** A chat's session id: its document's or its JSON-lines header's. */
export function geminiSessionOf(path) {
  const m = /"sessionId"\s*:\s*"([^"]+)"/.exec(readFileSync(path, 'utf8').slice(0, 4096));
  return m ? m[1] : '';
}

