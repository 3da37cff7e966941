import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, tempDir } from './helpers/repo.js';

// git-memory is not in the npm registry yet: every install instruction a user can run must work
// today (from its git repository, or npm link in a clone); the registry form stays only as a
// comment marked as the future one.
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const REGISTRY_INSTALL = /npm (?:install|i) (?:--global|-g) git-memory\b/;

interface Step { name?: string; run?: string; env?: Record<string, string> }
function installStep(workflow: string): Step {
  const { jobs } = parse(workflow) as { jobs: Record<string, { steps: Step[] }> };
  return Object.values(jobs)[0]!.steps.find((s) => s.name === 'Install git-memory')!;
}

/** The README's YAML blocks that are workflows. */
const readmeWorkflows = () => [...read('README.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((y) => /\njobs:/.test(y));

/** Runs a step's script with bash and a stand-in npm that records its arguments. */
function runStep(step: Step, source: string) {
  const bin = tempDir('gm-npm-');
  const log = join(bin, 'npm.log');
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${log}"\n`, { mode: 0o755 });
  const r = spawnSync('bash', ['-e', '-c', step.run!], { env: { PATH: `${bin}:${process.env.PATH}`, GIT_MEMORY_SOURCE: source }, encoding: 'utf8' });
  let npmArgs: string[] = [];
  try {
    npmArgs = readFileSync(log, 'utf8').trim().split('\n');
  } catch { /* npm was not run */ }
  return { code: r.status, stdout: r.stdout, npmArgs };
}

describe('installing git-memory, as the docs say', () => {
  it('no workflow, README line, plugin text or fix message runs the registry install, except as a marked future form', () => {
    const files = ['README.md', 'templates/github/memory-diff.yml', '.claude-plugin/plugin.json', 'src/commands/doctor.ts', 'man/git-memory.1'];
    for (const file of files) {
      for (const line of read(file).split('\n').filter((l) => REGISTRY_INSTALL.test(l))) {
        // Allowed only in a YAML comment below a "Future form" line, or in README prose that says it is the future form.
        expect(/^\s*#\s+run: npm install --global git-memory$/.test(line) || /future form/.test(line), `${file}: ${line}`).toBe(true);
      }
    }
    expect(read('templates/github/memory-diff.yml')).toMatch(/# Future form, once git-memory is published to the registry \(not yet: it fails today\):\n\s+#\s+run: npm install --global git-memory\n/);
  });

  it('the workflow template and the README workflow share one install step, from the git repository', () => {
    const template = installStep(read('templates/github/memory-diff.yml'));
    const readme = readmeWorkflows();
    expect(readme).toHaveLength(1); // memory-checks.yml; the pull-request one is copied from the template
    for (const w of readme) expect(installStep(w)).toEqual(template);
    expect(template.env).toEqual({ GIT_MEMORY_SOURCE: '${{ vars.GIT_MEMORY_SOURCE }}' });
    // The template file and README carry the same comments too: the step's text is identical.
    const text = (y: string) => /( {6}- name: Install git-memory\n[\s\S]*?)\n\n/.exec(y)![1];
    for (const w of readme) expect(text(w)).toBe(text(read('templates/github/memory-diff.yml')));
  });

  it('the install step installs from GIT_MEMORY_SOURCE, and fails with a message naming it when unset', () => {
    const step = installStep(read('templates/github/memory-diff.yml'));
    const url = 'git+https://example.com/acme/git-memory.git#v0.1.0';
    expect(runStep(step, url)).toMatchObject({ code: 0, npmArgs: ['install', '--global', url] });
    const unset = runStep(step, '');
    expect(unset.code).toBe(1);
    expect(unset.stdout).toMatch(/^::error::Set the repository variable GIT_MEMORY_SOURCE/);
    expect(unset.npmArgs).toEqual([]);
  });
});
