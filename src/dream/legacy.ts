import { join } from 'node:path';
import { namesOrNone } from '../fs/read-file.js';
import { readFrontmatter } from '../memory/frontmatter.js';
import { entryText, type LongTermEntry, type LongTermSection } from '../memory/long-term.js';
import { OPENCLAW_AGENT_DIR } from '../paths.js';
import { memoryFileText } from '../worktree-path.js';

/** OpenClaw memory's long-term file names and the MEMORY.md section each goes to. */
const SECTION_OF: Record<string, LongTermSection> = {
  decisions: 'decisions',
  decision: 'decisions',
  patterns: 'conventions',
  pattern: 'conventions',
  conventions: 'conventions',
  preferences: 'preferences',
  gotchas: 'gotchas',
  lessons: 'gotchas',
};

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : undefined);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined);

/**
 * The facts OpenClaw memory kept in `.openclaw_memory/agent/` (`decisions.md`, `patterns.md`, …:
 * optional frontmatter with `importance` and `reinforcement`, then list items or lines), as
 * MEMORY.md entries, most important first: the first dream starts from them, so nothing the team
 * kept before is lost in the move. A file that cannot be read is skipped, and so is one reached
 * through a symbolic link (the folder or the file): a committed link to ~/.ssh/id_rsa or
 * /etc/passwd would otherwise put what it points to into MEMORY.md's commit and a model request.
 */
export function legacyEntries(root: string): LongTermEntry[] {
  const out: { entry: LongTermEntry; importance: number }[] = [];
  for (const name of namesOrNone(join(root, OPENCLAW_AGENT_DIR)).sort()) {
    if (!name.endsWith('.md')) continue;
    const { text } = memoryFileText(root, `${OPENCLAW_AGENT_DIR}/${name}`);
    if (text === null) continue;
    let data: Record<string, unknown> = {};
    let body = text;
    if (text.startsWith('---')) {
      try {
        ({ data, body } = readFrontmatter(text, `${OPENCLAW_AGENT_DIR}/${name}`, ''));
      } catch {
        continue;
      }
    }
    const section = SECTION_OF[name.slice(0, -3).toLowerCase()] ?? SECTION_OF[String(data.type ?? '').toLowerCase()] ?? 'gotchas';
    const importance = num(data.importance) ?? 0;
    const reinforcement = num(data.reinforcement);
    const date = day(data.updated) ?? day(data.created);
    for (const line of body.split(/\r?\n/)) {
      if (!line.trim() || /^\s*#/.test(line) || /^\s*(?:---|>)/.test(line)) continue;
      const text = entryText(line.replace(/^\s*(?:[-*]|\d+\.)\s+/, ''));
      if (!text) continue;
      out.push({ importance, entry: { section, text, sessions: [], files: [], ...(date ? { date } : {}), ...(reinforcement && reinforcement > 1 ? { seen: Math.round(reinforcement) } : {}) } });
    }
  }
  return out.sort((a, b) => b.importance - a.importance).map((x) => x.entry);
}
