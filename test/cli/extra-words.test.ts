// A word more than a command takes (`git memory log we use pnpm`: the text unquoted) is said as
// such, where yargs called it an "Unknown argument" and pointed at the options, and a word after
// `--` that looks like an option was offered as its own correction ("Unknown argument: --json /
// did you mean --json?"). The word is shown masked and shortened, as every echoed argument is.
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo } from '../helpers/repo.js';

describe('words past what a command takes', () => {
  it('log and forget: exit 2, the extra words named, how to quote the text; nothing queued or committed', async () => {
    const repo = await makeMemoryRepo();
    const head = repo.git('rev-parse', 'HEAD');
    for (const [args, words] of [
      [['log', 'we', 'use', 'pnpm'], '"use", "pnpm"'],
      [['log', '--', '-x', '--json'], '"--json"'],
      [['forget', 'We', 'deploy'], '"deploy"'],
    ] as const) {
      const r = await repo.run([...args, '--json']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(`error: too many arguments: ${words}\n`);
      expect(r.stderr).toContain(`\`git memory ${args[0]}\` takes its text as one argument: quote it`);
      expect(r.stderr).not.toContain('did you mean');
    }
    const json = await repo.run(['log', 'we', 'use', 'pnpm', '--json']);
    expect(JSON.parse(json.stdout).error).toEqual({ code: 2, message: 'too many arguments: "use", "pnpm"', hint: expect.stringContaining('quote it') });
    expect((await repo.run(['log', '--json'])).stdout).toContain('"items": []');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });

  it('a command that takes no more words: its help; an unknown option is still an unknown option', async () => {
    const repo = await makeMemoryRepo();
    const extra = await repo.run(['sessions', 'extra']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toBe('error: too many arguments: "extra"\nsee `git memory help sessions`\n');
    const option = await repo.run(['log', 'hello', '--bogus']);
    expect(option.stderr).toContain('Unknown argument: bogus');
  });

  it('an extra word holding a secret is masked', async () => {
    const repo = await makeMemoryRepo();
    const r = await repo.run(['log', 'hi', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789AB']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('abcdefghijklmnop');
    expect(r.stderr).toContain('too many arguments: "[REDACTED');
  });
});
