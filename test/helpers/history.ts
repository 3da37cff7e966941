import { serializeSession, type Session } from '../../src/memory/session.js';
import { serializeTasks, type Task } from '../../src/memory/tasks.js';
import { commitMany } from './commits.js';
import type { TestRepo } from './repo.js';

const AREAS = ['auth', 'billing', 'search', 'notifications', 'admin dashboard', 'CI pipeline', 'mobile API', 'reporting'];
const VERBS = ['Implement', 'Fix', 'Refactor', 'Document', 'Speed up', 'Add tests for'];
const FILES = ['src/auth/jwt.ts', 'src/billing/invoice.ts', 'src/search/index.ts', 'src/api/routes.ts', 'src/db/migrations/0042_users.sql', 'test/auth.test.ts', 'src/notify/email.ts', 'README.md'];

/**
 * Writes a realistic history into a repository: `sessions` sessions spread over `days` days
 * ending at `end` (YYYY-MM-DD), `tasks` tasks, `commits` code commits (one fast-import), and user files.
 */
export function writeHistory(repo: TestRepo, opts: { end: string; days: number; sessions: number; tasks: number; commits: number }): { sessions: Session[]; tasks: Task[] } {
  commitMany(
    repo,
    Array.from({ length: opts.commits }, (_, i) => ({ message: `${VERBS[i % VERBS.length]} ${AREAS[i % AREAS.length]}: step ${i + 1}`, files: { [FILES[(i * 7) % FILES.length]!]: `// revision ${i}\n` } })),
  );
  const endDate = new Date(`${opts.end}T12:00:00Z`);
  const sessions: Session[] = [];
  for (let i = 0; i < opts.sessions; i++) {
    const dayOffset = Math.floor((i * opts.days) / opts.sessions);
    const d = new Date(endDate.getTime() - (opts.days - 1 - dayOffset) * 86_400_000);
    const date = d.toISOString().slice(0, 10);
    const time = `${String(9 + (i % 9)).padStart(2, '0')}:${String((i * 17) % 60).padStart(2, '0')}`;
    const area = AREAS[i % AREAS.length]!;
    sessions.push({
      id: `${date.replace(/-/g, '')}-${time.replace(':', '')}-${String(i).padStart(6, '0')}`,
      date,
      time,
      agent: i % 3 ? 'claude' : 'codex',
      author: i % 2 ? 'Jane Doe <jane@example.com>' : 'Bob Li <bob@example.com>',
      branch: i % 4 ? 'main' : `feature/${area.replace(/\s+/g, '-')}`,
      base: 'abc1234',
      request: `${VERBS[i % VERBS.length]} the ${area} module (session ${i + 1})`,
      learned: [`The ${area} module caches results for 5 minutes; invalidate on write (session ${i + 1})`, `Run the ${area} tests with --runInBand, they share a database`],
      decisions: [`Keep ${area} behind a feature flag until the migration lands`],
      completed: [`Finished ${area} change number ${i + 1} on ${date}`, `Reviewed ${area} error handling for session ${i + 1}`],
      next_steps: [`Follow up on ${area} after session ${i + 1}`, `Ask the team about ${area} rollout timing`],
      notes: [],
      commits: [{ sha: `a${String(i).padStart(6, '0')}`, subject: `${area} work ${i + 1}` }],
    });
  }
  for (const s of sessions) {
    repo.write(`.openclaw_memory/journal/${s.date}/${s.time.replace(':', '')}-${s.agent}-${s.id.slice(-6)}.md`, serializeSession(s, 'en'));
  }
  const tasks: Task[] = Array.from({ length: opts.tasks }, (_, i) => ({
    id: `t-${(0x1000 + i).toString(16)}`,
    task: `${VERBS[i % VERBS.length]} ${AREAS[i % AREAS.length]} (task ${i + 1})`,
    status: (['todo', 'in_progress', 'done', 'blocked'] as const)[i % 4]!,
    ...(i % 2 ? { progress: `about ${10 * i}% done` } : {}),
    ...(i % 3 ? { next_step: `write the ${AREAS[i % AREAS.length]} handler` } : {}),
    related_files: [FILES[i % FILES.length]!],
  }));
  repo.write('.openclaw_memory/TASKS.md', serializeTasks({ updated: opts.end, tasks }, 'en'));
  repo.write('.openclaw_memory.toml', '[project]\nname = "acme-api"\ndescription = "Billing and auth API for Acme; TypeScript on Node 20, Postgres, Redis"\n');
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'memory: history');
  repo.write('../' + repo.home.split('/').pop() + '/user/entities.md', '');
  return { sessions, tasks };
}
