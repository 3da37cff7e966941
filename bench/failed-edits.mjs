// Issue 25 §6: files a session tried to change but never changed (every edit or write of it
// failed, was rejected or cancelled), counted from the raw records of the real transcripts, against
// what the ledger says; and the commands the user ran in the agent's shell mode (`!`).
// `node bench/failed-edits.mjs` (the corpora: GIT_MEMORY_CORPUS, GIT_MEMORY_AGENTS_CORPUS; see
// CONTRIBUTING). Independent of the ledger: it reads each line on its own, no ordering, no caps.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { importSrc } from './bundle.mjs';
import { corpusDir } from './corpus.mjs';
import { agentsCorpusDir } from './agents-corpus.mjs';

const WIN = /^([A-Za-z]:[\\/]|\\\\)/;
const norm = (p, cwd) => {
  const onWin = typeof cwd === 'string' && WIN.test(cwd);
  if (WIN.test(p) || (onWin && !p.startsWith('/'))) return (onWin ? win32.resolve(cwd, p) : win32.resolve(p)).replaceAll('\\', '/').toLowerCase();
  return (p.startsWith('/') ? posix.resolve(p) : cwd ? posix.resolve(cwd, p) : p).toLowerCase();
};
const lines = (t) => t.split('\n').flatMap((l) => { try { return [JSON.parse(l)]; } catch { return []; } });

function claude(text) {
  const calls = new Map(); // id -> {paths}
  const res = new Map(); // id -> is_error
  for (const r of lines(text)) {
    const c = r?.message?.content;
    if (!Array.isArray(c)) continue;
    for (const b of c) {
      if (r.type === 'assistant' && b?.type === 'tool_use' && ['Edit', 'MultiEdit', 'Write', 'NotebookEdit'].includes(b.name)) {
        const p = b.input?.file_path ?? b.input?.notebook_path;
        if (typeof p === 'string' && p && !calls.has(b.id)) calls.set(b.id, [norm(p, r.cwd)]);
      }
      if (r.type === 'user' && b?.type === 'tool_result' && !res.has(b.tool_use_id)) res.set(b.tool_use_id, b.is_error === true);
    }
  }
  return [...calls].map(([id, paths]) => ({ paths, ok: res.has(id) ? !res.get(id) : null }));
}

const patchFiles = (patch) => [...patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)].map((m) => (m[1] ?? m[2]).trim());
function codex(text) {
  const calls = new Map();
  const res = new Map();
  let cwd = '';
  for (const r0 of lines(text)) {
    const p = r0.payload && typeof r0.payload === 'object' ? r0.payload : r0;
    if (r0.type === 'session_meta' && typeof p.cwd === 'string') cwd ||= p.cwd;
    if (p.type === 'message' && p.role === 'user' && !cwd) cwd = /<cwd>([^<\n]+)<\/cwd>/.exec(JSON.stringify(p.content))?.[1] ?? '';
    let patch = null;
    let dir = cwd;
    if ((p.type === 'custom_tool_call' || p.type === 'function_call') && p.name === 'apply_patch') {
      let a = p.input ?? p.arguments;
      if (p.type === 'function_call') { try { const o = JSON.parse(p.arguments); a = o.input ?? o.patch ?? a; } catch {} }
      patch = typeof a === 'string' ? a : null;
    } else if (p.type === 'function_call' || p.type === 'local_shell_call') {
      let o = {};
      try { o = p.type === 'local_shell_call' ? { command: p.action?.command, workdir: p.action?.working_directory } : JSON.parse(p.arguments); } catch {}
      const cmd = Array.isArray(o.command) ? o.command.join(' ') : typeof o.command === 'string' ? o.command : typeof o.cmd === 'string' ? o.cmd : '';
      if (/^\s*(\S*sh -l?c )?(cd \S+ && )?apply_patch\b/.test(cmd) && cmd.includes('*** Begin Patch')) patch = cmd;
      if (typeof o.workdir === 'string' && o.workdir) dir = o.workdir;
    }
    if (patch !== null && !calls.has(p.call_id)) calls.set(p.call_id, patchFiles(patch).map((f) => norm(f, dir)));
    if ((p.type === 'custom_tool_call_output' || p.type === 'function_call_output') && calls.has(p.call_id) && !res.has(p.call_id)) {
      let out = typeof p.output === 'string' ? p.output : JSON.stringify(p.output);
      let code = null;
      try { const j = JSON.parse(out); if (typeof j?.metadata?.exit_code === 'number') { code = j.metadata.exit_code; out = String(j.output ?? ''); } } catch {}
      const m = /^Exit code: (-?\d+)/m.exec(out) ?? /Process exited with code (-?\d+)/.exec(out);
      if (code === null && m) code = Number(m[1]);
      const failed = (code !== null && code !== 0) || /^\s*(apply_patch verification failed|execution error|error):/.test(out);
      res.set(p.call_id, !failed);
    }
    if (r0.type === 'event_msg' && p.type === 'patch_apply_end' && p.success === false && calls.has(p.call_id) && !res.has(p.call_id)) res.set(p.call_id, false);
  }
  return [...calls].map(([id, paths]) => ({ paths, ok: res.has(id) ? res.get(id) : null }));
}

