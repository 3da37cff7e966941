// Stop 51's attack (bench/attack.mjs --only=secrets-more): credential kinds issue 26 did not plant,
// in the forms a transcript gives them. A terminal's colour code ends in a letter (`\x1b[32m`) that
// sits where a rule looks for a token's start; percent-encoding hides a name's `=` and a token's
// start (`token%3A%20eyJ…`); a diff's removed line starts with `-`, which may be part of a token;
// a .env line inside a JSON string has its quote escaped (`KEY=\"…\"`). And what the line-by-line
// pass (the ledger, PreCompact's text, the primer) leaves of a private key: its lines after the
// first, which a session file then flattened into one line with the marker in front.
import { describe, expect, it } from 'vitest';
import { redactOutgoing } from '../../src/safety/outgoing.js';
import { redactQuickLines } from '../../src/safety/quick-redact.js';
import { redactText, scanText } from '../../src/safety/scan.js';
import { benignJournal } from './corpus.js';
import { credentialKinds } from './credential-kinds.mjs';

/** [kind, text before, secret, text after]: the secret is what must not get through. */
const KINDS: [string, string, string, string][] = credentialKinds('secret-forms').map((k) => [k.kind, k.before, k.secret, k.after]);
// A password with a letter outside ASCII: percent-encoded, its bytes (`%C3%BC`) cut the view's
// value in two where only ASCII was decoded (stop 52).
KINDS.push(['.env password, not ASCII', 'DB_PASSWORD=', 'Zq8xWm3kPvü9Rt2Lb7NcQw4Hy', '']);
// A random password whose lower-case run reads as a word to the identifier check (`jxocmwnx`): the
// generic rule took it for a name like `passwordResetTokenExpiry` (stop 52's attack, its seed).
KINDS.push(['.env password, a run of lower case', 'DB_PASSWORD=', '1A4jxocmwnxJMlkx', '']);
const json = (t: string) => JSON.stringify(t).slice(1, -1);
const pkcs8 = KINDS.find(([kind]) => kind === 'PKCS8 private key')![2];

/** The forms a transcript gives a credential's text. */
const FORMS: Record<string, (t: string) => string> = {
  plain: (t) => t,
  'JSON-escaped': (t) => JSON.stringify(t).slice(1, -1),
  'terminal colours': (t) => t.split('\n').map((l) => `\x1b[1;32m${l}\x1b[0m`).join('\n'),
  'terminal colours, JSON-escaped': (t) => JSON.stringify(`\x1b[31m${t}\x1b[0m`).slice(1, -1),
  'percent-encoded': (t) => `curl -s "https://api.acme.dev/v1/deploy?cfg=${encodeURIComponent(t)}"`,
  "diff's added lines": (t) => t.split('\n').map((l) => `+${l}`).join('\n'),
  "diff's removed lines": (t) => t.split('\n').map((l) => `-${l}`).join('\n'),
  // Stop 52: a tool's JSON output quoted in a transcript's JSON (`KEY=\\\"…\\\"`), colours in it, and
  // a URL put in another URL's query (`%253A`).
  'JSON within JSON': (t) => json(json(t)),
  'terminal colours, JSON within JSON': (t) => json(json(`\x1b[31m${t}\x1b[0m`)),
  'percent-encoded twice': (t) => `curl -s "https://sso.acme.dev/login?next=${encodeURIComponent(`https://api.acme.dev/v1/deploy?cfg=${encodeURIComponent(t)}`)}"`,
};

/** 12-character pieces of a secret (its lines, escaped or not): any one left is a leak. */
function pieces(secret: string): string[] {
  const out = new Set<string>();
  for (const form of [secret, json(secret), json(json(secret)), encodeURIComponent(secret), encodeURIComponent(encodeURIComponent(secret))]) {
    for (const line of form.split(/\n|\\n|\\\\n|%0A|%5Cn|%250A|%255Cn/)) {
      const t = line.trim();
      if (t.startsWith('-----') || t.startsWith('%2D%2D') || t.startsWith('%252D%252D')) continue;
      for (let i = 0; i + 12 <= t.length; i += 6) out.add(t.slice(i, i + 12));
    }
  }
  return [...out];
}

async function leaks(redact: (text: string) => Promise<string> | string): Promise<string[]> {
  const left: string[] = [];
  for (const [kind, before, secret, after] of KINDS) {
    for (const [form, f] of Object.entries(FORMS)) {
      const out = await redact(`${f(before + secret + after)}\n`);
      const found = pieces(secret).filter((p) => out.includes(p));
      if (found.length) left.push(`${kind} (${form}): ${found.length} pieces`);
    }
  }
  return left;
}

describe('every kind in every form a transcript gives it', () => {
  it('scanText finds it: nothing of it is left once redacted', async () => {
    expect(await leaks(async (t) => redactText(t, await scanText(t)))).toEqual([]);
  });

  it('what is sent to a model holds none of it', async () => {
    expect(await leaks(async (t) => (await redactOutgoing(t)).text)).toEqual([]);
  });

  it('the line-by-line pass (ledger, PreCompact, primer) leaves none of it, a private key over many lines included', async () => {
    expect(await leaks((t) => redactQuickLines(t))).toEqual([]);
  });

  it('what a line-by-line pass left of a key, flattened into a session file, is found whole', async () => {
    const body = pkcs8.split('\n');
    const left = `- Link it from the README ${body[0]} [REDACTED:private-key] ${body.slice(2, 5).join(' ')} ${body[5]!.slice(0, 30)}…`;
    const out = redactText(left, await scanText(left));
    expect(out).toBe('- Link it from the README [REDACTED:private-key]');
  });
});

