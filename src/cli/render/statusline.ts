/** How full the context is, in the words the status line uses. */
export type Level = 'normal' | 'warning' | 'urgent' | 'critical';

export function levelOf(percent: number): Level {
  if (percent >= 92) return 'critical';
  if (percent >= 80) return 'urgent';
  if (percent >= 60) return 'warning';
  return 'normal';
}

const COLOURS: Record<Level, string> = { normal: '32', warning: '33', urgent: '31', critical: '1;31' };
const CELLS = 10;

/** 1234 → 1.2k, 200000 → 200k. */
export function short(n: number): string {
  if (n < 1000) return String(n);
  const k = n / 1000;
  return `${k < 10 ? k.toFixed(1).replace(/\.0$/, '') : Math.round(k)}k`;
}

export interface StatusParts {
  model?: string;
  tokens: number;
  window: number;
  turnsLeft: number | null;
  /** Items logged for the session and not yet in the journal. */
  pending: number;
  /** The chosen model and what it has cost here. */
  llm?: { provider: string; cost: number };
  colour: boolean;
  /** At urgent and above: what the PreCompact hook will ask to keep. */
  keep?: { files: number; errors: number; tasks: number; instructions: number; last_request: boolean };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** `compaction keeps: 4 files, 1 error, 2 tasks, last request`. */
function keepText(k: NonNullable<StatusParts['keep']>): string {
  const parts = [
    k.files && plural(k.files, 'edited file'),
    k.errors && plural(k.errors, 'open error'),
    k.tasks && plural(k.tasks, 'task'),
    k.instructions && plural(k.instructions, 'instruction'),
    k.last_request && 'last request',
  ].filter(Boolean);
  return parts.length ? `compaction keeps: ${parts.join(', ')}` : '';
}

/** One line: `[Opus] ██████░░░░ 58% 116k/200k · warning · ~12 turns left · 2 logged`. */
export function renderStatus(p: StatusParts): { line: string; percent: number; level: Level } {
  const percent = Math.min(100, Math.round((p.tokens / p.window) * 100));
  const level = levelOf(percent);
  const filled = Math.min(CELLS, Math.round((percent / 100) * CELLS));
  const paint = (t: string) => (p.colour ? `\x1b[${COLOURS[level]}m${t}\x1b[0m` : t);
  const parts = [
    `${p.model ? `[${p.model}] ` : ''}${paint(`${'█'.repeat(filled)}${'░'.repeat(CELLS - filled)} ${percent}%`)} ${short(p.tokens)}/${short(p.window)}`,
    paint(level),
    ...(p.turnsLeft !== null ? [`~${p.turnsLeft} turn${p.turnsLeft === 1 ? '' : 's'} left`] : []),
    ...(p.pending ? [`${p.pending} logged`] : []),
    ...(p.llm ? [`notes by ${p.llm.provider} $${p.llm.cost.toFixed(2)}`] : []),
    ...(p.keep && (level === 'urgent' || level === 'critical') && keepText(p.keep) ? [keepText(p.keep)] : []),
  ];
  return { line: parts.join(' · '), percent, level };
}
