// Issue 26 item 1 (left over): `init` on a terminal with no --model asks which model git-memory may
// use, saying what is sent and what it may cost; none is the default. Not on a terminal (a script,
// a pipe, CI), or with --model, or with a choice already in the config, it asks nothing, as before.
import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askModel, readChoice } from '../../src/cli/ask-model.js';
import { BIN, makeRepo, type TestRepo } from '../helpers/repo.js';

/** `git memory init ARGS` with a pseudo-terminal for stdin and stdout (util-linux `script`), `typed` as the keyboard. */
function initOnTerminal(repo: TestRepo, args: string, typed: string) {
  const r = spawnSync('script', ['-q', '-e', '-c', `"${process.execPath}" "${BIN}" init ${args}`, '/dev/null'], { cwd: repo.dir, env: repo.env, input: typed, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, out: r.stdout };
}
const provider = (repo: TestRepo) => /^provider = "([^"]*)"/m.exec(repo.read('.openclaw_memory.toml'))?.[1] ?? null;
const hasScript = spawnSync('script', ['-q', '-e', '-c', 'true', '/dev/null']).status === 0;

async function ask(typed: string[]): Promise<{ choice: string; shown: string }> {
  const input = new PassThrough();
  let shown = '';
  const p = askModel(input, { write: (t: string) => (shown += t) });
  for (const t of typed) input.write(t);
  input.end();
  return { choice: await p, shown };
}

describe('the model question', () => {
  it('says what is sent and what it may cost, offers none first, and reads numbers and names', async () => {
    const { choice, shown } = await ask(['3\n']);
    expect(choice).toBe('claude-cli');
    expect(shown).toContain('it is sent excerpts of your agent sessions');
    expect(shown).toContain('$1 per million input tokens');
    expect(shown).toMatch(/1\) none {8}nothing leaves this machine \(default\)/);
    expect((await ask(['anthropic\r\n'])).choice).toBe('anthropic');
    expect(readChoice(' 2 ')).toBe('anthropic');
    expect(readChoice('4')).toBeNull();
  });

  it('Enter, the end of input, or three answers it cannot read: none', async () => {
    expect((await ask(['\n'])).choice).toBe('none');
    expect((await ask([])).choice).toBe('none');
    const r = await ask(['maybe\n', 'gpt\n', '9\n', '2\n']);
    expect(r.choice).toBe('none');
    expect(r.shown).toContain('"maybe" is not one of 1, 2, 3');
  });
});

describe.skipIf(!hasScript)('git memory init on a terminal', () => {
  it('asks, and writes the answer to [llm] provider', () => {
    const repo = makeRepo();
    const r = initOnTerminal(repo, '--no-hooks', '3\n');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('Which model may git-memory use?');
    expect(provider(repo)).toBe('claude-cli');
    expect(r.out).toContain('git-memory set up in');
  });

  it('Enter: none, written, so the next init does not ask again', () => {
    const repo = makeRepo();
    expect(initOnTerminal(repo, '--no-hooks', '\n').code).toBe(0);
    expect(provider(repo)).toBe('none');
    const again = initOnTerminal(repo, '--no-hooks', '');
    expect(again.code).toBe(0);
    expect(again.out).not.toContain('Which model');
  });

  it('with --model, or --json, it asks nothing', () => {
    const repo = makeRepo();
    const r = initOnTerminal(repo, '--no-hooks --json', '');
    expect(r.out).not.toContain('Which model');
    expect(provider(repo)).toBeNull();
    const m = initOnTerminal(repo, '--no-hooks --model anthropic', '');
    expect(m.out).not.toContain('Which model');
    expect(provider(repo)).toBe('anthropic');
  });
});

describe('git memory init not on a terminal', () => {
  it('asks nothing and chooses nothing, as before', async () => {
    const repo = makeRepo();
    const r = await repo.run(['init', '--no-hooks'], { stdin: '3\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('Which model');
    expect(r.stdout).toContain('model: none chosen, so nothing is sent anywhere');
    expect(provider(repo)).toBeNull();
  });
});
