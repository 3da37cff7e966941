// Gemini CLI and Codex write whole files through the shell with a here-document. In noise55's audit
// a real Gemini CLI session (agunginsani/expenses-tracker at 2820634, .gemini/tmp/agunginsani/chats/
// session-2026-04-12T01-18-01b2c62e.json, Gemini CLI of April 2026) wrote its design spec, its plan
// and six pages with `cat <<EOF > path` and no file tool: the ledger found no file changed and the
// committed session said nothing was done. The records below are of that shape (fields as that
// Gemini CLI and Codex 0.171 write them), the text made up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/read.js';
import { shellWrites } from '../../src/transcripts/tool-input.js';
import { journalTexts } from '../helpers/journal-session.js';
import { fixture, makeMemoryRepo, tempDir } from '../helpers/repo.js';

const SESSION = '01b2c62e-0000-4088-8755-000000000055';
const memoryRepo = fixture(async () => makeMemoryRepo({ until: 'file', now: '2026-04-12T03:20:00Z' }));
const SPEC = 'mkdir -p docs/specs && cat <<EOF > docs/specs/2026-04-12-expense-bot-design.md\n# Expense Bot Design\n\n> Telegram in, Google Sheets out.\ncat > not-a-file.txt\nEOF';

function geminiChat(repoDir: string): string {
  const shell = (n: number, command: string, at: string) => ({
    id: `run_shell_command_177595730${n}_0`, name: 'run_shell_command', args: { command, description: 'Write the design document.' },
    result: [{ functionResponse: { id: `run_shell_command_177595730${n}_0`, name: 'run_shell_command', response: { output: 'Output: (empty)\nProcess Group PGID: 14172' } } }],
    status: 'success', timestamp: at, displayName: 'Shell',
  });
  const path = join(tempDir('gm-shell-writes-'), 'session-2026-04-12T01-18-01b2c62e.json');
  writeFileSync(path, JSON.stringify({
    sessionId: SESSION, projectHash: 'b'.repeat(64), startTime: '2026-04-12T01:18:59.200Z', lastUpdated: '2026-04-12T03:18:32.818Z', kind: 'main',
    messages: [
      { id: 'u1', timestamp: '2026-04-12T01:18:59.200Z', type: 'user', content: [{ text: 'Init the repository and create the spec document.' }] },
      { id: 'g1', timestamp: '2026-04-12T01:40:00.000Z', type: 'gemini', content: '', model: 'gemini-3-flash-preview', tokens: { input: 100, output: 10, cached: 0, thoughts: 0, tool: 0, total: 110 },
        toolCalls: [shell(1, SPEC, '2026-04-12T01:40:05.000Z'), shell(2, `cd ${repoDir} && cat > PLAN.md <<'EOF'\n# Plan\nEOF`, '2026-04-12T01:41:00.000Z'), shell(3, 'cat <<EOF > /dev/null\nx\nEOF', '2026-04-12T01:41:30.000Z')] },
      { id: 'g2', timestamp: '2026-04-12T01:42:00.000Z', type: 'gemini', content: 'The spec and the plan are written.', model: 'gemini-3-flash-preview', tokens: { input: 100, output: 10, cached: 0, thoughts: 0, tool: 0, total: 110 } },
    ],
  }, null, 2));
  return path;
}

describe('files written through the shell with a here-document', () => {
  it('Gemini CLI: the ledger counts them as written, and the session file says so', async () => {
    const repo = await memoryRepo();
    const path = geminiChat(repo.dir);
    const written = readLedger(path, { agent: 'gemini', repoRoot: repo.dir }).files.filter((f) => f.writes).map((f) => f.path);
    expect(written).toEqual(['docs/specs/2026-04-12-expense-bot-design.md', 'PLAN.md']);
    expect((await repo.run(['notes', 'update', '--offline', '--transcript', path, '--session', SESSION])).code).toBe(0);
    const end = await repo.run(['end', '--from-notes', '--session', SESSION, '--agent', 'gemini']);
    expect(end.stderr).toBe('');
    expect(journalTexts(repo)[0]).toContain('### Completed\n- Changed docs/specs/2026-04-12-expense-bot-design.md, PLAN.md\n');
  });

  it('Codex: a here-document through exec_command is a write of its file', () => {
    const id = '01a0f3c2-0000-7d11-9c55-000000000055';
    const path = join(tempDir('gm-shell-writes-'), `rollout-2026-11-20T10-00-00-${id}.jsonl`);
    writeFileSync(path, [
      { timestamp: '2026-11-20T10:00:00.000Z', type: 'session_meta', payload: { id, timestamp: '2026-11-20T10:00:00.000Z', cwd: '/home/jane/app', originator: 'codex_cli_rs', cli_version: '0.171.0', source: 'cli', model_provider: 'openai' } },
      { timestamp: '2026-11-20T10:00:01.000Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Add a CHANGELOG entry and a config file.' }] } },
      { timestamp: '2026-11-20T10:00:05.000Z', type: 'response_item', payload: { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: "tee -a CHANGELOG.md <<'EOF'\n- Config file.\nEOF\ncat > config/app.toml <<'EOF'\nport = 8080\nEOF", workdir: '/home/jane/app' }), call_id: 'call_1' } },
      { timestamp: '2026-11-20T10:00:06.000Z', type: 'response_item', payload: { type: 'function_call_output', call_id: 'call_1', output: 'Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code 0\nOutput:\n- Config file.\n' } },
    ].map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect(readLedger(path, { agent: 'codex', repoRoot: '/home/jane/app' }).files.filter((f) => f.writes).map((f) => f.path)).toEqual(['CHANGELOG.md', 'config/app.toml']);
  });

  it('only a here-document\'s target counts: its text, redirections of output, variables and /dev are no file written', () => {
    expect(shellWrites(SPEC, '')).toEqual(['docs/specs/2026-04-12-expense-bot-design.md']);
    expect(shellWrites("cd app && cat >> notes.md << 'END'\nx\nEND", '')).toEqual(['app/notes.md']);
    for (const c of ['cat a.txt > b.txt', 'echo hi > x.md', "cat <<EOF > $HOME/x.md\nx\nEOF", 'cat <<EOF > /dev/null\nx\nEOF', "python - <<'PY'\nopen('x','w')\nPY", "cd $DIR && cat <<EOF > x.md\nx\nEOF"])
      expect({ c, w: shellWrites(c, '') }).toEqual({ c, w: [] });
  });
});
