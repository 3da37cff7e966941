import { describe, expect, it } from 'vitest';
import { CHUNK_OVERLAP, CHUNK_SIZE, maskValue, redactText, scanText } from '../../src/safety/scan.js';
import { benignJournal, credentials, negatives } from './corpus.js';

const overlaps = (f: { start: number; end: number }, start: number, end: number) => f.start < end && start < f.end;

describe('scanText on the corpus', () => {
  it('has enough material to mean something', () => {
    expect(credentials.length).toBeGreaterThanOrEqual(60);
    expect(new Set(credentials.map((c) => c.provider)).size).toBeGreaterThanOrEqual(20);
    expect(negatives.length).toBeGreaterThanOrEqual(60);
  });

  it('catches every credential, under the expected rule', async () => {
    const missed: string[] = [];
    const misnamed: string[] = [];
    for (const c of credentials) {
      const found = (await scanText(c.text)).filter((f) => overlaps(f, c.start, c.start + c.secret.length));
      if (found.length === 0) missed.push(`${c.provider} (${c.rule}): ${maskValue(c.secret)}`);
      else if (!found.some((f) => f.ruleId === c.rule)) misnamed.push(`${c.provider}: ${found.map((f) => f.ruleId).join(', ')} instead of ${c.rule}`);
    }
    expect(missed, `missed ${missed.length}/${credentials.length}`).toEqual([]);
    expect(misnamed).toEqual([]);
  });

  it('flags none of the hard negatives', async () => {
    const flagged: string[] = [];
    for (const text of negatives) {
      for (const f of await scanText(text)) flagged.push(`${f.ruleId} in ${JSON.stringify(text.slice(0, 80))}`);
    }
    expect(flagged).toEqual([]);
  });

  it('redacts every credential: the value is gone and the rule is named', async () => {
    for (const c of credentials) {
      const redacted = redactText(c.text, await scanText(c.text));
      expect(redacted, c.provider).not.toContain(c.secret);
      expect(redacted, c.provider).toMatch(/\[REDACTED:[a-z0-9/-]+\]/);
      expect(redacted.startsWith(c.text.slice(0, c.start)), c.provider).toBe(true);
      // Redacted text is what gets written, so rescanning it must come back clean.
      expect(await scanText(redacted), c.provider).toEqual([]);
    }
  });

  it('reports 1-based line and column of the value, sorted by position', async () => {
    const a = credentials.find((c) => c.rule === 'github-token')!;
    const b = credentials.find((c) => c.rule === 'stripe-key')!;
    const text = `# notes\n\n${b.text}\n  ${a.text}\n`;
    const findings = await scanText(text);
    expect(findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([
      ['stripe-key', 3, b.start + 1],
      ['github-token', 4, a.start + 3],
    ]);
    expect(text.slice(findings[1]!.start, findings[1]!.end)).toBe(a.secret);
  });

  it('reports one finding when the preset and a project rule see the same secret', async () => {
    const c = credentials.find((x) => x.rule === 'aws-secret-access-key')!;
    const findings = await scanText(c.text);
    expect(findings).toHaveLength(1);
    expect(c.text.slice(findings[0]!.start, findings[0]!.end)).toBe(c.secret);
  });

  it('names the password, not the whole URL, in connection strings', async () => {
    const c = credentials.find((x) => x.rule === 'database-url')!;
    const [f] = await scanText(c.text);
    expect(c.text.slice(f!.start, f!.end)).toBe(c.secret);
    expect(redactText(c.text, [f!])).toContain('@db.internal:5432/app');
  });

  it('ignores secretlint-disable comments, which untrusted memory text could carry', async () => {
    // A token only the preset knows, so the project rules cannot mask a regression.
    const c = credentials.find((x) => x.rule === 'secretlint/linear')!;
    expect(await scanText(`<!-- secretlint-disable -->\n${c.text}`)).toHaveLength(1);
  });

  it('leaves no performance marks behind, so long-running processes do not leak', async () => {
    const before = performance.getEntriesByType('mark').length;
    for (let i = 0; i < 20; i++) await scanText(credentials[i]!.text);
    expect(performance.getEntriesByType('mark').length).toBe(before);
  });

  it('finds nothing in empty text', async () => {
    expect(await scanText('')).toEqual([]);
  });
});

describe('messages and masking', () => {
  it('never reveals more than 4 characters of a value', async () => {
    for (const c of credentials) {
      const masked = maskValue(c.secret);
      expect(masked.replace(/\*/g, '').length, c.provider).toBeLessThanOrEqual(4);
      for (const f of await scanText(c.text)) {
        expect(f.message, c.provider).not.toContain(c.secret.slice(0, 8));
        expect(f.masked.replace(/\*/g, '').length).toBeLessThanOrEqual(4);
      }
    }
    expect(maskValue('short')).toBe('****');
  });
});

describe('allowlist', () => {
  const c = credentials.find((x) => x.rule === 'github-token')!;

  it('suppresses an exact value', async () => {
    expect(await scanText(c.text, { allowlist: [c.secret] })).toEqual([]);
    expect(await scanText(c.text, { allowlist: [c.secret.slice(0, -1)] })).toHaveLength(1);
  });

  it('suppresses values matching a /regex/flags entry', async () => {
    expect(await scanText(c.text, { allowlist: [`/${c.secret.slice(-6).toUpperCase()}$/i`] })).toEqual([]);
    expect(await scanText(c.text, { allowlist: ['/^ghx_/'] })).toHaveLength(1);
    // Pinned only to what every token of the kind shares: it would allow them all (broad-allowlist.test.ts).
    expect(await scanText(c.text, { allowlist: ['/^GHP_/i'] })).toHaveLength(1);
  });

  it('treats an invalid pattern as an exact string instead of throwing', async () => {
    expect(await scanText(c.text, { allowlist: ['/[/'] })).toHaveLength(1);
  });
});

describe('large input', () => {
  it('finds nothing in 1 MB of realistic benign journal', async () => {
    const journal = benignJournal(1_000_000);
    expect(journal.length).toBeGreaterThanOrEqual(1_000_000);
    expect(await scanText(journal)).toEqual([]);
  });

  it('finds a secret that straddles the chunk boundary, exactly once', async () => {
    const c = credentials.find((x) => x.rule === 'anthropic-api-key')!;
    const filler = benignJournal(CHUNK_SIZE * 2);
    const at = CHUNK_SIZE - 20; // the value starts in chunk 1 and ends in chunk 2
    const text = filler.slice(0, at - c.start) + c.text + filler.slice(at - c.start);
    const findings = await scanText(text);
    expect(findings.map((f) => [f.ruleId, text.slice(f.start, f.end)])).toEqual([['anthropic-api-key', c.secret]]);
  });

  it('finds a secret inside the overlap of two chunks exactly once', async () => {
    const c = credentials.find((x) => x.rule === 'slack-token')!;
    const filler = benignJournal(CHUNK_SIZE + CHUNK_OVERLAP);
    const at = CHUNK_SIZE - CHUNK_OVERLAP / 2; // seen whole by both chunks
    const text = filler.slice(0, at) + '\n' + c.text + '\n' + filler.slice(at);
    expect((await scanText(text)).map((f) => f.ruleId)).toEqual(['slack-token']);
  });

  it('finds every one of 50,000 key ids packed into 1 MB, once each', async () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `AKIA${i.toString(36).toUpperCase().padStart(4, '7')}QZ3XW5RT2PLM`);
    const findings = await scanText(ids.join(' '));
    expect(findings).toHaveLength(ids.length);
    expect(new Set(findings.map((f) => f.ruleId))).toEqual(new Set(['aws-access-key-id']));
  });

  it('finds secrets past the first chunk, once each', async () => {
    const c = credentials.find((x) => x.rule === 'private-key')!;
    const filler = benignJournal(CHUNK_SIZE + CHUNK_OVERLAP);
    const text = `${filler}\n${c.text}\n${filler}\n${c.text}\n`;
    const findings = await scanText(text);
    expect(findings.map((f) => f.ruleId)).toEqual(['private-key', 'private-key']);
  });

  it.each([
    ['a run of letters', 'a'.repeat(1e6)],
    ['key= and a long run', 'key=' + 'A'.repeat(1e6)],
    ['postgres:// and a:a:a', 'postgres://' + 'a:'.repeat(5e5)],
    ['runs of = : @', '='.repeat(3e5) + ':'.repeat(3e5) + '@'.repeat(3e5)],
    ['repeated key headers', '-----BEGIN RSA PRIVATE KEY-----\n'.repeat(3e4)],
    ['repeated bearer', 'Bearer '.repeat(1.5e5)],
    ['url-ish noise', 'https://u:p'.repeat(1e5)],
  ])('finishes on adversarial input: %s', async (_name, text) => {
    expect(await scanText(text)).toEqual([]);
  });

  it('still finds a real secret at the end of an adversarial run', async () => {
    const c = credentials.find((x) => x.rule === 'google-api-key')!;
    const findings = await scanText('key=' + 'A'.repeat(1e6) + '\n' + c.text);
    expect(findings.map((f) => f.ruleId)).toEqual(['google-api-key']);
  });
});
