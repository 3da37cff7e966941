import { describe, expect, it } from 'vitest';
import { parseDay, renderDay } from '../../src/memory/day-view.js';
import { CorruptFileError } from '../../src/errors.js';
import { parseSession, serializeSession, type Session } from '../../src/memory/session.js';
import { parseTasks, serializeTasks, type TaskList } from '../../src/memory/tasks.js';
import { HEADINGS, SECTION_KEYS, sectionOf } from '../../src/memory/headings.js';
import { loadTemplate } from '../../src/memory/templates.js';

const session: Session = {
  id: '20261122-1430-k3f9ab',
  date: '2026-11-22',
  time: '14:30',
  agent: 'claude-code',
  author: 'Jane Doe <jane@example.com>',
  branch: 'feature/auth',
  base: '4f2a91c',
  request: 'Implement user authentication\nwith refresh tokens',
  learned: ['JWT + refresh token: 15 min access / 7 day refresh', 'Token blacklist lives in Redis'],
  decisions: ['Use bcrypt cost 12'],
  completed: ['Login endpoint', 'Token refresh'],
  next_steps: ['Logout', 'Role permissions'],
  notes: [],
  commits: [{ sha: '9e1d0b2', subject: 'Add login endpoint' }],
};

describe('session file', () => {
  it('serializes to the DESIGN §2 shape', () => {
    const text = serializeSession(session, 'en');
    expect(text).toMatch(/^---\nsession: 20261122-1430-k3f9ab\ndate: 2026-11-22\ntime: "14:30"\nagent: claude-code\nauthor: Jane Doe <jane@example.com>\nbranch: feature\/auth\nbase: 4f2a91c\n---\n\n## Session 14:30\n\n### Request\n/);
    expect(text).toContain('### Learned\n- JWT + refresh token: 15 min access / 7 day refresh\n- Token blacklist lives in Redis');
    expect(text).toContain('### Commits\n- 9e1d0b2 Add login endpoint');
    expect(text).not.toContain('### Notes'); // empty sections are left out
  });

  it.each(['en', 'zh'] as const)('round-trips in %s', (lang) => {
    const text = serializeSession(session, lang);
    const back = parseSession(text, 'x.md');
    expect({ ...back, path: undefined }).toEqual({ ...session, path: undefined });
    expect(serializeSession(back, lang)).toBe(text);
  });

  it('writes Chinese headings from the zh template', () => {
    const text = serializeSession(session, 'zh');
    expect(text).toContain('## 会话 14:30');
    expect(text).toContain('### 学到了什么');
    expect(text).toContain('### 下一步');
  });

  it('quotes frontmatter values YAML would misread', () => {
    const tricky = { ...session, branch: 'fix: colon', author: 'yes', base: '1234567' };
    const back = parseSession(serializeSession(tricky, 'en'), 'x.md');
    expect(back.branch).toBe('fix: colon');
    expect(back.author).toBe('yes');
    expect(back.base).toBe('1234567');
  });

  it('reports a corrupt file with its path and the expected shape', () => {
    expect(() => parseSession('no frontmatter here', 'journal/2026-11-22/x.md')).toThrow(CorruptFileError);
    try {
      parseSession('---\nsession: [unclosed\n---\n', 'journal/2026-11-22/x.md');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CorruptFileError);
      expect((e as CorruptFileError).path).toBe('journal/2026-11-22/x.md');
      expect((e as CorruptFileError).expected).toContain('session:');
    }
  });
});

