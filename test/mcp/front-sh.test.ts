// The MCP front in sh (src/mcp/front-sh.ts, issue 24 section 3): the committed server entry answers an
// agent's handshake without node where git-memory is installed, byte for byte as the node front
// (front.ts) would, and hands the session to node at the first line it does not answer, which goes on
// exactly as with node from the start.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { MCP_SCRIPT } from '../../src/agents/config/mcp-servers.js';
import { serveFront, type McpListing, type Spared } from '../../src/mcp/front.js';
import { frontSh, parseSpared, SH_LINE_MAX } from '../../src/mcp/front-sh.js';
import { mcpListing } from '../../src/mcp/listing.js';
import { BIN, makeRepo, PATH_WITHOUT_TOOL, tempDir } from '../helpers/repo.js';

// What the three real agents sent before their first tool call (captured from Claude Code 2.1.328,
// Codex CLI 0.171.0 and Gemini CLI 0.61.0 driven by test/real-agents), each followed by its first call.
const AGENTS: Record<string, string[]> = {
  claude: [
    '{"jsonrpc":"2.0","id":"server-discover-probe-1","method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"claude-code","title":"Claude Code","version":"2.1.328","description":"Anthropic\'s agentic coding tool","websiteUrl":"https://claude.com/claude-code"},"io.modelcontextprotocol/clientCapabilities":{"roots":{"listChanged":true},"elicitation":{"form":{},"url":{}}}}}}',
    '{"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{"listChanged":true},"elicitation":{"form":{},"url":{}}},"clientInfo":{"name":"claude-code","title":"Claude Code","version":"2.1.328","description":"Anthropic\'s agentic coding tool","websiteUrl":"https://claude.com/claude-code"}},"jsonrpc":"2.0","id":0}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"method":"tools/list","jsonrpc":"2.0","id":1}',
    '{"method":"tools/call","params":{"name":"memory_tasks","arguments":{},"_meta":{"claudecode/toolUseId":"toolu_1","progressToken":2}},"jsonrpc":"2.0","id":2}',
  ],
  codex: [
    '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"experimental":{"codex/auth-change":{}},"elicitation":{"form":{},"url":{}}},"clientInfo":{"name":"codex-mcp-client","title":"Codex","version":"0.171.0"}}}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"progressToken":0}}}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"_meta":{"callId":"call-1","workspaces":{"/tmp/r":{"has_changes":false}},"progressToken":1},"name":"memory_tasks","arguments":{}}}',
  ],
  gemini: [
    '{"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"roots":{"listChanged":true}},"clientInfo":{"name":"gemini-cli-mcp-client","version":"0.61.0"}},"jsonrpc":"2.0","id":0}',
    '{"method":"notifications/initialized","jsonrpc":"2.0"}',
    '{"method":"tools/list","params":{},"jsonrpc":"2.0","id":1}',
    '{"method":"tools/call","params":{"name":"memory_tasks","arguments":{},"_meta":{"progressToken":"edf1ce2e"}},"jsonrpc":"2.0","id":2}',
  ],
};

const INIT = '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}';
const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
const PING = '{"jsonrpc":"2.0","id":99,"method":"ping"}';

let listing: McpListing;
/** An install as npm makes it: bin/git-memory a symbolic link to the package's file, beside which mcp-front.sh is. */
let fake: { path: string; log: string; file: string };
beforeAll(async () => {
  listing = await mcpListing();
  const dir = tempDir('gm-front-sh-', 'file');
  for (const d of ['bin', 'pkg']) mkdirSync(join(dir, d));
  const log = join(dir, 'handed.log');
  // The git-memory the front execs: writes what it was handed (fd 3 and the rest of stdin), one record.
  writeFileSync(join(dir, 'pkg', 'git-memory.js'), `#!/bin/sh\n{ printf 'args=%s env=%s\\n' "$*" "$GIT_MEMORY_MCP_SPARED"; cat <&3; printf '%s\\n' '--- stdin'; cat; } > "${log}"\n`);
  chmodSync(join(dir, 'pkg', 'git-memory.js'), 0o755);
  writeFileSync(join(dir, 'pkg', 'mcp-front.sh'), frontSh(listing));
  symlinkSync('../pkg/git-memory.js', join(dir, 'bin', 'git-memory'));
  fake = { path: `${join(dir, 'bin')}:${PATH_WITHOUT_TOOL}`, log, file: join(dir, 'pkg', 'git-memory.js') };
});

