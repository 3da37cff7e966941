import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT, type TestRepo } from '../helpers/repo.js';
import { settled } from '../helpers/settled.js';

export const FIXTURES = join(ROOT, 'test', 'fixtures', 'agents');

/** A fixture file's text. */
export function fixture(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

/** A hook payload fixture, with the fields that name places on the author's machine pointed at the test's. */
export function payload(path: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...(JSON.parse(fixture(path)) as object), ...overrides });
}

/**
 * Waits until the detached finalise worker has ended (see settled), then checks that it committed,
 * the commit's subject matching `subject`, and let go of the lock.
 */
export async function workerDone(repo: TestRepo, subject: RegExp): Promise<void> {
  await settled(repo);
  expect(repo.git('log', '-1', '--format=%s')).toMatch(subject);
  expect(existsSync(join(repo.dir, '.git', 'git-memory', 'lock'))).toBe(false);
}
