import { homedir } from 'node:os';
import { join } from 'node:path';
import { ENTITIES_FILE, INSTRUCTIONS_FILE, PREFERENCES_FILE, USER_HOME_ENV, USER_SUBDIR } from '../paths.js';
import { readTextOrNull } from '../fs/read-file.js';

/** `~/.openclaw_memory/user` (or `$OPENCLAW_MEMORY_HOME/user`): personal, never committed. */
export function userDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env[USER_HOME_ENV] || join(homedir(), '.openclaw_memory'), USER_SUBDIR);
}

/** The list items (`- …` or `* …`) of a markdown file; none when the file is absent. */
export function readListItems(path: string): string[] {
  const items: string[] = [];
  for (const line of (readTextOrNull(path) ?? '').split(/\r?\n/)) {
    const m = /^\s*[-*]\s+(.+)$/.exec(line.trimEnd()); // trimmed first: `(.+?)\s*$` is quadratic in a run of spaces
    if (m) items.push(m[1]!);
  }
  return items;
}

/**
 * The lines of the user's instructions file: list items and plain lines alike (it is free text),
 * without a frontmatter block, headings or blank lines; none when the file is absent.
 */
export function readInstructionLines(path: string): string[] {
  const text = (readTextOrNull(path) ?? '').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim().replace(/^[-*]\s+/, '');
    if (t && !/^#{1,6}(\s|$)/.test(t) && !/^-{3,}$/.test(t)) lines.push(t);
  }
  return lines;
}

export interface UserFiles {
  entities: string[];
  preferences: string[];
  /** `instructions.md`: the user's own standing instructions, shown in the primer as theirs. */
  instructions: string[];
}

export function readUserFiles(env: NodeJS.ProcessEnv = process.env): UserFiles {
  const dir = userDir(env);
  return {
    entities: readListItems(join(dir, ENTITIES_FILE)),
    preferences: readListItems(join(dir, PREFERENCES_FILE)),
    instructions: readInstructionLines(join(dir, INSTRUCTIONS_FILE)),
  };
}