describe("a secret split by a shell's line continuation", () => {
  // `export T=ghp_ab\` then `cd…` on the next line: the shell reads one value; a rule saw two lines,
  // and the line-by-line pass redacted the first half by its name and left the second (stop 52).
  const split = KINDS.filter(([, , secret]) => !secret.includes('\n')).map(([kind, before, secret, after]): [string, string, string] => {
    const h = Math.floor(secret.length / 2);
    return [kind, secret, `${before || 'export API_TOKEN='}${secret.slice(0, h)}\\\n${secret.slice(h)}${after} && ./deploy.sh\n`];
  });
  const left = async (redact: (text: string) => Promise<string> | string) => {
    const out: string[] = [];
    for (const [kind, secret, text] of split) {
      const r = await redact(text);
      for (const half of [secret.slice(0, secret.length / 2), secret.slice(secret.length / 2)]) if (half.length >= 12 && r.includes(half.slice(-12))) out.push(`${kind}: ${r}`);
    }
    return out;
  };
  it('is found whole: by scanText, in what a model is sent, by the line-by-line pass', async () => {
    expect(await left(async (t) => redactText(t, await scanText(t)))).toEqual([]);
    expect(await left(async (t) => (await redactOutgoing(t)).text)).toEqual([]);
    expect(await left((t) => redactQuickLines(t))).toEqual([]);
  });

  it('in a tool call rendered as JSON for a model, is found whole', async () => {
    const out: string[] = [];
    for (const [kind, secret, text] of split) {
      const sent = (await redactOutgoing(`[tool call] Bash {"command":${JSON.stringify(text)}}\n[assistant] Deployed.`)).text;
      for (const half of [secret.slice(0, secret.length / 2), secret.slice(secret.length / 2)]) if (half.length >= 12 && sent.includes(half.slice(-12))) out.push(`${kind}: ${sent}`);
    }
    expect(out).toEqual([]);
  });
  it('a command continued over lines keeps its words', async () => {
    const text = 'docker run --rm \\\n  -e NODE_ENV=production \\\n  -v "$PWD:/app" node:22 npm test\n';
    expect(await scanText(text)).toEqual([]);
    expect(redactQuickLines(text)).toBe(text);
  });
});

describe('the forms alone are no secret', () => {
  const benign = [
    '\x1b[32m✓\x1b[0m 1,204 tests passed in \x1b[1m12.4s\x1b[0m',
    '\\u001b[33mwarning\\u001b[0m: unused variable `token` in src/auth/session.ts:42',
    'GET https://search.acme.dev/q?term=refresh%20token%20rotation&lang=en%2DUS 200',
    'curl "https://api.acme.dev/v1/users?filter=name%3Djane%26role%3Dadmin"',
    'GET https://maps.acme.dev/search?q=caf%C3%A9%20M%C3%BCnchen&next=%2Fsearch%253Fq%253Dtoken%2520rotation 200',
    'const auth_mode = useHTTPSForAll; const password_rule = lengthsAndStrengths;',
    '{\\"name\\": \\"refresh_token_rotation\\", \\"enabled\\": true, \\"password_min_length\\": 12}',
    '--- a/src/auth/session.ts\n+++ b/src/auth/session.ts\n@@ -1,3 +1,3 @@\n-export const TOKEN_TTL = 3600;\n+export const TOKEN_TTL = 7200;\n-const passwordResetTokenExpiry = computeExpiry(config);\n+const passwordResetTokenExpiry = computeExpiry(settings);',
    '---\nsession: 20261207-1217-afc76b\n---\n- Rotate the deploy token\n-rf is not needed here\n+1 for the new retry policy',
  ];
  it('terminal colours, percent-encoded queries and diffs of code are not flagged', async () => {
    for (const text of benign) expect((await scanText(text)).map((f) => `${f.ruleId}: ${f.masked}`), text).toEqual([]);
    for (const text of benign) expect(redactQuickLines(text), text).toBe(text);
    for (const text of benign) expect((await redactOutgoing(text)).text, text).toBe(text);
  });

  it('the benign journal stays whole', async () => {
    const journal = benignJournal(200_000);
    const flagged = (await scanText(journal)).map((f) => `${f.ruleId}: ${f.masked}`);
    expect(flagged).toEqual([]);
    expect(redactQuickLines(journal)).toBe(journal);
  });
});

describe('the view of a line as read is linear', () => {
  // A string grown by `+=` and read by index is flattened at each read: a first version took 16.7 s
  // for 1 MB of `\u001b[` (and would take minutes for 3 MB, past the test's timeout); linear, each
  // case below takes well under a second.
  it.each([
    ['escaped escapes', '\\u001b['.repeat(4.3e5)],
    ['raw escapes', '\x1b['.repeat(1e6)],
    ['percent-encoded letters', '%41'.repeat(7e5)],
    ['diff lines', '\n-x'.repeat(7e5)],
    ['title escapes never closed', '\x1b]'.repeat(1e6)],
    ['percent-encoded percent signs', '%25'.repeat(7e5)],
    ['broken UTF-8 bytes, percent-encoded', '%C3'.repeat(7e5)],
    ['quotes escaped twice', '\\\\"'.repeat(7e5)],
    ['line continuations', `API_TOKEN=${'ab\\\n'.repeat(6e5)}`],
    ['backslash runs never an escape', `${'\\'.repeat(2e6)}%41`],
    ['backslash runs before escapes never closed', `${'\\\\u001b]'.repeat(3e5)}%41`],
  ])('finishes on %s (2-3 MB), finding nothing', async (_name, text) => {
    expect(await scanText(text)).toEqual([]);
    expect(redactQuickLines(text.slice(0, 200_000))).toBe(text.slice(0, 200_000));
  });
});
