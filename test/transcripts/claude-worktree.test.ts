import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { readLedger } from '../../src/transcripts/read.js';

// Claude Code 2.1.332 driven offline (test/fixtures/agents/README.md, claude-2.1.332/worktree.jsonl):
// EnterWorktree {name: "feat"} made `<repo>/.claude/worktrees/feat` on branch worktree-feat; the
// records' cwd became that folder, the Edit and Read named `<repo>/.claude/worktrees/feat/src/a.ts`,
// a commit went to worktree-feat, then ExitWorktree {action: "keep"}. The hooks seen (a logging hook):
// SessionStart, Stop and SessionEnd in `<repo>` (the session is recorded there, on main), the
// PostToolUse calls between the two tools in the worktree's folder.

const ROOT = join(__dirname, '../..');
const FILE = join(ROOT, 'test/fixtures/agents/claude-2.1.332/worktree.jsonl');
const REPO = '/tmp/agent-capture/repo';

describe('Claude Code EnterWorktree: files changed in a worktree', () => {
  it("are the project's paths within the worktree, with the worktree's name", () => {
    const l = readLedger(FILE, { agent: 'claude', repoRoot: REPO });
    expect(l.files.map((f) => [f.path, f.reads, f.edits, f.worktree])).toEqual([['src/a.ts', 1, 1, 'feat']]);
    expect(l.turns.flatMap((t) => t.edited)).toEqual(['src/a.ts']);
    expect(l.commands.map((c) => c.command)).toEqual(["git commit -qam 'Set a to 2'"]);
  });

  it('the journal entry says which worktree they were changed in', () => {
    const s = summaryFromNotes('', readLedger(FILE, { agent: 'claude', repoRoot: REPO }));
    expect(s.notes).toEqual(['Files changed: src/a.ts', 'Changed in the worktree .claude/worktrees/feat: src/a.ts']);
    expect(s.completed).toEqual(['Changed src/a.ts']);
  });
});
