// Files a session named without touching them (issue 25 §5, stop 51; src/transcripts/named.ts):
// the ledger keeps the repository paths a prompt, the todo list, a command line, or a search's or
// a command's output names; paths only, inside the repository, bounded.
import { describe, expect, it } from 'vitest';
import { NAMED_CAP, NAMING_CHARS, pathWords } from '../../src/transcripts/named.js';
import { readLedger } from '../../src/transcripts/read.js';
import { call, claudeTranscript as transcript, prompt, result } from '../helpers/claude-records.js';
import { makeRepo } from '../helpers/repo.js';
import { cpuNow } from '../helpers/cpu-time.js';

describe('the ledger: files a session named', () => {
  it("keeps the repository's files a prompt, a command, a todo list and a search's or command's output name; not a file's own text, not a path outside", () => {
    const repo = makeRepo();
    const d = repo.dir;
    const file = transcript(d, [
      prompt(`Fix the login bug in src/auth/login.ts, see ${d}/docs/auth.md and /etc/ssl/openssl.cnf.txt; console.log shows it`),
      call('t1', 'Grep', { pattern: 'session', path: 'src' }),
      result('t1', 'src/auth/session.ts:12:  const session = …\nsrc/auth/token.ts:3: import'),
      call('t2', 'Read', { file_path: `${d}/src/app.ts` }),
      result('t2', "1\timport { x } from './lib/helper.ts';\n2\t// see src/from-read.ts"),
      call('t3', 'Bash', { command: 'npx vitest run test/auth.test.ts' }),
      result('t3', ` FAIL  test/auth.test.ts > login\n Error: at ${d}/src/auth/cookie.ts:40:7`),
      call('t4', 'TodoWrite', { todos: [{ content: 'Update README.md', status: 'pending', activeForm: 'Updating' }] }),
      result('t4', 'Todos have been modified successfully'),
      prompt('and src/app.ts too'),
    ]);
    const l = readLedger(file, { agent: 'claude', repoRoot: d });
    expect(l.files.map((f) => f.path)).toEqual(['src/app.ts']);
    const named = Object.fromEntries((l.named ?? []).map((f) => [f.path, f.times]));
    expect(named).toEqual({
      'src/auth/login.ts': 1,
      'docs/auth.md': 1,
      'src/auth/session.ts': 1,
      'src/auth/token.ts': 1,
      'test/auth.test.ts': 2,
      'src/auth/cookie.ts': 1,
      'README.md': 1,
    });
    // The latest named last, at the tool call it was named by.
    expect(l.named!.at(-1)).toMatchObject({ path: 'README.md', last_call: 3 });
  });

  it('keeps nothing without the repository, and no more than NAMED_CAP files, reading NAMING_CHARS of a text', () => {
    const repo = makeRepo();
    const many = Array.from({ length: 600 }, (_, i) => `src/m${i}.ts`);
    const records = Array.from({ length: 3 }, (_, i) => prompt(many.slice(i * 200, i * 200 + 200).join(' ')));
    const file = transcript(repo.dir, records);
    expect(readLedger(file, { agent: 'claude' }).named).toBeUndefined();
    const l = readLedger(file, { agent: 'claude', repoRoot: repo.dir });
    expect(l.named!.length).toBe(NAMED_CAP);
    // Each prompt read as far as NAMING_CHARS: its last files are not named.
    expect(l.named!.map((f) => f.path)).not.toContain('src/m599.ts');
    expect(l.named!.at(-1)!.path).toBe(pathWords(records[2]!.message.content as string).at(-1));
    expect(pathWords('x '.repeat(NAMING_CHARS) + 'src/late.ts')).toEqual([]);
  });

  it('reads a hostile text in time linear in what it reads (at most NAMING_CHARS)', () => {
    for (const unit of ['a.', 'a/', '.', 'a.b/c.d:', 'src/x.ts:1:', '\\\\']) {
      const t0 = cpuNow();
      for (let i = 0; i < 200; i++) pathWords(unit.repeat(100_000 / unit.length));
      expect(cpuNow() - t0).toBeLessThan(2000);
    }
  });
});
