// Gemini CLI in a terminal (terminal.ts), as most people run it, left with /quit. It runs its hooks in
// its own process group, and here it leads the terminal's session (as under `ssh host -t`, or a pane
// that starts it without a shell): as it exits, the terminal's hangup reaches the session end's
// work beside it. Before git-memory's hooks kept on through SIGHUP (src/bin.ts), the session end's
// node was killed so, and no interactive session was recorded.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BINS, scratch, until } from './drive.js';
import { expectRecordedOnce } from './assertions.js';
import { hasScript, heldPerTest, terminal } from './terminal.js';

const run = BINS.gemini && hasScript ? describe : describe.skip;
const held = heldPerTest();

run('Gemini CLI in a terminal (interactive)', () => {
  test('a typed request is answered with the primer in context; /quit records the session', async () => {
    const s = (held.s = await scratch('gemini'));
    s.api.script([{ tools: [{ name: 'write_file', input: { file_path: join(s.repo, 'hello.txt'), content: 'hello\n' } }] }, { text: 'Wrote hello.txt for you.' }]);
    const t = (held.term = terminal(`'${process.execPath}' '${BINS.gemini}' --yolo`, s.repo, s.env));
    // Its input box draws nothing the screen's text shows; it takes input once the session has
    // started (its SessionStart hook, after the MCP servers, leaves agent-hooks-ran-gemini).
    expect(await until(() => existsSync(join(s.repo, '.git/git-memory/agent-hooks-ran-gemini')), 40_000), t.screen().slice(-1500)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    // Keys typed while it still draws are lost: typed again (a person would) if no request came.
    for (let i = 0; i < 3 && !s.api.turns().length; i++) {
      await t.enter('Create hello.txt please');
      await until(() => s.api.turns().length > 0, 10_000);
    }
    expect(await t.shows('Wrote hello.txt for you.', 60_000), t.screen().slice(-1500)).toBe(true);
    expect(JSON.stringify(s.api.turns()[0]!.body)).toContain('Project memory: repo');
    await new Promise((r) => setTimeout(r, 1500));
    await t.enter('/quit');
    expect(await t.exit(30_000), t.screen().slice(-1500)).toBe(0);
    await expectRecordedOnce(s, 'Create hello.txt please', 'hello.txt');
  }, 180_000);
});
