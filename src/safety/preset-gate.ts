import { escapeRegExp } from '../regex-text.js';

/**
 * What secretlint's recommended preset (11.7) needs to find anything, read from its patterns: for
 * each rule, one or more parts, each the strings one of which every match of that pattern holds,
 * lower-cased, and where those strings are common words the start of the pattern itself (a
 * necessary condition, not the whole pattern). Patterns that ignore case match only ASCII letters
 * of these strings, so a lower-cased text holds one wherever the pattern matches. A chunk no part
 * passes cannot give a preset finding, and the preset is not loaded or run for it (scan.ts). A
 * test checks that the table names every rule the installed preset has, and that each of the
 * scanner corpus's secrets passes it.
 */
export const PRESET_PARTS: readonly { rule: string; needles: readonly string[]; shape?: RegExp }[] = [
  // Key ids, `…SECRET_ACCESS_KEY = …`, `…ACCOUNT_ID = 1234…`.
  { rule: 'aws', needles: ['a3t', 'akia', 'agpa', 'aida', 'aroa', 'aipa', 'anpa', 'anva', 'asia'], shape: /\b(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b/ },
  { rule: 'aws', needles: ['secret'], shape: /(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)/ },
  { rule: 'aws', needles: ['account'], shape: /(?:ACCOUNT|account|Account)_?(?:ID|id|Id)?["']?\s*(?::|=>|=)\s*["']?[0-9]{4}/ },
  { rule: 'privatekey', needles: ['private key'] },
  { rule: 'gcp', needles: ['private key'] },
  { rule: 'npm', needles: ['x-oauth-basic@', '_authtoken=', 'npm_'], shape: /x-oauth-basic@|_authToken=|npm_[A-Za-z0-9_]{36}/ },
  // `scheme://user:password@`.
  { rule: 'basicauth', needles: ['://'], shape: /:\/\/[-a-zA-Z0-9_]{1,256}:[-a-zA-Z0-9_]{1,256}@/ },
  { rule: 'slack', needles: ['xoxb-', 'xoxp-', 'xapp-', 'xoxa-', 'xoxo-', 'xoxr-', 'hooks.slack.com/services/'] },
  // Not after a letter (`msg.`): any letter beyond ASCII is let through, the preset looks at it.
  { rule: 'sendgrid', needles: ['sg.'], shape: /(?:^|[^A-Za-z])SG\.\w/ },
  { rule: 'shopify', needles: ['shppa_', 'shpca_', 'shpat_', 'shpss_'] },
  { rule: 'github', needles: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'] },
  { rule: 'openai', needles: ['t3blbkfj'] },
  { rule: 'anthropic', needles: ['sk-ant-api0'] },
  { rule: 'linear', needles: ['lin_api_'] },
  { rule: '1password', needles: ['ops_ey'] },
  { rule: 'database-connection-string', needles: ['mongodb://', 'mongodb+srv://', 'mysql://', 'mysqlx://', 'postgres://', 'postgresql://'] },
];

/**
 * A chunk longer than this is searched with one pattern of all the strings, case aside (the
 * patterns that ignore case compare as a non-`u` pattern does, so it matches wherever a lower-cased
 * chunk holds a string), and each part whose string it finds is decided at once, its shape tried
 * once: `includes` on a lower-cased text cost ~0.5 ms for 8 KB of one letter repeated (every
 * position starts three of the strings), more than the preset itself. A short text (a session
 * file, a task list) is spared compiling that pattern.
 */
const LONG = 2048;
let anyString: RegExp | null = null;
let partsOf: Map<string, number[]> | null = null;

function longMayMatch(chunk: string): boolean {
  if (!anyString || !partsOf) {
    partsOf = new Map();
    PRESET_PARTS.forEach((p, i) => p.needles.forEach((n) => partsOf!.set(n, [...(partsOf!.get(n) ?? []), i])));
    anyString = new RegExp([...partsOf.keys()].map(escapeRegExp).join('|'), 'gi');
  }
  const tried = new Set<number>();
  anyString.lastIndex = 0;
  for (let m = anyString.exec(chunk); m; m = anyString.exec(chunk)) {
    // On from the next character: strings that overlap are each found.
    anyString.lastIndex = m.index + 1;
    for (const i of partsOf.get(m[0].toLowerCase()) ?? PRESET_PARTS.map((_, k) => k)) {
      const shape = PRESET_PARTS[i]!.shape;
      if (!shape) return true;
      if (tried.has(i)) continue;
      tried.add(i);
      if (shape.test(chunk)) return true;
    }
  }
  return false;
}

/** Whether some rule of the preset may find a secret in `chunk` (false: none can). */
export function presetMayMatch(chunk: string): boolean {
  if (chunk.length > LONG) return longMayMatch(chunk);
  const lower = chunk.toLowerCase();
  return PRESET_PARTS.some((p) => p.needles.some((n) => lower.includes(n)) && (!p.shape || p.shape.test(chunk)));
}
