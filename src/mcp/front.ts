// The front of `git-memory mcp` (issue 24, section 3): an agent starts the server at every session
// and its first model request waits until the server answered `initialize` and `tools/list`. Those
// two answers never change between runs, so the build asks the real server for them once
// (listing.ts) and this front gives them from that, with nothing but node's own modules loaded. The
// first message it does not answer itself (a tool call, most often) starts the real server (the MCP
// SDK, zod, the tools), which is handed everything from there on, after the `initialize` it was
// spared: the session goes on exactly as with the real server alone. A `memory_search` call is
// the exception: the front answers it through the lean search (search-entry.ts), which gives the
// same result without the real server (issue 28 item 5b).
import { PassThrough, Writable } from 'node:stream';

/** The real server's answers to `initialize` (for `latest`) and `tools/list`, and the protocol versions it speaks. */
export interface McpListing {
  versions: string[];
  latest: string;
  initialize: Record<string, unknown>;
  tools: Record<string, unknown>;
  /** Its error for `server/discover` (Claude Code's first message: does the server speak a newer protocol?); null when it answers one. */
  discoverError: { code: number; message: string } | null;
}

/** Starts the real server on these streams; resolves once it is done. */
export type ServeFull = (input: NodeJS.ReadableStream, output: NodeJS.WritableStream) => Promise<void>;

/** The id the client's `initialize` is given again under when it is replayed to the real server, whose answer is dropped. */
export const REPLAYED_ID = 'git-memory-front-initialize';

/** A line longer than this goes to the real server, which has the size rule and its error (stdio-transport.ts). */
export const FRONT_LINE_MAX = 64 * 1024;

/** The front's answer to request `id` (the sh front's, front-sh.ts, are made with these too, byte for byte). */
export const resultLine = (id: string | number, result: unknown) => JSON.stringify({ result, jsonrpc: '2.0', id });
export const errorLine = (id: string | number, error: unknown) => JSON.stringify({ jsonrpc: '2.0', id, error });
/** Its answer to `initialize` asking for protocol version `asked`. */
export const initializeResult = (listing: McpListing, asked: string) => ({ ...listing.initialize, protocolVersion: listing.versions.includes(asked) ? asked : listing.latest });

/**
 * What the sh front (front-sh.ts) read before it handed the session over at `pending`, the first line
 * it did not answer: the client's `initialize` it answered (null: none), and whether
 * `notifications/initialized` followed it. The session goes on as if this front had read them.
 */
export interface Spared {
  init: Buffer | null;
  initialized: boolean;
  pending: Buffer | null;
}

type Msg = Record<string, unknown>;
const strict = new TextDecoder('utf-8', { fatal: true });
const isObject = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));
const only = (o: Msg, keys: string[]) => Object.keys(o).every((k) => keys.includes(k));
const metaOk = (o: Msg) => o._meta === undefined || isObject(o._meta);

/**
 * `initialize` params the SDK would take: anything it could refuse (a missing field, a capability
 * that is not an object) goes to the real server, which answers it as it always did.
 */
function initializeParams(p: unknown): p is { protocolVersion: string } {
  if (!isObject(p) || typeof p.protocolVersion !== 'string' || !isObject(p.capabilities) || !isObject(p.clientInfo) || !metaOk(p)) return false;
  if (!only(p, ['protocolVersion', 'capabilities', 'clientInfo', '_meta'])) return false;
  const c = p.clientInfo;
  if (typeof c.name !== 'string' || typeof c.version !== 'string' || (c.title !== undefined && typeof c.title !== 'string')) return false;
  return Object.values(p.capabilities).every(isObject);
}

const listParams = (p: unknown) => p === undefined || (isObject(p) && only(p, ['cursor', '_meta']) && (p.cursor === undefined || typeof p.cursor === 'string') && metaOk(p));

/**
 * Tool calls the front answers itself, where the real server is not needed for them (the lean
 * search, search-entry.ts): before the real server is loaded and after, so that one copy of what
 * the calls keep (a live search index) serves the whole session.
 */