describe('day view and legacy per-day journals', () => {
  const second: Session = { ...session, id: '20261122-0910-aaaaaa', time: '09:10', request: 'Set up CI', learned: [], decisions: [], completed: ['CI pipeline'], next_steps: [], commits: [] };

  it('renders sessions in time order with computed counters', () => {
    const text = renderDay('2026-11-22', [session, second], 'en');
    expect(text).toMatch(/^---\ndate: 2026-11-22\nsessions: 2\nupdated: "14:30"\n---/);
    expect(text.indexOf('## Session 09:10')).toBeLessThan(text.indexOf('## Session 14:30'));
  });

  it.each(['en', 'zh'] as const)('parses its own rendering back (%s)', (lang) => {
    const back = parseDay(renderDay('2026-11-22', [session, second], lang), 'day.md');
    expect(back.map((s) => [s.time, s.request, s.completed, s.next_steps, s.commits])).toEqual([
      ['09:10', 'Set up CI', ['CI pipeline'], [], []],
      ['14:30', session.request, session.completed, session.next_steps, session.commits],
    ]);
  });

  it('reads an original English per-day journal', () => {
    const legacy = `---\ndate: 2026-03-02\nsessions: 2\nupdated: 2026-03-02T16:05\n---\n\n## Session 10:00\n\n### Request\nFix login bug\n\n### Learned\n- Cookies need SameSite=Lax\n\n### Completed\n- Fixed redirect loop\n\n### Next steps\n- Add regression test\n\n## Session 16:05\n\n### Request\nWrite docs\n\n### Completed\n- README auth section\n`;
    const sessions = parseDay(legacy, 'journal/2026-03-02.md');
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ date: '2026-03-02', time: '10:00', request: 'Fix login bug', learned: ['Cookies need SameSite=Lax'], next_steps: ['Add regression test'] });
    expect(sessions[1]!.completed).toEqual(['README auth section']);
  });

  it('reads an original Chinese per-day journal', () => {
    const legacy = `---\ndate: 2026-03-03\nsessions: 1\n---\n\n## Session 09:30\n\n### 请求\n实现用户注册\n\n### 学到了什么\n- 密码用 bcrypt 哈希\n\n### 完成了什么\n- 注册接口\n\n### 下一步\n- 邮箱验证\n`;
    const [s] = parseDay(legacy, 'journal/2026-03-03.md');
    expect(s).toMatchObject({ request: '实现用户注册', learned: ['密码用 bcrypt 哈希'], completed: ['注册接口'], next_steps: ['邮箱验证'] });
  });
});

describe('TASKS.md', () => {
  const list: TaskList = {
    updated: '2026-11-22',
    tasks: [
      { id: 't-3f2a', task: 'Implement user registration', status: 'in_progress', progress: 'database model designed', next_step: 'API endpoint', related_files: ['src/models/user.py'], updated: '2026-11-22T14:30' },
      { id: 't-91bc', task: 'Implement user login', status: 'done', related_files: [] },
      { id: 't-77aa', task: 'Rate limiting', status: 'blocked', related_files: [] },
      { id: 't-0001', task: 'Write docs', status: 'todo', related_files: [] },
    ],
  };

  it('serializes to the DESIGN §2 shape', () => {
    const text = serializeTasks(list, 'en');
    expect(text).toContain('- [ ] Implement user registration <!-- t-3f2a 2026-11-22T14:30 -->\n  - Status: in progress\n  - Progress: database model designed\n  - Next step: API endpoint\n  - Related files: src/models/user.py');
    expect(text).toContain('- [x] Implement user login <!-- t-91bc -->');
    // open tasks first, done last
    expect(text.indexOf('Write docs')).toBeLessThan(text.indexOf('Implement user login'));
  });

  it.each(['en', 'zh'] as const)('round-trips in %s, keeping ids and statuses', (lang) => {
    const back = parseTasks(serializeTasks(list, lang), 'TASKS.md');
    const byId = (l: TaskList) => [...l.tasks].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(back)).toEqual(byId(list));
  });

  it('gives hand-written tasks an id and reads the design example', () => {
    const text = `---\nupdated: 2026-11-22\n---\n\n- [ ] Implement user registration <!-- t-3f2a -->\n  - Progress: database model designed\n  - Next step: API endpoint\n  - Related files: src/models/user.py\n- [x] Implement user login <!-- t-91bc -->\n- [ ] A task typed by hand\n`;
    const parsed = parseTasks(text, 'TASKS.md');
    expect(parsed.tasks.map((t) => t.id.slice(0, 2))).toEqual(['t-', 't-', 't-']);
    expect(parsed.tasks[2]!.task).toBe('A task typed by hand');
    expect(parsed.tasks[0]!.related_files).toEqual(['src/models/user.py']);
  });

  it('refuses a file with lines it does not understand', () => {
    expect(() => parseTasks('---\nupdated: 2026-11-22\n---\n\nSome prose in the middle\n', 'TASKS.md')).toThrow(/unexpected line/);
  });
});

describe('templates and headings', () => {
  it('every heading a template writes is one the reader knows', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const h of loadTemplate('session', lang).matchAll(/^### (.+)$/gm)) expect(sectionOf(h[1]!)).toBeDefined();
      for (const key of SECTION_KEYS) expect(loadTemplate('session', lang)).toContain(`### ${HEADINGS[lang][key]}`);
    }
  });
});
