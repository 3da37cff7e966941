// What stop 52's attack (bench/attack.mjs --only=secrets-52) left: a secret split by a shell's line
// continuation (`export T=xoxb-…\` and the rest on the next line) where the continuation is escaped
// as JSON (a Codex call's arguments rendered for a model: `\\\n`; the rollout's own line: `\\\\\\n`),
// and where a one-line rendering (a compaction's Files list, its must-keep items) turned the
// continuation into a space before the rules saw it. Each pass took the first half by its name and
// left the second.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderAfterCompact } from '../../src/commands/steps/compaction-prepared.js';
import { mustKeep, mustKeepText } from '../../src/compact/must-keep.js';
import { compactRequest } from '../../src/compact/model.js';
import { ledgerSummary } from '../../src/compact/ledger-summary.js';
import { commandTerms, extractKeyInfo, type KeyInfo } from '../../src/compact/key-info.js';
import { redactOutgoing } from '../../src/safety/outgoing.js';
import { escapedContinuation, flatAsRead } from '../../src/safety/plain-view.js';
import { redactQuickLines, redactQuickOnce } from '../../src/safety/quick-redact.js';
import { redactText, scanText } from '../../src/safety/scan.js';
import { renderTranscript } from '../../src/transcripts/render.js';
import { shellReads } from '../../src/transcripts/tool-input.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';
import { credentialKinds } from './credential-kinds.mjs';

const json = (t: string) => JSON.stringify(t).slice(1, -1);
/** [kind, secret, the secret's text split by a continuation at its middle]: one-line secrets only. */
const SPLIT: [string, string, string][] = credentialKinds('split-continuation')
  .filter((k) => !k.secret.includes('\n'))
  .map((k) => {
    const h = Math.floor(k.secret.length / 2);
    return [k.kind, k.secret, `${k.before || 'SLACK_BOT='}${k.secret.slice(0, h)}\\\n${k.secret.slice(h)}${k.after}`];
  });

/** The kinds whose secret's halves (their last 12 characters, either half) `out` of each text still holds. */
async function left(make: (text: string) => string, redact: (text: string) => Promise<string> | string): Promise<string[]> {
  const out: string[] = [];
  for (const [kind, secret, text] of SPLIT) {
    const r = await redact(make(text));
    const h = Math.floor(secret.length / 2);
    for (const half of [secret.slice(0, h), secret.slice(h)]) if (half.length >= 12 && (r.includes(half.slice(-12)) || r.includes(json(half).slice(-12)))) out.push(`${kind}: ${r.slice(0, 300)}`);
  }
  return [...new Set(out)];
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a continuation escaped as JSON', () => {
  it('counts a run of backslashes before an `n` as a continuation at each depth of escaping', () => {
    // once: `\\` `\n` (3); a backslash before it escaped too (7); twice (6); three times (12)
    expect([1, 2, 3, 4, 5, 6, 7, 12, 14].filter(escapedContinuation)).toEqual([3, 6, 7, 12, 14]);
  });

  it.each([
    ['escaped once (a call rendered as JSON)', (t: string) => `[tool call] update_plan {"explanation":"Fix the test\\n${json(t)}"}`],
    ['escaped twice (the rollout line)', (t: string) => `{"arguments":"{\\"explanation\\":\\"Fix the test\\\\n${json(json(t))}\\"}"}`],
  ])('%s: found whole by scanText, the line-by-line pass and what goes to a model', async (_name, make) => {
    expect(await left(make, (t) => redactQuickLines(t))).toEqual([]);
    expect(await left(make, async (t) => redactText(t, await scanText(t)))).toEqual([]);
    expect(await left(make, async (t) => (await redactOutgoing(t)).text)).toEqual([]);
  });

  it("in a Codex call's arguments: the rendering for a model and what is sent hold no half", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gm-split-continuation-'));
    dirs.push(dir);
    const path = join(dir, 'rollout.jsonl');
    const records = SPLIT.map(([, , text], i) => ({
      timestamp: '2026-12-07T09:00:00.000Z',
      type: 'response_item',
      payload: { type: 'function_call', name: 'update_plan', call_id: `call_${i}`, arguments: JSON.stringify({ explanation: `Fix the flaky test\n${text}`, plan: [{ step: 'Use fake timers', status: 'in_progress' }] }) },
    }));
    writeFileSync(path, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const rendered = renderTranscript(path, { agent: 'codex', from: 0, maxChars: 1_000_000 });
    expect(rendered).toContain('[tool call] update_plan');
    const whole = (t: string) => SPLIT.map(([kind, secret]) => [kind, secret, t] as const);
    const halvesIn = (t: string) =>
      whole(t).flatMap(([kind, secret]) => {
        const h = Math.floor(secret.length / 2);
        return [secret.slice(0, h), secret.slice(h)].filter((half) => half.length >= 12 && (t.includes(half.slice(-12)) || t.includes(json(half).slice(-12)))).map(() => kind);
      });
    expect(halvesIn(rendered)).toEqual([]);
    expect(halvesIn((await redactOutgoing(JSON.stringify({ content: rendered }))).text)).toEqual([]);
  });

  it('leaves a continued command and escaped line breaks in code as they were', async () => {
    const benign = [
      `[tool call] exec_command ${JSON.stringify({ cmd: 'docker run --rm \\\n  -e NODE_ENV=production \\\n  -v "$PWD:/app" node:22 npm test' })}`,
      '[tool call] Edit {"new_string":"const re = /\\\\\\\\n/; // a backslash and an n\\nconst sep = \\"\\\\\\\\\\\\n\\";"}',
      JSON.stringify(JSON.stringify({ cmd: 'make build \\\n  && make test' })),
    ];
    for (const text of benign) {
      expect(redactQuickLines(text), text).toBe(text);
      expect(await scanText(text), text).toEqual([]);
      expect((await redactOutgoing(text)).text, text).toBe(text);
    }
  });

  it.each([
    ['escaped continuations', `API_TOKEN=${'ab\\\\\\n'.repeat(4e5)}`],
    ['escaped twice', `API_TOKEN=${'ab\\\\\\\\\\\\n'.repeat(3e5)}`],
    ['backslash runs before an n, never a continuation', `${'\\\\\\\\n'.repeat(5e5)}`],
  ])('finishes on %s (2-3 MB), finding nothing', async (_name, text) => {
    expect(await scanText(text)).toEqual([]);
    expect(redactQuickLines(text.slice(0, 200_000))).toBe(text.slice(0, 200_000));
  });
});

