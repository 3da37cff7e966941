/** Hook events our agent configurations run, in the spelling of our hook command. */
export type HookEventName = 'session-start' | 'session-end' | 'stop' | 'tool-use' | 'pre-compact' | 'post-compact';

/** The hook command an agent's configuration runs for one event. */
export function hookCommand(agent: string, event: HookEventName): string {
  return `git-memory hook agent ${event} --agent ${agent}`;
}

/** Every hook command of ours starts with this: how our entries are told from the user's. */
export const HOOK_COMMAND_PREFIX = 'git-memory hook agent ';
