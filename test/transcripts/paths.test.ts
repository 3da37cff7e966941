import { describe, expect, it } from 'vitest';
import { reportPath } from '../../src/transcripts/build.js';

describe('reportPath', () => {
  it('is relative inside the repository, absolute outside, relative input taken from the cwd', () => {
    expect(reportPath('/home/jane/acme/src/a.ts', '/home/jane/acme', '/home/jane/acme')).toBe('src/a.ts');
    expect(reportPath('/home/jane/acme/..hidden/a.ts', '/x', '/home/jane/acme')).toBe('..hidden/a.ts');
    expect(reportPath('/home/jane/acme-other/a.ts', '/x', '/home/jane/acme')).toBe('/home/jane/acme-other/a.ts');
    expect(reportPath('/home/jane/acme/../b.ts', '/x', '/home/jane/acme')).toBe('/home/jane/b.ts');
    expect(reportPath('src/b.ts', '/home/jane/acme/pkg', '/home/jane/acme')).toBe('pkg/src/b.ts');
    expect(reportPath('src/b.ts', '', '/home/jane/acme')).toBe('src/b.ts');
    expect(reportPath('/etc/hosts', '/home/jane/acme', undefined)).toBe('/etc/hosts');
  });
});

describe('reportPath on a session recorded on Windows (issue 25 §6.1)', () => {
  const cwd = 'C:\\Users\\jane\\acme';
  it('maps a Windows path inside the working directory into the repository, whatever its slashes and letter case', () => {
    expect(reportPath('C:\\Users\\jane\\acme\\README.md', cwd, '/home/jane/acme')).toBe('README.md');
    expect(reportPath('c:/users/jane/ACME/src/a.ts', cwd, '/home/jane/acme')).toBe('src/a.ts');
    expect(reportPath('src\\b.ts', cwd, '/home/jane/acme')).toBe('src/b.ts');
    expect(reportPath('C:\\Users\\jane\\acme\\pkg\\x.ts', 'C:\\Users\\jane\\acme\\pkg', '/home/jane/acme')).toBe('pkg/x.ts');
    expect(reportPath('C:\\Users\\jane\\acme\\src\\a.ts', cwd, 'C:/Users/Jane/acme')).toBe('src/a.ts');
    expect(reportPath('\\\\fs\\share\\acme\\a.ts', '\\\\fs\\share\\acme', '/home/jane/acme')).toBe('a.ts');
  });
  it('keeps a Windows path outside the working directory, or in a session that was not on Windows, as outside', () => {
    expect(reportPath('C:\\Users\\jane\\.claude\\plans\\p.md', cwd, '/home/jane/acme')).toBe('C:/Users/jane/.claude/plans/p.md');
    expect(reportPath('D:\\other\\a.ts', cwd, '/home/jane/acme')).toBe('D:/other/a.ts');
    expect(reportPath('C:\\Users\\jane\\acme\\README.md', '/home/jane/acme', '/home/jane/acme')).toBe('C:/Users/jane/acme/README.md');
  });
});