describe('a continuation in text put on one line before the rules see it', () => {
  // A path the ledger holds verbatim: Codex's workdir or a Gemini file path with a line break and a
  // continued secret (stop 52's attack planted them; real paths hold none, a hostile one may).
  const path = (t: string) => `/home/jane/acme/src/billing/webhooks.ts\n${t}`;
  const key = (t: string): KeyInfo => ({ file_names: [{ text: path(t), probe: [] }], error_messages: [], user_commands: [{ text: `Deploy it:\n${t}`, probe: [] }], technical_terms: [] });

  it('flatAsRead joins a continuation as the shell reads it, and blanks as before', () => {
    expect(flatAsRead('npm run build \\\n  --watch\tnow\n')).toBe('npm run build --watch now ');
    expect(flatAsRead('T=ab\\\ncd and C:\\\\\nnext')).toBe('T=abcd and C:\\\\ next');
  });

  it("SessionStart(compact)'s Files and user's messages (also kept in compact-context.json) hold no half", async () => {
    expect(await left((t) => t, (t) => renderAfterCompact({ dropped: { file_names: [path(t)], user_commands: [`Deploy it:\n${t}`] }, hot: [], notes: null, notesTruncated: false }, 10_000))).toEqual([]);
  });

  it("compact's <must_keep> as sent to a model holds no half", async () => {
    const sent = async (t: string) => {
      const req = compactRequest({ transcript: '[user] Deploy it.', key: key(t), maxOutputTokens: 2000 });
      const content = req.messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
      return (await redactOutgoing(content)).text;
    };
    expect(await left((t) => t, sent)).toEqual([]);
  });

  it("PreCompact's must-keep text and the ledger's own summary hold no half", async () => {
    const ledgerOf = (t: string) => {
      const l = emptyLedger('claude', 's1');
      l.user_messages.push({ at: '2026-12-07T09:00:00.000Z', text: `Deploy it:\n${t}` });
      return l;
    };
    expect(await left((t) => t, (t) => redactQuickOnce(mustKeepText(mustKeep(ledgerOf(t)))))).toEqual([]);
    expect(await left((t) => t, (t) => redactQuickLines(ledgerSummary(ledgerOf(t))))).toEqual([]);
  });
});

describe("a compaction's technical terms", () => {
  it('come from no secret a user pasted or an error printed', () => {
    const l = emptyLedger('claude', 's1');
    const kinds = credentialKinds('technical-terms');
    for (const k of kinds) l.user_messages.push({ at: '2026-12-07T09:00:00.000Z', text: `Deploy with ${k.before || 'export API_TOKEN='}${k.secret}${k.after} and call useRefreshToken` });
    for (const k of kinds.slice(0, 8)) l.errors.push({ at: '2026-12-07T09:00:01.000Z', tool: 'Bash', message: `Error: bad credentials ${k.before}${k.secret}${k.after} in getUserById`, followed_by: '' });
    const terms = extractKeyInfo(l).technical_terms.map((t) => t.text);
    expect(terms).toContain('useRefreshToken');
    expect(terms).toContain('getUserById');
    // A command whose continued line holds a secret's second half: no program of that name.
    expect(commandTerms('npm test\nexport SLACK_BOT=xoxb-9803108316569-747230165\\\nnivVcs1izOBJvOgwB5m && make build')).toEqual(['npm test', 'make build']);
    const pieces = (s: string) => s.split(/\n/).flatMap((line) => Array.from({ length: Math.max(0, Math.floor((line.length - 12) / 6) + 1) }, (_, i) => line.slice(i * 6, i * 6 + 12)));
    expect(kinds.flatMap((k) => pieces(k.secret).filter((p) => !p.startsWith('-----') && terms.some((t) => t.includes(p))).map(() => k.kind))).toEqual([]);
  });
});

describe('files a shell command reads', () => {
  it('a line is a command of its own; a continued line goes on with the next', () => {
    expect(shellReads("sed -n '1,80p' test/auth/refresh.test.ts\nANTHROPIC_API_KEY=sk-ant-api03-nmhiYRYvvR4H43Wzv3y\\\nkEiYSO-J8U9XJ-VmNVLCWsbqK90T5CZYUiGbS")).toEqual(['test/auth/refresh.test.ts']);
    expect(shellReads('cat \\\n  src/a.ts\nhead -n 5 README.md')).toEqual(['src/a.ts', 'README.md']);
    expect(shellReads("cat > run.sh <<'EOF'\nhead -n 5 README.md\nEOF")).toEqual([]);
  });
});
