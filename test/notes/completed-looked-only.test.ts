// Without a model, Completed lists the session's completed todos (issue 25 §1, §4: the primer's
// Recent context shows them). Agents list steps of the work beside the work: "Explore the codebase
// structure", "读取 STATE.md 和 knowledge/ 下四个文件", "Load memory from related PRDs" (46 of the
// 427 completed todos of the real corpus, noise51's count). Such a step is done while the session
// only looks: from when it was listed until it was marked done, no call changed a file or ran more
// than a look. The ledger says which (todos_idle) and Completed leaves them out. The records below
// are Claude Code's shape, the text made up.
import { describe, expect, it } from 'vitest';
import { summaryFromNotes } from '../../src/commands/steps/session-from-notes.js';
import { notesFromLedger } from '../../src/notes/offline.js';
import { readLedger } from '../../src/transcripts/read.js';
import { TODO_CWD, todoTranscript, type Todo, type TodoStep } from '../helpers/todo-transcript.js';

const CWD = TODO_CWD;
type Step = TodoStep;
const transcript = (steps: Step[]) => todoTranscript(steps, { session: '7d0c1a2b-3c4d-4e5f-8a9b-000000000001', version: '2.1.39', month: 6, prefix: 'gm-looked-' });

const EXPLORE = 'Explore the codebase structure';
const UPDATE = 'Add discount to src/cart.ts';
const TESTS = 'Run the test suite';
const list = (a: Todo['status'], b: Todo['status'], c: Todo['status']): { todos: Todo[] } => ({
  todos: [
    { content: EXPLORE, status: a },
    { content: UPDATE, status: b },
    { content: TESTS, status: c },
  ],
});
const read = (p: string): Step => ({ tool: 'Read', input: { file_path: `${CWD}/${p}` } });
const bash = (command: string): Step => ({ tool: 'Bash', input: { command, description: 'run' } });
const edit: Step = { tool: 'Edit', input: { file_path: `${CWD}/src/cart.ts`, old_string: 'a', new_string: 'b' }, result: 'The file has been updated.' };

function summary(steps: Step[]) {
  const ledger = readLedger(transcript(steps), { repoRoot: CWD });
  return { ledger, s: summaryFromNotes(notesFromLedger(ledger), ledger) };
}

describe('Completed leaves out a todo done while the session only looked (no model)', () => {
  it('"Explore the codebase structure", done after reads, a search and `ls`/`git log`, is no work done', () => {
    const { ledger, s } = summary([
      list('in_progress', 'pending', 'pending'),
      read('src/cart.ts'),
      { tool: 'Grep', input: { pattern: 'discount', path: CWD } },
      bash('ls src && git log --oneline -5 2>/dev/null | head'),
      list('completed', 'in_progress', 'pending'),
      edit,
      list('completed', 'completed', 'in_progress'),
      bash('npm test'),
      list('completed', 'completed', 'completed'),
    ]);
    // "Run the test suite" ran the tests and nothing else in its own time: a check (completed-checks-only.test.ts).
    expect(ledger.todos_idle).toEqual([EXPLORE, TESTS]);
    expect(s.completed).toEqual([UPDATE]);
  });

  it('a todo stays when the calls of its time may have changed something, or when nothing came between', () => {
    // A build (a command that is not a look), a sub-agent (its own file may be missing), an
    // MCP tool, `sed -i`, a redirection: each may have changed something.
    for (const act of [bash('npm run build'), { tool: 'Task', input: { description: 'Survey the cart code', prompt: 'look' } }, { tool: 'mcp__github__create_issue', input: { title: 'x' } }, bash("sed -i 's/a/b/' src/cart.ts"), bash('cat a > b')]) {
      const { ledger, s } = summary([list('in_progress', 'pending', 'pending'), read('src/cart.ts'), act, list('completed', 'in_progress', 'pending'), edit, list('completed', 'completed', 'completed')]);
      expect(ledger.todos_idle).toBeUndefined();
      expect(s.completed).toEqual([EXPLORE, UPDATE, TESTS]);
    }
    // Listed, then marked done with no call between: the work may have come before the list.
    const { ledger } = summary([edit, list('in_progress', 'pending', 'pending'), list('completed', 'in_progress', 'pending'), edit, list('completed', 'completed', 'completed')]);
    expect(ledger.todos_idle).toBeUndefined();
    // Done in the first list written: what it took is not known.
    expect(summary([read('src/cart.ts'), list('completed', 'in_progress', 'pending'), edit, list('completed', 'completed', 'completed')]).ledger.todos_idle).toBeUndefined();
  });

  it('a look-only todo naming a file the session changed later stays; so do they all when the session changed nothing', () => {
    const named = summary([
      { todos: [{ content: 'Update src/cart.ts', status: 'in_progress' }, { content: 'Add a test', status: 'pending' }] },
      read('src/cart.ts'),
      { todos: [{ content: 'Update src/cart.ts', status: 'completed' }, { content: 'Add a test', status: 'in_progress' }] },
      edit,
      { todos: [{ content: 'Update src/cart.ts', status: 'completed' }, { content: 'Add a test', status: 'completed' }] },
    ]);
    expect(named.ledger.todos_idle).toEqual(['Update src/cart.ts']);
    expect(named.s.completed).toEqual(['Update src/cart.ts', 'Add a test']);
    // A session that only read: its steps are all it did.
    const research = summary([
      { todos: [{ content: 'Read the cart module', status: 'in_progress' }, { content: 'Explain the discount flow', status: 'pending' }] },
      read('src/cart.ts'),
      { todos: [{ content: 'Read the cart module', status: 'completed' }, { content: 'Explain the discount flow', status: 'in_progress' }] },
      read('src/price.ts'),
      { todos: [{ content: 'Read the cart module', status: 'completed' }, { content: 'Explain the discount flow', status: 'completed' }] },
    ]);
    expect(research.ledger.todos_idle).toEqual(['Read the cart module', 'Explain the discount flow']);
    expect(research.s.completed).toEqual(['Read the cart module', 'Explain the discount flow']);
  });
});
