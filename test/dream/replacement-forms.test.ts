// A newer statement that names what it replaces ("Sessions now live in Redis, not Postgres") shares
// few words with the older one ("Sessions are stored in Postgres, table user_sessions": 2 of 5), so
// both stayed current in MEMORY.md and the primer. The thing it says is no longer so is in the older
// fact, and they share a subject: the newer replaces it, in the primer between dreams, in the dream,
// and with a model (which sees the sessions and the entry that is current).
import { afterEach, describe, expect, it } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { startFakeMessagesApi, textReply, type FakeMessagesApi, type RecordedRequest } from '../helpers/fake-messages-api.js';
import { currentFacts, learningRepo } from '../helpers/learning-repo.js';

const OLDER = 'Sessions are stored in Postgres, table user_sessions';
const NEWER = 'Sessions now live in Redis, not Postgres';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});


describe('a newer statement that names what it replaces', () => {
  it('replaces the older one in the primer between dreams and in the dream', async () => {
    const { repo, end } = await learningRepo('Sessions');
    await end('2026-11-02T11:00:00Z', OLDER);
    expect((await repo.run(['dream', '--offline', '--force'], { env: { GIT_MEMORY_NOW: '2026-11-03T10:00:00Z' } })).code).toBe(0);
    expect(currentFacts(repo.read('.openclaw_memory/MEMORY.md'))).toContain(OLDER);

    await end('2026-11-12T12:00:00Z', NEWER);
    // Between dreams: MEMORY.md still holds the older fact; the primer leaves it out.
    const primer = (await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-11-12T13:00:00Z' } })).stdout;
    expect(primer).toContain(NEWER);
    expect(primer).not.toContain('user_sessions');

    const dream = await repo.run(['dream', '--offline', '--force', '--json'], { env: { GIT_MEMORY_NOW: '2026-11-13T10:00:00Z' } });
    expect(dream.code, dream.stderr).toBe(0);
    expect(JSON.parse(dream.stdout).report.superseded).toEqual([{ old: OLDER, by: NEWER }]);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(currentFacts(memory)).toEqual([NEWER]);
    expect(parseLongTerm(memory).entries.find((e) => e.section === 'superseded')).toMatchObject({ text: OLDER, until: '2026-11-12' });
    const after = (await repo.run(['primer', '--no-write'], { env: { GIT_MEMORY_NOW: '2026-11-13T11:00:00Z' } })).stdout;
    expect(after).toContain(NEWER);
    expect(after).not.toContain('user_sessions');
  });

  it('a model dream sees both sessions and only the current entry, and keeps the replacement', async () => {
    api = await startFakeMessagesApi(() => textReply('nothing to change'));
    const { repo, end } = await learningRepo('Sessions', '[llm]\nprovider = "anthropic"\n');
    await end('2026-11-02T11:00:00Z', OLDER);
    await end('2026-11-12T12:00:00Z', NEWER);
    const r = await repo.run(['dream', '--force', '--json'], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: '', GIT_MEMORY_NOW: '2026-11-13T10:00:00Z' } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ran: true, source: 'model' });
    const asked = String(((api.requests[0] as RecordedRequest).body.messages as { content: string }[])[0]!.content);
    const [entries, sessions] = asked.split('</entries>') as [string, string];
    expect(entries).toMatch(/^e\d+ \[\w+\] Sessions now live in Redis, not Postgres/m);
    expect(entries).not.toContain('user_sessions');
    expect(sessions).toContain(`learned: ${OLDER}`);
    expect(sessions).toContain(`learned: ${NEWER}`);
    const memory = repo.read('.openclaw_memory/MEMORY.md');
    expect(currentFacts(memory)).toEqual([NEWER]);
    expect(memory).toMatch(/## Superseded\n\n- Sessions are stored in Postgres, table user_sessions/);
  });
});
