import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
// Assembled at run time so this file does not itself look like it holds a key.
const AWS_KEY = ['AKIA2', 'JQ7XR', 'ZKD4P', 'LM6VB'].join('');
// Known to secretlint's preset only: the project's quick rules cannot mask a regression.
const LINEAR_KEY = ['lin_a', 'pi_iR', 'nx7xh', 'uFXX3', 'J1PXZ', 'bFCzV', 'UwkcL', 'bk623', 'OwQen', 'Woi'].join('');
const GH_TOKEN = ['ghp_', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEF123456'].join('');
const TASKS = '.openclaw_memory/TASKS.md';
const NOTE = '.openclaw_memory/user/notes.md';

const subject = (repo: TestRepo, rev = 'HEAD') => repo.git('log', '-1', '--format=%s', rev).trim();
const committed = (repo: TestRepo) => repo.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort();
const redactMode = (repo: TestRepo) => {
  repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nmode = "redact"\n`);
  repo.git('commit', '-q', '-am', 'redact mode');
};

describe('the memory commit message passes the secret handling of the file it describes', () => {
  it('redact mode: the key in the request is redacted in the commit subject as in the session file', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    redactMode(repo);
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: `use key ${AWS_KEY} now` })]);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('log', '-1', '--format=%B')).not.toContain(AWS_KEY);
    expect(subject(repo)).toBe('memory: use key [REDACTED:aws-access-key-id] now');
  });

  it('redact mode: a key only the full scanner knows is redacted in the subject too', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    redactMode(repo);
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: `call linear with ${LINEAR_KEY} please` })]);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('log', '-1', '--format=%B')).not.toContain(LINEAR_KEY);
    expect(subject(repo)).toBe('memory: call linear with [REDACTED:secretlint/linear] please');
  });

  it('a value the project allowlists stays in the subject, as in the session file', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nallowlist = ["${AWS_KEY}"]\n`);
    repo.git('commit', '-q', '-am', 'allowlist the documented example key');
    const r = await repo.run(['end', '--json', '--summary', JSON.stringify({ request: `document ${AWS_KEY} as the example key` })]);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.read(JSON.parse(r.stdout).session.path)).toContain(AWS_KEY);
    expect(subject(repo)).toBe(`memory: document ${AWS_KEY} as the example key`);
  });

  it('block mode: a key in the request refuses `end` before anything is written or committed', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const head = repo.git('rev-parse', 'HEAD');
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: `use key ${AWS_KEY} now` })]);
    expect(r.code).toBe(3);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('`git memory commit -m`: a key refuses it in block mode (exit 3, nothing committed) and is redacted in redact mode', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write(NOTE, 'prefer small commits\n');
    const head = repo.git('rev-parse', 'HEAD');
    const refused = await repo.run(['commit', '-m', `notes for ${AWS_KEY}`]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).not.toContain(AWS_KEY);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);

    redactMode(repo);
    repo.write(NOTE, 'prefer small commits\n');
    const ok = await repo.run(['commit', '-m', `notes for ${AWS_KEY}`]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(subject(repo)).toBe('memory: notes for [REDACTED:aws-access-key-id]');
  });

  it('invisible and bidi characters are removed from the commit subject as from the session file', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'abc\u202edcba\u200b ok' })]);
    expect(r.code, r.stderr).toBe(0);
    expect(subject(repo)).toBe('memory: abcdcba ok');
  });

  it("a `$'` or `$&` in the request is text in the subject, not a replacement pattern", async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: "price $' and $& stay" })]);
    expect(r.code, r.stderr).toBe(0);
    expect(subject(repo)).toBe("memory: price $' and $& stay");
  });

  it('`scan --all` and a range scan find a key in a memory commit message; a code commit message is left to other tools', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const clean = await repo.run(['scan', '--all']);
    expect(clean.code, clean.stdout).toBe(0);
    repo.commit(`deploy with ${AWS_KEY}`, { 'deploy.txt': 'code\n' }); // a code commit: not memory
    expect((await repo.run(['scan', '--all'])).code).toBe(0);
    // Nor a user's commit of code and a memory file together: its message is the user's, not memory's.
    repo.commit(`ship it, key ${AWS_KEY}`, { 'deploy.txt': 'code 2\n', '.openclaw_memory/user/team.md': 'we deploy on fridays\n' });
    expect((await repo.run(['scan', '--all'])).code).toBe(0);
    // A memory commit made by an older git-memory, before its messages were scanned.
    repo.write(NOTE, 'prefer small commits\n');
    repo.git('add', NOTE);
    repo.git('commit', '-q', '-m', `memory: use key ${AWS_KEY} now`);
    const sha = repo.git('rev-parse', 'HEAD').trim();
    for (const args of [['scan', '--all', '--json'], ['scan', 'HEAD~1...HEAD', '--json']]) {
      const r = await repo.run(args);
      expect(r.code, args.join(' ')).toBe(3);
      expect(r.stdout).not.toContain(AWS_KEY);
      const d = JSON.parse(r.stdout);
      expect(d.findings).toEqual([expect.objectContaining({ file: '(commit message)', commit: sha, ruleId: 'aws-access-key-id', line: 1, column: 17 })]);
    }
  });
});

