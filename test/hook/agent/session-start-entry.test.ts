// SessionStart's own bundle (session-start.js) takes the plain arguments the installed hooks pass;
// anything else goes to the full agent hook, which parses and reports it as before.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionStartCache } from '../../../src/hook/agent/session-start-args.js';
import { sessionStartAgent } from '../../../src/hook/agent/session-start-entry.js';
import { loggingGit } from '../../helpers/git-calls.js';
import { makeRepo } from '../../helpers/repo.js';
import { payload } from '../../agents/fixtures.js';

describe('sessionStartAgent', () => {
  it('reads --agent NAME and --agent=NAME, as parseAgents does (case, lists, all)', () => {
    expect(sessionStartAgent(['session-start', '--agent', 'claude'])).toBe('claude');
    expect(sessionStartAgent(['session-start', '--agent=codex'])).toBe('codex');
    expect(sessionStartAgent(['session-start', '--agent', 'Gemini'])).toBe('gemini');
    expect(sessionStartAgent(['session-start', '--agent', 'codex,claude'])).toBe('claude');
    expect(sessionStartAgent(['session-start', '--agent', 'all'])).toBe('claude');
  });

  it('leaves every other shape to the full hook', () => {
    expect(sessionStartAgent(['session-start'])).toBeNull();
    expect(sessionStartAgent(['session-start', '--agent'])).toBeNull();
    expect(sessionStartAgent(['session-start', '--agent', ''])).toBeNull();
    expect(sessionStartAgent(['session-start', '--agent', '--help'])).toBeNull();
    expect(sessionStartAgent(['session-start', '--agent', 'vim'])).toBeNull();
    expect(sessionStartAgent(['session-start', '--agent', 'claude', '--verbose'])).toBeNull();
    expect(sessionStartAgent(['--agent', 'claude', 'session-start'])).toBeNull();
    expect(sessionStartAgent(['session-end', '--agent', 'claude'])).toBeNull();
  });
});

describe('sessionStartCache', () => {
  it("a compaction's input gets the compaction's code cache, any other the start's", () => {
    const cache = (input: object | string) => sessionStartCache(Buffer.from(typeof input === 'string' ? input : JSON.stringify(input)));
    expect(cache({ session_id: 's', source: 'compact' })).toBe('session-start-compact');
    expect(cache('{"session_id": "s", "source" : "compact"}')).toBe('session-start-compact');
    for (const source of ['startup', 'resume', 'clear']) expect(cache({ session_id: 's', source })).toBe('session-start');
    expect(cache('')).toBe('session-start');
  });
});

describe('hook agent session-start from its own bundle', () => {
  it('--agent=NAME gives what --agent NAME gives; an unknown option is still reported by the full hook', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const stdin = payload('claude/session-start.json', { cwd: repo.dir });
    const spaced = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin });
    expect(spaced.code, spaced.stderr).toBe(0);
    expect(JSON.parse(spaced.stdout).hookSpecificOutput.additionalContext).toContain('# Project memory');
    const joined = repo.exec(['hook', 'agent', 'session-start', '--agent=claude'], { stdin });
    expect(joined.stdout).toBe(spaced.stdout);
    const odd = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude', '--verbose'], { stdin });
    expect(odd).toMatchObject({ code: 0, stdout: '' });
    expect(odd.stderr).toMatch(/^git-memory hook agent .*Unknown option '--verbose'/);
  });

  it('a compaction going on with a recorded session leaves PRIMER.md as its start wrote it; one with no recorded start writes it', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const primer = join(repo.dir, '.openclaw_memory', 'PRIMER.md');
    const run = (source: string) => repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin: payload('claude/session-start.json', { cwd: repo.dir, source }) });
    expect(run('startup').code).toBe(0);
    const written = { text: readFileSync(primer, 'utf8'), mtime: statSync(primer).mtimeMs };
    const compacted = run('compact');
    expect(compacted.code, compacted.stderr).toBe(0);
    expect(JSON.parse(compacted.stdout).hookSpecificOutput.additionalContext).toContain('# Project memory');
    expect({ text: readFileSync(primer, 'utf8'), mtime: statSync(primer).mtimeMs }).toEqual(written);
    // No start recorded (git-memory set up during the session): the compaction writes it, and records the start.
    const stateFile = join(repo.dir, '.git', 'git-memory', 'session-start.json');
    rmSync(stateFile);
    // (and the session's own slot: git/session-state.ts)
    rmSync(join(repo.dir, '.git', 'git-memory', 'session-starts'), { recursive: true, force: true });
    rmSync(primer);
    expect(run('compact').code).toBe(0);
    expect(readFileSync(primer, 'utf8')).toContain('# Project memory');
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).head).toBeTruthy();
  });

  it("a start after HEAD moved: no git log (the entry point reads the commits since from git's object files, the primer takes them over), and the new HEAD in the context", async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    const stdin = payload('claude/session-start.json', { cwd: repo.dir });
    expect(repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin }).code).toBe(0);
    const head = repo.commit('Add the invoice exporter', { 'src/export.ts': 'export {};\n' });
    const g = loggingGit();
    const r = repo.exec(['hook', 'agent', 'session-start', '--agent', 'claude'], { stdin, env: { PATH: `${g.path}:${repo.env.PATH}` } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toContain(head.slice(0, 7));
    const calls = g.calls().map((c) => c.join(' '));
    // HEAD moved on by a plain commit from the log kept at the first start: the commits since are read
    // by the entry point from git's object files (git/object-files.ts), so no git log at all, whole or step.
    const logs = calls.filter((c) => c.startsWith('log ') && c.includes('%h'));
    expect(logs).toEqual([]);
  });
});
