// Two facts each said under a condition of its own (issue 25 §2.1; judge56's unseen set): "On Bullseye the
// boot settings are in /boot/config.txt" replaced "On Raspberry Pi OS Bookworm the boot settings are in
// /boot/firmware/config.txt", and the dream moved the Bookworm path to Superseded. Two operating systems,
// two cases: both stay true. The same condition said again still lets the newer replace.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('facts under conditions of their own', () => {
  it.each([
    ['On Bullseye the boot settings are in /boot/config.txt', 'On Raspberry Pi OS Bookworm the boot settings are in /boot/firmware/config.txt'],
    ['On macOS the config lives in ~/Library/Application Support/acme/config.toml', 'On Linux the config lives in ~/.config/acme/config.toml'],
    ['For Windows we build the installer with WiX', 'For macOS we build the installer with pkgbuild'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });

  it('the same condition said again still replaces', () => {
    expect(says('On Linux we deploy with Fly.io now; the Heroku pipelines are gone', 'On Linux we deploy with Heroku pipelines')).toBe(true);
  });
});
