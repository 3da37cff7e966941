import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { copyTree } from '../helpers/copy-tree.js';
import { copyRepo, tempDir, testEnv } from '../helpers/repo.js';
import { hooked, initHooked, type HookedRepo } from './hooked.js';

// Assembled at run time so this file does not itself look like it holds a key.
const AWS_KEY = ['AKIA2', '4SDKZ', 'UE7FY', 'Z6ALA'].join('');
const SESSION = '.openclaw_memory/journal/2026-11-22/1430-claude-abc123.md';

function sessionText(learned: string): string {
  return `---\nsession: 20261122-1430-abc123\ndate: 2026-11-22\ntime: "14:30"\nagent: claude\n---\n\n## Session 14:30\n\n### Request\nDeploy\n\n### Learned\n- ${learned}\n`;
}

/** A hooked repository whose main is pushed to a bare `origin`: built once per file (its push runs the pre-push hook, a node process). */
let pushed: Promise<{ repo: HookedRepo; remote: string }> | undefined;
const buildPushed = async () => {
  const repo = await initHooked({ until: 'file' });
  const remote = tempDir('gm-remote-', 'file');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote], { env: testEnv() });
  repo.g('remote', 'add', 'origin', remote);
  repo.g('push', '-q', 'origin', 'main');
  return { repo, remote };
};

/** A copy of that repository and of its remote, the copy's origin the remote's copy. */
async function withRemote(): Promise<{ repo: HookedRepo; remote: string }> {
  const built = await (pushed ??= buildPushed());
  const repo = hooked(copyRepo(built.repo));
  const remote = tempDir('gm-remote-');
  copyTree(built.remote, remote);
  repo.g('remote', 'set-url', 'origin', remote);
  return { repo, remote };
}

const remoteHead = (remote: string) => execFileSync('git', ['rev-parse', 'main'], { cwd: remote, env: testEnv(), encoding: 'utf8' }).trim();

describe('pre-push', () => {
  it('refuses a push whose memory files carry a secret, naming file and rule, whatever [secrets] mode says', async () => {
    const { repo, remote } = await withRemote();
    const before = remoteHead(remote);
    repo.write('.openclaw_memory.toml', '[secrets]\nmode = "redact"\n');
    repo.commit('Record deploy notes', { [SESSION]: sessionText(`CI role uses key ${AWS_KEY} for deploys`) });
    const push = repo.gTry(['push', 'origin', 'main']);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toContain('push refused');
    expect(push.stderr).toMatch(new RegExp(`${SESSION.replace(/\./g, '\\.')}:\\d+:\\d+ \\S*aws\\S*`));
    expect(push.stderr).not.toContain(AWS_KEY);
    expect(remoteHead(remote)).toBe(before);
  });

  it('refuses a secret that a later commit removed (it is still in the pushed history), and --no-verify skips the check', async () => {
    const { repo, remote } = await withRemote();
    repo.commit('Notes', { [SESSION]: sessionText(`key ${AWS_KEY}`) });
    repo.commit('Remove the key again', { [SESSION]: sessionText('key lives in the vault') });
    expect(repo.gTry(['push', 'origin', 'main']).code).not.toBe(0);
    const forced = repo.gTry(['push', '-q', '--no-verify', 'origin', 'main']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(remoteHead(remote)).toBe(repo.g('rev-parse', 'HEAD').trim());
  });

  it('lets clean memory through, and leaves secrets in code files to other tools', async () => {
    const { repo, remote } = await withRemote();
    repo.commit('Notes', { [SESSION]: sessionText('tokens expire after 15 minutes') });
    repo.commit('Config', { 'deploy.env': `AWS_ACCESS_KEY_ID=${AWS_KEY}\n` });
    repo.g('checkout', '-q', '-b', 'feature');
    repo.commit('More notes', { '.openclaw_memory/journal/2026-11-22/1500-claude-def456.md': sessionText('refresh tokens last 7 days').replace(/abc123|1430|14:30/g, (m) => ({ abc123: 'def456', '1430': '1500', '14:30': '15:00' })[m]!) });
    const push = repo.gTry(['push', 'origin', 'main', 'feature']);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stderr).not.toContain('refused');
    expect(remoteHead(remote)).toBe(repo.g('rev-parse', 'main').trim());
  });

  it("refuses a memory commit whose message carries a secret; a code commit's message is left to other tools", async () => {
    const { repo, remote } = await withRemote();
    const before = remoteHead(remote);
    repo.commit(`Deploy with ${AWS_KEY}`, { 'deploy.txt': 'code\n' });
    repo.commit(`memory: use key ${AWS_KEY} now`, { [SESSION]: sessionText('deploys go through CI') });
    const sha = repo.g('rev-parse', '--short=7', 'HEAD').trim();
    const push = repo.gTry(['push', 'origin', 'main']);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toContain(`message of commit ${sha}:1:17 aws-access-key-id`);
    expect(push.stderr).not.toContain(AWS_KEY);
    expect(push.stderr.match(/aws-access-key-id/g)).toHaveLength(1);
    expect(remoteHead(remote)).toBe(before);
  });

  it('finds a key split by an invisible character, and one on a side branch a merge discarded', async () => {
    const { repo, remote } = await withRemote();
    const before = remoteHead(remote);
    const split = `${AWS_KEY.slice(0, 8)}\u200b${AWS_KEY.slice(8)}`;
    repo.commit('Notes', { [SESSION]: sessionText(`key ${split}`) });
    const first = repo.gTry(['push', 'origin', 'main']);
    expect(first.code).not.toBe(0);
    expect(first.stderr).toContain('push refused');
    expect(remoteHead(remote)).toBe(before);

    repo.g('reset', '-q', '--hard', 'HEAD~1');
    repo.g('checkout', '-q', '-b', 'side');
    repo.commit('Side notes', { '.openclaw_memory/journal/2026-11-22/1600-claude-aaa111.md': sessionText(`key ${AWS_KEY}`) });
    repo.g('checkout', '-q', 'main');
    repo.g('merge', '-q', '-s', 'ours', '-m', 'Keep main as it is', 'side');
    repo.g('branch', '-q', '-D', 'side');
    const second = repo.gTry(['push', 'origin', 'main']);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain('1600-claude-aaa111.md');
  });
});
