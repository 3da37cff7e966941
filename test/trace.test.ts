// GIT_MEMORY_TRACE: where a run's time goes, phase by phase, from the node process's start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceLines, traceTarget } from '../src/trace.js';
import { makeMemoryRepo, tempDir } from './helpers/repo.js';

const SUMMARY = JSON.stringify({ request: 'Trace end', learned: ['Phases are timed from node start'], completed: ['Traced'], next_steps: ['Read the trace'] });

/** The trace's lines as [command, ms, delta, label]. */
function parse(text: string): { command: string; ms: number; delta: number; label: string }[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^git-memory trace: (\S+) (\d+\.\d) \+(\d+\.\d) (.+)$/.exec(line);
      if (!m) throw new Error(`not a trace line: ${JSON.stringify(line)}`);
      return { command: m[1]!, ms: Number(m[2]), delta: Number(m[3]), label: m[4]! };
    });
}

describe('traceTarget', () => {
  it('reads the variable as GIT_TRACE does: 1, 2 or true for standard error, an absolute path for a file', () => {
    for (const v of ['1', '2', 'true', 'TRUE', ' 1 ']) expect(traceTarget(v)).toBe('stderr');
    expect(traceTarget('/tmp/trace.log')).toBe('/tmp/trace.log');
    for (const v of [undefined, '', '0', 'false', 'trace.log', './trace.log']) expect(traceTarget(v)).toBeNull();
  });
});

describe('traceLines', () => {
  it('gives each moment its time since node started and since the moment before', () => {
    expect(traceLines('end', [['a', 14.04], ['b', 20.5]])).toBe('git-memory trace: end 14.0 +14.0 a\ngit-memory trace: end 20.5 +6.5 b\n');
  });
});

describe('GIT_MEMORY_TRACE on the built binary', () => {
  it('appends the phases of `end` to the file it names, in order, and leaves the output alone', async () => {
    const repo = await makeMemoryRepo();
    const file = join(tempDir('gm-trace-'), 'trace.log');
    const r = repo.exec(['end', '--summary', SUMMARY, '--json'], { env: { GIT_MEMORY_TRACE: file } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).ok).toBe(true);
    const lines = parse(readFileSync(file, 'utf8'));
    expect(new Set(lines.map((l) => l.command))).toEqual(new Set(['end']));
    const labels = lines.map((l) => l.label);
    const inOrder = ['entry point runs (node has started)', 'entry point ready (its early git calls running)', 'end.js loaded', 'end: modules initialised', 'end: input read', 'end: lock taken', 'end: session written (its secret scan included)', 'end: primer rebuilt', 'end: memory committed', 'done'];
    expect(labels.filter((l) => inOrder.includes(l))).toEqual(inOrder);
    // The commit's and the primer's own phases run beside each other, between the session and the end.
    for (const l of ['commit: tree made', 'commit: landed (HEAD moved, index refreshed)', 'primer: files and git read', 'primer: built', 'primer: written']) expect(labels).toContain(l);
    for (let i = 1; i < lines.length; i++) {
      expect(lines[i]!.ms).toBeGreaterThanOrEqual(lines[i - 1]!.ms);
      expect(lines[i]!.delta).toBeCloseTo(lines[i]!.ms - lines[i - 1]!.ms, 0);
    }
    // A second run appends: the file holds both.
    repo.exec(['end', '--summary', SUMMARY.replace('Trace end', 'Trace end again')], { env: { GIT_MEMORY_TRACE: file } });
    expect(parse(readFileSync(file, 'utf8')).filter((l) => l.label === 'done')).toHaveLength(2);
  });

  it('writes to standard error with 1, traces a run that fails, and writes nothing when unset', async () => {
    const repo = await makeMemoryRepo();
    const primer = repo.exec(['primer'], { env: { GIT_MEMORY_TRACE: '1' } });
    expect(primer.code).toBe(0);
    expect(primer.stdout).toContain('# Project memory');
    expect(primer.stdout).not.toContain('git-memory trace');
    expect(parse(primer.stderr).map((l) => l.label)).toEqual(expect.arrayContaining(['primer.js loaded', 'primer: files and git read', 'primer: built', 'primer: written', 'done']));

    const bad = repo.exec(['end', '--summary', '{oops', '--json'], { env: { GIT_MEMORY_TRACE: '1' } });
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout).ok).toBe(false);
    expect(bad.stderr).toMatch(/^error: summary is not valid JSON/);
    const traced = bad.stderr.split('\n').filter((l) => l.startsWith('git-memory trace: '));
    expect(parse(traced.join('\n')).at(-1)!.label).toBe('done');

    const plain = repo.exec(['end', '--summary', SUMMARY]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe('');
    const relative = repo.exec(['primer'], { env: { GIT_MEMORY_TRACE: 'trace.log' } });
    expect(relative.stderr).toBe('');
    expect(repo.git('status', '--porcelain', '--', 'trace.log')).toBe('');
  });
});
