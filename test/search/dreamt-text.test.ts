// A first search in a fresh clone of a dreamt repository waits for MEMORY.md as the last dream
// committed it (the facts deleted by hand since leave the results): one git process, not two
// (`log` then `show`: 100-200 ms under load at 10,000 sessions; issue 28 item 5b). The file is read
// from the dream commit's patch with every line of context, and must be the very text `git show` gives.
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastDreamt, lastDreamtText, wholeFileOfPatch } from '../../src/commands/steps/hand-deleted.js';
import { serializeLongTerm } from '../../src/memory/long-term.js';
import { LONG_TERM_FILE } from '../../src/paths.js';
import { makeRepo, tempDir, type TestRepo } from '../helpers/repo.js';

let savedPath: string | undefined;
afterEach(() => {
  if (savedPath !== undefined) process.env.PATH = savedPath;
  savedPath = undefined;
});

const dream = (repo: TestRepo, text: string, subject = 'memory: dream over 3 sessions') => {
  repo.write(LONG_TERM_FILE, text);
  repo.git('add', LONG_TERM_FILE);
  repo.git('commit', '-q', '--allow-empty', '-m', subject);
};
const shown = (repo: TestRepo) => repo.git('show', `HEAD:${LONG_TERM_FILE}`);

describe('MEMORY.md as the last dream committed it', () => {
  it('is asked of git in one process', async () => {
    const repo = makeRepo();
    dream(repo, serializeLongTerm({ lang: 'en', entries: [{ section: 'conventions', text: 'Webhook retries back off', sessions: [], files: [] }] }));
    const bin = tempDir('gm-counted-git-');
    const calls = join(bin, 'calls');
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho x >> "${calls}"\nexec "${real}" "$@"\n`, { mode: 0o755 });
    savedPath = process.env.PATH;
    process.env.PATH = `${bin}:${process.env.PATH}`;
    const doc = await lastDreamt(repo.dir);
    expect(doc?.entries.map((e) => e.text)).toEqual(['Webhook retries back off']);
    expect(execFileSync('wc', ['-l', calls], { encoding: 'utf8' }).trim().split(' ')[0]).toBe('1');
  });

  it('is the text git shows: added, changed, without a final newline, with CRLF, blank and look-alike lines, emptied', async () => {
    const repo = makeRepo();
    const texts = [
      '# Long-term memory\n\n- one\n- two\n',
      '# Long-term memory\n\n- two\n- three\n\n',
      '- no final newline',
      '- no final newline\n- now with one\n',
      'crlf\r\n\r\n-a dash\n+a plus\n@@ -1 +1 @@\ndiff --git a/x b/x\n\\ backslash\n \n',
      '',
      'x',
    ];
    for (const text of texts) {
      dream(repo, text);
      expect(await lastDreamtText(repo.dir)).toBe(shown(repo));
    }
    // Not dreamt: the last dream's text stays the answer.
    dream(repo, 'edited by hand\n', 'docs: edit memory');
    expect(await lastDreamtText(repo.dir)).toBe('x');
  });

  it('asks git show where the dream commit changed only the mode (its patch holds no text)', async () => {
    const repo = makeRepo();
    dream(repo, '- kept\n', 'docs: memory');
    chmodSync(join(repo.dir, LONG_TERM_FILE), 0o755);
    repo.git('add', LONG_TERM_FILE);
    repo.git('commit', '-q', '-m', 'memory: dream over 1 sessions');
    expect(await lastDreamtText(repo.dir)).toBe('- kept\n');
  });

  it('reads a patch only when it is one whole-file hunk', () => {
    const sha = 'a'.repeat(40);
    const patch = (hunk: string) => `${sha}\n\ndiff --git a/m b/m\nindex 1..2 100644\n--- a/m\n+++ b/m\n${hunk}`;
    expect(wholeFileOfPatch(patch('@@ -1,2 +1,2 @@\n a\n-b\n+c\n'))).toBe('a\nc\n');
    expect(wholeFileOfPatch(patch('@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n'))).toBe('a');
    expect(wholeFileOfPatch(patch('@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n'))).toBe('a\n');
    // Not from the first line, fewer lines than said, a line of no known kind, no hunk: not read.
    expect(wholeFileOfPatch(patch('@@ -3,2 +3,2 @@\n a\n-b\n+c\n'))).toBeNull();
    expect(wholeFileOfPatch(patch('@@ -1,2 +1,3 @@\n a\n-b\n+c\n'))).toBeNull();
    expect(wholeFileOfPatch(patch('@@ -1,2 +1,2 @@\n a\n\n+c\n'))).toBeNull();
    expect(wholeFileOfPatch(`${sha}\n\ndiff --git a/m b/m\nold mode 100644\nnew mode 100755\n`)).toBeNull();
  });
});
