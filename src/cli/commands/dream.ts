import type { Argv, CommandModule } from 'yargs';
import type { DreamData } from '../../commands/dream.js';
import { run, type GlobalArgs, type Io } from '../io.js';

interface Args extends GlobalArgs {
  force?: boolean;
  offline?: boolean;
  branch?: string;
  background?: boolean;
}

/** What the dream did, for a person. */
export function renderDream(d: DreamData): string {
  if (!d.ran) return `no dream: ${d.reason}\n`;
  const r = d.report!;
  const lines = [
    `dreamt over ${d.sessions} session${d.sessions === 1 ? '' : 's'} (${d.source === 'model' ? 'with a model' : 'deterministic'}): ` +
      `${r.added} added, ${r.merged} merged, ${r.leads} new open lead${r.leads === 1 ? '' : 's'}, ${r.superseded.length} superseded, ${r.removed.length} removed (files gone), ${r.dropped.length} dropped, ${r.pruned} pruned`,
    ...r.superseded.map((s) => `  superseded: ${s.old}\n          by: ${s.by}`),
    ...r.removed.map((x) => `  removed: ${x.text} (${x.files.join(', ')} deleted)`),
    ...(r.followed ?? []).map((x) => `  followed ${x.moves.map((m) => `${m.from} → ${m.to}`).join(', ')}: ${x.text}`),
    `MEMORY.md: ${d.entries} entries, ${d.lines} lines, ${(d.bytes / 1024).toFixed(1)} KB${d.changed ? '' : ' (unchanged)'}`,
  ];
  if (d.commit && d.branch) lines.push(`committed on new branch ${d.branch} as ${d.commit.sha.slice(0, 7)}: open a pull request from it; \`git memory diff HEAD...${d.branch}\` shows what it changes`);
  else if (d.commit) lines.push(`committed memory as ${d.commit.sha.slice(0, 7)} (${d.commit.paths.join(', ')})`);
  else if (d.waiting) lines.push(`written, not committed (${d.waiting}); \`git memory commit\` commits it`);
  if (d.fold?.commit) lines.push(`folded ${d.fold.folded} session files dated before ${d.fold.before} into ${d.fold.days} day files (${d.fold.rule === 'week' ? 'the journal past its share of the index' : '[journal] fold_at'}), committed as ${d.fold.commit.sha.slice(0, 7)}`);
  if (d.model) lines.push(`model: ${d.model.calls} call${d.model.calls === 1 ? '' : 's'}, $${d.model.cost.toFixed(4)}`);
  return `${lines.join('\n')}\n`;
}

export const dreamCommand = (io: Io): CommandModule<GlobalArgs, Args> => ({
  command: 'dream',
  describe: 'Consolidate the sessions since the last dream into long-term memory (MEMORY.md) and commit it',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .option('force', { type: 'boolean', describe: 'Run now, even when neither trigger holds ([dream] idle_hours, sessions)' })
      .option('offline', { type: 'boolean', describe: 'No model: the deterministic consolidation only' })
      .option('branch', { type: 'string', describe: 'Commit MEMORY.md onto this new branch, for a pull request, instead of the current branch' })
      .option('background', { type: 'boolean', hidden: true, describe: 'Started by the session-start hook' })
      .example('git memory dream', 'consolidate when due (24 h idle or 10 sessions since the last dream)')
      .example('git memory dream --force --branch memory/dream', 'now, onto a branch for review'),
  handler: (a) =>
    run(
      io,
      a,
      async (ctx) => {
        const [{ open }, { dream }] = await Promise.all([import('../../commands/context.js'), import('../../commands/dream.js')]);
        return dream(open(ctx), { force: a.force, offline: a.offline, branch: a.branch, background: a.background });
      },
      renderDream,
    ),
});
