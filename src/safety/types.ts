/** One secret found in a text. Positions are 1-based lines and columns in the scanned text. */
export interface Finding {
  ruleId: string;
  /** Human message, with the secret value masked. */
  message: string;
  line: number;
  column: number;
  /** Character offsets [start, end) of the secret value in the scanned text. */
  start: number;
  end: number;
  /** The value with all but a few characters replaced by `*`. */
  masked: string;
}

export interface ScanOptions {
  /** Exact strings or /regex/ patterns (config `[secrets] allowlist`) that are never findings. */
  allowlist?: readonly string[];
}

export type SecretMode = 'block' | 'redact';

/** Invisible or direction-changing characters removed from a text. */
export interface HiddenTextReport {
  text: string;
  removed: { codePoint: string; count: number; lines: number[] }[];
  total: number;
}
