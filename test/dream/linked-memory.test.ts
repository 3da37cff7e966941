// A teammate's commit can hold a symbolic link where the dream reads long-term memory: MEMORY.md,
// or OpenClaw's `.openclaw_memory/agent/*.md` the first dream takes in. git stores the link, so the
// clone reads whatever it points to on this machine (~/.ssh/id_rsa, /etc/passwd): that text must
// reach neither MEMORY.md's commit nor a model request.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { startFakeMessagesApi, textReply, type FakeMessagesApi } from '../helpers/fake-messages-api.js';
import { makeMemoryRepo, tempDir, type TestRepo } from '../helpers/repo.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const OUTSIDE = 'OUTSIDE-FILE the database password lives at vault path secret/db';

/** A repository with one session to dream over and `rel` committed as a link to a file outside it. */
async function repoWithLink(rel: string, text: string): Promise<{ repo: TestRepo; outside: string }> {
  const repo = await makeMemoryRepo({ now: '2026-11-12T09:00:00' });
  const s: Session = { id: '20261111-1000-aaaaaa', date: '2026-11-11', time: '10:00', agent: 'claude', request: 'Deploy docs', learned: ['We deploy with make deploy'], decisions: [], completed: [], next_steps: [], notes: [], commits: [] };
  repo.write('.openclaw_memory/journal/2026-11-11/1000-claude-aaaaaa.md', serializeSession(s, 'en'));
  const outside = join(tempDir('gm-outside-'), 'secret.md');
  writeFileSync(outside, text);
  mkdirSync(join(repo.dir, rel, '..'), { recursive: true });
  rmSync(join(repo.dir, rel), { force: true });
  symlinkSync(outside, join(repo.dir, rel));
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', `link ${rel} outside`);
  return { repo, outside };
}

describe('the dream and committed symbolic links', () => {
  it("does not take an OpenClaw agent file reached through a link into MEMORY.md's commit", async () => {
    const { repo } = await repoWithLink('.openclaw_memory/agent/decisions.md', `- ${OUTSIDE}\n`);
    const r = await repo.run(['dream', '--force', '--offline']);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.read('.openclaw_memory/MEMORY.md')).toContain('We deploy with make deploy');
    expect(repo.git('show', 'HEAD')).not.toContain('OUTSIDE-FILE');
  });

  it('nor one in an agent folder that is itself a link', async () => {
    const { repo, outside } = await repoWithLink('.openclaw_memory/agent/decisions.md', `- ${OUTSIDE}\n`);
    rmSync(join(repo.dir, '.openclaw_memory/agent'), { recursive: true });
    symlinkSync(join(outside, '..'), join(repo.dir, '.openclaw_memory/agent'));
    writeFileSync(join(outside, '..', 'decisions.md'), `- ${OUTSIDE}\n`);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'link the agent folder');
    const r = await repo.run(['dream', '--force', '--offline']);
    expect(r.code, r.stderr).toBe(0);
    expect(repo.git('show', 'HEAD')).not.toContain('OUTSIDE-FILE');
  });

  it('refuses a MEMORY.md that is a link before a model sees what it points to', async () => {
    const { repo } = await repoWithLink('.openclaw_memory/MEMORY.md', `# Long-term memory\n\n## Conventions\n- ${OUTSIDE} <!-- s:20261111-1000-aaaaaa -->\n`);
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\n');
    repo.git('commit', '-q', '-am', 'a model');
    api = await startFakeMessagesApi(() => textReply('done'));
    const head = repo.git('rev-parse', 'HEAD');
    const r = await repo.run(['dream', '--force'], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: '' } });
    expect(api.requests.map((q) => q.raw).join('\n')).not.toContain('OUTSIDE-FILE');
    expect(api.requests).toHaveLength(0);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('.openclaw_memory/MEMORY.md is a symbolic link');
    expect(r.stdout + r.stderr).not.toContain('OUTSIDE-FILE');
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
  });
});
