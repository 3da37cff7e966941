// A backticked span longer than 40 characters (a command line, a long path, an error quoted whole)
// made every backticked term after it on the line go missing from a compaction's Key Technical
// Concepts: the short-span pattern took the long span's closing backtick for an opening one and
// read the prose between two spans as the term (stop 54's leftover, fixed at stop 55).
import { describe, expect, it } from 'vitest';
import { identifierTerms } from '../../src/compact/key-info.js';
import { call, claudeTranscript, prompt, result } from '../helpers/claude-records.js';
import { makeRepo } from '../helpers/repo.js';

const LONG = 'docker compose -f deploy/staging/compose.yaml up --build';

describe('backticked terms after a long backticked span', () => {
  it('are read as they are, the prose between spans is not', () => {
    expect(identifierTerms(`run \`${LONG}\` then \`pnpm run migrate\` and \`make seed\` twice`)).toEqual(['pnpm run migrate', 'make seed']);
    // A span of exactly 40 characters is still a term; of 41, not.
    const forty = 'a'.repeat(20) + ' ' + 'b'.repeat(19);
    expect(identifierTerms(`\`${forty}\` \`${forty}c\` \`vitest run\``)).toEqual([forty, 'vitest run']);
  });

  it("are among `git memory compact`'s Key Technical Concepts", async () => {
    const repo = makeRepo({ now: '2026-12-07T10:30:00Z' });
    repo.write('src/db.ts', 'export const x = 1;\n');
    const t = claudeTranscript(repo.dir, [
      prompt(`Start it with \`${LONG}\` and after that run \`pnpm run migrate\` then \`make seed\``),
      call('c1', 'Edit', { file_path: `${repo.dir}/src/db.ts`, old_string: 'x = 1', new_string: 'x = 2' }),
      result('c1', 'ok'),
      prompt(`Again: \`${LONG}\`, then \`pnpm run migrate\` and \`make seed\` before the tests`),
    ]);
    const r = await repo.run(['compact', '--offline', '--json', '--transcript', t]);
    expect(r.code, r.stderr).toBe(0);
    const summary: string = JSON.parse(r.stdout).summary;
    const concepts = summary.split(/^## /m).find((s) => s.includes('Key Technical Concepts'))!;
    expect(concepts).toContain('pnpm run migrate');
    expect(concepts).toContain('make seed');
    // Nor the prose between two spans, which lead55 listed ("- , then").
    expect(concepts.split('\n').filter((l) => /^- [\s,]*(then|and)\b/.test(l))).toEqual([]);
  });
});
