// A session whose task list was done early, then went on for many more requests: Completed listed the
// list's tasks alone, as if they were the whole session. In noise56's audit of real Claude Code
// sessions (reality2-roycdavies/vr-forest at 3445f69, transcripts/
// day1-02-footsteps-crickets-spatial-audio.jsonl, Claude Code 2.1.37, and
// day4-01-cloud-diversity.jsonl, 2.1.39) a plan's five (two) TaskCreate tasks were done within
// minutes; then 30 (12) more requests changed 11 (3) other files (a bear behind a tree, the sky's
// colour, the VR floor, shadows, ponds; wispy clouds, the README), and the committed Completed held
// the five (two) tasks and nothing else, without a model. The records below are of that shape
// (TaskCreate/TaskUpdate and their results as Claude Code 2.1.37 writes them), the text made up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { defaultTemplate } from '../../src/notes/template.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';
import { journalTexts } from '../helpers/journal-session.js';
import { fixture, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const SESSION = '0b817296-0000-476b-b514-000000000056';
const memoryRepo = fixture(async () => makeMemoryRepo({ until: 'file', now: '2026-02-10T10:00:00Z' }));

type Rec = Record<string, unknown>;

/** A Claude Code 2.1.37 session: a task list of two done in the first turn, then `later` turns that each edit a file. */
function session(cwd: string, later: { ask: string; file: string }[]): string {
  const base = { isSidechain: false, userType: 'external', cwd, sessionId: SESSION, version: '2.1.37', gitBranch: 'main', slug: 'golden-foraging-dahl' };
  const usage = { input_tokens: 10, output_tokens: 5 };
  const records: Rec[] = [];
  let n = 0;
  let minute = 0;
  const at = () => `2026-02-09T23:${String(minute++).padStart(2, '0')}:00.000Z`;
  const user = (content: string) => records.push({ ...base, type: 'user', message: { role: 'user', content }, uuid: `u${n++}`, timestamp: at() });
  const call = (name: string, input: Rec, result: string, toolUseResult: Rec) => {
    const id = `toolu_${n++}`;
    records.push({ ...base, type: 'assistant', message: { id: `msg_${n}`, type: 'message', role: 'assistant', model: 'claude-opus-4-6', content: [{ type: 'tool_use', id, name, input }], usage }, requestId: `req_${n}`, uuid: `a${n}`, timestamp: at() });
    records.push({ ...base, type: 'user', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: result }] }, uuid: `r${n}`, timestamp: at(), toolUseResult });
  };
  const edit = (file: string) => call('Edit', { file_path: join(cwd, file), old_string: 'a', new_string: 'b' }, `The file ${join(cwd, file)} has been updated successfully.`, { filePath: join(cwd, file), oldString: 'a', newString: 'b' });
  const reply = (text: string) => records.push({ ...base, type: 'assistant', message: { id: `msg_${n++}`, type: 'message', role: 'assistant', model: 'claude-opus-4-6', content: [{ type: 'text', text }], usage }, uuid: `t${n}`, timestamp: at() });
  const update = (id: string, status: string) => call('TaskUpdate', { taskId: id, status }, `Updated task #${id} status`, { success: true, taskId: id, updatedFields: ['status'] });

  user('Add footsteps and crickets to the forest audio.');
  call('TaskCreate', { subject: 'Add audio config constants to config.js', description: 'footstep and cricket constants' }, 'Task #1 created successfully: Add audio config constants to config.js', { task: { id: '1', subject: 'Add audio config constants to config.js' } });
  call('TaskCreate', { subject: 'Extend audio.js with footsteps and crickets', description: 'synthesis' }, 'Task #2 created successfully: Extend audio.js with footsteps and crickets', { task: { id: '2', subject: 'Extend audio.js with footsteps and crickets' } });
  update('1', 'in_progress');
  edit('js/config.js');
  update('1', 'completed');
  update('2', 'in_progress');
  edit('js/audio.js');
  update('2', 'completed');
  reply('Footsteps and crickets are in.');
  for (const l of later) {
    user(l.ask);
    edit(l.file);
    reply('Done.');
  }
  const path = join(tempDir('gm-after-list-'), `${SESSION}.jsonl`);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

async function completedOf(later: { ask: string; file: string }[]): Promise<string> {
  const repo = await memoryRepo();
  const path = session(repo.dir, later);
  expect((await repo.run(['notes', 'update', '--offline', '--transcript', path, '--session', SESSION])).code).toBe(0);
  const end = await repo.run(['end', '--from-notes', '--session', SESSION]);
  expect(end.stderr).toBe('');
  expect(end.code).toBe(0);
  const [file] = journalTexts(repo);
  return /### Completed\n([\s\S]*?)(?:\n### |$)/.exec(file!)?.[1] ?? '';
}

describe('Completed says the work done after a finished task list', () => {
  it('the files later requests changed follow the list\'s tasks', async () => {
    const completed = await completedOf([
      { ask: 'the sky is a bit green, should be more blue', file: 'js/day-night.js' },
      { ask: 'in vr mode I am on the ground and can see under it', file: 'js/vr-setup.js' },
      { ask: 'some trees on a slope float in the air', file: 'js/chunk.js' },
    ]);
    expect(completed).toBe(
      '- Add audio config constants to config.js\n- Extend audio.js with footsteps and crickets\n- Changed js/day-night.js, js/vr-setup.js, js/chunk.js\n',
    );
  });

  it('a file the list\'s work changed and a later request changed again is said too', async () => {
    const completed = await completedOf([{ ask: 'the footsteps are a little loud', file: 'js/config.js' }]);
    expect(completed).toContain('- Changed js/config.js\n');
  });

  it('a session that ended with its list is as before: the tasks alone', async () => {
    const completed = await completedOf([]);
    expect(completed).toBe('- Add audio config constants to config.js\n- Extend audio.js with footsteps and crickets\n');
  });
});

