import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATH_WITHOUT_TOOL } from '../helpers/repo.js';
import { initHooked, type HookedRepo } from '../git/hooked.js';

interface Check {
  id: string;
  level: string;
  message: string;
  fix?: string;
}

async function doctor(repo: HookedRepo, path = repo.env.PATH!): Promise<{ code: number; ok: boolean; checks: Check[]; text: string }> {
  const json = await repo.run(['doctor', '--json'], { env: { PATH: path } });
  const text = await repo.run(['doctor'], { env: { PATH: path } });
  expect(text.code).toBe(json.code);
  const data = JSON.parse(json.stdout);
  return { code: json.code, ok: data.ok, checks: data.checks, text: text.stdout };
}

const problems = (checks: Check[]) => checks.filter((c) => c.level === 'problem');

describe('git memory doctor', () => {
  it('reports where the hooks are and that all is well in a set-up repository', async () => {
    const repo = await initHooked();
    const d = await doctor(repo);
    expect(d.code).toBe(0);
    expect(d.ok).toBe(true);
    expect(problems(d.checks)).toEqual([]);
    expect(d.text).toContain(`hooks run from ${join(repo.dir, '.git', 'hooks')}`);
    for (const h of ['post-commit', 'post-rewrite', 'pre-push']) expect(d.text).toContain(`✓ ${h}: ${join(repo.dir, '.git', 'hooks', h)}`);
    expect(d.text).toContain('✓ merge driver git-memory-tasks configured');
    expect(d.text).toContain('✓ .openclaw_memory.toml parses');
    expect(d.text).toMatch(/no problems found\n$/);
  });

  it('names each problem with its fix, exits 1, and is satisfied once the fixes are applied', async () => {
    const repo = await initHooked();
    const hooks = join(repo.dir, '.git', 'hooks');
    writeFileSync(join(hooks, 'post-rewrite'), '#!/bin/sh\necho mine\n', { mode: 0o755 });
    chmodSync(join(hooks, 'pre-push'), 0o644);
    repo.g('config', '--remove-section', 'merge.git-memory-tasks');
    repo.write('.openclaw_memory.toml', '[primer]\nmax_tokens = "lots"\n');
    repo.write('.openclaw_memory/TASKS.md', '---\nupdated: 2026-11-22\n---\n\n<<<<<<< HEAD\n- [ ] A <!-- t-aaaa -->\n=======\n- [x] A <!-- t-aaaa -->\n>>>>>>> other\n');

    const d = await doctor(repo, PATH_WITHOUT_TOOL);
    expect(d.code).toBe(1);
    expect(d.ok).toBe(false);
    const byId = Object.fromEntries(problems(d.checks).map((c) => [c.id, c]));
    expect(Object.keys(byId).sort()).toEqual(['command', 'config', 'conflict', 'hook:pre-push', 'hook:post-rewrite', 'merge-driver'].sort());
    for (const c of problems(d.checks)) expect(c.fix, c.id).toBeTruthy();
    expect(byId['hook:post-rewrite']!.fix).toBe('git memory init');
    expect(byId['hook:pre-push']!.fix).toBe(`chmod +x ${join(hooks, 'pre-push')}`);
    expect(byId['config']!.message).toMatch(/\.openclaw_memory\.toml:2: primer\.max_tokens must be an integer/);
    expect(byId['conflict']!.fix).toBe('git memory resolve');
    expect(byId['command']!.fix).toBe('npm ci && npm link in a clone of git-memory (it is not in the npm registry yet)');
    expect(d.text).toContain('    fix: git memory resolve');
    expect(d.text).toMatch(/6 problems found\n$/);

    repo.write('.openclaw_memory.toml', '[primer]\nmax_tokens = 800\n');
    chmodSync(join(hooks, 'pre-push'), 0o755);
    expect((await repo.run(['init'])).code).toBe(0);
    expect((await repo.run(['resolve'])).code).toBe(0);
    const after = await doctor(repo);
    expect(problems(after.checks)).toEqual([]);
    expect(after.code).toBe(0);
    expect(repo.read('.git/hooks/post-rewrite')).toContain('echo mine');
  });
});