/** The committed entry run as an agent starts it, with `lines` on stdin (closed after them). */
function entry(lines: string[], path: string, shell = 'sh') {
  const r = spawnSync(shell, ['-c', MCP_SCRIPT], { input: lines.map((l) => `${l}\n`).join(''), env: { PATH: path, HOME: tempDir('gm-home-') }, encoding: 'utf8' });
  return { out: r.stdout, err: r.stderr, code: r.status };
}

/** The node front in-process over `lines`: what it answered itself, and what it handed the real server (null: nothing). */
async function nodeFront(lines: string[], spared?: Spared): Promise<{ out: string; full: string | null }> {
  const input = new PassThrough();
  const output = new PassThrough();
  let out = '';
  let full: string | null = null;
  output.on('data', (b: Buffer) => (out += b.toString()));
  const done = serveFront(
    listing,
    (i) =>
      new Promise<void>((resolve) => {
        full = '';
        i.on('data', (b: Buffer) => (full += b.toString()));
        i.on('end', () => resolve());
      }),
    input,
    output,
    undefined,
    spared,
  );
  input.end(lines.map((l) => `${l}\n`).join(''));
  await done;
  return { out, full };
}

/** What the fake git-memory was handed, or null when the front never exec'd it. */
function handed(): { spared: Spared; stdin: string; args: string } | null {
  let text: string;
  try {
    text = readFileSync(fake.log, 'utf8');
  } catch {
    return null;
  }
  writeFileSync(fake.log, '');
  if (!text) return null;
  const head = text.indexOf('\n');
  const cut = text.indexOf('--- stdin\n');
  return { args: text.slice(0, head), spared: parseSpared(Buffer.from(text.slice(head + 1, cut))), stdin: text.slice(cut + 10) };
}

