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
