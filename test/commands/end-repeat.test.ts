import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, type TestRepo } from '../helpers/repo.js';

const NOW = '2026-11-22T14:30:00';
const summary = JSON.stringify({ request: 'Add login', completed: ['Login endpoint'], next_steps: ['Logout'] });

const initRepo = (): Promise<TestRepo> => makeMemoryRepo({ now: NOW });

const sessionFiles = (repo: TestRepo) => readdirSync(join(repo.dir, '.openclaw_memory/journal/2026-11-22'));

describe('an end repeated word for word is recorded once', () => {
  it('the second identical end exits 0, says "already recorded", writes and commits nothing', async () => {
    const repo = await initRepo();
    const first = JSON.parse((await repo.run(['end', '--summary', summary, '--json'])).stdout);
    expect(first.session.alreadyRecorded).toBe(false);
    const head = repo.git('rev-parse', 'HEAD');

    const again = await repo.run(['end', '--summary', summary, '--json']);
    expect(again.code, again.stderr).toBe(0);
    const d = JSON.parse(again.stdout);
    expect(d.session).toEqual({ id: first.session.id, path: first.session.path, commits: 0, alreadyRecorded: true });
    expect(d.commit).toBeNull();
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(sessionFiles(repo)).toHaveLength(1);

    const text = await repo.run(['end', '--summary', summary]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`already recorded: this session repeats ${first.session.path}`);
    expect(sessionFiles(repo)).toHaveLength(1);
    expect(repo.read('.openclaw_memory/PRIMER.md').match(/Login endpoint/g)).toHaveLength(1);
  });

  it('of the same agent session only: another agent session that did the same is a session of its own', async () => {
    // Four real Codex sessions of one evening opened with the same persona prompt and changed the
    // same two files: the three after the first were taken for repeats of it and never written.
    const repo = await initRepo();
    const [a, b] = ['019c2a58-c0cc-7860-b9ca-7e2dcda03dd1', '019c2a81-73a6-7de0-a280-e83c91954ab1'];
    const end = async (session: string) => JSON.parse((await repo.run(['end', '--summary', summary, '--session', session, '--json'])).stdout).session;
    const first = await end(a);
    expect(first.alreadyRecorded).toBe(false);
    expect(await end(a)).toEqual({ ...first, alreadyRecorded: true });
    const other = await end(b);
    expect(other.alreadyRecorded).toBe(false);
    expect(other.path).not.toBe(first.path);
    expect(sessionFiles(repo)).toHaveLength(2);
    // And its own repeat is one again.
    expect((await end(b)).alreadyRecorded).toBe(true);
    expect(sessionFiles(repo)).toHaveLength(2);
  });

  it('is written again when there is something new: a commit recorded since, a logged item, another branch', async () => {
    const repo = await initRepo();
    await repo.run(['end', '--summary', summary]);
    const sha = repo.commit('Add logout');
    repo.exec(['hook', 'post-commit']);
    const withCommit = JSON.parse((await repo.run(['end', '--summary', summary, '--json'])).stdout);
    expect(withCommit.session.alreadyRecorded).toBe(false);
    expect(repo.read(withCommit.session.path)).toContain(sha.slice(0, 7));

    expect((await repo.run(['log', 'Sessions expire after 7 days'])).code).toBe(0);
    expect(JSON.parse((await repo.run(['end', '--summary', summary, '--json'])).stdout).session.alreadyRecorded).toBe(false);

    repo.git('checkout', '-q', '-b', 'topic');
    await repo.run(['end', '--summary', JSON.stringify({ request: 'Topic work' })]);
    repo.git('checkout', '-q', 'main');
    // main's previous session is still the one with the logged item: a plain repeat is new to it
    expect(JSON.parse((await repo.run(['end', '--summary', JSON.stringify({ request: 'Topic work' }), '--json'])).stdout).session.alreadyRecorded).toBe(false);
    expect(sessionFiles(repo)).toHaveLength(4);

    // The same words on another day are a new session.
    const nextDay = await repo.run(['end', '--summary', JSON.stringify({ request: 'Topic work' }), '--json'], { env: { GIT_MEMORY_NOW: '2026-11-23T09:00:00' } });
    expect(JSON.parse(nextDay.stdout).session.alreadyRecorded).toBe(false);
  });
});

describe('the primer never shows the same line twice', () => {
  it('two sessions of a day saying the same (merged from two branches) give one line each', async () => {
    const repo = await initRepo();
    const session = (suffix: string, time: string) =>
      `---\nsession: 20261122-${time.replace(':', '')}-${suffix}\ndate: 2026-11-22\ntime: "${time}"\nagent: agent\nbranch: b-${suffix}\n---\n\n## Session ${time}\n\n### Request\nFix login\n\n### Completed\n- Login endpoint\n- Rate limit on ${suffix}\n\n### Next steps\n- Logout\n- Logout\n`;
    repo.write('.openclaw_memory/journal/2026-11-22/0900-agent-aaaaaa.md', session('aaaaaa', '09:00'));
    repo.write('.openclaw_memory/journal/2026-11-22/1000-agent-bbbbbb.md', session('bbbbbb', '10:00'));
    const r = await repo.run(['primer']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.filter((l) => l.includes('Login endpoint'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('Logout'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('Rate limit on'))).toHaveLength(2);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
