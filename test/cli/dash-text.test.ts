import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T10:00:00';
const items = async (repo: ReturnType<typeof makeRepo>) =>
  (JSON.parse((await repo.run(['log', '--json'])).stdout).pending.items as { kind: string; text: string }[]).map((i) => [i.kind, i.text]);

// Text that starts with a dash (a PEM block, a flag's description) reaches the command after `--`
// or on stdin (`-`), and an unknown "option" that is really text gets a hint, never an echo.
describe('text that starts with a dash', () => {
  it('log queues it after --, with --kind, with --json, and from stdin with -', async () => {
    const repo = makeRepo({ now: NOW });
    const plain = await repo.run(['log', '--', '-text after the separator']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('queued (learned) for this session: -text after the separator');
    expect((await repo.run(['log', '--kind', 'decision', '--', '--a flag described'])).code).toBe(0);
    const json = await repo.run(['log', '--json', '--', '-as json']);
    expect(JSON.parse(json.stdout).queued).toMatchObject({ kind: 'learned', text: '-as json' });
    const stdin = await repo.run(['log', '-'], { stdin: '- from standard input\n' });
    expect(stdin.code).toBe(0);
    const stdinDecision = await repo.run(['log', '--kind', 'decision', '-'], { stdin: 'plain words' });
    expect(stdinDecision.code).toBe(0);
    expect(await items(repo)).toEqual([
      ['learned', '-text after the separator'],
      ['decision', '--a flag described'],
      ['learned', '-as json'],
      ['learned', '- from standard input'],
      ['decision', 'plain words'],
    ]);
  });

  it('tasks add and search take it after -- too; a command without text refuses what follows --', async () => {
    const repo = makeRepo({ now: NOW });
    await repo.run(['init', '--no-hooks']);
    const added = await repo.run(['tasks', 'add', '--json', '--', '-v flag is ignored']);
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout).changes[0].task).toBe('-v flag is ignored');
    const search = await repo.run(['search', '--json', '--', '-nothing']);
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout).query).toBe('-nothing');
    const extra = await repo.run(['journal', '--', '2026-11-22', '--json']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('too many arguments: "--json"');
    expect(extra.stdout).toBe(''); // the --json after -- is text, not the option
  });

  it('a dash argument that is text is refused with a hint, nothing queued, and a secret in it is masked', async () => {
    const repo = makeRepo({ now: NOW });
    const pem = ['-----BEGIN RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEAx8'.padEnd(200, 'Q'), '-----END RSA PRIVATE KEY-----'].join('\n');
    const key = ['sk-ant-api03-', 'Zx8Kq2Lm9Np4Rs7Tv1Wy3Ab5Cd6Ef0Gh2Ij4Kl6Mn8Op0Qr2St4Uv6Wx8Yz0Ab2Cd4Ef6Gh8Ij0Kl2Mn4Op6Qr8St0Uv2Wx-4Yz6AA'].join('');
    for (const args of [['log', pem], ['log', `-${key}`], ['log', '--kind', 'note', pem], ['log', '-text with spaces'], ['log', '--json', `-${key}`]]) {
      const r = await repo.run(args);
      expect(r.code, args.join(' ')).toBe(2);
      for (const out of [r.stderr, r.stdout]) {
        expect(out).not.toContain('MIIEowIBAAKCAQEAx8');
        expect(out).not.toContain(key.slice(14, 40));
      }
      expect(r.stderr).toContain('is not an option');
      expect(r.stderr).toContain('git memory log -- "-text"');
      expect(r.stderr).toContain('git memory log -');
    }
    expect(await items(repo)).toEqual([]);
  });

  it('no validation message repeats a secret the user typed in the wrong place', async () => {
    const repo = makeRepo({ now: NOW });
    const token = ['ghp_', 'Zx8Kq2Lm9Np4Rs7Tv1Wy3Ab5Cd6Ef0Gh2Ij4'].join('');
    const slack = ['xoxb-', '123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'].join('');
    for (const args of [['journal', token], ['log', '--kind', token, 'x'], ['log', `--${token}`], [token], ['help', token], ['primer', '--format', token], ['end', '--summary', token]]) {
      const r = await repo.run([...args, '--json']);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr + r.stdout, args.join(' ')).not.toContain(token.slice(4));
    }
    // yargs also listed an unknown option under its camelCase name, which no rule recognises.
    const r = await repo.run(['log', `--${slack}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Unknown argument: \[REDACTED:[\w/-]+\]\n/);
    expect(r.stderr).not.toContain('AbCdEfGhIjKlMnOpQrStUvWx');
    const flagLike = await repo.run(['log', '--fix', 'the login bug']);
    expect(flagLike.code).toBe(2);
    expect(flagLike.stderr).toContain('Unknown argument: fix\nsee `git memory help log` for its options; text that starts with a dash goes after `--`');
  });
});

describe('usage errors name the command they came from', () => {
  it("an unknown option points to the command's help; only commands that take text explain the dash", async () => {
    const repo = makeRepo({ now: NOW });
    const primer = await repo.run(['primer', '--bogus']);
    expect(primer.code).toBe(2);
    expect(primer.stderr).toContain('Unknown argument: bogus\nsee `git memory help primer` for its options\n');
    expect(primer.stderr).not.toContain('starts with a dash');
    const tasks = await repo.run(['tasks', 'add', '--bogus', 'x']);
    expect(tasks.code).toBe(2);
    expect(tasks.stderr).toContain('see `git memory help tasks` for its options; text that starts with a dash goes after `--` (git memory tasks add -- "--text")');
  });

  it("a value outside an option's choices points to that command's help", async () => {
    const repo = makeRepo({ now: NOW });
    const r = await repo.run(['primer', '--format', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Choices: "md", "json"');
    expect(r.stderr).toContain('see `git memory help primer`');
  });
});
