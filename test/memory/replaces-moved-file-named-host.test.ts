// A file moved to another folder, and a named site given another host (issue 25 §2.1, scope truth55), read by shape: one file
// name in two folders, said of one subject (a word or a named tool both say), whatever words say the move ("The display
// resolution is forced in /boot/firmware/config.txt" over "Display resolution is set in /boot/config.txt"); a fact opening
// with a name by its shape (a domain, an identifier) given another host ("benshi.me builds and deploys on Cloudflare Pages"
// over "benshi.me is deployed on Vercel"). judge54's unseen set missed both. And what must stay apart: two owners' files of
// one name, a file named only as the old one, another site, a host kept beside.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('a file moved, a named site on another host', () => {
  it.each([
    ['Display rotation is configured in /boot/firmware/cmdline.txt', 'Display rotation is set in /boot/cmdline.txt'],
    ["chronyd's configuration file is /etc/chrony/chrony.conf", 'chronyd reads its configuration from /etc/chrony.conf'],
    ['Prometheus reads ~/stack/volumes/prometheus/data/prometheus.yml', 'Prometheus is configured in ~/stack/services/prometheus/prometheus.yml'],
    ['shop.example.org is deployed on Netlify', 'shop.example.org is hosted on Heroku'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // Two owners' files of one name.
    ['The API reads its settings from api/config.yml', 'The worker reads its settings from worker/config.yml'],
    ['Billing settings live in services/billing/config.yml', 'Orders settings live in services/orders/config.yml'],
    // The old file named as the old one, no subject shared.
    ['The old /boot/cmdline.txt holds only a pointer to the new file', 'Display rotation is set in /boot/firmware/cmdline.txt'],
    // Another named site, or the old host kept beside.
    ['blog.example.org is deployed on Netlify', 'shop.example.org is hosted on Heroku'],
    ['shop.example.org keeps Heroku as a fallback while Netlify serves it', 'shop.example.org is hosted on Heroku'],
  ])('"%s" does not replace "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
