// Two real Claude Code sessions at once in one repository (issue 25, left by stop 53): each against
// its own fake Messages API, overlapping — B starts after A's first commit, A commits again after
// B's commit and waits for B to finish before its own last turn. Each session's journal lists its own
// commits, none of the other's, and neither is lost. Claude Code exports CLAUDE_CODE_SESSION_ID to its
// Bash tool's shell (2.1.332): the post-commit hook marks each commit with the session that made it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BINS, quietHome, scratch, until, type Scratch } from './drive.js';
import { startFakeApi, type FakeApi } from './fake-apis.js';
import { memoryCommits, recorded, section } from './assertions.js';

const run = BINS.claude ? describe : describe.skip;
let s: Scratch | null = null;
let second: FakeApi | null = null;
afterEach(async () => {
  await second?.close();
  second = null;
  await s?.close();
  s = null;
});

const bash = (command: string) => ({ tools: [{ name: 'Bash', input: { command, description: 'Run it' } }] });
const commit = (file: string, message: string) => bash(`echo "// ${message}" > ${file} && git add ${file} && git commit -q -m "${message}"`);
/** A shell wait the model asks for, bounded (60 s), for a file the other session writes. */
const waitFor = (mark: string) => bash(`for i in $(seq 600); do [ -f ${mark} ] && break; sleep 0.1; done; ls ${mark}`);
/** The commit whose subject is `subject` ('' when none yet; a memory commit's message holds the request too). */
const idOf = (sc: Scratch, subject: string) => sc.git('log', '--format=%H%x09%s').split('\n').find((l) => l.endsWith(`\t${subject}`))?.split('\t')[0] ?? '';
const commitIds = (text: string) => [...section(text, 'Commits').matchAll(/^- ([0-9a-f]{40,64}) /gm)].map((m) => m[1]);
/** Session A: commits the parser's first part, waits for B's mark, then commits the second part. */
function startParser(sc: Scratch) {
  const mark = join(sc.root, 'tmp', 'b-done');
  const a = sc.run('Write the parser in two parts and commit each', [
    commit('src/parser-a.js', 'Parser part one'),
    waitFor(mark),
    commit('src/parser-b.js', 'Parser part two'),
    { text: 'The parser is written, in two commits.' },
  ]);
  return { mark, a };
}

run('Claude Code, two sessions at once in one repository', () => {
  test("each session's journal lists its own commits, none of the other's (the later one ends first)", async () => {
    s = await scratch('claude');
    second = await startFakeApi('anthropic');
    const { mark, a } = startParser(s);
    // B starts once A's first commit is made, and is done before A's second.
    expect(await until(() => idOf(s!, 'Parser part one'), 90_000)).toBeTruthy();
    const b = await s.run(
      'Fix the login redirect and commit it',
      [commit('src/login.js', 'Fix the login redirect'), bash(`touch ${mark}`), { text: 'Fixed the login redirect.' }],
      { api: second },
    );
    expect(b.code, b.stderr).toBe(0);
    const ra = await a;
    expect(ra.code, ra.stderr).toBe(0);
    expect(existsSync(mark)).toBe(true);
    await quietHome(s.home);
    const texts = await recorded(s, 2, 60_000);
    const [one, two, fix] = ['Parser part one', 'Parser part two', 'Fix the login redirect'].map((m) => idOf(s!, m));
    const ofA = texts.filter((t) => section(t, 'Request').includes('parser'));
    const ofB = texts.filter((t) => section(t, 'Request').includes('login redirect'));
    expect(ofA, texts.join('\n----\n')).toHaveLength(1);
    expect(ofB, texts.join('\n----\n')).toHaveLength(1);
    expect(commitIds(ofA[0]!)).toEqual([one, two]);
    expect(commitIds(ofB[0]!)).toEqual([fix]);
    // B's base is where it started: A's first commit.
    expect(ofB[0]).toContain(`base: ${one}`);
    expect(memoryCommits(s).length).toBeGreaterThanOrEqual(2);
  });

  test("Claude Code and Codex at once: Codex's commit in Claude Code's window (its shell says CODEX_THREAD_ID) is listed by Codex's session only", async () => {
    s = await scratch('claude');
    const codex = await s.alongside('codex');
    const { mark, a } = startParser(s);
    expect(await until(() => idOf(s!, 'Parser part one'), 90_000)).toBeTruthy();
    const b = await codex.run('Fix the login redirect and commit it', [
      { tools: [{ name: 'exec_command', input: { cmd: 'echo "// fix" > src/login.js && git add src/login.js && git commit -q -m "Fix the login redirect"' } }] },
      { tools: [{ name: 'exec_command', input: { cmd: `touch ${mark}` } }] },
      { text: 'Fixed the login redirect.' },
    ]);
    expect(b.code, b.stderr).toBe(0);
    const ra = await a;
    expect(ra.code, ra.stderr).toBe(0);
    await quietHome(s.home);
    const texts = await recorded(s, 2, 60_000);
    const [one, two, fix] = ['Parser part one', 'Parser part two', 'Fix the login redirect'].map((m) => idOf(s!, m));
    expect(fix).toBeTruthy();
    const ofA = texts.filter((t) => commitIds(t).includes(one));
    const ofB = texts.filter((t) => commitIds(t).includes(fix));
    expect(ofA, texts.join('\n----\n')).toHaveLength(1);
    expect(ofB, texts.join('\n----\n')).toHaveLength(1);
    expect(commitIds(ofA[0]!)).toEqual([one, two]);
    expect(commitIds(ofB[0]!)).toEqual([fix]);
    expect(ofB[0]).toMatch(/^agent: codex$/m);
  });
});
