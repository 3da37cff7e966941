// `git var -l` as `end` reads it (git/vars.ts): configuration and identities, and when an identity
// is git's guess rather than what the user set.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { explicitIdent, parseVarList } from '../../src/git/vars.js';
import { makeRepo } from '../helpers/repo.js';

describe('git var -l', () => {
  it('reads values holding `=`, keys set without a value, the last value of a key, and both identities', () => {
    const v = parseVarList('core.bare=false\nalias.x=!f() { a=b; }\ncommit.gpgsign\nuser.email=a@x\nuser.email=b@x\nGIT_COMMITTER_IDENT=C <c@x> 1 +0000\nGIT_AUTHOR_IDENT=A <a@x> 2 -0130\nGIT_EDITOR=vi\n');
    expect(v.config.get('alias.x')).toBe('!f() { a=b; }');
    expect(v.config.get('commit.gpgsign')).toBeNull();
    expect(v.config.get('user.email')).toBe('b@x');
    expect(v.author).toBe('A <a@x> 2 -0130');
    expect(v.committer).toBe('C <c@x> 1 +0000');
    expect(v.config.has('GIT_EDITOR')).toBe(false);
  });

  it('takes an identity only where its name and email are set, by the environment or the configuration', () => {
    const repo = makeRepo();
    const read = (env: Record<string, string | undefined>) => parseVarList(execFileSync('git', ['var', '-l'], { cwd: repo.dir, env: { ...repo.env, ...env } as NodeJS.ProcessEnv, encoding: 'utf8' }));
    const none = { GIT_AUTHOR_NAME: undefined, GIT_AUTHOR_EMAIL: undefined, GIT_COMMITTER_NAME: undefined, GIT_COMMITTER_EMAIL: undefined };
    // The repository's user.name and user.email.
    const configured = read(none);
    expect(explicitIdent(configured, 'author', none)).toMatch(/^Jane Doe <jane@example\.com> \d+ [+-]\d{4}$/);
    // The environment's, over the configuration.
    const env = { ...none, GIT_COMMITTER_NAME: 'Bot', GIT_COMMITTER_EMAIL: 'bot@x' };
    expect(explicitIdent(read(env), 'committer', env)).toMatch(/^Bot <bot@x> /);
    // Neither: git guesses one (user and host name), which a commit may refuse; not taken.
    repo.git('config', '--unset', 'user.email');
    const guessed = read(none);
    expect(guessed.author).toBeTruthy();
    expect(explicitIdent(guessed, 'author', none)).toBeNull();
    expect(explicitIdent(guessed, 'committer', none)).toBeNull();
  });
});
