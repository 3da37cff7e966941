import { outputText } from './tool-input.js';

/**
 * Codex's code mode (0.15x on; what a current Codex writes for most tool use): the model calls one
 * custom tool, `exec`, whose input is a JavaScript script, and the script calls the tools itself:
 * `const r = await tools.exec_command({cmd: "npm test", workdir: "/repo"}); text(r)`,
 * `await tools.apply_patch("*** Begin Patch\n…")`, `tools.update_plan({plan: [...]})`,
 * `tools.write_stdin({session_id: 7, chars: ""})`. The output is a list of text parts: a header
 * (`Script completed\nWall time 0.1 seconds\nOutput:\n`, or `Script failed…` then
 * `Script error:\n<what failed>`), then what the script printed with `text(…)`: a tool's result
 * printed whole is its JSON (`{"exit_code":1,"output":"…"}`, or `{"session_id":7,…}` while the
 * command still runs).
 *
 * This reads the calls whose arguments are written as literals (strings, numbers, objects,
 * arrays; a template without `${…}`), which is how the model writes them; an argument computed
 * in the script is unknown (undefined), and so is the key of an object it computes. Linear in the
 * script: each character is looked at a bounded number of times.
 */

/** A script longer than this is read up to here (a patch of a few hundred KB is rare). */
const MAX_SCRIPT = 512 * 1024;
/** Calls read from one script, at most. */
const MAX_CALLS = 64;
/** Nesting of literals followed, at most (deeper is unknown). */
const MAX_DEPTH = 24;

const UNKNOWN = Symbol('unknown');
type Value = unknown;

class Literal {
  pos: number;
  private nest = 0;
  constructor(
    private readonly s: string,
    at: number,
  ) {
    this.pos = at;
  }

  private ws(): void {
    const s = this.s;
    for (;;) {
      const c = s.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else if (c === 47 && s.charCodeAt(this.pos + 1) === 47) {
        const nl = s.indexOf('\n', this.pos);
        this.pos = nl < 0 ? s.length : nl + 1;
      } else if (c === 47 && s.charCodeAt(this.pos + 1) === 42) {
        const end = s.indexOf('*/', this.pos + 2);
        this.pos = end < 0 ? s.length : end + 2;
      } else return;
    }
  }

