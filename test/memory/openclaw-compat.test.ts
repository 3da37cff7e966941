import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { readInstructionLines } from '../../src/memory/user-files.js';
import { BIN, makeRepo, ROOT, tempDir, type TestRepo } from '../helpers/repo.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'openclaw');
const NOW = '2026-02-12T18:00:00';

/** A repository holding OpenClaw memory v0.2's files as it wrote them, and its home directory. */
function openclawRepo(): TestRepo {
  const repo = makeRepo({ now: NOW });
  cpSync(join(FIXTURE, 'project'), repo.dir, { recursive: true });
  cpSync(join(FIXTURE, 'home'), repo.home, { recursive: true });
  repo.git('add', '.');
  repo.git('commit', '-q', '-m', 'OpenClaw memory');
  return repo;
}

describe('memory written by OpenClaw memory v0.2 loads as it is', () => {
  it('journal, primer, tasks and lint read its files: day files dated by name, its labels, its config sections, the user\'s instructions', async () => {
    const repo = openclawRepo();

    const day = await repo.run(['journal', '2026-02-12', '--json']);
    expect(day.code, day.stderr).toBe(0);
    expect(day.stderr).toBe('');
    const sessions = JSON.parse(day.stdout).sessions as { time: string; request: string; learned: string[]; completed: string[]; next_steps: string[] }[];
    expect(sessions.map((s) => [s.time, s.request, s.completed, s.next_steps])).toEqual([
      ['09:30', 'Add credit notes', ['Credit note model and migration'], ['Credit note PDF']],
      ['15:40', 'Render credit note PDFs', ['PDF template for credit notes', 'Totals rounded half-even'], ['Email credit notes to customers']],
    ]);
    expect(sessions[0]!.learned).toEqual(['Credit notes reuse the invoice sequence with a CN prefix']);

    const primer = await repo.run(['primer']);
    expect(primer.code, primer.stderr).toBe(0);
    expect(primer.stderr).toBe(''); // no skipped file, no unknown config section
    const md = primer.stdout;
    expect(md).toContain('## Instructions from the user (their own user/instructions.md, personal)\n- Always answer in English, even when the code comments are in Chinese\n- Run the unit tests before proposing a commit');
    expect(md).not.toMatch(/quoted as data[^\n]*Run the unit tests/); // the user's own, not quoted as memory
    expect(md).toContain('- Jane Doe, backend engineer at Acme');
    expect(md).toContain('2026-02-12 15:40 — Totals rounded half-even');
    expect(md).toContain('2026-02-11 10:05 — Invoice numbers are sequential per tenant');
    expect(md).toContain('- Email credit notes to customers');
    expect(md).toMatch(/Email credit notes to customers \(t-[0-9a-z]+\) — progress: SMTP settings in place — next: Write the email template/);

    const tasks = await repo.run(['tasks', 'list', '--all', '--json']);
    expect(JSON.parse(tasks.stdout).tasks.map((t: { task: string; status: string; progress?: string; related_files: string[] }) => [t.task, t.status, t.progress ?? null, t.related_files])).toEqual([
      ['Email credit notes to customers', 'todo', 'SMTP settings in place', ['src/mail.py', 'templates/credit_note.html']],
      ['Credit note PDF', 'done', null, []],
    ]);

    const lint = await repo.run(['lint', '--json']);
    const schema = (JSON.parse(lint.stdout).report as { file: string; problems: { check: string; message: string }[] }[]).flatMap((r) => r.problems.filter((p) => p.check === 'schema').map((p) => `${r.file}: ${p.message}`));
    expect(schema).toEqual([]);
    expect(lint.stderr).not.toMatch(/unknown section/);
  });

  it('tasks set takes its task shape: title for task, status pending', async () => {
    const repo = openclawRepo();
    const r = await repo.run(['tasks', 'set', JSON.stringify([{ title: 'Add tests', status: 'pending', next_step: 'Write unit tests' }, { title: 'Email credit notes to customers', status: 'done' }]), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const all = JSON.parse(r.stdout).tasks as { task: string; status: string; next_step?: string }[];
    expect(all.find((t) => t.task === 'Add tests')).toMatchObject({ status: 'todo', next_step: 'Write unit tests' });
    expect(all.find((t) => t.task === 'Email credit notes to customers')).toMatchObject({ status: 'done' });
    const both = await repo.run(['tasks', 'set', JSON.stringify([{ title: 'A', task: 'B' }])]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/tasks\[0\]\.title: unknown key/);
  });

  it('its MCP tool arguments work against our server (SDK client, built binary)', async () => {
    const repo = openclawRepo();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: repo.dir,
      env: Object.fromEntries(Object.entries(repo.env).filter((e): e is [string, string] => e[1] !== undefined)),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'openclaw-agent', version: '0.2.0' });
    await client.connect(transport);
    try {
      const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;
      const call = async (name: string, args: Record<string, unknown>) => {
        const r = await client.callTool({ name, arguments: args });
        expect(r.isError, `${name}: ${text(r)}`).toBeFalsy();
        return text(r);
      };
      expect(await call('memory_primer', {})).toContain('Run the unit tests before proposing a commit');
      expect(await call('memory_update_tasks', { tasks_json: JSON.stringify([{ title: 'Add tests', status: 'pending', next_step: 'Write unit tests' }]) })).toMatch(/added t-[0-9a-z]+: Add tests/);
      expect(await call('memory_log', { content: 'Chose half-even rounding for totals', type: 'decision' })).toContain('queued (decision)');
      expect(await call('memory_log', { content: 'Jane prefers Friday releases', type: 'preference' })).toContain('queued (note)');
      const ended = await call('memory_session_end', { request: 'Email credit notes', learned: 'SMTP needs TLS, Port 587 works', completed: 'Email template', next_steps: 'Retry failed sends, Log bounces' });
      const path = /session written to (\S+?\.md)/.exec(ended)![1]!;
      const session = repo.git('show', `HEAD:${path}`);
      expect(session).toContain('### Learned\n- SMTP needs TLS\n- Port 587 works');
      expect(session).toContain('### Next steps\n- Retry failed sends\n- Log bounces');
      expect(session).toContain('### Decisions\n- Chose half-even rounding for totals');
      const found = await call('memory_search', { query: 'credit notes', scope: 'journal', max_tokens: 1500, detail: 'full' });
      expect(found).toContain('credit note');
      const small = await call('memory_search', { query: 'credit notes', scope: 'user', max_tokens: 40 });
      expect(small).toMatch(/more result\(s\) left out to fit max_tokens 40/);
      expect(small).toContain('scope "user"');
      const both = await client.callTool({ name: 'memory_log', arguments: { text: 'a', content: 'b' } });
      expect(both.isError).toBe(true);
      expect(text(both)).toContain('give `text` or `content`');
    } finally {
      await client.close();
    }
  });
});

describe('readInstructionLines', () => {
  it('takes list items and free text, without frontmatter, headings or rules', () => {
    const dir = tempDir();
    const file = join(dir, 'instructions.md');
    writeFileSync(file, '---\ntype: instruction\n---\n# Mine\n\nAnswer briefly.\n- Use metric units\n\n---\n* Cite files by path\n');
    expect(readInstructionLines(file)).toEqual(['Answer briefly.', 'Use metric units', 'Cite files by path']);
    writeFileSync(file, '---\ntype: instruction\n---');
    expect(readInstructionLines(file)).toEqual([]);
    expect(readInstructionLines(join(dir, 'absent.md'))).toEqual([]);
  });
});
