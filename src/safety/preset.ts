import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { rules as presetRules } from '@secretlint/secretlint-rule-preset-recommend';

// Loaded by scan.ts only when preset-gate.ts says a preset rule may match: most memory text holds
// none of the strings the preset's patterns need, and then neither secretlint nor its rules are
// initialised (at every `end`, ~27 M instructions of ~435 M).

// secretlint 11 profiles every lintSource call: its performance marks are never cleared and its
// observer rescans all past marks, so a long-running process (MCP server, `scan` over many files)
// leaks memory and slows down quadratically. Upstream made profiling opt-in later
// (secretlint/secretlint#1633, #1673); until then, turn marking off. @secretlint/core pins this package.
secretLintProfiler.mark = () => {};

type CoreConfig = Parameters<typeof lintSource>[0]['options']['config'];

/** The one preset rule taken out: memory text is untrusted, and a `secretlint-disable` comment in it must not hide a secret. */
export const LEFT_OUT = '@secretlint/secretlint-rule-filter-comments';

// The preset's rules are registered one by one because secretlint 11 ignores `disabled` inside a
// preset.
const PRESET_CONFIG: CoreConfig = {
  rules: presetRules
    .filter((rule) => rule.meta.id !== LEFT_OUT)
    .map((rule) => ({ id: rule.meta.id, rule, options: rule.meta.id === '@secretlint/secretlint-rule-aws' ? { enableIDScanRule: true } : {} })),
};

/** The ids of the preset's rules that run (preset-gate.ts must know each). */
export const presetRuleIds = (): string[] => presetRules.map((rule) => rule.meta.id).filter((id) => id !== LEFT_OUT);

/** secretlint's recommended preset over one chunk of memory text. */
export const lintPreset = (chunk: string) =>
  lintSource({
    source: { content: chunk, filePath: 'memory.md', ext: '.md', contentType: 'text' },
    options: { config: PRESET_CONFIG, noPhysicFilePath: true },
  });
