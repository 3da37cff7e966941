import type { Argv, CommandModule } from 'yargs';
import type { ForgetData } from '../../commands/forget.js';
import { run, type GlobalArgs, type Io } from '../io.js';

interface Args extends GlobalArgs {
  target?: string;
  'as-given'?: boolean;
  all?: boolean;
}

/** What was forgotten, for a person. */
function render(d: ForgetData): string {
  const lines = d.forgotten.map((f) => `forgotten [${f.id}]: ${f.text}${f.from === 'journal' ? ' (from the journal)' : f.from === 'given' ? ' (as given: no fact says it yet)' : ''}`);
  lines.push(`listed under Forgotten in ${d.path}: the primer, search and every dream leave it out`);
  if (d.commit) lines.push(`committed memory as ${d.commit.sha.slice(0, 7)} (${d.commit.paths.join(', ')})`);
  else if (d.waiting) lines.push(`written, not committed (${d.waiting}); \`git memory commit\` commits it`);
  return `${lines.join('\n')}\n`;
}

export const forgetCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'forget <target>',
  describe: 'Forget a wrong fact for good (by its text, or the short id the primer --explain shows)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('target', { type: 'string', describe: 'The fact, words of it, or its 6-digit id; text that starts with a dash goes after --' })
      .example('git memory forget "We deploy with Heroku"', 'by text: the fact those words are in (words in several facts are refused, listing them)')
      .example('git memory forget --all Heroku', 'every fact that has the word')
      .option('all', { type: 'boolean', describe: 'Forget every fact the words are in (else words in several facts are refused, listing them with their ids)' })
      .option('as-given', { type: 'boolean', describe: 'Forget the text as written, even where it is close to a fact (else a near miss is refused as a typo)' })
      .example('git memory forget 3fa9c2', 'by id'),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => (await import('../../commands/forget.js')).forget(ctx, { target: a.target ?? '', asGiven: a['as-given'] === true, all: a.all === true }),
      render,
    ),
});
