import { EXIT, GitMemoryError, type ExitCode } from '../errors.js';
import { git } from '../git/git.js';
import { readBlobs } from '../git/objects.js';
import { loadConfig } from '../memory/config.js';
import { memoryCommitMessages, memoryVersionsIn, type MemoryCommitMessage, type MemoryVersion } from '../git/memory-files.js';
import { scanMemoryText } from '../safety/scan-memory.js';
import { hookRepo } from './hook-repo.js';

const ZERO = /^0+$/;

/** The revision ranges a push sends: `remote..local` per ref, or what no remote-tracking ref has. */
async function ranges(cwd: string, remote: string, input: string): Promise<string[][]> {
  const out: string[][] = [];
  for (const line of input.split('\n')) {
    const [, localSha, , remoteSha] = line.trim().split(/\s+/);
    if (!localSha || ZERO.test(localSha)) continue; // a deleted ref sends nothing
    const known = remoteSha && !ZERO.test(remoteSha) && (await git(['cat-file', '-e', `${remoteSha}^{commit}`], { cwd, allowFail: true })) !== null;
    out.push(known ? [localSha, `^${remoteSha}`] : [localSha, '--not', `--remotes=${remote}`]);
  }
  return out;
}

/**
 * Memory file versions the commits being pushed bring, one per blob: the same listing `git memory
 * scan <range>` uses, so side branches a merge discarded and what a merge itself wrote are scanned.
 */
export async function outgoingMemory(cwd: string, remote: string, input: string): Promise<MemoryVersion[]> {
  const seen = new Map<string, MemoryVersion>();
  for (const range of await ranges(cwd, remote, input)) {
    for (const v of await memoryVersionsIn(cwd, range)) if (!seen.has(v.blob)) seen.set(v.blob, v);
  }
  return [...seen.values()];
}

/** The messages of the memory commits being pushed (see memoryCommitMessages), one per commit. */
async function outgoingMessages(cwd: string, remote: string, input: string): Promise<MemoryCommitMessage[]> {
  const seen = new Map<string, MemoryCommitMessage>();
  for (const range of await ranges(cwd, remote, input)) {
    for (const m of await memoryCommitMessages(cwd, range)) seen.set(m.commit, m);
  }
  return [...seen.values()];
}

/**
 * pre-push: scans every memory file version in the outgoing commits, and the messages of the memory
 * commits among them, with the same scanner the write
 * paths use, always in block mode whatever the config says, and refuses the push (exit 3) naming
 * file, commit and rule. Prints nothing when the push is clean.
 */
export async function prePush(args: string[], input: string, cwd: string, env: NodeJS.ProcessEnv): Promise<ExitCode> {
  const repo = hookRepo(cwd, env);
  const [files, messages] = await Promise.all([outgoingMemory(cwd, args[0] ?? 'origin', input), outgoingMessages(cwd, args[0] ?? 'origin', input)]);
  if (!files.length && !messages.length) return EXIT.ok;
  let allowlist: readonly string[] = [];
  try {
    allowlist = loadConfig(repo.root).config.secrets.allowlist;
  } catch (e) {
    if (!(e instanceof GitMemoryError)) throw e; // a broken config scans with no allowlist
  }
  const texts = await readBlobs(cwd, files.map((f) => f.blob));
  const problems: string[] = [];
  for (const f of files) {
    for (const x of await scanMemoryText(texts.get(f.blob)!, allowlist)) {
      problems.push(`  ${f.path}:${x.line}:${x.column} ${x.ruleId} ${x.masked} (commit ${(f.commit ?? '').slice(0, 7)})`);
    }
  }
  for (const m of messages) {
    for (const x of await scanMemoryText(m.message, allowlist)) {
      problems.push(`  message of commit ${m.commit.slice(0, 7)}:${x.line}:${x.column} ${x.ruleId} ${x.masked}`);
    }
  }
  if (!problems.length) return EXIT.ok;
  process.stderr.write(
    `git-memory: push refused: outgoing memory (files and memory commit messages) contains ${problems.length === 1 ? 'a secret' : `${problems.length} secrets`}\n` +
      `${problems.join('\n')}\n` +
      'Remove the value from the memory file or message and rewrite the commits that carry it (git commit --amend, git rebase -i),\n' +
      'then push again. A false positive goes in [secrets] allowlist; `git push --no-verify` skips this check.\n',
  );
  return EXIT.secret;
}