describe('the sh front: the same answers as the node front, without node', () => {
  it("answers each real agent's handshake byte for byte as the node front, and hands node its first tool call with the initialize it answered", async () => {
    for (const [agent, lines] of Object.entries(AGENTS)) {
      writeFileSync(fake.log, '');
      const call = lines.at(-1)!;
      const after = '{"jsonrpc":"2.0","id":3,"method":"tools/list"}';
      const sh = entry([...lines, after], fake.path);
      expect(sh.code, sh.err).toBe(0);
      const node = await nodeFront(lines.slice(0, -1));
      expect(node.full, agent).toBeNull();
      expect(sh.out, agent).toBe(node.out);
      expect(sh.out.split('\n').length, agent).toBeGreaterThan(2);
      const h = handed();
      expect(h, agent).not.toBeNull();
      expect(h!.args, agent).toBe('args=mcp env=3');
      const init = lines.find((l) => l.includes('"initialize"'))!;
      expect({ init: h!.spared.init?.toString(), initialized: h!.spared.initialized, pending: h!.spared.pending?.toString() }, agent).toEqual({ init, initialized: true, pending: call });
      // The rest of stdin is node's, untouched.
      expect(h!.stdin, agent).toBe(`${after}\n`);
    }
  });

  it('the same in bash as in dash', async () => {
    for (const lines of Object.values(AGENTS)) {
      const a = entry(lines.slice(0, -1), fake.path, 'sh');
      const b = entry(lines.slice(0, -1), fake.path, 'bash');
      expect(b.out).toBe(a.out);
      expect(handed()).toBeNull();
    }
  });

  it('negotiates the protocol version as the node front: every version it speaks, and its latest for any other; string and integer ids', async () => {
    const asked = [...listing.versions, '1999-01-01', '', '2025-06-18 2025-03-26', `${listing.versions[0]}x`, 'x'];
    const ids = ['0', '7', '-3', '"a-b:c d"', '123456789012345', '""'];
    for (const [n, v] of asked.entries()) {
      for (const id of [ids[n % ids.length]]) {
        const lines = [`{"jsonrpc":"2.0","id":${id},"method":"initialize","params":{"protocolVersion":"${v}","capabilities":{"roots":{}},"clientInfo":{"name":"n","version":"1","title":"T"}}}`];
        const sh = entry(lines, fake.path);
        expect(handed(), `${v} ${id}`).toBeNull();
        expect(sh.out, `${v} ${id}`).toBe((await nodeFront(lines)).out);
      }
    }
  });

  // Each after INIT and INITIALIZED, then a ping: either the sh front answers the line as the node
  // front does, or it hands it to node (never answers what the node front gives the real server).
  const CASES: string[] = [
    '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"c","_meta":{"a":[1,{"b":2}]}}}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":1}}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"other":1}}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":null}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{}}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":1}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":[]}}',
    '{"jsonrpc":"2.0","id":"p","method":"server/discover"}',
    '{"jsonrpc":"2.0","id":"p","method":"server/discover","params":[]}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","method":"tools/call"}',
    '{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1.0,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1e2,"method":"ping"}',
    '{"jsonrpc":"2.0","id":-0,"method":"ping"}',
    '{"jsonrpc":"2.0","id":01,"method":"ping"}',
    '{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}',
    '{"jsonrpc":"2.0","id":null,"method":"ping"}',
    '{"jsonrpc":"2.0","id":true,"method":"ping"}',
    '{"jsonrpc":"2.0","id":"a\\"b","method":"ping"}',
    '{"jsonrpc":"2.0","id":"\\u0041","method":"ping"}',
    '{"jsonrpc":"2.0","id":"é","method":"ping"}',
    '{"jsonrpc":"2.0","id":1,"method":"ping"}\r',
    '{"jsonrpc":"2.0",\t"id":1,"method":"ping"}',
    ' {"jsonrpc":"2.0","id":1,"method":"ping"}',
    '{ "jsonrpc" : "2.0" , "id" : 1 , "method" : "ping" }',
    '{"jsonrpc":"2.0","id":1,"method":"ping"} x',
    '{"jsonrpc":"2.0","id":1,"method":"ping"}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping",}',
    '{"jsonrpc":"2.0","id":1,"method":"ping"',
    '{"jsonrpc":"1.0","id":1,"method":"ping"}',
    '{"id":1,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1,"method":5}',
    '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"memory_tasks","arguments":{}}}',
    '{"jsonrpc":"2.0","id":1,"method":"resources/list"}',
    INIT,
    INITIALIZED,
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","x":[[],{},[{"a":{"b":[1,2]}}],"s",true,false,null,-1]}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","x":{"=":1}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","x":{"a":1,"a":2}}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","x":[{"a":1,"a":2}]}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","x":tru}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","x":"unterminated}',
    '',
    '   ',
    `{"jsonrpc":"2.0","id":1,"method":"ping","x":"${'y'.repeat(SH_LINE_MAX)}"}`,
  ];
  it('answers a line only where the node front answers it, with the same bytes; hands every other line to node', async () => {
    let answered = 0;
    for (const line of CASES) {
      const lines = [INIT, INITIALIZED, line, PING];
      const sh = entry(lines, fake.path);
      const h = handed();
      const node = await nodeFront(lines);
      if (h) {
        // Handed over at this line, with the state before it; what it answered before is the node front's.
        expect(h.spared.pending?.toString(), line).toBe(line);
        expect(h.spared.init?.toString(), line).toBe(INIT);
        expect(h.stdin, line).toBe(`${PING}\n`);
        expect(sh.out, line).toBe((await nodeFront([INIT, INITIALIZED])).out);
      } else {
        answered++;
        expect(node.full, line).toBeNull();
        expect(sh.out, line).toBe(node.out);
      }
    }
    expect(answered).toBeGreaterThan(5);
  });

  it('before initialize: tools/list and a notification go to node; ping and server/discover are answered', async () => {
    for (const line of ['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', INITIALIZED]) {
      entry([line, PING], fake.path);
      expect(handed()?.spared).toEqual({ init: null, initialized: false, pending: Buffer.from(line) });
    }
    const lines = ['{"jsonrpc":"2.0","id":"p","method":"server/discover","params":{}}', PING];
    expect(entry(lines, fake.path).out).toBe((await nodeFront(lines)).out);
    expect(handed()).toBeNull();
  });

  it('a last line without its newline is handed to node as it is', () => {
    const r = spawnSync('sh', ['-c', MCP_SCRIPT], { input: `${INIT}\n${PING}`, env: { PATH: fake.path }, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(handed()?.spared.pending?.toString()).toBe(PING);
  });

  it('an install reached through links of links (Homebrew: bin -> libexec/bin -> the package), relative and absolute', () => {
    const dir = tempDir('gm-front-sh-links-');
    for (const d of ['bin', 'libexec/bin']) mkdirSync(join(dir, d), { recursive: true });
    symlinkSync(fake.file, join(dir, 'libexec', 'bin', 'git-memory'));
    symlinkSync('../libexec/bin/git-memory', join(dir, 'bin', 'git-memory'));
    const lines = [INIT, INITIALIZED, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'];
    const r = spawnSync('sh', ['-c', MCP_SCRIPT], { input: lines.map((l) => `${l}\n`).join(''), env: { PATH: `${join(dir, 'bin')}:${PATH_WITHOUT_TOOL}` }, encoding: 'utf8' });
    expect(handed()).toBeNull();
    expect(r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l).id)).toEqual([0, 1]);
  });

  it('an install without the sh front beside it (a wrapper script on PATH) runs node at once, as before', () => {
    const dir = tempDir('gm-front-sh-wrap-');
    const log = join(dir, 'ran');
    writeFileSync(join(dir, 'git-memory'), `#!/bin/sh\necho "$*" > "${log}"\n`, { mode: 0o755 });
    writeFileSync(join(dir, 'mcp-front.sh.not'), '');
    const r = spawnSync('sh', ['-c', MCP_SCRIPT], { input: `${INIT}\n`, env: { PATH: `${dir}:${PATH_WITHOUT_TOOL}` }, encoding: 'utf8' });
    expect(r.stdout).toBe('');
    expect(readFileSync(log, 'utf8')).toBe('mcp\n');
  });
});

