// A system folder's path is no one machine's: "/etc/chrony/chrony.conf" names the same file on every
// machine of its kind. The gate every memory write passes shortened it as it does a home folder's
// ("…/chrony/chrony.conf"), so two facts about two different files read as one: "/usr/etc" and
// "/etc" both became "…/etc" (judge55's unseen set: a configuration file moved from /usr/etc to /etc
// read as agreeing with the new place; noise56 decided, issue 25 §1: keep the system's folders,
// shorten a machine's own: homes, temporary folders, mounts, work folders, drives).
import { describe, expect, it } from 'vitest';
import { withoutMachineText } from '../../src/safety/machine-text.js';
import { journalTexts } from '../helpers/journal-session.js';
import { fixture, makeMemoryRepo } from '../helpers/repo.js';

const memoryRepo = fixture(async () => makeMemoryRepo({ until: 'file', now: '2026-02-12T10:00:00Z' }));

describe('a system folder\'s path is kept whole, a machine\'s own is shortened', () => {
  it('/etc, /usr, /opt, /srv, /var, /Library stay; homes, temporary folders and mounts lose their machine part', () => {
    const text =
      'zypper reads /usr/etc/zypp/zypp.conf, then /etc/zypp/zypp.conf; nginx logs to /var/log/nginx/error.log; ' +
      'node lives in /usr/local/bin/node and /opt/homebrew/bin/node; launchd loads /Library/LaunchDaemons/x.plist; ' +
      'the build left /tmp/build-1234/out/app.js, /var/folders/zz/T/x/y.log and /home/jane/src/tool/a.md';
    expect(withoutMachineText(text, '/home/jane/acme')).toBe(
      'zypper reads /usr/etc/zypp/zypp.conf, then /etc/zypp/zypp.conf; nginx logs to /var/log/nginx/error.log; ' +
        'node lives in /usr/local/bin/node and /opt/homebrew/bin/node; launchd loads /Library/LaunchDaemons/x.plist; ' +
        'the build left …/out/app.js, …/x/y.log and …/tool/a.md',
    );
  });

  it('a fact with a system path reaches the journal and the primer as written', async () => {
    const repo = await memoryRepo();
    const fact = 'Tumbleweed moved the vendor config to /usr/etc/zypp/zypp.conf; /etc/zypp/zypp.conf only overrides it';
    const end = await repo.run(['end', '--summary', JSON.stringify({ request: 'Move the zypp config', learned: [fact] })]);
    expect(end.stderr).toBe('');
    expect(end.code).toBe(0);
    const [file] = journalTexts(repo);
    expect(file).toContain(`- ${fact}\n`);
    expect((await repo.run(['primer', '--no-write'])).stdout).toContain(fact);
  });
});
