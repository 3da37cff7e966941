// The folders a session's shell commands went into that no transcript record names
// (src/transcripts/command-dirs.ts): read from the command lines only, nothing expanded.
import { describe, expect, it } from 'vitest';
import { commandDirs } from '../../src/transcripts/command-dirs.js';
import { cpuNow } from '../helpers/cpu-time.js';

const at = '2026-12-07T14:00:00.000Z';
const dirs = (...commands: string[]) => commandDirs('/r/repo', commands.map((command, i) => ({ command, at: `2026-12-07T14:00:0${i}.000Z` })));

describe('commandDirs', () => {
  it('finds cd, pushd, git -C and the path of git worktree add, relative to where the command stood', () => {
    expect(dirs('git worktree add -q ../wt -b feat && cd ../wt && git commit -q -m "x"')).toEqual([{ dir: '/r/wt', at: '2026-12-07T14:00:00.000Z' }]);
    expect(dirs('git worktree add -b feat /tmp/w2 main', 'git -C ../other commit -m y', 'cd sub; pushd /abs/p')).toEqual([
      { dir: '/tmp/w2', at: '2026-12-07T14:00:00.000Z' },
      { dir: '/r/other', at: '2026-12-07T14:00:01.000Z' },
      { dir: '/r/repo/sub', at: '2026-12-07T14:00:02.000Z' },
      { dir: '/abs/p', at: '2026-12-07T14:00:02.000Z' },
    ]);
    expect(dirs('cd ../a && git -C ../b worktree add ../c')).toEqual([
      { dir: '/r/a', at: '2026-12-07T14:00:00.000Z' },
      { dir: '/r/b', at: '2026-12-07T14:00:00.000Z' },
      { dir: '/r/c', at: '2026-12-07T14:00:00.000Z' },
    ]);
    expect(dirs('FOO=1 git worktree add "../with space"')).toEqual([{ dir: '/r/with space', at: '2026-12-07T14:00:00.000Z' }]);
  });

  it('passes over what it cannot read plainly, the session folder itself, repeats, and stops at 16', () => {
    expect(dirs('cd $HOME/x', 'cd ~/y', 'cd `pwd`', 'cd ./', 'git -c core.x=1 status', 'git worktree list', 'cd')).toEqual([]);
    expect(dirs('cd ../a', 'cd ../a')).toHaveLength(1);
    expect(commandDirs('/r/repo', Array.from({ length: 40 }, (_, i) => ({ command: `cd ../d${i}`, at })))).toHaveLength(16);
    expect(commandDirs('', [{ command: 'cd /x', at }])).toEqual([]);
    expect(commandDirs('relative', [{ command: 'cd /x', at }])).toEqual([]);
  });

  it('reads a long hostile command in linear time', () => {
    const long = 'cd a && '.repeat(100_000);
    const t = cpuNow();
    commandDirs('/r/repo', [{ command: long, at }]);
    expect(cpuNow() - t).toBeLessThan(1000);
  });
});
