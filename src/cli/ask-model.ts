// `git memory init` on a terminal with no --model: the one question init asks, which model (if any)
// git-memory may send transcript excerpts to, saying what is sent and what it may cost. The answer
// is written to [llm] provider like --model; "none" is the default (Enter, end of input, or three
// answers it cannot read). Streams are passed in, so a test can answer it without a terminal.
import { MODEL_CHOICE_TEXT } from './messages.js';

export type ModelChoice = 'none' | 'anthropic' | 'claude-cli';

const OPTIONS: { choice: ModelChoice; line: string }[] = [
  { choice: 'none', line: 'none        nothing leaves this machine (default)' },
  { choice: 'anthropic', line: 'anthropic   the Messages API, billed to ANTHROPIC_API_KEY' },
  { choice: 'claude-cli', line: 'claude-cli  `claude -p --model haiku`, your Claude subscription' },
];

/** The question, as shown. */
export const MODEL_QUESTION = [
  'Which model may git-memory use? (optional; `git memory init --model …` changes it later)',
  ...MODEL_CHOICE_TEXT.map((l) => `  ${l}`),
  ...OPTIONS.map((o, i) => `  ${i + 1}) ${o.line}`),
].join('\n');

/** An answer read as a choice: its number or name; empty is the default; null when it is neither. */
export function readChoice(answer: string): ModelChoice | null {
  const a = answer.trim().toLowerCase();
  if (!a) return 'none';
  const byNumber = /^\d+$/.test(a) ? OPTIONS[Number(a) - 1]?.choice : undefined;
  return byNumber ?? OPTIONS.find((o) => o.choice === a)?.choice ?? null;
}

/** Reads one line at a time from `input`; null at the end of input. */
function lineReader(input: NodeJS.ReadableStream): () => Promise<string | null> {
  let buffered = '';
  let ended = false;
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((w) => w());
  input.setEncoding?.('utf8');
  input.on('data', (chunk: string | Buffer) => {
    buffered += chunk.toString();
    wake();
  });
  input.on('end', () => {
    ended = true;
    wake();
  });
  input.on('close', () => {
    ended = true;
    wake();
  });
  return async () => {
    for (;;) {
      const nl = buffered.search(/\r?\n|\r/);
      if (nl >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + (buffered.startsWith('\r\n', nl) ? 2 : 1));
        return line;
      }
      if (ended) {
        const rest = buffered;
        buffered = '';
        return rest || null;
      }
      await new Promise<void>((r) => waiting.push(r));
    }
  };
}

/** Asks on `output`, reads the answer from `input`: the choice (none by default). */
export async function askModel(input: NodeJS.ReadableStream, output: { write(text: string): unknown }): Promise<ModelChoice> {
  output.write(`${MODEL_QUESTION}\n`);
  const next = lineReader(input);
  try {
    for (let tries = 0; tries < 3; tries++) {
      output.write('Choice [1]: ');
      const line = await next();
      if (line === null) {
        output.write('\n');
        return 'none';
      }
      const choice = readChoice(line);
      if (choice) return choice;
      output.write(`${JSON.stringify(line.trim())} is not one of 1, 2, 3 (none, anthropic, claude-cli)\n`);
    }
    return 'none';
  } finally {
    input.pause?.();
    (input as { unref?: () => void }).unref?.();
  }
}
