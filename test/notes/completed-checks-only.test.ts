// Without a model, Completed lists the session's completed todos, and the primer's Recent context
// shows them. "Run the test suite", "Verify the build", "运行测试" said only that the work was
// checked (noise52's audit: one such line per session of three real histories, 20–36 a run; about
// 40 of the 435 completed todos of the real corpus). Listed before the edits, such a todo is not
// idle over its whole time (noise52's rule); over its own time, since the list was last written,
// it ran checks alone: test runs, lints, type checks, builds. The records are Claude Code's shape,
// the text made up.
import { describe, expect, it } from 'vitest';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { notesFromLedger } from '../../src/notes/offline.js';
import { checksOnly } from '../../src/transcripts/looks.js';
import { readLedger } from '../../src/transcripts/read.js';
import { TODO_CWD, todoTranscript, type TodoStep } from '../helpers/todo-transcript.js';

const CWD = TODO_CWD;
type Step = TodoStep;
const transcript = (steps: Step[]) => todoTranscript(steps, { session: '7d0c1a2b-3c4d-4e5f-8a9b-000000000002', version: '2.1.332', month: 11, prefix: 'gm-checks-' });

const bash = (command: string): Step => ({ tool: 'Bash', input: { command, description: 'run' } });
const edit = (p = 'src/cart.ts'): Step => ({ tool: 'Edit', input: { file_path: `${CWD}/${p}`, old_string: 'a', new_string: 'b' }, result: 'The file has been updated.' });

function summary(steps: Step[]) {
  const ledger = readLedger(transcript(steps), { repoRoot: CWD });
  return { ledger, s: summaryFromNotes(notesFromLedger(ledger), ledger) };
}

/** Two todos: the change, then `check`; the change edits, then `between` runs while `check` is in progress. */
function withCheck(check: string, between: Step[]) {
  return summary([
    { todos: [['Add discount to src/cart.ts', 'in_progress'], [check, 'pending']] },
    edit(),
    { todos: [['Add discount to src/cart.ts', 'completed'], [check, 'in_progress']] },
    ...between,
    { todos: [['Add discount to src/cart.ts', 'completed'], [check, 'completed']] },
  ]);
}

describe('Completed leaves out a todo that only checked the work (no model)', () => {
  it('"Run the test suite", "Verify the build", "运行测试", done by test runs, type checks and builds alone', () => {
    for (const [check, cmds] of [
      ['Run the test suite', ['npm test 2>&1 | tail -20']],
      ['Verify the build passes', ['cd web && npx tsc --noEmit', 'npm run build']],
      ['Run tests and lint', ['CI=1 pnpm run test:unit', 'npx eslint src/ | head -50']],
      ['运行测试并确认通过', ['python -m pytest -q tests/']],
      ['Test the changes', ['go test ./... && go vet ./...']],
    ] as const) {
      const { ledger, s } = withCheck(check, cmds.map(bash));
      expect(ledger.todos_idle, check).toEqual([check]);
      expect(s.completed, check).toEqual(['Add discount to src/cart.ts']);
    }
  });

  it('stays when its own time changed something, ran more than a check, or it says more than a check', () => {
    // An edit between: the check found something and fixed it.
    expect(withCheck('Run the tests and fix failures', [bash('npm test'), edit('src/price.ts'), bash('npm test')]).s.completed).toContain('Run the tests and fix failures');
    // Not a check: a migration, a fixer, a script, an install.
    for (const cmd of ['npm run migrate', 'npx eslint --fix src/', 'npx prettier --write .', './scripts/release.sh', 'npm install left-pad', 'npm test > out.txt']) {
      expect(withCheck('Run the migration', [bash(cmd)]).s.completed, cmd).toContain('Run the migration');
    }
    // A todo whose words are the work, not a check, though only tests ran in its own time.
    expect(withCheck('Add a unit test for the discount', [bash('npm test')]).s.completed).toContain('Add a unit test for the discount');
    // Marked done with no call since the list was written: what it took is not known.
    expect(withCheck('Run the test suite', []).s.completed).toContain('Run the test suite');
    // A session that did nothing but check: its checks are all it did.
    const only = summary([{ todos: [['Run the test suite', 'in_progress']] }, bash('npm test'), { todos: [['Run the test suite', 'completed']] }]);
    expect(only.s.completed).toEqual(['Run the test suite']);
  });

  it('checksOnly: a test run, a lint, a type check or a build, with looks around it; nothing that writes', () => {
    for (const c of ['npm test', 'npx vitest run test/cart.test.ts 2>&1 | tail -5', 'cargo clippy -- -D warnings', 'timeout 120 go test ./...', 'make test', 'uv run pytest', 'bundle exec rspec', 'node --test', 'mvn -q verify', 'pnpm exec tsc --noEmit']) expect(checksOnly(c), c).toBe(true);
    for (const c of ['ls src', 'npm ci', 'npm run dev', 'make', 'npm test > log.txt', 'eslint --fix .', 'cargo fmt', 'black src', 'npx prettier src', 'poetry run black .', 'node scripts/build.mjs', 'npm test && git commit -am wip']) expect(checksOnly(c), c).toBe(false);
  });
});
