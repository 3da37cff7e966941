// Issue 25 §4 for the compaction's hot files, as the primer's already are: what git-memory or an agent's
// set-up wrote (memory files, .claude/settings.json, .mcp.json, CLAUDE.md…) and what bots committed
// are not where the work is. One filter (git/log.ts workFiles, paths.ts isOwnPath) serves both.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { scoreHotFiles } from '../../src/compact/hot-files.js';
import { gitFileFacts } from '../../src/commands/steps/hot-file-facts.js';
import { findRepo } from '../../src/git/repo.js';
import { emptyLedger } from '../../src/transcripts/ledger.js';
import { makeRepo } from '../helpers/repo.js';

describe("the compaction's hot files", () => {
  it("leave out agents' wiring, memory files and what a bot committed, from git and from the session", async () => {
    const repo = makeRepo();
    repo.commit('Wire the agents', { '.claude/settings.json': '{}\n', '.mcp.json': '{}\n', 'CLAUDE.md': '# x\n', 'src/app.ts': 'export {}\n' });
    repo.write('package.json', '{"dependencies":{"left-pad":"1.3.1"}}\n');
    repo.git('add', 'package.json');
    execFileSync('git', ['commit', '-q', '-m', 'Bump left-pad', '--author', 'dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>'], { cwd: repo.dir, env: repo.env });
    repo.write('AGENTS.md', '# agents\n');
    repo.write('src/now.ts', 'export {}\n');
    const facts = await gitFileFacts(findRepo(repo.dir, repo.env));
    expect(facts.map((f) => f.path).sort()).toEqual(['README.md', 'src/app.ts', 'src/now.ts']); // README.md: the first commit's

    const ledger = emptyLedger('claude');
    const at = '2026-11-22T14:00:00.000Z';
    for (const [i, path] of ['CLAUDE.md', '.openclaw_memory/PRIMER.md', 'src/app.ts'].entries()) {
      ledger.files.push({ path, reads: 1, edits: 0, writes: 0, first: at, last: at, last_op: 'read', by_subagent: false, last_call: i });
    }
    ledger.tool_calls = 3;
    const ranked = scoreHotFiles(ledger, facts, { now: new Date(at), sizeOf: () => 100 });
    expect(ranked.map((f) => f.path).sort()).toEqual(['README.md', 'src/app.ts', 'src/now.ts']);
  });
});
