import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/repo.js';

export const FIXTURES = join(ROOT, 'test', 'fixtures', 'agents');

/** A fixture file's text. */
export function fixture(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

/** A hook payload fixture, with the fields that name places on the author's machine pointed at the test's. */
export function payload(path: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...(JSON.parse(fixture(path)) as object), ...overrides });
}

/** Polls until `fn` returns a value (for the detached worker), failing after `ms`. */
export async function waitFor<T>(fn: () => T | null | undefined | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting for the detached worker');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the detached finalise worker has committed and let go of the lock. */
export async function workerDone(dir: string, git: (...a: string[]) => string, subject: RegExp): Promise<void> {
  await waitFor(() => subject.test(git('log', '-1', '--format=%s')) && !existsSync(join(dir, '.git', 'git-memory', 'lock')));
}
