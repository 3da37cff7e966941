import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

describe('help examples', () => {
  it('are each on one line, quotes balanced, so a copied example runs (JSON included)', async () => {
    const repo = makeRepo();
    const top = repo.exec(['help']);
    const names = [...top.stdout.matchAll(/^ {2}git memory ([a-z-]+)/gm)].map((m) => m[1]!).filter((n) => n !== 'help');
    expect(names).toEqual(expect.arrayContaining(['end', 'tasks']));
    for (const name of names) {
      // In-process: each command's help is the text the binary prints, without a node process per
      // command (the top help above comes from the binary; test/cli/help.test.ts runs it too).
      const help = await repo.run(['help', name]);
      const examples = /\nExamples:\n([\s\S]*?)(\n\n|$)/.exec(help.stdout)?.[1] ?? '';
      expect(examples, `help ${name}: no example`).not.toBe('');
      // A line indented past the examples' column continues a description: wrapping there is harmless.
      for (const line of examples.split('\n').filter((l) => l && !/^ {3}/.test(l))) {
        expect(line, `help ${name}: an example wrapped`).toMatch(/^ {2}(git |echo )/);
        const command = line.trim().split(/ {2,}/)[0]!;
        expect((command.match(/'/g) ?? []).length % 2, `help ${name}: ${line}`).toBe(0);
        if (command.includes("'[") || command.includes("'{")) expect(() => JSON.parse(/'(.*)'/.exec(command)![1]!), line).not.toThrow();
      }
    }
  });
});
