// The session file the automatic end commits without a model, read as a teammate reads it in a PR
// (issue 25 §1). Over every transcript of test/fixtures, 9 of 24 session files said the files twice
// ("Completed: Changed docs/billing.md, README.md" and "Notes: Files changed: docs/billing.md,
// README.md"), and the Gemini session (transcripts/gemini.json, its paths moved into the test's
// repository) listed as next steps the two todos its later work had done.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { payload, workerDone } from '../agents/fixtures.js';
import { makeRepo, tempDir } from '../helpers/repo.js';
import { TRANSCRIPTS } from '../transcripts/fixtures.js';
import { journalTexts } from '../helpers/journal-session.js';

describe('the automatic end of a Gemini CLI session, without a model', () => {
  it('says the files changed once, and lists no todo the session did after writing its list', async () => {
    const repo = makeRepo({ until: 'test' });
    expect((await repo.run(['init', '--agent', 'gemini'])).code).toBe(0);
    mkdirSync(join(repo.dir, 'docs'), { recursive: true });
    writeFileSync(join(repo.dir, 'docs', 'billing.md'), '# Billing webhooks\n');
    // The recorded session, as if it had run in this repository.
    const transcript = join(tempDir('gm-transcript-'), 'session.json');
    writeFileSync(transcript, readFileSync(join(TRANSCRIPTS, 'gemini.json'), 'utf8').replaceAll('/home/jane/acme', repo.dir));
    const r = repo.exec(['hook', 'agent', 'session-end', '--agent', 'gemini'], { stdin: payload('gemini/session-end.json', { cwd: repo.dir, transcript_path: transcript }) });
    expect(r.code, r.stderr).toBe(0);
    await workerDone(repo, /^memory: Document the billing webhooks/);
    const [session] = journalTexts(repo);
    expect(session!.slice(session!.indexOf('## Session'))).toMatch(
      /^## Session \d\d:\d\d\n\n### Request\nDocument the billing webhooks\n\n### Completed\n- Changed docs\/billing\.md, README\.md\n$/,
    );
  });
});