describe("a key in a recorded commit's subject (the user's own commit: already in the history, not in end's input)", () => {
  /** A code commit whose subject holds GH_TOKEN, recorded for the next session as the post-commit hook records it. */
  async function withKeyInCommit(): Promise<TestRepo> {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.commit(`rotate ${GH_TOKEN} next week`, { 'deploy.txt': 'code\n' });
    expect((await repo.run(['hook', 'post-commit'])).code).toBe(0);
    return repo;
  }

  it('block mode: end redacts it in the session file and commits, where it was refused (exit 3) at every later end', async () => {
    const repo = await withKeyInCommit();
    const r = await repo.run(['end', '--json', '--summary', JSON.stringify({ request: 'ship the deploy script' })]);
    expect(r.code, r.stderr).toBe(0);
    const path = JSON.parse(r.stdout).session.path as string;
    expect(repo.read(path)).toContain('rotate [REDACTED:github-token] next week');
    expect(repo.git('show', `HEAD:${path}`)).not.toContain(GH_TOKEN);
    expect(r.stderr).not.toContain(GH_TOKEN);
    expect(r.stderr).toContain('redacted github-token in the subject of a recorded commit');
    expect(subject(repo)).toBe('memory: ship the deploy script');
    const next = await repo.run(['end', '--summary', JSON.stringify({ request: 'next session' })]);
    expect(next.code, next.stderr).toBe(0);
  });

  it("block mode: a key in end's own input is still refused (exit 3), nothing written, the commit kept for the next end", async () => {
    const repo = await withKeyInCommit();
    const head = repo.git('rev-parse', 'HEAD');
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: `use key ${AWS_KEY} now` })]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('aws-access-key-id');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    const ok = await repo.run(['end', '--json', '--summary', JSON.stringify({ request: 'without the key' })]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).session.commits).toBe(1);
  });
});

describe('a key in the branch name (git\'s text, like a commit subject)', () => {
  it('the primer header names the branch with the key redacted, to the agent and in PRIMER.md', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.git('checkout', '-q', '-b', `fix/${GH_TOKEN}`);
    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).toContain('from branch `fix/[REDACTED:github-token]`');
    expect(primer.stdout + repo.read('.openclaw_memory/PRIMER.md')).not.toContain(GH_TOKEN);
  });

  it('block mode: end redacts it in the session file and commits; the primer header and PRIMER.md do not carry it', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.git('checkout', '-q', '-b', `fix/${GH_TOKEN}`);
    const r = await repo.run(['end', '--json', '--summary', JSON.stringify({ request: 'fix the login' })]);
    expect(r.code, r.stderr).toBe(0);
    const path = JSON.parse(r.stdout).session.path as string;
    expect(repo.read(path)).toContain('branch: "fix/[REDACTED:github-token]"');
    expect(r.stderr).toContain('redacted github-token in the branch name');
    const primer = await repo.run(['primer', '--json']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stdout).not.toContain(GH_TOKEN);
    expect(primer.stdout).toContain('from branch `fix/[REDACTED:github-token]`');
    expect(repo.read('.openclaw_memory/PRIMER.md')).not.toContain(GH_TOKEN);
  });
});

