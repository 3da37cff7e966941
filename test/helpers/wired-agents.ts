// A repository wired for some agents (`init --agent` each, the wiring committed), built once per test
// file: the tests of sessions run the way each agent runs its hooks start from it.
import { expect } from 'vitest';
import { fixture, makeMemoryRepo, type TestRepo } from './repo.js';

export function wiredFor(agents: readonly string[]): () => Promise<TestRepo> {
  return fixture(async () => {
    const repo = await makeMemoryRepo({ until: 'file' });
    repo.commit('Add the cache', { 'src/cache.ts': '// per process\n' });
    for (const agent of agents) expect((await repo.run(['init', '--agent', agent])).code).toBe(0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'Wire the agents');
    return repo;
  });
}
