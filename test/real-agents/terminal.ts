// An agent in a terminal, as most people run it: util-linux's `script` gives it a pseudo-terminal
// (the agent leads that terminal's session, as under `ssh host -t`, or a pane that starts it
// without a shell), and the test types into it as a user would.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterEach } from 'vitest';
import { until, type Scratch } from './drive.js';

/** Whether util-linux's `script` is on PATH. */
export const hasScript = (process.env.PATH ?? '').split(':').some((d) => {
  try {
    return readdirSync(d).includes('script');
  } catch {
    return false;
  }
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Terminal {
  /** What the screen showed so far, without escape sequences and without white space (cursor moves stand where spaces were). */
  screen(): string;
  /** Waits until the screen shows `text` (compared without white space), up to `ms`; false if it never did. */
  shows(text: string, ms: number): Promise<boolean>;
  /** Types `text` a key at a time, then Enter. */
  enter(text: string): Promise<void>;
  /** Sends raw keys (Esc is `\x1b`), no Enter. */
  press(keys: string): void;
  /** Resolves with the agent's exit code, or 'timeout' after `ms`. */
  exit(ms: number): Promise<number | null | 'timeout'>;
  kill(): void;
}

/** Starts `command` (a sh command line) in a pseudo-terminal, in `cwd` with `env`. */
export function terminal(command: string, cwd: string, env: NodeJS.ProcessEnv): Terminal {
  const t = spawn('script', ['-qfec', command, '/dev/null'], { cwd, env: { ...env, TERM: 'xterm-256color', COLUMNS: '120', LINES: '40' } });
  let raw = '';
  t.stdout.on('data', (d) => (raw += d));
  t.stderr.on('data', (d) => (raw += d));
  const exited = new Promise<number | null>((resolve) => t.on('close', (code) => resolve(code)));
  const screen = () => raw.replace(/\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][A-Z0-9]|\x1b[78=>]/g, '').replace(/\s/g, '');
  return {
    screen,
    shows: async (text, ms) => !!(await until(() => screen().includes(text.replace(/\s/g, '')), ms)),
    async enter(text) {
      for (const ch of text) {
        t.stdin.write(ch);
        await pause(15);
      }
      await pause(400);
      t.stdin.write('\r');
    },
    press: (keys) => void t.stdin.write(keys),
    exit: (ms) => Promise.race([exited, pause(ms).then(() => 'timeout' as const)]),
    kill: () => {
      if (t.exitCode === null) t.kill('SIGKILL');
    },
  };
}

/** What a test of the file holds (its scratch, its terminal), closed after each test. */
export function heldPerTest(): { s: Scratch | null; term: Terminal | null } {
  const held: { s: Scratch | null; term: Terminal | null } = { s: null, term: null };
  afterEach(async () => {
    held.term?.kill();
    held.term = null;
    await held.s?.close();
    held.s = null;
  });
  return held;
}
