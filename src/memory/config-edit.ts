// Edits of `.openclaw_memory.toml` that keep the user's text: only the one line changes.
import { tableName } from './config.js';

/** `text` with `[llm] provider = "<provider>"`: the line replaced, added under [llm], or a new [llm] section. */
export function withProvider(text: string, provider: string): string {
  const line = `provider = "${provider}"`;
  const lines = text.split('\n');
  let section = '';
  let header = -1;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    const h = tableName(t);
    if (h) {
      section = h;
      if (section === 'llm') header = i;
      continue;
    }
    if (section === 'llm' && /^provider\s*=/.test(t)) {
      lines[i] = lines[i]!.replace(/provider\s*=\s*("[^"]*"|'[^']*'|[^#\s]*)/, line);
      return lines.join('\n');
    }
  }
  if (header >= 0) {
    lines.splice(header + 1, 0, line);
    return lines.join('\n');
  }
  const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return `${text}${sep}[llm]\n# The model git-memory may send redacted transcript excerpts to: anthropic | claude-cli | none.\n${line}\n`;
}