function gemini(text) {
  let msgs = [];
  try { const d = JSON.parse(text); if (Array.isArray(d.messages)) msgs = d.messages; } catch { msgs = lines(text).filter((r) => r.id && r.type); }
  const last = new Map(); // a message written again: its last copy
  for (const m of msgs) last.set(m.id, m);
  const out = [];
  for (const m of last.values())
    for (const tc of m.toolCalls ?? []) {
      if (!['replace', 'write_file', 'edit'].includes(tc.name)) continue;
      const p = tc.args?.file_path ?? tc.args?.absolute_path ?? tc.args?.path;
      if (typeof p !== 'string' || !p) continue;
      out.push({ paths: [norm(p, '')], ok: tc.status === 'success' ? true : ['error', 'cancelled'].includes(tc.status) ? false : null });
    }
  return out;
}

/** The commands the user ran in shell mode, from the raw records: Claude Code <bash-input>, Codex <user_shell_command>, Gemini CLI's message. */
function userCommands(agent, text) {
  const out = [];
  const seen = new Set();
  for (const r of lines(text)) {
    if (agent === 'claude' && r?.type === 'user' && typeof r.message?.content === 'string' && r.message.content.startsWith('<bash-input>') && !seen.has(r.uuid)) {
      seen.add(r.uuid);
      out.push(r.message.content);
    }
    if (agent === 'codex' && r?.payload?.type === 'message' && r.payload.role === 'user' && JSON.stringify(r.payload.content).includes('<user_shell_command>')) out.push('');
    if (agent === 'gemini' && JSON.stringify(r?.content ?? '').includes('I ran the following shell command:')) out.push('');
  }
  return out.length;
}

const { transcripts } = await importSrc({ transcripts: 'transcripts/index.ts' });
const tally = {};
for (const dir of [corpusDir(), agentsCorpusDir()].filter(existsSync))
  for (const name of readdirSync(dir).sort()) {
    if (!/\.jsonl?$/.test(name)) continue;
    const path = `${dir}/${name}`;
    const agent = transcripts.detectAgent(path);
    if (!agent) continue;
    const text = readFileSync(path, 'utf8');
    const calls = agent === 'claude' ? claude(text) : agent === 'codex' ? codex(text) : gemini(text);
    const by = new Map();
    for (const c of calls)
      for (const p of c.paths) {
        const e = by.get(p) ?? { ok: 0, failed: 0, open: 0 };
        e[c.ok === true ? 'ok' : c.ok === false ? 'failed' : 'open']++;
        by.set(p, e);
      }
    const t = (tally[agent] ??= { transcripts: 0, 'change calls not made': 0, 'files changed': 0, 'ledger: changed': 0, 'files never changed': 0, 'ledger: changed (wrong)': 0, 'user commands': 0, 'ledger: by_user': 0 });
    t.transcripts++;
    t['change calls not made'] += calls.filter((c) => c.ok === false).length;
    const l = transcripts.readLedger(path, { agent });
    const files = new Map(l.files.map((f) => [f.path.toLowerCase(), f]));
    for (const [p, e] of by) {
      // The ledger without a repository keeps paths absolute; a relative one (Gemini CLI records no cwd) is matched by its end.
      const f = files.get(p) ?? [...files].find(([k]) => p.endsWith(`/${k}`))?.[1];
      const changed = !!f && f.edits + f.writes > 0;
      if (e.ok + e.open === 0) {
        t['files never changed']++;
        if (changed) t['ledger: changed (wrong)']++;
      } else {
        t['files changed']++;
        if (changed) t['ledger: changed']++;
      }
    }
    t['user commands'] += userCommands(agent, text);
    t['ledger: by_user'] += l.commands.filter((c) => c.by_user).length;
  }
console.table(tally);
