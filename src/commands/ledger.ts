import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { findRepo } from '../git/repo.js';
import { detectAgent, readLedger } from '../transcripts/read.js';
import type { AgentName, Ledger } from '../transcripts/ledger.js';
import type { Ctx, Result } from './context.js';

export type LedgerData = Ledger & {
  /** The transcript read, as an absolute path. */
  transcript: string;
  /** The repository paths are relative to, or null outside one. */
  repo: string | null;
};

const WHICH = 'a Claude Code session (.jsonl), a Codex rollout (.jsonl) or a Gemini CLI chat (.jsonl or .json)';

/** What a transcript says happened: files, commands, errors, user messages, todos, token usage. */
export async function ledger(ctx: Ctx, input: { transcript: string; agent?: AgentName }): Promise<Result<LedgerData>> {
  const path = resolve(ctx.cwd, input.transcript);
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    /* reported below */
  }
  if (!isFile) throw new UsageError(`cannot read the transcript ${path}`, `--transcript takes the path of ${WHICH}; agent hooks get it as transcript_path`);
  const agent = input.agent ?? detectAgent(path);
  if (!agent) throw new UsageError(`not a transcript git-memory knows: ${path}`, `expected ${WHICH}; name the agent with --agent claude|codex|gemini if it is one`);
  let repo: string | null = null;
  try {
    repo = findRepo(ctx.cwd, ctx.env).root;
  } catch {
    /* outside a repository every path stays absolute */
  }
  const l = readLedger(path, { agent, repoRoot: repo ?? undefined });
  return { data: { transcript: path, repo, ...l }, warnings: [] };
}
