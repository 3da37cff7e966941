// Without a model and without a todo list, a session's Completed is the files it changed, and its
// notes list them again: "Changed a, b, c, d, e and 18 more" then "Files changed: a, … j and 13
// more", the same list twice in every real Codex and Gemini CLI session that changed more than five
// files (noise54's audit: augustoFranke/Ta-la at c9e2a918, .codex/sessions/2026/02/19/
// rollout-2026-02-19T16-09-07-019c7785-….jsonl, Codex 0.104, eleven ADRs written with apply_patch;
// and its 14-51-13 rollout, 23 files). Said once now, the longer list in Completed. The records
// below are of that rollout's shape, the text made up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalTexts } from '../helpers/journal-session.js';
import { fixture, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const ID = '019c7785-40ea-7340-97de-000000000054';
const NAMES = ['trust', 'proximity', 'venues', 'cache', 'realtime', 'routing', 'logout', 'interactions', 'localization', 'scope', 'auth', 'storage'];

const memoryRepo = fixture(async () => makeMemoryRepo({ until: 'file', now: '2026-11-22T14:30:00Z' }));

function rollout(cwd: string): string {
  const at = (s: number) => new Date(Date.parse('2026-02-19T20:09:07.000Z') + s * 1000).toISOString();
  const records: unknown[] = [
    { timestamp: at(0), type: 'session_meta', payload: { id: ID, timestamp: at(0), cwd, originator: 'codex_cli_rs', cli_version: '0.104.0', source: 'cli' } },
    { timestamp: at(1), type: 'turn_context', payload: { cwd, model: 'gpt-5.3-codex' } },
    { timestamp: at(2), type: 'event_msg', payload: { type: 'user_message', message: 'inside docs/ write one ADR per decision, inferred from the git history', images: [] } },
  ];
  NAMES.forEach((name, i) => {
    const call = `call_${i}`;
    records.push(
      { timestamp: at(10 + i * 5), type: 'response_item', payload: { type: 'custom_tool_call', status: 'completed', call_id: call, name: 'apply_patch', input: `*** Begin Patch\n*** Add File: docs/DECISIONS/${name}.md\n+# ADR: ${name}\n*** End Patch\n` } },
      { timestamp: at(11 + i * 5), type: 'response_item', payload: { type: 'custom_tool_call_output', call_id: call, output: JSON.stringify({ output: `Success. Updated the following files:\nA docs/DECISIONS/${name}.md\n`, metadata: { exit_code: 0, duration_seconds: 0 } }) } },
    );
  });
  records.push({ timestamp: at(200), type: 'event_msg', payload: { type: 'agent_message', message: 'The ADRs are in docs/DECISIONS.' } });
  const path = join(tempDir('gm-files-once-'), `rollout-2026-02-19T16-09-07-${ID}.jsonl`);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

describe('the files a session changed are said once (no model, no todo list)', () => {
  it('Completed lists them, the notes do not list them again', async () => {
    const repo = await memoryRepo();
    const path = rollout(repo.dir);
    expect((await repo.run(['notes', 'update', '--offline', '--transcript', path, '--session', ID])).code).toBe(0);
    const end = await repo.run(['end', '--from-notes', '--session', ID, '--agent', 'codex']);
    expect(end.stderr).toBe('');
    expect(end.code).toBe(0);
    const [file] = journalTexts(repo);
    const ten = NAMES.slice(0, 10).map((n) => `docs/DECISIONS/${n}.md`).join(', ');
    expect(file).toContain(`### Completed\n- Changed ${ten} and 2 more\n`);
    expect(file).not.toContain('Files changed');
    expect(file.split('docs/DECISIONS/trust.md')).toHaveLength(2);
  });
});
