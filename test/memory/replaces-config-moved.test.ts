// One subject's configuration put in another file, said in other words (issue 25 §2.1): judge55's unseen set
// missed every configuration file moved to a file of another name or a dotted folder ("Taproot's settings file
// is now .taproot/settings.yaml" over "taproot is configured in .taproot.yaml at the project root"): the slot
// reader knew only one file name in two folders, and a dotfile (".taproot.yaml") was no path. Both facts say a
// word of configuration (or a file named so), and the two paths name one subject, or the facts share its word.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe("a subject's configuration in another file", () => {
  it.each([
    ["Taproot's settings file is now .taproot/settings.yaml", 'taproot is configured in .taproot.yaml at the project root'],
    ["BuildRunner's configuration is .buildrunner/config.json", 'BuildRunner reads config.json at the project root'],
    ["gtm's settings file is ~/.config/gtm/config.toml", 'gtm stores its preferences in ~/.config/gtm/prefs.json'],
    ['The content collections config file moved to src/content.config.ts', 'Content collections are configured in src/content/config.ts'],
    ['The backup daemon reads its settings from ~/.backupd/settings.toml', 'The backup daemon is configured in ~/.backupd.toml'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    ['Telescope is now configured in config/telescope.lua', 'Theme settings are handled in config/theme.lua'],
    ["gtm's user themes are in ~/.config/gtm/themes/*.toml", "gtm's settings are in ~/.config/gtm/config.toml"],
    ['ESLint is configured in eslint.config.js', 'Prettier is configured in .prettierrc'],
    ['The worker is configured in worker/config.yml', 'The API is configured in api/config.yml'],
    ['Collections load their Markdown with loader: glob() patterns', 'The content collections config is src/content.config.ts'],
    ['Taproot also reads .taproot/local.yaml for overrides', 'taproot is configured in .taproot.yaml at the project root'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
