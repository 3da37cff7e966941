import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { advanceLedger } from '../../src/transcripts/advance.js';
import { readLedger } from '../../src/transcripts/read.js';

// Codex 0.171.0 with multi_agent on, driven offline (test/fixtures/agents/README.md,
// codex-0.171.0/subagent/): the parent called collaboration.spawn_agent, the child committed
// child.txt through exec_command, added notes.md by apply_patch and ran `exit 4`. Codex wrote the
// child's rollout beside the parent's (rollout-<time>-<child thread id>.jsonl) and named it in the
// parent's only by an event_msg item_completed SubAgentActivity (agent_thread_id). The hooks Codex
// ran for the session (SessionStart, Stop, SessionEnd) fired with the parent's session_id and the
// parent's rollout only: the child thread fired SubagentStart/SubagentStop, which git-memory does
// not wire. So the parent's ledger is where the child's work has to be found.

const ROOT = join(__dirname, '../..');
const DIR = join(ROOT, 'test/fixtures/agents/codex-0.171.0/subagent');
const PARENT = 'rollout-2026-12-07T10-01-51-01a24ff3-dc0b-7891-84a5-48ff2d88d216.jsonl';
const CHILD = 'rollout-2026-12-07T10-01-51-01a24ff3-dd6a-7bc1-9af7-15557e231dc8.jsonl';
const REPO = '/tmp/agent-capture/repo';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true, maxRetries: 5 })));
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gm-codex-sub-'));
  dirs.push(d);
  return d;
};
const lines = (name: string) => readFileSync(join(DIR, name), 'utf8').split('\n').filter(Boolean);

describe('Codex 0.171.0 sub-agent (spawn_agent): what the real CLI wrote', () => {
  it("the parent's ledger has the child's commands, failures and files, marked as a sub-agent's", () => {
    const l = readLedger(join(DIR, PARENT), { agent: 'codex', repoRoot: REPO });
    expect(l.commands.map((c) => [c.command, c.failed, c.by_subagent])).toEqual([
      ["echo child > child.txt && git add child.txt && git commit -qm 'Add child.txt'", false, true],
      ['exit 4', true, true],
    ]);
    expect(l.files.map((f) => [f.path, f.writes, f.by_subagent])).toEqual([['notes.md', 1, true]]);
    expect(l.errors).toHaveLength(1);
    // The parent's own prompt stays the session's; the child's task message is not a prompt of it.
    expect(l.user_messages.map((m) => m.text)).toEqual(['Spawn a helper to add child.txt']);
    expect(l.session_id).toBe('01a24ff3-dc0b-7891-84a5-48ff2d88d216');
  });

  it('reads the same however the two files grew, as the hooks read what was appended since their last run', () => {
    const whole = readLedger(join(DIR, PARENT), { agent: 'codex', repoRoot: REPO });
    const d = temp();
    const parent = join(d, PARENT);
    const child = join(d, CHILD);
    writeFileSync(parent, '');
    writeFileSync(child, '');
    const p = lines(PARENT);
    const c = lines(CHILD);
    // The parent first (up to its SubAgentActivity and beyond), the child's lines between.
    let last = null;
    for (let i = 0; i < Math.max(p.length, c.length); i++) {
      if (i < p.length) appendFileSync(parent, `${p[i]}\n`);
      if (i < c.length) appendFileSync(child, `${c[i]}\n`);
      last = advanceLedger(join(d, 'state'), 's1', parent, { agent: 'codex', repoRoot: REPO }).ledger;
      expect(last).toEqual(readLedger(parent, { agent: 'codex', repoRoot: REPO }));
    }
    expect(last!.commands).toEqual(whole.commands);
    expect(last!.files).toEqual(whole.files);
  });

  it('finds the child by a collab_agent_spawn_end event as well (new_thread_id)', () => {
    const d = temp();
    copyFileSync(join(DIR, CHILD), join(d, CHILD));
    const p = lines(PARENT).map((line) => {
      const r = JSON.parse(line);
      if (r.payload?.item?.type !== 'SubAgentActivity') return line;
      return JSON.stringify({ ...r, payload: { type: 'collab_agent_spawn_end', call_id: 'call_1_0', sender_thread_id: r.payload.thread_id, new_thread_id: r.payload.item.agent_thread_id, status: 'running' } });
    });
    writeFileSync(join(d, PARENT), `${p.join('\n')}\n`);
    const l = readLedger(join(d, PARENT), { agent: 'codex', repoRoot: REPO });
    expect(l.commands.map((c) => c.command)).toEqual(readLedger(join(DIR, PARENT), { agent: 'codex', repoRoot: REPO }).commands.map((c) => c.command));
  });

  it("reads no other rollout of the folder, and no thread id that is not one (a path, a glob)", () => {
    const d = temp();
    for (const f of readdirSync(DIR)) copyFileSync(join(DIR, f), join(d, f));
    // Another session's rollout in the same day's folder is not a sub-agent of this one.
    copyFileSync(join(DIR, CHILD), join(d, 'rollout-2026-12-07T10-01-51-01a24ff3-0000-7000-8000-000000000000.jsonl'));
    const forged = JSON.stringify({ timestamp: '2026-12-07T10:02:00.000Z', type: 'event_msg', payload: { type: 'item_completed', item: { type: 'SubAgentActivity', kind: 'started', agent_thread_id: '../../../../etc/passwd' } } });
    appendFileSync(join(d, PARENT), `${forged}\n`);
    const l = readLedger(join(d, PARENT), { agent: 'codex', repoRoot: REPO });
    expect(l.commands.map((c) => c.command)).toHaveLength(2);
  });
});

