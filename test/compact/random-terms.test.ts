// A key pasted alone, with no name or prefix a secret rule knows (`kJI2taWSgEVzlr2NElVi…`, a
// 40-character base62 run), read as camel case and became one of a compaction's Key Technical
// Concepts: into the summary the agent reads after a compaction and the model's must-keep list
// (stop 54). Identifiers stay terms, whatever their capitals and digits.
import { describe, expect, it } from 'vitest';
import { extractKeyInfo, identifierTerms } from '../../src/compact/key-info.js';
import { isRandomRun } from '../../src/safety/rules.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';
import { call, claudeTranscript, prompt, result } from '../helpers/claude-records.js';
import { makeRepo } from '../helpers/repo.js';
import { rng } from '../helpers/rng.js';

const PASTED = ['kJI2taWSgEVzlr2NElViQx9pLm3Rt7Yb2Wc5Nd8Fh1Jk', 'qR7vX2mKp9LwT4nB8cF6hJ1sD5gA3eU0yZ', 'Zx8Kq2Lm9Np4Rs7Tv1Wy3Ab5Cd6Ef0Gh2Ij'];
const IDENTIFIERS = ['getUserById', 'useEffect', 'HTTP2Server', 'SHA256Digest', 'getSecretManagerClient', 'XMLHttpRequest', 'oauth2ClientCredentials', 'revokeRefreshTokenForSession', 'base64UrlEncode', 'TS2345', 'ECONNREFUSED'];

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

describe('a technical term that is a key pasted alone', () => {
  it('identifiers read as identifiers; random base62 runs of 40 as random, all but a few in a thousand', () => {
    for (const id of IDENTIFIERS) expect(isRandomRun(id), id).toBe(false);
    for (const p of PASTED) expect(isRandomRun(p), p).toBe(true);
    const next = rng(54);
    let words = 0;
    for (let i = 0; i < 1000; i++) {
      const run = 'k' + Array.from({ length: 39 }, () => B62[Math.floor(next() * 62)]).join('');
      if (!isRandomRun(run)) words++;
    }
    expect(words).toBeLessThan(10);
  });

  it('is no term of the key; the identifiers beside it are', () => {
    const l = emptyLedger('claude', 's1');
    for (const p of PASTED) l.user_messages.push({ at: '2026-12-07T09:00:00.000Z', text: `Use ${p} for staging, then call getUserById and useEffect` });
    l.errors.push({ at: '2026-12-07T09:00:01.000Z', tool: 'Bash', message: `Error: 401 in \`HTTP2Server\` for \`${PASTED[1]}\` (\`SHA256Digest\` mismatch)`, followed_by: '' });
    const terms = extractKeyInfo(l).technical_terms.map((t) => t.text);
    for (const id of ['getUserById', 'useEffect', 'HTTP2Server', 'SHA256Digest']) expect(terms).toContain(id);
    expect(terms.filter((t) => PASTED.some((p) => t.includes(p.slice(0, 12)) || p.includes(t)))).toEqual([]);
    expect(identifierTerms(`call \`${PASTED[1]}\` then getUserById`)).toEqual(['getUserById']);
  });

  it("is not among `git memory compact`'s Key Technical Concepts", async () => {
    const repo = makeRepo({ now: '2026-12-07T10:30:00Z' });
    repo.write('src/auth.ts', 'export const x = 1;\n');
    const t = claudeTranscript(repo.dir, [
      prompt(`Use ${PASTED[0]} on staging and make getUserById read it`),
      call('c1', 'Edit', { file_path: `${repo.dir}/src/auth.ts`, old_string: 'x = 1', new_string: 'x = 2' }),
      result('c1', 'ok'),
      prompt(`and ${PASTED[1]} for production, same in useEffect`),
    ]);
    const r = await repo.run(['compact', '--offline', '--json', '--transcript', t]);
    expect(r.code, r.stderr).toBe(0);
    const summary: string = JSON.parse(r.stdout).summary;
    const concepts = summary.split(/^## /m).find((s) => s.includes('Key Technical Concepts'))!;
    expect(concepts).toContain('getUserById');
    expect(concepts).toContain('useEffect');
    expect(PASTED.filter((p) => concepts.includes(p.slice(0, 12)))).toEqual([]);
    // Not even as what the output's last check made of it, in a real term's place.
    expect(concepts).not.toContain('[REDACTED:');
  });
});
