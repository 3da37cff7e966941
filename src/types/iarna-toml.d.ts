declare module '@iarna/toml/parse-string.js' {
  /** @iarna/toml's string parser alone; throws with `line` and `col` (0-based) on bad input. */
  export default function parseString(text: string): Record<string, unknown>;
}
