// A repository that holds the home folder (its `.gemini`, `.claude`, `.codex` committed with it, as
// people who publish their agent's sessions do) made the agent's own records the session's work. In
// noise56's audit a real Gemini CLI session (chimdi-7bit/skycast-api at 110a294,
// .gemini/tmp/chimdi/chats/session-2026-04-04T13-45-ccc41dd0.json, gemini-3-flash-preview) entered
// plan mode, wrote its plan to /home/chimdi/.gemini/tmp/chimdi/<session>/plans/
// dashboard-and-weather-app.md, then wrote api/main.py and the dashboard; without a model the
// committed Completed began "Changed .gemini/tmp/chimdi/ccc41dd0-…/plans/dashboard-and-weather-app.md,
// api/main.py, …". The records below are of that shape (fields as that Gemini CLI wrote them), the
// code made up.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalTexts } from '../helpers/journal-session.js';
import { fixture, makeMemoryRepo } from '../helpers/repo.js';

const SESSION = 'ccc41dd0-0000-4e14-9972-000000000056';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const memoryRepo = fixture(async () => makeMemoryRepo({ until: 'file', now: '2026-04-05T14:00:00Z' }));

function write(n: number, path: string, at: string) {
  return {
    id: `write_file_177539394282${n}_0`, name: 'write_file', args: { file_path: path, content: 'x = 1\n' },
    result: [{ functionResponse: { id: `write_file_177539394282${n}_0`, name: 'write_file', response: { output: `Successfully created and wrote to new file: ${path}.` } } }],
    status: 'success', timestamp: at, displayName: 'WriteFile',
  };
}

/** A Gemini CLI session run at the repository's root (the home folder) that wrote its plan, then the code. */
function session(root: string): string {
  const plan = join(root, '.gemini/tmp/chimdi', SESSION, 'plans/dashboard-and-weather-app.md');
  const doc = {
    sessionId: SESSION, projectHash: sha256(root), startTime: '2026-04-04T13:47:17.588Z', lastUpdated: '2026-04-05T13:08:00.000Z', kind: 'main',
    messages: [
      { id: 'm1', timestamp: '2026-04-04T13:47:17.588Z', type: 'user', content: [{ text: 'build a dashboard and a weather site' }] },
      { id: 'm2', timestamp: '2026-04-05T12:59:02.832Z', type: 'gemini', content: '', model: 'gemini-3-flash-preview', tokens: { input: 10, output: 5, cached: 0, thoughts: 0, tool: 0, total: 15 }, toolCalls: [write(1, plan, '2026-04-05T12:59:03.099Z')] },
      { id: 'm3', timestamp: '2026-04-05T13:07:29.943Z', type: 'gemini', content: '', model: 'gemini-3-flash-preview', tokens: { input: 10, output: 5, cached: 0, thoughts: 0, tool: 0, total: 15 }, toolCalls: [write(2, join(root, 'api/main.py'), '2026-04-05T13:07:30.287Z'), write(3, join(root, 'dashboard/src/App.tsx'), '2026-04-05T13:07:40.000Z')] },
      { id: 'm4', timestamp: '2026-04-05T13:08:00.000Z', type: 'gemini', content: 'The API and the dashboard are written.', model: 'gemini-3-flash-preview', tokens: { input: 10, output: 5, cached: 0, thoughts: 0, tool: 0, total: 15 } },
    ],
  };
  const path = join(root, '.gemini/tmp/chimdi/chats', 'session-2026-04-04T13-45-ccc41dd0.json');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(doc, null, 2));
  return path;
}

describe('an agent\'s own records in a repository that holds the home folder are not its work', () => {
  it('Gemini CLI\'s plan file is neither Completed nor a file changed', async () => {
    const repo = await memoryRepo();
    const path = session(repo.dir);
    expect((await repo.run(['notes', 'update', '--offline', '--transcript', path, '--session', SESSION])).code).toBe(0);
    const end = await repo.run(['end', '--from-notes', '--session', SESSION]);
    expect(end.stderr).toBe('');
    expect(end.code).toBe(0);
    const [file] = journalTexts(repo);
    expect(file).toContain('### Completed\n- Changed api/main.py, dashboard/src/App.tsx\n');
    expect(file).not.toContain('.gemini/');
    expect(file).not.toContain('plans/');
  });
});
