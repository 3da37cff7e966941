// `--json` on every listed command prints one JSON document with `ok` on stdout, whether the
// command works or refuses (audit53: `help` and `completion` printed their text whatever --json said).
import { beforeAll, describe, expect, it } from 'vitest';
import { commandNames } from '../../src/cli/main.js';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

/** A call of each command that it can answer in a set-up repository with one session. */
const CALLS: Record<string, string[]> = {
  init: ['init', '--no-hooks'],
  primer: ['primer', '--no-write'],
  end: ['end', '--summary', JSON.stringify({ request: 'Second' })],
  log: ['log', 'a note'],
  sessions: ['sessions'],
  show: ['show'],
  view: ['view'],
  tasks: ['tasks'],
  journal: ['journal'],
  notes: ['notes'],
  ledger: ['ledger', '--transcript', 'missing.jsonl'],
  commit: ['commit'],
  config: ['config'],
  search: ['search', 'first'],
  statusline: ['statusline'],
  compact: ['compact'],
  'hot-files': ['hot-files'],
  uninstall: ['uninstall', '--dry-run'],
  resolve: ['resolve'],
  diff: ['diff'],
  dream: ['dream', '--offline'],
  fold: ['fold', '--dry-run'],
  forget: ['forget', 'nothing like this'],
  doctor: ['doctor'],
  scan: ['scan'],
  lint: ['lint'],
  completion: ['completion', 'bash'],
  help: ['help', 'end'],
};
/** Not run here: a server on stdio, and the hooks' entry points (their output is the hook's). */
const SKIPPED = ['mcp', 'hook'];

describe('--json on every command', () => {
  it('every listed command is called here', () => {
    expect(commandNames(true).filter((n) => !SKIPPED.includes(n)).sort()).toEqual(Object.keys(CALLS).sort());
  });

  // One repository for all, each command its own test (its own time limit on a slow machine).
  let repo: TestRepo;
  beforeAll(async () => {
    repo = await makeMemoryRepo();
    expect((await repo.run(['end', '--summary', JSON.stringify({ request: 'First' })])).code).toBe(0);
  });

  for (const [name, args] of Object.entries(CALLS)) {
    it(`${name}: one JSON document with ok, worked or refused`, async () => {
      const r = await repo.run([...args, '--json'], { stdin: '' });
      let data: { ok?: unknown } | undefined;
      try {
        data = JSON.parse(r.stdout);
      } catch {
        data = undefined;
      }
      expect(typeof data?.ok, `${name} (exit ${r.code}): ${r.stdout.slice(0, 120)} ${r.stderr.slice(0, 200)}`).toBe('boolean');
      expect(data!.ok, `${name} exit ${r.code}`).toBe(r.code === 0);
    });
  }
});
