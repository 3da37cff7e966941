import { redactQuickLines } from './quick-redact.js';

/**
 * `v` with each string in it, whatever its nesting, through redactQuickLines: data read from memory
 * files for a reader (an MCP tool's answer, the view page's JSON), where a file a teammate committed
 * past the pre-commit scan (`--no-verify`) would otherwise give back its secret whole. Its own file:
 * the primer's bundle, which loads quick-redact.ts, has no use for it.
 */
export function redactQuickDeep<T>(v: T): T {
  if (typeof v === 'string') return redactQuickLines(v) as T;
  if (Array.isArray(v)) return v.map(redactQuickDeep) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redactQuickDeep(x)])) as T;
  return v;
}
