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
 * What the commits being pushed bring, each range walked once for both: the memory file versions,
 * one per blob (the same listing `git memory scan <range>` uses, so side branches a merge discarded
 * and what a merge itself wrote are scanned), and the messages of the memory commits among them
 * (see memoryCommitMessages), one per commit.
 */
async function outgoing(cwd: string, remote: string, input: string): Promise<{ files: MemoryVersion[]; messages: MemoryCommitMessage[] }> {
  const files = new Map<string, MemoryVersion>();
  const messages = new Map<string, MemoryCommitMessage>();
  for (const range of await ranges(cwd, remote, input)) {
    const [versions, commits] = await Promise.all([memoryVersionsIn(cwd, range), memoryCommitMessages(cwd, range)]);
    for (const v of versions) if (!files.has(v.blob)) files.set(v.blob, v);
    for (const m of commits) messages.set(m.commit, m);
  }
  return { files: [...files.values()], messages: [...messages.values()] };
}

/**
 * pre-push: scans every memory file version in the outgoing commits, and the messages of the memory
 * commits among them, with the same scanner the write
 * paths use, always in block mode whatever the config says, and refuses the push (exit 3) naming
 * file, commit and rule. Prints nothing when the push is clean.
 */
export async function prePush(args: string[], input: string, cwd: string, env: NodeJS.ProcessEnv): Promise<ExitCode> {
  const repo = hookRepo(cwd, env);
  const { files, messages } = await outgoing(cwd, args[0] ?? 'origin', input);
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
