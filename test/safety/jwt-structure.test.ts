import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactQuick } from '../../src/safety/quick-redact.js';
import { scanText } from '../../src/safety/scan.js';

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const header = (h: object, spacing = '') => b64(JSON.stringify(h, null, spacing || undefined));
const sig = () => b64(randomBytes(32));

// Each a JWT by its header alone: the payload is opaque, encrypted, not JSON, or absent.
const tokens: [string, string][] = [
  ['opaque payload', `${header({ alg: 'HS256' })}.${b64(randomBytes(48))}.${sig()}`],
  ['payload not JSON', `${header({ alg: 'RS256', typ: 'JWT' })}.${b64('user=42;role=admin')}.${sig()}`],
  ['detached payload', `${header({ alg: 'ES256', b64: false, crit: ['b64'] })}..${sig()}`],
  ['encrypted (JWE, 5 parts)', `${header({ alg: 'RSA-OAEP', enc: 'A256GCM' })}.${b64(randomBytes(256))}.${b64(randomBytes(12))}.${b64(randomBytes(80))}.${b64(randomBytes(16))}`],
  ['JWE with direct key (empty key part)', `${header({ alg: 'dir', enc: 'A128GCM' })}..${b64(randomBytes(12))}.${b64(randomBytes(40))}.${b64(randomBytes(16))}`],
  ['pretty-printed header', `${header({ alg: 'HS512' }, '\n')}.${b64('{"sub":"1"}')}.${sig()}`],
  ['JSON payload (as before)', `${header({ alg: 'HS256', typ: 'JWT' })}.${b64('{"sub":"1234567890","name":"Jane"}')}.${sig()}`],
];

describe('JWTs are recognised by their structure, whatever the payload', () => {
  it.each(tokens)('%s', async (_what, token) => {
    const text = `The session cookie was ${token}. It expires tomorrow.`;
    const found = await scanText(text);
    expect(found.map((f) => [f.ruleId, text.slice(f.start, f.end)])).toContainEqual(['jwt', token]);
    expect(redactQuick(text)).toBe('The session cookie was [REDACTED:jwt]. It expires tomorrow.');
  });

  it('is not fooled by dotted base64 whose first part is not a JSON header with alg', async () => {
    const notJwts = [
      `${header({ typ: 'JWT', kid: 'abc' })}.${b64(randomBytes(40))}.${sig()}`, // JSON without alg
      `${b64('not json at all, just text')}.${b64(randomBytes(40))}.${sig()}`, // starts ey? no: checked anyway
      `eyNotBase64Json0000.${b64(randomBytes(40))}.${sig()}`,
      'eyeballing.the.release-notes-for-version-two',
    ];
    for (const t of notJwts) {
      const found = await scanText(`value ${t} here`);
      expect(found.filter((f) => f.ruleId === 'jwt'), t).toEqual([]);
      expect(redactQuick(`value ${t} here`)).not.toContain('REDACTED:jwt');
    }
  });
});
