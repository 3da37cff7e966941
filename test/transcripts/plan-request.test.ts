// A plan approved in Claude Code's plan mode was committed as the request in its raw shape. Claude
// Code 2.1 writes the approval as a user record with `planContent` and the text "Implement the
// following plan:\n\n# Plan: <title>\n\n## Context\n\n…", ending with a pointer to the planning
// transcript on the user's machine ("If you need specific details from before exiting plan mode
// (…), read the full transcript at: /home/<user>/.claude/projects/…/<id>.jsonl"). In noise55's audit
// of three real sessions (reality2-roycdavies/vr-forest at ddcb4af, transcripts/
// day1-02-footsteps-crickets-spatial-audio.jsonl, day2-01-shadows-creatures-morepork.jsonl at
// 3445f69, day4-02-weather-system.jsonl at e27d06a; Claude Code 2.1.37, 2.1.38, 2.1.39), each
// session's committed Request and primer line read "Implement the following plan: # Plan: Cloud
// Diversity ## Context Currently all 30 clouds…"; a plan shorter than the Request's cut would commit
// the machine's path. The records below are of that shape (fields as Claude Code 2.1.39 writes
// them, the pointer in its words), the plan's text made up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstUserPrompt } from '../../src/transcripts/first-prompt.js';
import { planRequest } from '../../src/transcripts/plan-prompt.js';
import { readLedger } from '../../src/transcripts/read.js';
import { journalTexts } from '../helpers/journal-session.js';
import { fixture, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const SESSION = '03448faa-0000-4e14-9972-000000000055';
const POINTER = 'If you need specific details from before exiting plan mode (like exact code snippets, error messages, or content you generated), read the full transcript at: /home/jane/.claude/projects/-mnt-data-Development-forest/d8a43bda-3e30-4922-aee3-d6cc4eb16378.jsonl';
const PLAN = '# Plan: Cloud Diversity\n\n## Context\n\nAll clouds are identical round puffs arranged in a ring; the sky should look natural.\n\n---\n\n## Changes\n\n### 1. Cloud textures\n\n- Soft round, wispy, flat-bottomed\n\n## Files Modified\n\n| File | Changes |\n|------|---------|\n| `js/sky.js` | archetypes |';
const SHORT = '# Rename the health check\n\nRename /healthz to /health in server.js.';

const memoryRepo = fixture(async () => makeMemoryRepo({ until: 'file', now: '2026-02-12T10:00:00Z' }));

/** A Claude Code 2.1.39 session opened by approving `plan`: the approval, an edit, a reply. */
function planSession(cwd: string, plan: string): string {
  const base = { isSidechain: false, userType: 'external', cwd, sessionId: SESSION, version: '2.1.39', gitBranch: 'main', slug: 'golden-foraging-dahl' };
  const usage = { input_tokens: 10, output_tokens: 5 };
  const records = [
    { ...base, parentUuid: null, type: 'user', message: { role: 'user', content: `Implement the following plan:\n\n${plan}\n\n\n${POINTER}` }, uuid: 'u1', timestamp: '2026-02-12T10:52:58.109Z', planContent: plan },
    { ...base, parentUuid: 'u1', type: 'assistant', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-opus-4-6', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Write', input: { file_path: join(cwd, 'js/sky.js'), content: 'export const sky = 1;\n' } }], usage }, requestId: 'req_1', uuid: 'a1', timestamp: '2026-02-12T10:53:10.000Z' },
    { ...base, parentUuid: 'a1', type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'File created successfully' }] }, uuid: 'r1', timestamp: '2026-02-12T10:53:11.000Z' },
    { ...base, parentUuid: 'r1', type: 'assistant', message: { id: 'msg_2', type: 'message', role: 'assistant', model: 'claude-opus-4-6', content: [{ type: 'text', text: 'Clouds now come in four archetypes.' }], usage }, requestId: 'req_2', uuid: 'a2', timestamp: '2026-02-12T10:54:00.000Z' },
  ];
  const path = join(tempDir('gm-plan-request-'), `${SESSION}.jsonl`);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

async function endFromNotes(plan: string) {
  const repo = await memoryRepo();
  const path = planSession(repo.dir, plan);
  expect((await repo.run(['notes', 'update', '--offline', '--transcript', path, '--session', SESSION])).code).toBe(0);
  const end = await repo.run(['end', '--from-notes', '--session', SESSION]);
  expect(end.stderr).toBe('');
  expect(end.code).toBe(0);
  const [file] = journalTexts(repo);
  const primer = await repo.run(['primer', '--no-write']);
  return { repo, path, file: file!, primer: primer.stdout };
}

describe('a plan approved in Claude Code\'s plan mode is the request', () => {
  it('the committed Request and the primer say the plan\'s title and text, not its markdown', async () => {
    const { path, file, primer } = await endFromNotes(PLAN);
    expect(file).toContain('### Request\nImplement the plan: Cloud Diversity. All clouds are identical round puffs arranged in a ring; the sky should look natural.');
    expect(file).not.toMatch(/following plan|# Plan|## Context/);
    // What was asked is no completed work (the worklog's step for it stays known as the user's prompt).
    expect(file).toMatch(/### Completed\n- Changed js\/sky\.js\n/);
    expect(primer).toMatch(/\n- 2026-02-12 10:00 — (asked: )?Implement the plan: Cloud Diversity\. All clouds are identical round puffs/);
    expect(primer).not.toMatch(/following plan|# Plan|Context All/);
    expect(firstUserPrompt(path)).toMatch(/^Implement the plan: Cloud Diversity\. All clouds are identical/);
    // The ledger keeps what the user's record says, as written.
    expect(readLedger(path, {}).user_messages[0]!.text).toMatch(/^Implement the following plan:\n\n# Plan: Cloud Diversity/);
  });

  it('a short plan commits no path of the user\'s machine', async () => {
    const { path, file, primer } = await endFromNotes(SHORT);
    expect(file).toContain('### Request\nImplement the plan: Rename the health check. Rename /healthz to /health in server.js.\n');
    for (const text of [file, primer, firstUserPrompt(path) ?? '']) {
      expect(text).not.toContain('.claude/projects');
      expect(text).not.toContain('exiting plan mode');
    }
  });

  it('a plan without a heading keeps its text, and every other prompt stays as it is', () => {
    expect(planRequest('Implement the following plan:\n\nAdd a --dry-run flag to deploy.sh.')).toBe('Implement the plan: Add a --dry-run flag to deploy.sh.');
    for (const t of ['Fix the login', 'Please implement the following plan: step one', '# Plan\nWrite it', 'Implement the following plan:'])
      expect(planRequest(t)).toBe(t);
  });
});
