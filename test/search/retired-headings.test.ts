// A search asks MEMORY.md for its retired facts each time; a file with no Forgotten or Superseded
// section retires nothing and is answered from its headings alone, in either language and with
// either line end, while one that has such a section is read as before.
import { describe, expect, it } from 'vitest';
import { retiredFacts } from '../../src/memory/retired-facts.js';

const LIVE = '# Long-term memory\n\n## Decisions\n\n- Webhook retries use exponential backoff\n\n## Gotchas\n\n- The invoice run holds a lock\n';

describe('retiredFacts', () => {
  it('is null for a MEMORY.md that retires nothing, and reads the sections that retire', () => {
    expect(retiredFacts(LIVE)).toBeNull();
    expect(retiredFacts(null)).toBeNull();
    expect(retiredFacts(`${LIVE}\n## Forgotten\n`)).toBeNull(); // the section, empty
    const forgot = retiredFacts(`${LIVE}\n## Forgotten\n\n- Sessions live in Redis\n`);
    expect(forgot?.forgotten).toHaveLength(1);
    expect(forgot?.live).toHaveLength(2);
    expect(retiredFacts(`${LIVE}\n## forgotten  \n\n- Sessions live in Redis\n`.replace(/\n/g, '\r\n'))?.forgotten).toHaveLength(1);
    expect(retiredFacts(`${LIVE}\n## Superseded\n\n- We deploy with Heroku (until 2026-11-21)\n`)?.superseded).toHaveLength(1);
    expect(retiredFacts('# 长期记忆\n\n## 决策\n\n- 使用 Redis\n\n## 已遗忘\n\n- 会话存放在 Redis\n')?.forgotten).toHaveLength(1);
  });
});
