// The message a memory commit left for after a user's `git commit` (.git/git-memory/commit-deferred,
// see commit-memory.ts) is read back by `git memory commit`, which the post-commit hook runs in the
// background. It was read as whatever the path held: a link to a credentials file made that file the
// message of a memory commit (pushed with the branch), unscanned; a huge file or control characters
// went to commit-tree as they were. Now only what deferCommit writes is taken, through the secret scan.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFERRED_FILE } from '../../src/paths.js';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

const TOKEN = 'ghp_8fK2mQ9zXv4LpR7tY1wB3nC6dE0gH5jS2aUq';
const CREDENTIALS = `[default]\ngithub_token = ${TOKEN}\n`;

async function commitWith(deferred: (path: string) => void): Promise<{ repo: TestRepo; message: string }> {
  const repo = await makeMemoryRepo();
  const tasks = repo.read('.openclaw_memory/TASKS.md');
  repo.write('.openclaw_memory/TASKS.md', `${tasks.trimEnd()}\n- [ ] Write the parser <!-- t-ab12 -->\n`);
  mkdirSync(join(repo.dir, '.git', 'git-memory'), { recursive: true });
  deferred(join(repo.dir, '.git', 'git-memory', DEFERRED_FILE));
  const r = await repo.run(['commit']);
  expect(r.code, r.stderr).toBe(0);
  expect(repo.git('log', '-1', '--format=%s').trim()).not.toBe('Set up git-memory'); // a memory commit was made
  return { repo, message: repo.git('log', '-1', '--format=%B') };
}

describe('git memory commit with a hostile deferred message file', () => {
  it('a link (to a credentials file) is not followed: the default message, the secret in no commit', async () => {
    const secret = join(tempDir(), 'credentials');
    writeFileSync(secret, CREDENTIALS);
    const { message } = await commitWith((path) => symlinkSync(secret, path));
    expect(message).not.toContain(TOKEN);
    expect(message.trim()).toBe('memory: commit pending memory changes');
    expect(readFileSync(secret, 'utf8')).toBe(CREDENTIALS);
  });

  it('a secret in the file itself is redacted', async () => {
    const { message } = await commitWith((path) => writeFileSync(path, `memory: tokens\n\n${CREDENTIALS}`));
    expect(message).toContain('memory: tokens');
    expect(message).not.toContain(TOKEN);
    expect(message).toContain('[REDACTED');
  });

  it('a huge file or one with control characters is not the message', async () => {
    for (const text of ['memory: x\n'.repeat(200_000), 'memory: \u001b[31mred\u001b[0m\n', 'memory: a\u0000b\n']) {
      const { message } = await commitWith((path) => writeFileSync(path, text));
      expect(message.trim()).toBe('memory: commit pending memory changes');
    }
  });

  it('the message deferCommit wrote is kept as it is', async () => {
    const text = 'memory: parser session\n\nSession: .openclaw_memory/journal/2026-12-06/1621-claude-19ff96.md\n';
    const { message } = await commitWith((path) => writeFileSync(path, text));
    expect(message.trim()).toBe(text.trim());
  });
});
