import { PRIMER_FILE } from '../paths.js';
import { addListEntry, hasListEntry, removeListEntry } from './config/yaml-read-list.js';
import type { Agent } from './adapter.js';

/**
 * Aider runs no hooks: it reads the primer file, which the other agents' session starts and every
 * `git memory end` keep fresh.
 */
export const aider: Agent<'aider'> = {
  name: 'aider',
  title: 'Aider',
  config: [{
    path: '.aider.conf.yml',
    install: (t) => addListEntry(t ?? '', '.aider.conf.yml', 'read', PRIMER_FILE),
    uninstall: (t) => {
      const next = removeListEntry(t, '.aider.conf.yml', 'read', PRIMER_FILE);
      return next.trim() ? next : null;
    },
    installed: (t) => hasListEntry(t, '.aider.conf.yml', 'read', PRIMER_FILE),
  }],
  mcp: null,
  instructions: () => [],
  detect: () => null,
};