  /** A value at pos, or UNKNOWN (pos is then past what was looked at, at most the end of the expression). */
  value(depth: number): Value | typeof UNKNOWN {
    this.ws();
    const c = this.s[this.pos];
    if (c === '"' || c === "'" || c === '`') return this.string(c);
    if (depth >= MAX_DEPTH) return this.skip();
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    const m = /^(?:-?(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|true|false|null)(?![\w$])/.exec(this.s.slice(this.pos, this.pos + 40));
    if (m) {
      this.pos += m[0].length;
      return m[0] === 'true' ? true : m[0] === 'false' ? false : m[0] === 'null' ? null : Number(m[0]);
    }
    return this.skip();
  }

  /** Passes over an expression that is no literal, up to a `,` `)` `]` `}` at its own level. */
  private skip(): typeof UNKNOWN {
    const s = this.s;
    let depth = 0;
    while (this.pos < s.length) {
      const c = s[this.pos]!;
      if (c === '"' || c === "'" || c === '`') {
        this.string(c);
        continue;
      }
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) return UNKNOWN;
        depth--;
      } else if (c === ',' && depth === 0) return UNKNOWN;
      this.pos++;
    }
    return UNKNOWN;
  }

  /** A string or template literal (a template with a `${…}` is UNKNOWN); pos goes past its closing quote. */
  private string(q: string): string | typeof UNKNOWN {
    // Templates inside templates' `${…}`: deeper than MAX_DEPTH, nothing more is read.
    if (this.nest >= MAX_DEPTH) {
      this.pos = this.s.length;
      return UNKNOWN;
    }
    this.nest++;
    try {
      return this.stringBody(q);
    } finally {
      this.nest--;
    }
  }

  private stringBody(q: string): string | typeof UNKNOWN {
    const s = this.s;
    let out = '';
    let known = true;
    let i = this.pos + 1;
    for (;;) {
      // Runs without a quote or a backslash (or `$` in a template) are taken whole.
      let j = i;
      while (j < s.length) {
        const c = s[j];
        if (c === q || c === '\\' || (q === '`' && c === '$') || (q !== '`' && c === '\n')) break;
        j++;
      }
      out += s.slice(i, j);
      if (j >= s.length || (q !== '`' && s[j] === '\n')) {
        // Not closed: nothing after it reads as code.
        this.pos = s.length;
        return UNKNOWN;
      }
      const c = s[j]!;
      if (c === q) {
        this.pos = j + 1;
        return known ? out : UNKNOWN;
      }
      if (c === '$') {
        if (s[j + 1] === '{') {
          known = false;
          // Past the interpolation, an expression up to its closing `}` (skip() stops at a `,`, `)`
          // or `]` of its own level too: passed over).
          this.pos = j + 2;
          while (this.pos < s.length) {
            this.skip();
            if (s[this.pos] === '}') break;
            this.pos++;
          }
          i = this.pos + 1;
        } else {
          out += '$';
          i = j + 1;
        }
        continue;
      }
      // A backslash escape.
      const e = s[j + 1];
      if (e === undefined) {
        this.pos = s.length;
        return UNKNOWN;
      }
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
      if (e in simple && !(e === '0' && /\d/.test(s[j + 2] ?? ''))) {
        out += simple[e];
        i = j + 2;
      } else if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(s.slice(j + 2, j + 4))) {
        out += String.fromCharCode(parseInt(s.slice(j + 2, j + 4), 16));
        i = j + 4;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(j + 2, j + 6))) {
        out += String.fromCharCode(parseInt(s.slice(j + 2, j + 6), 16));
        i = j + 6;
      } else if (e === 'u' && s[j + 2] === '{') {
        const m = /^\{([0-9a-fA-F]{1,6})\}/.exec(s.slice(j + 2, j + 10));
        const cp = m ? parseInt(m[1]!, 16) : NaN;
        if (!m || cp > 0x10ffff) known = false;
        else out += String.fromCodePoint(cp);
        i = j + 2 + (m ? m[0].length : 1);
      } else if (e === '\r' || e === '\n') {
        // A line continuation.
        i = j + 2 + (e === '\r' && s[j + 2] === '\n' ? 1 : 0);
      } else {
        out += e;
        i = j + 2;
      }
    }
  }

  private object(depth: number): Record<string, Value> | typeof UNKNOWN {
    const s = this.s;
    const out: Record<string, Value> = Object.create(null);
    this.pos++;
    for (;;) {
      this.ws();
      if (s[this.pos] === '}') {
        this.pos++;
        return out;
      }
      let key: string | typeof UNKNOWN = UNKNOWN;
      const c = s[this.pos];
      if (c === '"' || c === "'") key = this.string(c);
      else {
        const m = /^[A-Za-z_$][\w$]*/.exec(s.slice(this.pos, this.pos + 200));
        if (m) {
          key = m[0];
          this.pos += m[0].length;
        }
      }
      this.ws();
      let v: Value | typeof UNKNOWN = UNKNOWN;
      if (key !== UNKNOWN && s[this.pos] === ':') {
        this.pos++;
        v = this.value(depth + 1);
      } else if (key === UNKNOWN || (s[this.pos] !== ',' && s[this.pos] !== '}')) this.skip();
      if (key !== UNKNOWN && v !== UNKNOWN && key !== '__proto__') out[key] = v;
      this.ws();
      if (s[this.pos] === ',') this.pos++;
      else if (s[this.pos] === '}') continue;
      else return this.pos >= s.length ? UNKNOWN : (this.skip(), UNKNOWN);
    }
  }

  private array(depth: number): Value[] | typeof UNKNOWN {
    const s = this.s;
    const out: Value[] = [];
    let known = true;
    this.pos++;
    for (;;) {
      this.ws();
      if (s[this.pos] === ']') {
        this.pos++;
        return known ? out : UNKNOWN;
      }
      const v = this.value(depth + 1);
      if (v === UNKNOWN) known = false;
      else out.push(v);
      this.ws();
      if (s[this.pos] === ',') this.pos++;
      else if (s[this.pos] === ']') continue;
      else return this.pos >= s.length ? UNKNOWN : (this.skip(), UNKNOWN);
    }
  }
}

