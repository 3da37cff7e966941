import { MEMORY_DIR, PRIMER_FILE } from '../paths.js';
import { addListEntry, hasListEntry, removeListEntry } from './config/yaml-read-list.js';
import type { Agent } from './adapter.js';

/**
 * What the other agents find in CLAUDE.md, AGENTS.md or GEMINI.md (how to log, search and end a
 * session), for Aider's model: Aider reads no instruction file of its own accord, only the files
 * `read:` names. A file of ours in the memory folder, committed with it (a teammate's clone has it),
 * so that `uninstall` takes out exactly the `read:` entry `init` put in; a root CONVENTIONS.md could
 * be the user's own entry already, and which one was ours could not be told.
 */
export const AIDER_INSTRUCTIONS = `${MEMORY_DIR}/AIDER.md`;

/** Our `read:` entries, in the order init adds them; uninstall takes them out in the same order, which gives the user's shape back. */
const READS = [PRIMER_FILE, AIDER_INSTRUCTIONS];

/**
 * Aider runs no hooks: it reads the primer file, which the other agents' session starts, every
 * `git memory end` and (post-commit, git/hook-blocks.ts) every commit here keep fresh, and the
 * instructions beside it.
 */
export const aider: Agent<'aider'> = {
  name: 'aider',
  title: 'Aider',
  config: [{
    path: '.aider.conf.yml',
    install: (t) => READS.reduce((text, entry) => addListEntry(text, '.aider.conf.yml', 'read', entry), t ?? ''),
    // PRIMER.md first: `[X, PRIMER, AIDER]` -> `[X, AIDER]` -> the single value X, as addListEntry found
    // it; `[PRIMER, AIDER]` -> `[AIDER]` -> `[]`.
    uninstall: (t) => {
      const next = READS.reduce((text, entry) => removeListEntry(text, '.aider.conf.yml', 'read', entry), t);
      return next.trim() ? next : null;
    },
    installed: (t) => hasListEntry(t, '.aider.conf.yml', 'read', PRIMER_FILE),
  }],
  mcp: null,
  instructions: () => [AIDER_INSTRUCTIONS],
  detect: () => null,
};