export interface FrontCalls {
  /** Where the front takes this `tools/call` (its params checked without loading anything): the call, giving its result; null: the real server's. */
  take(params: unknown): (() => Promise<unknown>) | null;
  /** Once the session is over and no call of the front's runs: lets go of what the calls kept. */
  close(): void;
}

const NEWLINE = Buffer.from('\n');

/**
 * Serves MCP on `input`/`output` (one JSON-RPC message per line): `initialize`, its
 * `notifications/initialized`, `tools/list`, `ping` and `server/discover` from `listing`, and the
 * tool calls `calls` takes; at the first other message (or one it cannot read, or a line over
 * FRONT_LINE_MAX bytes) the real server takes over through `serveFull`, given the client's
 * `initialize` again first, and is handed every message from there on but the calls `calls`
 * takes. With no listing (a build without one), the real server serves from the start. Resolves
 * once stdin ended and every answer was handed to `output`, the real server's too.
 */
export function serveFront(listing: McpListing | null, serveFull: ServeFull, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout, calls?: FrontCalls, spared?: Spared): Promise<void> {
  if (!listing) return serveFull(input, output);
  return new Promise<void>((resolve, reject) => {
    let buffered: Buffer[] = [];
    let size = 0;
    /** The rest of a line over FRONT_LINE_MAX bytes goes to the real server as it comes. */
    let passing = false;
    let full: PassThrough | null = null;
    let fullDone = false;
    let init: Msg | null = null;
    let initialized = false;
    let writing = 0;
    /** The front's own calls running, by id: false once the client cancelled one (it is then not answered, as the SDK does). */
    const own = new Map<string | number, boolean>();
    let ownRunning = 0;
    let ended = false;
    let done = false;
    const finish = () => {
      if (done || !ended || ownRunning || writing || (full && !fullDone)) return;
      done = true;
      calls?.close();
      resolve();
    };
    const reply = (line: string) => {
      writing++;
      output.write(`${line}\n`, () => {
        writing--;
        finish();
      });
    };
    const answer = (id: string | number, result: unknown) => reply(resultLine(id, result));

    /** Whether the front took the line (answered it, or it needs no answer); false: the real server's. */
    const take = (line: Buffer): boolean => {
      const bytes = line[line.length - 1] === 13 ? line.subarray(0, -1) : line;
      if (!bytes.toString('latin1').trim()) return true; // blank lines are not messages
      let m: unknown;
      try {
        m = JSON.parse(strict.decode(bytes));
      } catch {
        return false;
      }
      if (!isObject(m) || m.jsonrpc !== '2.0' || typeof m.method !== 'string') return false;
      if (m.method === 'notifications/initialized' && !('id' in m) && (m.params === undefined || isObject(m.params)) && init && !initialized) {
        initialized = true;
        return true;
      }
      if (!isId(m.id)) return false;
      if (m.method === 'initialize' && !init && initializeParams(m.params)) {
        init = m;
        answer(m.id, initializeResult(listing, m.params.protocolVersion));
        return true;
      }
      if (m.method === 'server/discover' && listing.discoverError && (m.params === undefined || isObject(m.params))) {
        reply(errorLine(m.id, listing.discoverError));
        return true;
      }
      if (m.method === 'ping' && (m.params === undefined || (isObject(m.params) && metaOk(m.params)))) {
        answer(m.id, {});
        return true;
      }
      if (m.method === 'tools/list' && init && listParams(m.params)) {
        answer(m.id, listing.tools);
        return true;
      }
      return false;
    };

    /**
     * Whether the line is a tool call `calls` takes (after the session's `initialize`), or the
     * cancellation of one: the front answers it, before the real server is loaded and after.
     */
    const ownCall = (line: Buffer): boolean => {
      if (!calls || !init || !(line.includes('tools/call') || line.includes('notifications/cancelled'))) return false;
      let m: unknown;
      try {
        m = JSON.parse(strict.decode(line[line.length - 1] === 13 ? line.subarray(0, -1) : line));
      } catch {
        return false;
      }
      if (!isObject(m) || m.jsonrpc !== '2.0') return false;
      if (m.method === 'notifications/cancelled' && !('id' in m) && isObject(m.params) && isId(m.params.requestId) && own.get(m.params.requestId)) {
        own.set(m.params.requestId, false);
        return true;
      }
      if (m.method !== 'tools/call' || !isId(m.id) || !only(m, ['jsonrpc', 'id', 'method', 'params'])) return false;
      const run = calls.take(m.params);
      if (!run) return false;
      const id = m.id;
      own.set(id, true);
      ownRunning++;
      run().then(
        (result) => {
          if (own.get(id)) answer(id, result);
        },
        // Its code could not be loaded (a damaged install, say): the real server answers it.
        (e: unknown) => {
          if (!ended) return toFull(Buffer.concat([line, NEWLINE]));
          if (full) return reply(errorLine(id, { code: -32603, message: String((e as Error)?.message ?? e) }));
          takeOver().end(Buffer.concat([line, NEWLINE]));
        },
      ).finally(() => {
        own.delete(id);
        ownRunning--;
        finish();
      });
      return true;
    };

    /** Hands the rest of the session to the real server. */
    const takeOver = (): PassThrough => {
      const pipe = new PassThrough();
      full = pipe;
      const out = new Writable({
        write(chunk: Buffer, _enc, done) {
          // The real server's answer to the replayed `initialize`: the client had the front's.
          if (chunk.includes(REPLAYED_ID) && (JSON.parse(chunk.toString('utf8')) as { id?: unknown }).id === REPLAYED_ID) return done();
          output.write(chunk, () => done());
        },
      });
      serveFull(pipe, out).then(() => {
        fullDone = true;
        finish();
      }, reject);
      if (init) pipe.write(`${JSON.stringify({ ...init, id: REPLAYED_ID })}\n`);
      if (initialized) pipe.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
      return pipe;
    };
    const toFull = (bytes: Buffer) => (full ?? takeOver()).write(bytes);

    const handle = (line: Buffer) => {
      if (ownCall(line)) return;
      if (!full && take(line)) return;
      toFull(Buffer.concat([line, NEWLINE]));
    };

    const onData = (chunk: Buffer) => {
      let start = 0;
      while (start < chunk.length) {
        const nl = chunk.indexOf(10, start);
        if (passing) {
          const end = nl === -1 ? chunk.length : nl + 1;
          toFull(chunk.subarray(start, end));
          passing = nl === -1;
          start = end;
          continue;
        }
        if (nl === -1) break;
        const line = Buffer.concat([...buffered, chunk.subarray(start, nl)]);
        buffered = [];
        size = 0;
        handle(line);
        start = nl + 1;
      }
      if (start < chunk.length) {
        buffered.push(Buffer.from(chunk.subarray(start)));
        size += chunk.length - start;
        if (size > FRONT_LINE_MAX) {
          const held = Buffer.concat(buffered);
          buffered = [];
          size = 0;
          toFull(held);
          passing = true;
        }
      }
    };
    const onEnd = () => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onEnd);
      // A last message without its newline is a message too.
      if (size) {
        const line = Buffer.concat(buffered);
        buffered = [];
        size = 0;
        handle(line);
      }
      input.pause(); // so stdin does not keep the process alive
      ended = true;
      (full as PassThrough | null)?.end();
      finish();
    };
    if (spared) {
      // The sh front answered the client's `initialize` (only one this front takes too): as if read here.
      if (spared.init) init = JSON.parse(spared.init.toString('utf8')) as Msg;
      initialized = !!init && spared.initialized;
      const line = spared.pending;
      if (line && line.length > FRONT_LINE_MAX) toFull(Buffer.concat([line, NEWLINE]));
      else if (line) handle(line);
    }
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', onEnd);
  });
}
