import { describe, expect, it } from 'vitest';
import { commandNames } from '../../src/cli/main.js';
import { commandHint, unknownCommand } from '../../src/cli/unknown-command.js';
import { makeRepo } from '../helpers/repo.js';

describe('an unknown command', () => {
  it('is called an unknown command, with the commands listed and the closest suggested', async () => {
    const repo = makeRepo();
    const r = await repo.run(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: unknown command: "frobnicate"');
    expect(r.stderr).not.toContain('Unknown argument');
    for (const c of ['init', 'primer', 'end', 'log', 'tasks', 'journal', 'search', 'uninstall', 'doctor']) expect(r.stderr).toMatch(new RegExp(`commands: .*\\b${c}\\b`));
    expect(r.stderr).not.toContain('merge-driver'); // only git calls it
    const typo = await repo.run(['primr', '--json']);
    expect(typo.code).toBe(2);
    expect(JSON.parse(typo.stdout).error).toMatchObject({ message: 'unknown command: "primr"' });
    expect(JSON.parse(typo.stdout).error.hint).toMatch(/^did you mean `git memory primer`\?/);
    const help = await repo.run(['help', 'frobnicate']);
    expect(help.code).toBe(2);
    expect(help.stderr).toContain('unknown command: "frobnicate"');
    expect(help.stderr).toMatch(/commands: init, primer/);
  });

  it('is the first argument that is not an option, and a real command or none is not one', () => {
    const names = commandNames();
    expect(names).toContain('merge-driver');
    expect(unknownCommand(['--json', 'frob', 'x'], names)).toBe('frob');
    expect(unknownCommand(['log', 'frob'], names)).toBeUndefined();
    expect(unknownCommand(['--version'], names)).toBeUndefined();
    expect(unknownCommand(['--', 'frob'], names)).toBeUndefined();
    expect(commandHint('tsks', ['tasks', 'log'])).toMatch(/^did you mean `git memory tasks`\?\ncommands: tasks, log;/);
    expect(commandHint('zzzzzz', ['tasks', 'log'])).toMatch(/^commands: tasks, log;/);
  });
});
