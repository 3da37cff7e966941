import type { Argv, CommandModule } from 'yargs';
import { run, type GlobalArgs, type Io } from '../io.js';
import type { ConfigData } from '../../commands/config.js';

interface Args extends GlobalArgs {
  key?: string;
}

function render(d: ConfigData): string {
  if (d.key && (typeof d.value !== 'object' || Array.isArray(d.value))) return `${JSON.stringify(d.value)}\n`;
  const sections = d.key ? { [d.key]: d.value } : (d.value as Record<string, Record<string, unknown>>);
  const lines = [`# effective configuration${d.path ? ` (${d.path} over defaults)` : ' (defaults; no .openclaw_memory.toml)'}`];
  for (const [name, keys] of Object.entries(sections)) {
    lines.push('', `[${name}]`);
    for (const [k, v] of Object.entries(keys as Record<string, unknown>)) lines.push(`${k} = ${JSON.stringify(v)}`);
  }
  return `${lines.join('\n')}\n`;
}

export const configCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'config [key]',
  describe: 'Show the effective configuration, or one key (e.g. primer.max_tokens)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('key', { type: 'string', describe: 'section or section.key' })
      .example('git memory config primer.max_tokens', 'one key')
      .example('git memory config llm --json', 'one section, as data'),
  handler: (a) => run(io, a, async (ctx) => (await import('../../commands/config.js')).config(ctx, { key: a.key }), render),
});
