import { EXIT, GitMemoryError } from '../errors.js';
import { describeHidden, stripHiddenText } from './hidden-text.js';
import { withoutMachineText } from './machine-text.js';
import type { Finding, SecretMode } from './types.js';

export interface GuardConfig {
  mode: SecretMode;
  allowlist: readonly string[];
  /** The repository's root: absolute paths under it are written relative to it. */
  root?: string;
  /** The session's own notes (personal, never committed): the machine's paths are kept. */
  keepMachineText?: boolean;
}

/** A write refused because the text holds a secret (exit 3). The value never appears unmasked. */
export class SecretFoundError extends GitMemoryError {
  constructor(
    readonly file: string,
    readonly findings: Finding[],
  ) {
    super(
      `refused to write ${file}: it contains ${findings.length === 1 ? 'a secret' : `${findings.length} secrets`}\n` +
        findings.map((f) => `  ${file}:${f.line}:${f.column} ${f.ruleId} ${f.masked}`).join('\n'),
      EXIT.secret,
      'remove the value (or reference it, e.g. process.env.NAME), or set [secrets] mode = "redact"; known false positives go in [secrets] allowlist',
      { file, findings: findings.map(({ ruleId, line, column, masked }) => ({ ruleId, line, column, masked })) },
    );
    this.name = 'SecretFoundError';
  }
}

/**
 * The one gate every memory write passes: leaves out what is true of one machine only (absolute
 * paths, stack frames; see machine-text.ts) unless told to keep it, removes invisible characters
 * (with a warning), then scans for secrets. In `block` mode a finding throws SecretFoundError before anything is
 * written; in `redact` mode the values are replaced by `[REDACTED:<rule>]` (`redacted`: how many).
 */
export async function guardText(text: string, file: string, cfg: GuardConfig): Promise<{ text: string; warnings: string[]; redacted?: number }> {
  const warnings: string[] = [];
  const hidden = stripHiddenText(cfg.keepMachineText ? text : withoutMachineText(text, cfg.root));
  if (hidden.total) warnings.push(`${file}: ${describeHidden(hidden)}`);
  const { scanText, redactText } = await import('./scan.js');
  const findings = await scanText(hidden.text, { allowlist: cfg.allowlist });
  if (!findings.length) return { text: hidden.text, warnings };
  if (cfg.mode === 'block') throw new SecretFoundError(file, findings);
  warnings.push(`${file}: redacted ${findings.map((f) => `${f.ruleId} at line ${f.line}`).join(', ')}`);
  return { text: redactText(hidden.text, findings), warnings, redacted: findings.length };
}
