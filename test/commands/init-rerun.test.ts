import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

describe('init options that meet an existing setup', () => {
  it('says the existing config was kept and how to change it; the same language says nothing', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks', '--language', 'zh'])).code).toBe(0);
    const config = repo.read('.openclaw_memory.toml');
    const other = await repo.run(['init', '--no-hooks', '--language', 'en']);
    expect(other.code).toBe(0);
    expect(other.stderr).toContain('warning: --language en not applied: .openclaw_memory.toml already exists and keeps [journal] language = "zh"');
    expect(other.stderr).toContain('set language = "en" under [journal] in .openclaw_memory.toml');
    expect(repo.read('.openclaw_memory.toml')).toBe(config);
    const same = await repo.run(['init', '--no-hooks', '--language', 'zh']);
    expect(same.stderr).not.toContain('not applied');
    const none = await repo.run(['init', '--no-hooks']);
    expect(none.stderr).not.toContain('not applied');
  });

  it('--no-hooks says that hooks installed earlier stay', async () => {
    const repo = makeRepo();
    expect((await repo.run(['init', '--no-hooks'])).stderr).not.toContain('already installed');
    await repo.run(['init']);
    const again = await repo.run(['init', '--no-hooks']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('warning: --no-hooks installs no hooks, and the post-commit, post-rewrite, pre-push hooks already installed stay; `git memory uninstall` removes them');
  });
});