export interface ScriptCall {
  /** The tool's name (`exec_command`, `apply_patch`, `mcp__server__tool`…). */
  name: string;
  /** Its first argument, when written as a literal; else undefined. */
  args: unknown;
}

/** The `tools.NAME(ARG)` calls of a code-mode script, in the order written. */
export function scriptCalls(script: string): ScriptCall[] {
  const text = script.length > MAX_SCRIPT ? script.slice(0, MAX_SCRIPT) : script;
  const out: ScriptCall[] = [];
  const re = /(?<![\w$])tools\s*\.\s*([A-Za-z_$][\w$]*)\s*\(/g;
  let m: RegExpExecArray | null;
  while (out.length < MAX_CALLS && (m = re.exec(text))) {
    const p = new Literal(text, re.lastIndex);
    const v = p.value(0);
    out.push({ name: m[1]!, args: v === UNKNOWN ? undefined : v });
    // On past the argument: a string in it may hold `tools.x(` that is text, not a call.
    if (p.pos > re.lastIndex) re.lastIndex = p.pos;
  }
  return out;
}

/** Whether an output is a code-mode script's (its header). */
const HEADER = /^(?:Script (completed|failed|error|running|terminated|timed out)[^\n]*\n)?Wall time:? [^\n]*\n(?:Output:\n)?/;

export interface ScriptOutcome {
  /** The script ended with an error (`Script failed`): what failed, after `Script error:`. */
  failed: boolean;
  message: string;
  /** The results the script printed whole that are a command's: an exit code, or the session of one still running. */
  results: { exit_code?: number; session_id?: string; output: string }[];
}

/** A code-mode script's output read, or null when the output is no script's. */
export function scriptOutcome(output: unknown): ScriptOutcome | null {
  const parts: string[] = Array.isArray(output)
    ? output.map((p) => (typeof p === 'string' ? p : p && typeof p === 'object' && typeof p.text === 'string' ? p.text : '')).filter(Boolean)
    : [outputText(output)];
  const head = HEADER.exec(parts[0] ?? '');
  // A direct call's text output can start with its wall time too: only a script's says `Script …`
  // or comes as parts.
  if (!head || (head[1] === undefined && !Array.isArray(output))) return null;
  const rest = [parts[0]!.slice(head[0].length), ...parts.slice(1)].filter((p) => p.trim());
  const failed = head[1] !== undefined && head[1] !== 'completed' && head[1] !== 'running';
  const results: ScriptOutcome['results'] = [];
  for (const p of rest) {
    const t = p.trim();
    if (!t.startsWith('{') || t.length > 4_000_000) continue;
    let o: any;
    try {
      o = JSON.parse(t);
    } catch {
      continue;
    }
    if (!o || typeof o !== 'object' || Array.isArray(o)) continue;
    const code = typeof o.exit_code === 'number' && Number.isFinite(o.exit_code) ? o.exit_code : undefined;
    const session = typeof o.session_id === 'number' || typeof o.session_id === 'string' ? String(o.session_id) : undefined;
    if (code === undefined && session === undefined) continue;
    results.push({ ...(code !== undefined ? { exit_code: code } : {}), ...(code === undefined && session !== undefined ? { session_id: session } : {}), output: typeof o.output === 'string' ? o.output : '' });
  }
  const message = rest.join('\n').replace(/^Script error:\n?/, '');
  return { failed, message, results };
}
