// `help --json` and `help COMMAND --json` print JSON like every other command with --json: the
// commands listed, or one command's usage text and its options one by one (they printed text).
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

describe('help --json', () => {
  it('lists every command with its summary and the exit codes', async () => {
    const repo = makeRepo();
    const r = await repo.run(['help', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.ok).toBe(true);
    const names = data.commands.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['init', 'primer', 'end', 'tasks', 'help']));
    expect(names).not.toContain('merge-driver');
    expect(data.commands.find((c: { name: string }) => c.name === 'tasks').summary).toMatch(/task list/);
    expect(data.exitCodes).toEqual({ ok: 0, error: 1, usage: 2, secret: 3 });
  });

  it('help COMMAND --json: its usage text and each option with its type, choices and default', async () => {
    const repo = makeRepo();
    const r = await repo.run(['help', 'tasks', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data).toMatchObject({ ok: true, command: 'tasks' });
    expect(data.usage).toMatch(/^git memory tasks/);
    const byName = Object.fromEntries(data.options.map((o: { name: string }) => [o.name, o]));
    expect(byName.all).toMatchObject({ type: 'boolean', description: 'list: include done tasks' });
    expect(byName.status.choices).toContain('in_progress');
    expect(byName.action).toMatchObject({ type: 'positional', default: 'list' });
    expect(byName.help).toBeUndefined();
    const hook = JSON.parse((await repo.run(['help', 'hook', '--json'])).stdout);
    expect(hook.usage).toContain('post-rewrite');
  });

  it('an unknown command is an error in JSON, exit 2', async () => {
    const repo = makeRepo();
    const r = await repo.run(['help', 'frobnicate', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.message).toBe('unknown command: "frobnicate"');
  });
});
