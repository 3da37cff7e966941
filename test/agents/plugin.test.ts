import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../src/agents/registry.js';
import { ROOT } from '../helpers/repo.js';

const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

describe('Claude Code plugin files', () => {
  it('plugin.json names the plugin, follows the package version and registers the MCP server', () => {
    const plugin = json('.claude-plugin/plugin.json');
    const pkg = json('package.json');
    expect(plugin.name).toBe('git-memory');
    expect(plugin.version).toBe(pkg.version);
    expect(plugin.mcpServers['git-memory']).toEqual({ command: 'git-memory', args: ['mcp'] });
    expect(pkg.files).toEqual(expect.arrayContaining(['hooks', '.claude-plugin']));
  });

  it('hooks/hooks.json runs the same commands `init --agent claude` writes, so Claude Code runs each once', () => {
    const plugin = json('hooks/hooks.json');
    const settings = JSON.parse(ADAPTERS.claude.config[0]!.install(null));
    expect(plugin.hooks).toEqual(settings.hooks);
    expect(typeof plugin.description).toBe('string');
  });
});