// Built from the real rollouts above (no capture of these: the pinned 0.171.0 offered a child no
// collaboration tools whatever the config tried, `[agents] max_depth` among them): the records are
// the CLI's, only their thread ids, times, folders and the commands' text are changed.
describe('Codex sub-agents beyond one level and across midnight', () => {
  const CHILD_ID = '01a24ff3-dd6a-7bc1-9af7-15557e231dc8';
  const GRAND_ID = '01a24ff3-eeee-7bc1-9af7-15557e231dc9';
  const parentActivity = lines(PARENT).filter((line) => line.includes('"SubAgentActivity"'));
  /** The child's rollout as another thread's: its ids, and `child` in its commands, replaced. */
  const asThread = (id: string, word: string) => lines(CHILD).map((line) => line.split(CHILD_ID).join(id).split('child').join(word));
  /** SubAgentActivity records naming `id`, as the parent's name the child, written at `at`. */
  const naming = (id: string, at?: string) =>
    parentActivity.map((line) => {
      const r = JSON.parse(line);
      return JSON.stringify({ ...r, ...(at ? { timestamp: at } : {}), payload: { ...r.payload, item: { ...r.payload.item, agent_thread_id: id } } });
    });
  const day = (root: string, ymd: string) => {
    const dir = join(root, 'sessions', ...ymd.split('-'));
    mkdirSync(dir, { recursive: true });
    return dir;
  };

  it("a grandchild's rollout, named in the child's records, is read too", () => {
    const d = day(temp(), '2026-12-07');
    copyFileSync(join(DIR, PARENT), join(d, PARENT));
    writeFileSync(join(d, CHILD), `${[...lines(CHILD), ...naming(GRAND_ID)].join('\n')}\n`);
    writeFileSync(join(d, `rollout-2026-12-07T10-01-52-${GRAND_ID}.jsonl`), `${asThread(GRAND_ID, 'grand').join('\n')}\n`);
    const l = readLedger(join(d, PARENT), { agent: 'codex', repoRoot: REPO });
    expect(l.commands.map((c) => [c.command, c.by_subagent])).toEqual([
      ["echo child > child.txt && git add child.txt && git commit -qm 'Add child.txt'", true],
      ["echo grand > grand.txt && git add grand.txt && git commit -qm 'Add grand.txt'", true],
      ['exit 4', true],
      ['exit 4', true],
    ]);
    expect(l.files.map((f) => f.path)).toEqual(['notes.md']);
  });

  it('reads the same however the three files grew', () => {
    const d = day(temp(), '2026-12-07');
    const files = [
      [join(d, PARENT), lines(PARENT)],
      [join(d, CHILD), [...lines(CHILD), ...naming(GRAND_ID)]],
      [join(d, `rollout-2026-12-07T10-01-52-${GRAND_ID}.jsonl`), asThread(GRAND_ID, 'grand')],
    ] as const;
    for (const [f] of files) writeFileSync(f, '');
    let last = null;
    for (let i = 0; i < Math.max(...files.map(([, l]) => l.length)); i++) {
      for (const [f, l] of files) if (i < l.length) appendFileSync(f, `${l[i]}\n`);
      last = advanceLedger(join(d, 'state'), 's1', files[0][0], { agent: 'codex', repoRoot: REPO }).ledger;
      expect(last).toEqual(readLedger(files[0][0], { agent: 'codex', repoRoot: REPO }));
      // The tool-use hook's lean read (kept-window.ts) counts the same.
      const lean = advanceLedger(join(d, 'lean'), 's1', files[0][0], { agent: 'codex', repoRoot: REPO, lean: { keep: 2, fold: 4 } }).ledger;
      expect(lean.tool_calls).toBe(last.tool_calls);
    }
    expect(last!.commands).toHaveLength(4);
  });

  it("a child spawned just after midnight: its rollout in the next day's folder is found", () => {
    const root = temp();
    const d7 = day(root, '2026-12-07');
    const d8 = day(root, '2026-12-08');
    const activity = new Set(parentActivity);
    const p = lines(PARENT).flatMap((line) => (activity.has(line) ? naming(CHILD_ID, '2026-12-08T00:00:01.000Z') : [line]));
    writeFileSync(join(d7, PARENT), `${p.join('\n')}\n`);
    copyFileSync(join(DIR, CHILD), join(d8, `rollout-2026-12-08T00-00-01-${CHILD_ID}.jsonl`));
    // Another day's folder holding a rollout of another session is not read.
    copyFileSync(join(DIR, CHILD), join(d8, 'rollout-2026-12-08T00-00-02-01a24ff3-0000-7000-8000-000000000000.jsonl'));
    const l = readLedger(join(d7, PARENT), { agent: 'codex', repoRoot: REPO });
    expect(l.commands.map((c) => c.command)).toEqual(["echo child > child.txt && git add child.txt && git commit -qm 'Add child.txt'", 'exit 4']);
  });
});