describe('the node front, handed a session by the sh front', () => {
  it('goes on as if it had read the handshake itself', async () => {
    for (const lines of Object.values(AGENTS)) {
      const init = lines.find((l) => l.includes('"initialize"'))!;
      const at = lines.length - 1;
      const whole = await nodeFront([...lines, PING, '{"jsonrpc":"2.0","id":5,"method":"tools/list"}']);
      const before = await nodeFront(lines.slice(0, at));
      const rest = await nodeFront([PING, '{"jsonrpc":"2.0","id":5,"method":"tools/list"}'], { init: Buffer.from(init), initialized: true, pending: Buffer.from(lines[at]) });
      expect(before.out + rest.out).toBe(whole.out);
      // The real server gets the initialize again (its answer dropped), the notification, then the call.
      expect(rest.full).toBe(whole.full);
    }
  });
});

describe('git-memory installed: the committed entry with the built binary', () => {
  /** An npm-like install of this build: PATH's git-memory a link to dist/git-memory.js, every node start logged. */
  function install(): { path: string; starts: () => string[] } {
    const dir = tempDir('gm-front-sh-npm-');
    const starts = join(dir, 'starts.log');
    writeFileSync(starts, '');
    mkdirSync(join(dir, 'bin'));
    // node itself, on PATH first: each start is logged (the installed git-memory.js runs `#!/usr/bin/env node`).
    writeFileSync(join(dir, 'bin', 'node'), `#!/bin/sh\necho "$*" >> "${starts}"\nexec "${process.execPath}" "$@"\n`, { mode: 0o755 });
    symlinkSync(BIN, join(dir, 'bin', 'git-memory'));
    return { path: `${join(dir, 'bin')}:${PATH_WITHOUT_TOOL}`, starts: () => readFileSync(starts, 'utf8').split('\n').filter(Boolean) };
  }

  /** The entry as an agent runs it: answers by id, waiting for `expect` answers before stdin is closed. */
  function session(path: string, cwd: string, lines: string[], answers: number): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const p = spawn('sh', ['-c', MCP_SCRIPT], { cwd, env: { PATH: path, HOME: tempDir('gm-home-') } });
      let out = '';
      p.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.split('\n').length > answers) p.stdin.end();
      });
      p.on('error', reject);
      p.on('close', () => resolve(out.split('\n').filter(Boolean)));
      p.stdin.write(lines.map((l) => `${l}\n`).join(''));
    });
  }

  it("each agent's handshake starts no node; its first tool call starts one, answered with its id, and the session goes on", async () => {
    const repo = makeRepo();
    for (const [agent, lines] of Object.entries(AGENTS)) {
      const gm = install();
      const handshake = lines.slice(0, -1);
      const shAnswers = await session(gm.path, repo.dir, handshake, handshake.filter((l) => l.includes('"id"')).length);
      expect(gm.starts(), agent).toEqual([]);
      // `git-memory mcp` run directly (node): the same bytes.
      const direct = spawnSync(process.execPath, [BIN, 'mcp'], { cwd: repo.dir, env: repo.env, input: handshake.map((l) => `${l}\n`).join(''), encoding: 'utf8' });
      expect(shAnswers, agent).toEqual(direct.stdout.split('\n').filter(Boolean));
      const all = await session(gm.path, repo.dir, [...lines, PING], handshake.filter((l) => l.includes('"id"')).length + 2);
      expect(gm.starts().length, agent).toBe(1);
      const byId = Object.fromEntries(all.map((l) => [JSON.stringify(JSON.parse(l).id), JSON.parse(l)]));
      expect(byId['2']?.result?.content?.[0]?.text, agent).toBe('no tasks');
      expect(byId['99']?.result, agent).toEqual({});
      expect(all.filter((l) => l.includes('git-memory-front-initialize')), agent).toEqual([]);
    }
  }, 60_000);
});