describe('summaryFromNotes: the files changed after the list, only where the list is all Completed says', () => {
  const touch = (path: string, last_call: number) => ({ path, reads: 0, edits: 1, writes: 0, first: '', last: '', last_op: 'edit' as const, by_subagent: false, last_call });
  const l = {
    ...emptyLedger('claude', 's-1'),
    tool_calls: 6,
    todos: [{ content: 'Add the footstep constants', status: 'completed' as const }],
    todos_call: 2,
    files: [touch('js/config.js', 1), touch('js/sky.js', 4), touch('js/vr.js', 5)],
    turns: [
      { at: '1', request: 'Add footsteps', tool_calls: 3, edited: ['js/config.js'], reply: '' },
      { at: '2', request: 'the sky is green', tool_calls: 2, edited: ['js/sky.js'], reply: '' },
      { at: '3', request: 'the floor is wrong', tool_calls: 1, edited: ['js/vr.js'], reply: '' },
    ],
  };
  it('a notes file without a worklog step of its own: the list, then the later files', () => {
    expect(summaryFromNotes(defaultTemplate(), l).completed).toEqual(['Add the footstep constants', 'Changed js/sky.js, js/vr.js']);
  });
  it('a worklog that says what was done (a model\'s notes) is left as it was', () => {
    const notes = defaultTemplate().replace(/(# Worklog\n_[^\n]*_\n)/, '$11. Made the sky blue in js/sky.js\n2. Set the VR floor in js/vr.js\n');
    expect(summaryFromNotes(notes, l).completed).toEqual(['Made the sky blue in js/sky.js', 'Set the VR floor in js/vr.js', 'Add the footstep constants']);
  });
});

describe('a session with several todo lists: Completed keeps the done work of each', () => {
  /** Claude Code's TodoWrite (before its task tools): `lists` written in turn, each with its edit. */
  function todoWriteSession(cwd: string, lists: { ask: string; todos: string[]; file: string }[], revise = false): string {
    const base = { isSidechain: false, userType: 'external', cwd, sessionId: SESSION, version: '2.0.76', gitBranch: 'main' };
    const usage = { input_tokens: 10, output_tokens: 5 };
    const records: Rec[] = [];
    let n = 0;
    const at = () => `2026-02-09T23:${String(n).padStart(2, '0')}:00.000Z`;
    const call = (name: string, input: Rec, result: string) => {
      const id = `toolu_${n++}`;
      records.push({ ...base, type: 'assistant', message: { id: `msg_${n}`, type: 'message', role: 'assistant', model: 'claude-opus-4-5', content: [{ type: 'tool_use', id, name, input }], usage }, uuid: `a${n}`, timestamp: at() });
      records.push({ ...base, type: 'user', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: result }] }, uuid: `r${n}`, timestamp: at() });
    };
    const todoWrite = (todos: string[], status: string) => call('TodoWrite', { todos: todos.map((content) => ({ content, status, activeForm: content })) }, 'Todos have been modified successfully.');
    lists.forEach((l, i) => {
      records.push({ ...base, type: 'user', message: { role: 'user', content: l.ask }, uuid: `u${n++}`, timestamp: at() });
      const todos = revise && i > 0 ? [...lists[0]!.todos, ...l.todos] : l.todos;
      todoWrite(todos, 'pending');
      call('Edit', { file_path: join(cwd, l.file), old_string: 'a', new_string: 'b' }, `The file ${join(cwd, l.file)} has been updated successfully.`);
      todoWrite(todos, 'completed');
    });
    const path = join(tempDir('gm-lists-'), `${SESSION}.jsonl`);
    writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    return path;
  }

  async function completed(revise: boolean): Promise<string> {
    const repo = await memoryRepo();
    const path = todoWriteSession(repo.dir, [
      { ask: 'Add footsteps to the forest', todos: ['Add footstep constants to config.js', 'Synthesise footsteps in audio.js'], file: 'js/audio.js' },
      { ask: 'Now add ponds in the low areas', todos: ['Find the low areas in terrain.js', 'Add a water plane per pond'], file: 'js/water.js' },
    ], revise);
    expect((await repo.run(['notes', 'update', '--offline', '--transcript', path, '--session', SESSION])).code).toBe(0);
    expect((await repo.run(['end', '--from-notes', '--session', SESSION])).code).toBe(0);
    return /### Completed\n([\s\S]*?)(?:\n### |$)/.exec(journalTexts(repo)[0]!)?.[1] ?? '';
  }

  it('a fresh list for the next request does not take the first list\'s done work out', async () => {
    expect(await completed(false)).toBe(
      '- Add footstep constants to config.js\n- Synthesise footsteps in audio.js\n- Find the low areas in terrain.js\n- Add a water plane per pond\n',
    );
  });

  it('a list grown in place is said once', async () => {
    expect(await completed(true)).toBe(
      '- Add footstep constants to config.js\n- Synthesise footsteps in audio.js\n- Find the low areas in terrain.js\n- Add a water plane per pond\n',
    );
  });
});
