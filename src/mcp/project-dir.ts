import { resolve } from 'node:path';
import { findRepo } from '../git/repo.js';

/**
 * The variables an agent sets in a stdio MCP server's environment to name the project it was
 * started for. Only Claude Code documents one (CLAUDE_PROJECT_DIR, AGENT-INTERFACES §1); the other
 * agents' MCP entries start the server in the project, or name none.
 */
const PROJECT_DIR_VARS = ['CLAUDE_PROJECT_DIR'] as const;

function inWorkTree(dir: string, env: NodeJS.ProcessEnv): boolean {
  try {
    findRepo(dir, env);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the MCP server works: its working directory when that is inside a git work tree,
 * otherwise the first of PROJECT_DIR_VARS that names a directory inside one (`from` says which),
 * otherwise the working directory still (each call then says it is not a git repository).
 */
export function serverDir(cwd: string, env: NodeJS.ProcessEnv): { dir: string; from: string | null } {
  if (inWorkTree(cwd, env)) return { dir: cwd, from: null };
  for (const name of PROJECT_DIR_VARS) {
    const value = env[name];
    if (value && inWorkTree(resolve(cwd, value), env)) return { dir: resolve(cwd, value), from: name };
  }
  return { dir: cwd, from: null };
}
