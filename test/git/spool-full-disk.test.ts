import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapSpool } from '../../src/git/rewrite.js';
import { claimSpool, peekSpool } from '../../src/git/spool.js';
import { faults } from '../helpers/disk-faults.js';
import { makeRepo, tempDir } from '../helpers/repo.js';

vi.mock('node:fs', async (importOriginal) => (await import('../helpers/disk-faults.js')).faultyFs(await importOriginal()));

afterEach(() => {
  faults.full = null;
});

const line = (text: string) => `${JSON.stringify({ type: 'log', kind: 'learned', text, at: '2026-11-22T14:00:00' })}\n`;
const spoolNames = (stateDir: string) => readdirSync(stateDir).filter((n) => n.startsWith('spool'));

describe('the spool on a full disk', () => {
  it('keeps every logged item when the disk fills during end, and the next end records them all', async () => {
    const repo = makeRepo({ now: '2026-11-22T14:30:00' });
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const stateDir = join(repo.dir, '.git', 'git-memory');
    for (const t of ['first item', 'second item', 'third item']) expect((await repo.run(['log', t])).code).toBe(0);

    // The lock is taken; after that every write in the git directory hits a full disk.
    faults.full = (p) => p.startsWith(stateDir) && p !== join(stateDir, 'lock');
    const failed = await repo.run(['end', '--summary', JSON.stringify({ request: 'Disk fills up' })]);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toMatch(/no space left on device/i);
    expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', '.openclaw_memory/journal')).toBe('');
    expect(peekSpool(stateDir).map((e) => e.type === 'log' && e.text)).toEqual(['first item', 'second item', 'third item']);

    faults.full = null;
    expect((await repo.run(['log', 'fourth item'])).code).toBe(0);
    const ok = await repo.run(['end', '--summary', JSON.stringify({ request: 'Space freed' }), '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    const session = repo.read(JSON.parse(ok.stdout).session.path);
    const learned = session.split('### Learned\n')[1]!.split('\n\n')[0]!.trim();
    expect(learned.split('\n')).toEqual(['- first item', '- second item', '- third item', '- fourth item']);
    expect(spoolNames(stateDir)).toEqual([]);
  });

  it('reads back every file an unfinished claim set aside, oldest first, and forgets them only on commit', () => {
    const stateDir = tempDir();
    writeFileSync(join(stateDir, 'spool.claimed.jsonl'), line('from an older version'));
    // The name older versions gave a spool they had set aside before failing.
    writeFileSync(join(stateDir, 'spool.claimed.jsonl.4242'), line('from a killed end'));
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(join(stateDir, 'spool.claimed.jsonl.4242'), earlier, earlier);
    writeFileSync(join(stateDir, 'spool.jsonl'), line('fresh'));
    const aborted = claimSpool(stateDir);
    expect(aborted.entries.map((e) => e.type === 'log' && e.text)).toEqual(['from an older version', 'from a killed end', 'fresh']);
    aborted.abort();
    writeFileSync(join(stateDir, 'spool.jsonl'), line('fresher'));
    const claim = claimSpool(stateDir);
    expect(claim.entries.map((e) => e.type === 'log' && e.text)).toEqual(['from an older version', 'from a killed end', 'fresh', 'fresher']);
    expect(peekSpool(stateDir)).toHaveLength(4);
    claim.commit();
    expect(spoolNames(stateDir)).toEqual([]);
  });

  it('still reads the entry appended after a torn line', () => {
    const stateDir = tempDir();
    writeFileSync(join(stateDir, 'spool.jsonl'), `${line('whole')}{"type":"log","kind":"learned","te${line('after the tear')}`);
    expect(peekSpool(stateDir).map((e) => e.type === 'log' && e.text)).toEqual(['whole', 'after the tear']);
  });

  it('post-rewrite maps commit ids inside a set-aside spool file', () => {
    const stateDir = tempDir();
    const [oldSha, newSha] = ['a'.repeat(40), 'b'.repeat(40)];
    writeFileSync(join(stateDir, 'spool.claimed.jsonl.4242-abc'), `${JSON.stringify({ type: 'commit', sha: oldSha, subject: 'Old', at: 'x' })}\n`);
    expect(mapSpool(stateDir, new Map([[oldSha, newSha]]), () => new Map([[newSha, 'Reworded']]))).toEqual([newSha]);
    expect(peekSpool(stateDir)).toEqual([{ type: 'commit', sha: newSha, subject: 'Reworded', at: 'x' }]);
  });
});
