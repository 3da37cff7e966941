import { spanOf } from '../linear.js';
import { SUMMARY_SHAPE } from '../memory/summary.js';

export const SECTION_BEGIN = '<!-- >>> git-memory >>> -->';
export const SECTION_END = '<!-- <<< git-memory <<< -->';

/** The marked section an agent's instruction file gets: how to use the memory, briefly. */
export function instructionSection(): string {
  return `${SECTION_BEGIN}
## Project memory (git-memory)

This repository keeps what earlier agent sessions learned in \`.openclaw_memory/\`: one journal file
per session, \`TASKS.md\`, and a briefing (\`PRIMER.md\`) that is handed to you at session start.

- Record what the next session should know as you go:
  \`git memory log "Refresh tokens rotate on every use"\` (\`--kind learned|decision|note|completed|next_step\`).
- Search earlier sessions: \`git memory search "refresh token"\` (\`--since 2026-01-01\`, \`--author\`, \`--branch\`, \`--json\`).
- Tasks: \`git memory tasks list\`, \`git memory tasks add "…"\`, \`git memory tasks done t-3f2a\`.
- At the end of the session, record it (this commits only memory files, never what is staged):
  \`git memory end --summary '<json>'\` (or \`--summary -\` to read the JSON from stdin), shaped like

\`\`\`json
${SUMMARY_SHAPE}
\`\`\`

If a session closes without \`end\`, what was logged is recorded for it automatically.
${SECTION_END}
`;
}

/** Our section's place in `text`, with the line break after it (found in linear time: linear.ts). */
const sectionSpan = (text: string, before = false) => spanOf(text, SECTION_BEGIN, SECTION_END, { before, after: true });

/** The file with our section added (at the end) or refreshed in place. */
export function upsertSection(text: string | null): string {
  const section = instructionSection();
  if (text === null || !text.trim()) return section;
  const span = sectionSpan(text);
  if (span) return text.slice(0, span[0]) + section + text.slice(span[1]);
  return `${text.endsWith('\n') ? text : `${text}\n`}\n${section}`;
}

/** The file without our section (and the blank line that set it apart); null when nothing else is left. */
export function removeSection(text: string): string | null {
  const span = sectionSpan(text, true);
  if (!span) return text;
  const next = text.slice(0, span[0]) + text.slice(span[1]);
  return next.trim() ? next : null;
}

export const hasSection = (text: string) => sectionSpan(text) !== null;
