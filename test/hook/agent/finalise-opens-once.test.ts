// The agent session-end path (the detached finalise worker: end, its session write, the primer
// rebuild and the memory commit) finds the repository and loads its config once; before issue 11
// each handler it went through opened them again (three times).
import { describe, expect, it, vi } from 'vitest';
import { makeRepo } from '../../helpers/repo.js';

const counted = vi.hoisted(() => ({ findRepo: vi.fn(), loadConfig: vi.fn() }));

vi.mock('../../../src/git/repo.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/git/repo.js')>();
  counted.findRepo.mockImplementation(real.findRepo);
  return { ...real, findRepo: counted.findRepo };
});
vi.mock('../../../src/memory/config.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/memory/config.js')>();
  counted.loadConfig.mockImplementation(real.loadConfig);
  return { ...real, loadConfig: counted.loadConfig };
});

describe('finalising an agent session', () => {
  it('finds the repository and loads the config once, and writes the session', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks'])).code).toBe(0);
    expect((await repo.run(['log', 'Retries need a jittered backoff'])).code).toBe(0);
    const { finaliseSession } = await import('../../../src/hook/agent/finalise.js');
    counted.findRepo.mockClear();
    counted.loadConfig.mockClear();

    const outcome = await finaliseSession({ cwd: repo.dir, env: repo.env }, { agent: 'claude', sessionId: 'opens-once' });

    expect(outcome.result).toBe('written');
    expect(outcome.result === 'written' && outcome.data.commit).toBeTruthy();
    expect(counted.findRepo).toHaveBeenCalledTimes(1);
    expect(counted.loadConfig).toHaveBeenCalledTimes(1);
  });
});
