// Issue 26: the attack campaign's transcript and payload classes (bench/attack.mjs) in small, as
// tests that run in seconds: real-shape transcripts (test/fixtures/transcripts) mutated the ways a
// crash, a disk, an agent bug or a hand leave them are read without an exception, and hostile hook
// payloads never fail an agent hook or write outside the repository.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLedger } from '../../src/transcripts/read.js';
import { parseHookInput } from '../../src/hook/agent/input.js';
import { BIN, ROOT, makeMemoryRepo, tempDir } from '../helpers/repo.js';
import { settledOrAfter } from '../helpers/settled.js';

const FIXTURES: [agent: 'claude' | 'codex' | 'gemini', file: string][] = [
  ['claude', 'claude.jsonl'],
  ['codex', 'codex.jsonl'],
  ['gemini', 'gemini.jsonl'],
  ['gemini', 'gemini.json'],
];

const lines = (b: Buffer) => b.toString('utf8').split('\n');
const insertAt = (b: Buffer, at: number, what: Buffer) => Buffer.concat([b.subarray(0, at), what, b.subarray(at)]);
const insertLine = (b: Buffer, line: string) => {
  const l = lines(b);
  l.splice(Math.floor(l.length / 2), 0, line);
  return Buffer.from(l.join('\n'));
};

/** The mutations of bench/attack.mjs, made deterministic. */
const MUTATIONS: Record<string, (b: Buffer) => Buffer> = {
  'cut mid-way': (b) => b.subarray(0, Math.floor(b.length * 0.61)),
  'every other line dropped': (b) => Buffer.from(lines(b).filter((_, i) => i % 2 === 0).join('\n')),
  'lines doubled': (b) => Buffer.from(lines(b).flatMap((l) => [l, l]).join('\n')),
  'lines reversed': (b) => Buffer.from(lines(b).reverse().join('\n')),
  'bytes flipped': (b) => {
    const c = Buffer.from(b);
    for (let i = 7; i < c.length; i += 97) c[i] = (c[i]! * 31 + 7) & 0xff;
    return c;
  },
  'NUL bytes': (b) => insertAt(b, Math.floor(b.length / 3), Buffer.from('\0\0\0')),
  'invalid UTF-8': (b) => insertAt(b, Math.floor(b.length / 2), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80])),
  'lone surrogates': (b) => Buffer.from(b.toString('utf8').replace(/"(text|content|command)":"/g, '"$1":"\\ud800 \\udfff ')),
  'JSON that is not a record': (b) => insertLine(insertLine(insertLine(b, '[1,2,3]'), 'null'), '"just a string"'),
  'torn record': (b) => insertLine(b, '{"type":"user","message":{"content":[{"type":"tool_res'),
  'wrong types': (b) =>
    Buffer.from(
      lines(b)
        .map((l) => l.replace(/"content":"[^"]*"/g, '"content":{"not":"text"}').replace(/"input":\{/g, '"input":7,"x":{').replace(/"timestamp":"[^"]*"/g, '"timestamp":null'))
        .join('\n'),
    ),
  'one huge line': (b) => insertLine(b, JSON.stringify({ type: 'user', message: { role: 'user', content: 'x'.repeat(3_000_000) } })),
  'deep nesting': (b) => insertLine(b, `${'['.repeat(20_000)}${']'.repeat(20_000)}`),
  CRLF: (b) => Buffer.from(b.toString('latin1').replace(/\n/g, '\r\n'), 'latin1'),
  BOM: (b) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b]),
  empty: () => Buffer.alloc(0),
};

describe('mutated transcripts', () => {
  it('every mutation of every fixture reads into a ledger without an exception', () => {
    const dir = tempDir('gm-mutated-');
    const failures: string[] = [];
    let read = 0;
    for (const [agent, file] of FIXTURES) {
      const original = readFileSync(join(ROOT, 'test/fixtures/transcripts', file));
      for (const [name, mutate] of Object.entries(MUTATIONS)) {
        const path = join(dir, `${name.replace(/\W/g, '-')}-${file}`);
        writeFileSync(path, mutate(original));
        try {
          const l = readLedger(path, { agent });
          expect(l.agent).toBe(agent);
          // What was read is well-formed text: no lone surrogate survives to be written as U+FFFD silently.
          expect(JSON.stringify(l)).not.toMatch(/\\ud[89a-f][0-9a-f]{2}(?!\\ud[c-f])/i);
          read++;
        } catch (e) {
          failures.push(`${file} / ${name}: ${(e as Error).stack?.split('\n').slice(0, 2).join(' ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(read).toBe(FIXTURES.length * Object.keys(MUTATIONS).length);
  });
});

describe('hostile hook payloads', () => {
  const PAYLOADS = ['', 'null', '[]', '{', '\0\xff', '{"__proto__":{"polluted":true},"session_id":"p"}', '{"session_id":"\\ud800"}', JSON.stringify({ session_id: 7, transcript_path: ['a'], cwd: null })];

  it('parseHookInput refuses what is not a hook input in words (a UsageError), nothing else, and pollutes no prototype', () => {
    for (const p of PAYLOADS) {
      try {
        parseHookInput(Buffer.from(p, 'latin1'));
      } catch (e) {
        expect((e as Error).name, p).toBe('UsageError');
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('session ids that name other places write nothing outside the repository, and every hook exits 0', async () => {
    const repo = await makeMemoryRepo();
    const outside = tempDir('gm-outside-');
    const transcript = join(tempDir('gm-hostile-'), 'x.jsonl');
    writeFileSync(transcript, readFileSync(join(ROOT, 'test/fixtures/transcripts/claude.jsonl')));
    const ids = [`../../../../../../${outside.slice(1)}/escaped`, '..', '/etc/passwd', 'a\nb', 'x'.repeat(5000)];
    for (const [event, session_id] of [['session-start', ids[0]], ['tool-use', ids[1]], ['stop', ids[2]], ['pre-compact', ids[3]], ['tool-use', ids[4]], ['session-end', ids[0]]] as const) {
      const input = JSON.stringify({ session_id, transcript_path: transcript, cwd: repo.dir, hook_event_name: event, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {} });
      const r = spawnSync(process.execPath, [BIN, 'hook', 'agent', event, '--agent', 'claude'], { cwd: repo.dir, env: repo.env, input, encoding: 'utf8', timeout: 15_000 });
      expect([event, r.status, r.signal], r.stderr).toEqual([event, 0, null]);
      expect(r.stderr).not.toMatch(/internal error|^\s+at /m);
    }
    await settledOrAfter(repo, 1500); // detached workers the hooks started
    expect(readdirSync(outside)).toEqual([]);
  }, 60_000);
});
