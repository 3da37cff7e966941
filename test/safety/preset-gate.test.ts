import { describe, expect, it } from 'vitest';
import { PRESET_PARTS, presetMayMatch } from '../../src/safety/preset-gate.js';
import { lintPreset, presetRuleIds } from '../../src/safety/preset.js';
import { benignJournal, credentials, negatives } from './corpus.js';

// Values are made here from a fixed generator (never valid anywhere), in pieces, like corpus.json's.
let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const of = (chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(rand() * chars.length)]).join('');
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64 = `${ALNUM}+/`;
const pem = (kind: string) => `-----BEGIN ${kind}PRIVATE KEY-----\nMII${of(B64, 61)}\n${of(B64, 64)}\n${of(B64, 64)}\n-----END ${kind}PRIVATE KEY-----`;
const onePassword = () => {
  let json = JSON.stringify({ signInAddress: 'my.1password.com', userAuth: { method: 'SRPg-4096', alg: 'PBES2g-HS256', iterations: 650000, salt: of(ALNUM, 22) }, email: 'x@example.com', srpX: of('0123456789abcdef', 64), muk: { alg: 'A256GCM', ext: true, k: of(ALNUM, 43), key_ops: ['encrypt', 'decrypt'], kty: 'oct', kid: 'mp' }, secretKey: `A3-${of(UPPER, 6)}`, throttleSecret: { seed: of('0123456789abcdef', 64), deviceUuid: of(ALNUM, 26) }, deviceUuid: of(ALNUM, 26) });
  while (json.length % 3 !== 1) json = `${json.slice(0, -1)} }`;
  return `OP_SERVICE_ACCOUNT_TOKEN=ops_${Buffer.from(json).toString('base64').replace(/=+$/, '')}`;
};

/** A text per shape each preset rule finds (several for rules with several patterns). */
const SAMPLES = [
  `aws_access_key_id = ${'AK'}IA${of(UPPER, 16)}`,
  `aws_secret_access_key = "${of(B64, 40)}"`,
  `"AWS_ACCOUNT_ID": "${of('0123456789', 4)}-${of('0123456789', 4)}-${of('0123456789', 4)}"`,
  pem('RSA '),
  JSON.stringify({ type: 'service_account', project_id: 'demo', private_key_id: of('0123456789abcdef', 40), private_key: `${pem('')}\n`, client_email: 'x@demo.iam.gserviceaccount.com' }),
  `token: ${'np'}m_${of(ALNUM, 36)}`,
  `https://${of(ALNUM, 20)}:x-oauth-basic@github.com/org/repo.git`,
  `curl https://deploy:${of(ALNUM, 14)}@ci.example.com/hook`,
  `SLACK=${'xo'}xb-${of('0123456789', 12)}-${of('0123456789', 12)}-${of(ALNUM, 24)}`,
  `https://hooks.slack.com/services/T${of(UPPER, 8)}/B${of(UPPER, 8)}/${of(ALNUM, 24)}`,
  `SENDGRID_API_KEY=${'S'}G.${of(ALNUM, 22)}.${of(ALNUM, 43)}`,
  `${'sh'}pat_${of('0123456789abcdef', 32)}`,
  `GITHUB_TOKEN=${'gh'}p_${of(ALNUM, 36)}`,
  `${'gith'}ub_pat_${of(ALNUM, 82)}`,
  `OPENAI_API_KEY=sk-${of(ALNUM, 20)}${'T3Blbk'}FJ${of(ALNUM, 20)}`,
  `ANTHROPIC_API_KEY=${'sk-an'}t-api03-${of(`${ALNUM}_-`, 93)}AA`,
  `LINEAR_API_KEY=${'lin_'}api_${of(ALNUM, 40)}`,
  onePassword(),
  `DATABASE_URL=postgres://app:${of(ALNUM, 16)}@db.example.com:5432/app`,
  `MONGO=mongodb+srv://root:${of(ALNUM, 16)}@cluster0.example.net/prod`,
  `mysql://admin:${of(ALNUM, 16)}@10.0.0.5:3306/shop`,
];

describe('the gate before secretlint’s preset (preset-gate.ts)', () => {
  it('has no string that starts another (the pattern for long chunks finds one string at a place)', () => {
    const strings = [...new Set(PRESET_PARTS.flatMap((p) => p.needles))];
    expect(strings.filter((a) => strings.some((b) => b !== a && b.startsWith(a)))).toEqual([]);
  });

  it('knows every rule of the installed preset, and no other', () => {
    const ids = presetRuleIds().map((id) => id.replace('@secretlint/secretlint-rule-', ''));
    expect([...new Set(PRESET_PARTS.map((p) => p.rule))].sort()).toEqual([...ids].sort());
  });

  it('lets through every text the preset finds something in, each preset rule seen at least once', async () => {
    const seen = new Set<string>();
    const stopped: string[] = [];
    for (const text of [...SAMPLES, ...credentials.map((c) => c.text), ...negatives]) {
      const found = (await lintPreset(text)).messages;
      for (const m of found) seen.add(m.ruleId.replace('@secretlint/secretlint-rule-', ''));
      // A long chunk goes another way (one pattern of all the strings): the same text amid filler too.
      const long = `${'lorem ipsum dolor '.repeat(120)}\n${text}\n${'aaaa '.repeat(500)}`;
      if (found.length && (!presetMayMatch(text) || !presetMayMatch(long))) stopped.push(`${found.map((m) => m.ruleId).join(', ')}: ${text.slice(0, 40)}`);
    }
    expect(stopped).toEqual([]);
    // gcp reads only files named .json or .p12, and memory text goes to the preset as memory.md: the
    // service account's key is the privatekey rule's (the gate lets it through by 'private key').
    const expected = presetRuleIds().map((id) => id.replace('@secretlint/secretlint-rule-', '')).filter((id) => id !== 'gcp');
    expect([...seen].sort()).toEqual(expected.sort());
  });

  it('stops ordinary memory text: secretlint is not loaded for it', () => {
    const text = benignJournal(256 * 1024);
    let through = 0;
    let chunks = 0;
    for (let at = 0; at < text.length; at += 6 * 1024, chunks++) if (presetMayMatch(text.slice(at, at + 8 * 1024))) through++;
    expect(chunks).toBeGreaterThan(40);
    expect(through / chunks).toBeLessThan(0.2);
    for (const s of ['msg.content was empty', 'Deploy to asia-east1', 'the account page', 'keep the secret out of logs', 'see https://example.com/a:b', 'secrets.NPM_TOKEN in the workflow', 'support mongodb+srv URLs']) expect(presetMayMatch(s), s).toBe(false);
  });
});