describe('`end` and `commit` scan the pending memory files they did not write themselves', () => {
  it('`end` leaves a hand-edited TASKS.md holding a token out of the commit, says so, and commits its session (exit 0)', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write(TASKS, `${repo.read(TASKS)}- [ ] rotate ${GH_TOKEN} <!-- t-9998 -->\n`);
    repo.write(NOTE, 'prefer small commits\n');
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'unrelated' }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(committed(repo)).toEqual([NOTE, d.session.path].sort());
    expect(d.also).toEqual([NOTE]);
    expect(d.refused).toEqual([{ path: TASKS, findings: [expect.objectContaining({ ruleId: 'github-token', line: expect.any(Number), masked: expect.stringMatching(/^gh\*+56$/) })] }]);
    expect(r.stderr).toContain(`not committed: ${TASKS} contains a secret`);
    expect(r.stderr).not.toContain(GH_TOKEN);
    expect(repo.git('show', `HEAD:${TASKS}`)).not.toContain(GH_TOKEN);
    expect(repo.read(TASKS)).toContain(GH_TOKEN); // the user's hand edit is never rewritten
    expect(repo.git('status', '--porcelain')).toBe(` M ${TASKS}\n`);
  });

  it('redact mode keeps the hand edit out as well, unchanged', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    redactMode(repo);
    repo.write(TASKS, `${repo.read(TASKS)}- [ ] rotate ${GH_TOKEN} <!-- t-9998 -->\n`);
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'unrelated' }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(committed(repo)).toEqual([JSON.parse(r.stdout).session.path]);
    expect(repo.read(TASKS)).toContain(GH_TOKEN);
  });

  it('`git memory commit`: exit 3 when the refused file is all there is, exit 0 with a warning when something else commits, then commits the fixed file', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    const head = repo.git('rev-parse', 'HEAD');
    const tasks = repo.read(TASKS);
    repo.write(TASKS, `${tasks}- [ ] rotate ${GH_TOKEN} <!-- t-9998 -->\n`);
    const alone = await repo.run(['commit']);
    expect(alone.code).toBe(3);
    expect(alone.stderr).toContain(`refused to commit ${TASKS}: it contains a secret`);
    expect(alone.stderr).not.toContain(GH_TOKEN);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);

    repo.write(NOTE, 'prefer small commits\n');
    const beside = await repo.run(['commit']);
    expect(beside.code, beside.stderr).toBe(0);
    expect(committed(repo)).toEqual([NOTE]);
    expect(beside.stderr).toContain(`not committed: ${TASKS} contains a secret`);

    repo.write(TASKS, `${tasks}- [ ] rotate the token in the vault <!-- t-9998 -->\n`);
    const fixed = await repo.run(['commit']);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(committed(repo)).toEqual([TASKS]);
  });

  it('the allowlist applies to the scan of pending files', async () => {
    const repo = await makeMemoryRepo({ now: NOW });
    repo.write('.openclaw_memory.toml', `${repo.read('.openclaw_memory.toml')}\n[secrets]\nallowlist = ["${GH_TOKEN}"]\n`);
    repo.git('commit', '-q', '-am', 'allow the test token');
    repo.write(TASKS, `${repo.read(TASKS)}- [ ] rotate ${GH_TOKEN} <!-- t-9998 -->\n`);
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: 'unrelated' }), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).refused).toEqual([]);
    expect(committed(repo)).toContain(TASKS);
  });
});
