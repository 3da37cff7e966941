// Codex CLI in a terminal (terminal.ts), its TUI, as most people run it, left with /quit: the session
// is recorded once, at its end, in one memory commit. (Its screen is drawn in a way whose text the
// driver does not read: the test follows the model requests instead.)
import { describe, expect, test } from 'vitest';
import { BINS, scratch, until } from './drive.js';
import { expectRecordedOnce } from './assertions.js';
import { hasScript, heldPerTest, terminal } from './terminal.js';

const run = BINS.codex && hasScript ? describe : describe.skip;
const held = heldPerTest();

run('Codex CLI in a terminal (interactive)', () => {
  test('a typed request is answered with the primer in context; /quit records the session once', async () => {
    const s = (held.s = await scratch('codex'));
    s.api.script([{ tools: [{ name: 'apply_patch', input: '*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch' }] }, { text: 'Wrote hello.txt for you.' }]);
    const t = (held.term = terminal(`'${BINS.codex}' --dangerously-bypass-approvals-and-sandbox --dangerously-bypass-hook-trust`, s.repo, s.env));
    await new Promise((r) => setTimeout(r, 5000));
    // Keys typed while it still draws are lost: typed again (a person would) if no request came.
    for (let i = 0; i < 3 && !s.api.turns().length; i++) {
      await t.enter('Create hello.txt please');
      await until(() => s.api.turns().length > 0, 10_000);
    }
    // The tool call's request, then the answer's.
    expect(await until(() => s.api.turns().length >= 2, 30_000)).toBe(true);
    expect(JSON.stringify(s.api.turns()[0]!.body)).toContain('Project memory: repo');
    await new Promise((r) => setTimeout(r, 2000));
    await t.enter('/quit');
    expect(await t.exit(30_000)).toBe(0);
    await expectRecordedOnce(s, 'Create hello.txt please', 'hello.txt');
  }, 180_000);
});
