// The model path of issue 25 §2.1 (dream with [llm]): the model is told to resolve contradictions said
// in other words, the newer session winning, and a "superseded by eN" removal it makes moves the older
// entry to Superseded in the committed MEMORY.md (real SDK, fake Messages API). The pair here is one no
// deterministic rule reads (no tool of a kind, no word of change): what only a model can tell.
import { afterEach, describe, expect, it } from 'vitest';
import { parseLongTerm } from '../../src/memory/long-term.js';
import { serializeSession, type Session } from '../../src/memory/session.js';
import { startFakeMessagesApi, textReply, toolUseReply, type FakeMessagesApi, type RecordedRequest } from '../helpers/fake-messages-api.js';
import { makeMemoryRepo } from '../helpers/repo.js';

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const OLDER = 'Releases are cut by hand from the main branch every Friday';
const NEWER = 'Every merge to main publishes a release through semantic-release';

describe('dream with a model resolves a contradiction in other words', () => {
  it('asks the model to resolve contradictions and keeps its "superseded by" as Superseded', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-12T09:00:00', until: 'file' });
    for (const [i, date, fact] of [[0, '2026-10-03', OLDER], [1, '2026-10-21', NEWER]] as const) {
      const s: Session = { id: `${date.replace(/-/g, '')}-1000-r${i}`, date, time: '10:00', agent: 'claude', request: `Session ${i}`, learned: [fact], decisions: [], completed: [], next_steps: [], notes: [], commits: [] };
      repo.write(`.openclaw_memory/journal/${date}/1000-claude-r${i}.md`, serializeSession(s, 'en'));
    }
    repo.write('.openclaw_memory.toml', '[llm]\nprovider = "anthropic"\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'memory: sessions');
    const id = (req: RecordedRequest, text: string) => new RegExp(`^(e\\d+) \\[\\w+\\] ${text}`, 'm').exec(String((req.body.messages as { content: string }[])[0]!.content))?.[1];
    api = await startFakeMessagesApi((req, n) => {
      if (n > 0) return textReply('done');
      const older = id(req, 'Releases are cut by hand');
      const newer = id(req, 'Every merge to main');
      return older && newer ? toolUseReply([{ name: 'remove_entry', input: { id: older, reason: `superseded by ${newer}` } }]) : textReply('nothing');
    });
    const r = await repo.run(['dream', '--force', '--json'], { env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: api.url, PATH: '' } });
    expect(r.code, r.stderr).toBe(0);
    const system = JSON.stringify(api.requests[0]!.body.system);
    expect(system).toMatch(/resolve contradictions, in other words too/);
    expect(system).toMatch(/newer session wins/);
    // Both facts reach the model as entries: the deterministic pass left the pair to it.
    expect(id(api.requests[0]!, 'Releases are cut by hand')).toBeTruthy();
    expect(JSON.parse(r.stdout).report.superseded).toEqual([{ old: OLDER, by: NEWER }]);
    const doc = parseLongTerm(repo.read('.openclaw_memory/MEMORY.md'));
    expect(doc.entries.filter((e) => e.section === 'superseded').map((e) => e.text)).toEqual([OLDER]);
    expect(doc.entries.filter((e) => e.section !== 'superseded' && e.section !== 'forgotten').map((e) => e.text)).toEqual([NEWER]);
  });
});
