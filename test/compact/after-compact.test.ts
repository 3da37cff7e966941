// What SessionStart adds after a compaction goes through the project's secret rules line by line,
// except git-memory's own headings and the hot files' lines PreCompact's worker checked already:
// the same text as the whole passed through the rules.
import { describe, expect, it } from 'vitest';
import { afterCompactLines, afterCompactText, hotLine, type AfterCompactInput } from '../../src/compact/after-compact.js';
import type { HotFile } from '../../src/compact/hot-files.js';
import { SUMMARY_SECTIONS } from '../../src/compact/sections.js';
import { renderAfterCompact } from '../../src/commands/steps/compaction-prepared.js';
import { redactQuickLines } from '../../src/safety/quick-redact.js';

const KEY = `ghp_${'aB3dE5fG7h'.repeat(3)}J9kL1m`;
// An Anthropic key as the Console issues them (sk-ant-api03-, 95 characters after it).
const ANT = 'sk-ant-api03-Qm7vR2xK9pL4wT8nB1cF6hJ0sD5gA3eU8iO2tYzXcVbNmLkJhGfDsAqWeRtYuIoP-ZxCvBnM0AA';
const hot = (path: string, score: number): HotFile => ({ path, score, factors: {} as HotFile['factors'], tokens: 10, reasons: ['edited 2× in the session', 'last touched within the hour, 3 tool calls ago'], source: 'ledger' });
const input = (over: Partial<AfterCompactInput> = {}): AfterCompactInput => ({
  dropped: {
    sections: [...SUMMARY_SECTIONS],
    file_names: ['src/auth/session.ts', `config/${KEY}.json`],
    error_messages: [`TypeError: token ${KEY} refused`, 'Error: api key missing'],
    user_commands: [`Use the deploy key ${KEY} for the api`, 'Now add rate limiting', `Set ANTHROPIC_API_KEY to ${ANT}`],
    technical_terms: ['npm test', 'passwordless'],
  },
  hot: [hot('src/auth/policy.ts', 63), hot(`keys/${KEY}.pem`, 40), hot('src/api/routes.ts', 20)],
  notes: `## Current state\nThe database password: Xq7#vLp2Rt9!\nThe key is ${KEY}\n- tasks: pending`,
  notesTruncated: true,
  ...over,
});

describe('renderAfterCompact', () => {
  it('is the whole text through the secret rules, for any room', () => {
    for (const room of [10_000, 2_000, 700, 300, 60, 10]) {
      const i = input();
      const text = renderAfterCompact(i, room);
      expect(text).toBe(redactQuickLines(afterCompactText(i, room)));
      expect(text).not.toContain('aB3dE5fG7haB3');
      expect(text).not.toContain('Qm7vR2xK9pL4');
    }
    expect(renderAfterCompact(input(), 10_000)).toContain('Set ANTHROPIC_API_KEY to [REDACTED:anthropic-api-key]');
    // Lines of several lines (a path with a line break) keep their places.
    const odd = input({ hot: [hot(`a\nb/${KEY}.ts`, 50), hot('src/x.ts', 10)] });
    expect(renderAfterCompact(odd, 10_000)).toBe(redactQuickLines(afterCompactText(odd, 10_000)));
  });

  it("shows the worker's checked lines of the hot files as they are, and checks a section's name only when it is not one", () => {
    const i = input();
    const hotLines = redactQuickLines(i.hot.map(hotLine).join('\n')).split('\n');
    expect(hotLines[1]).not.toContain('aB3dE5fG7haB3');
    expect(renderAfterCompact({ ...i, hotLines }, 10_000)).toBe(redactQuickLines(afterCompactText(i, 10_000)));
    // A report file that says otherwise: its "section" is checked like any item.
    const odd = input({ dropped: { sections: ['Pending Tasks', `Key ${KEY}`] } });
    expect(renderAfterCompact(odd, 10_000)).not.toContain('aB3dE5fG7haB3');
  });

  it("leaves unchecked no line but git-memory's own words, which no rule changes", () => {
    const lines = afterCompactLines(input({ dropped: Object.fromEntries(['sections', 'file_names', 'error_messages', 'user_commands', 'technical_terms'].map((k) => [k, k === 'sections' ? [...SUMMARY_SECTIONS] : ['x']])) }), 10_000);
    const own = lines.filter((l) => l.checked).map((l) => l.text);
    expect(own).toEqual(expect.arrayContaining(['## After compaction (git-memory)', 'Sections missing:', 'Files:', "User's messages:", ...SUMMARY_SECTIONS.map((s) => `- ${s}`)]));
    for (const line of own) expect(redactQuickLines(line)).toBe(line);
    expect(lines.filter((l) => !l.checked).map((l) => l.text)).toEqual(expect.arrayContaining(['- x', `- keys/${KEY}.pem — 40 (edited 2× in the session; last touched within the hour, 3 tool calls ago)`]));
  });
});
