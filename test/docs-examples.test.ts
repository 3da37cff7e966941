// Issue 27 §1: every terminal example in the README and docs is what a user sees. The `console`
// blocks are run, in order, in one repository set up as the README's quick start leaves it (a
// project "acme-api" with one commit, `git memory init`, the clock at 2026-11-22 14:30), and their
// output compared line for line: blank lines included, ids, commit hashes and token counts (which
// differ from run to run) replaced by placeholders on both sides.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMemoryRepo, ROOT } from './helpers/repo.js';

interface Example {
  file: string;
  command: string;
  output: string;
}

/** The `$ git memory …` commands of a file's ```console blocks, each with the output shown under it. */
function examples(file: string): Example[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: Example[] = [];
  for (const [, block] of text.matchAll(/```console\n([\s\S]*?)```/g)) {
    let current: Example | null = null;
    for (const line of block!.replace(/\n$/, '').split('\n')) {
      if (line.startsWith('$ ')) {
        current = { file, command: line.slice(2), output: '' };
        out.push(current);
      } else if (current) current.output += `${line}\n`;
    }
  }
  return out;
}

/** Words of a command line as sh reads them: spaces split, single quotes keep text as it is. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2]!);
  return out;
}

/** What differs between runs: session ids' random part, commit hashes, token counts. */
const normal = (text: string) =>
  text
    .replace(/\b(\d{8}-\d{4}-)[0-9a-z]{6}\b/g, '$1ID')
    .replace(/(\d{4}-[a-z]+-)[0-9a-z]{6}\.md/g, '$1ID.md')
    .replace(/\b[0-9a-f]{7,40}\b/g, 'SHA')
    .replace(/\b\d+ tokens\b/g, 'N tokens');

const FILES = ['README.md', 'docs/commands.md', 'docs/long-term-memory.md'];

describe('the examples in the README and docs', () => {
  it('print what the docs show, blank lines included', async () => {
    const all = FILES.flatMap(examples);
    expect(all.map((e) => e.file)).toEqual(expect.arrayContaining(FILES));
    const repo = await makeMemoryRepo({ now: '2026-11-22T14:30:00Z' });
    repo.write('.openclaw_memory.toml', '[project]\nname = "acme-api"\n');
    repo.git('commit', '-qam', 'Name the project');
    for (const e of all) {
      const [git, memory, ...args] = words(e.command);
      expect(`${git} ${memory}`, `${e.file}: ${e.command}`).toBe('git memory');
      const r = await repo.run(args);
      expect(r.code, `${e.file}: ${e.command}\n${r.stderr}`).toBe(0);
      expect(normal(r.stdout), `${e.file}: ${e.command}`).toBe(normal(e.output));
    }
  });

  it('name session files as `end` names them', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-22T14:30:00Z' });
    const r = await repo.run(['end', '--agent', 'claude', '--summary', '{"request":"x"}', '--json']);
    const real = JSON.parse(r.stdout).session.path as string;
    expect(real).toMatch(/^\.openclaw_memory\/journal\/2026-11-22\/1430-claude-[0-9a-z]{6}\.md$/);
    for (const file of ['README.md', ...['commands', 'configuration', 'security', 'team-and-merges', 'agents'].map((f) => `docs/${f}.md`)]) {
      for (const [path] of readFileSync(join(ROOT, file), 'utf8').matchAll(/journal\/\d{4}-\d{2}-\d{2}\/[^\s`)]+\.md/g)) {
        expect(path, file).toMatch(/^journal\/\d{4}-\d{2}-\d{2}\/\d{4}-(claude|codex|gemini|cursor|aider|agent)-(s\d{3}-)?[0-9a-z]{6}\.md$/);
      }
    }
  });
});
