// The judgement "a newer fact replaces an older one" (supersedes, src/memory/long-term.ts) on forms
// final50.json's lines took that lead50 missed (scope truth50b): a rename said as the name it has
// now ("The branch master is now named main", where no word is written as a name: the word of its
// kind is none of the name), a state said before a removal ("…is no longer needed and therefore has
// been removed": the removal is what was done), and "X to Y" after a verb of change where the old
// thing is a name alone ("Switch Jest to Vitest"). And what it must not do: an acronym is no name
// alone here ("Switched CI to GitHub Actions" says what runs CI now, not that CI is gone), a thing
// that is no name ("Change the default port to 5000"), and a rename of another thing. A change that
// speaks of itself ("This pull request adds …") is the speaker, as "we" is. "We no longer have a
// urllib3 dependency for our sync client" says the older claim whole is no longer so (heldout50). A tag
// in square brackets ("[breaking]"), "Drop support for" and a reference to an issue ("(#1171)", "as per
// #13") as closing50's lines write them, and a default said as a change ("Changed default of X
// from false to true"). Real lines
// (origins in final50.json); the traps were written with them.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('renames said as the name now, a removal after its reason, "X to Y" (final50)', () => {
  it.each([
    ['The branch master is now named main.', 'The default branch is named master'],
    ['The branch master was renamed to main.', 'The default branch is named master'],
    ['Because the Bible data is now bundled with the library, the setBibleDataDirBase() method is no longer needed and therefore has been removed.', 'The Bible data directory is set with setBibleDataDirBase()'],
    ['The legacyAuth option is no longer required, and has been removed.', 'Sign-in is configured with the legacyAuth option'],
    ['Switch Jest to Vitest.', 'The playground tests run with Jest'],
    ['Change Docker to Podman when using dev.', 'dev runs its containers with Docker'],
    ['Migrate Webpack to Vite.', 'The frontend is bundled with webpack'],
    // A change that speaks of itself is the speaker, as "we" is: what it adds is the subject.
    ['This pull request adds default support for a main branch instead of master.', 'The default baseBranch is master'],
    ['This release uses Redis instead of Memcached.', 'Sessions are cached in Memcached'],
    // The older claim whole, no longer so, said with another verb ("have a … dependency" / "depends on"); heldout50's line.
    ['We no longer have a urllib3 dependency for our sync client.', 'The sync client depends on urllib3'],
    ['The sync client no longer has a dependency on urllib3.', 'The sync client depends on urllib3'],
    // closing50's (a tuning set once measured): a tag in square brackets, "Drop support for", a reference to an issue after the thing.
    ['[breaking] Move from webpack to vite.', 'Assets are bundled with webpack'],
    ['[ci] [feature] Use Github Actions instead of TravisCI.', 'CI runs on TravisCI'],
    ['Drop support for Python 3.8 (#1171).', 'deezer-python supports Python 3.8'],
    ['Removed date-fns, as per #13.', 'Dates are formatted with date-fns'],
    // A default said as a change from the one before.
    ['Changed default of bustCache option from false to true.', 'The bustCache option defaults to false'],
    ['Change the progress option default value from true to false.', 'The progress option defaults to true'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    // An acronym is a category, no name alone: CI still triggers deploys.
    ['Switched CI to GitHub Actions.', 'Deploys are triggered by CI'],
    ['Switch CI to GitHub Actions.', 'Deploys are triggered by CI'],
    // No name in the old place.
    ['Change the default port to 5000.', 'The API listens on port 3000 by default'],
    ['Switch logging to JSON.', 'Logs are written with Winston'],
    // Another thing renamed; a name said now that the older fact does not hold.
    ['The branch develop is now named next.', 'The default branch is named master'],
    ['The CLI is now named gm.', 'Tests run with Jest'],
    // "no longer needed" alone, no removal: the method may stay.
    ['The setBibleDataDirBase() method is no longer needed in most setups.', 'Tests call setBibleDataDirBase() in their setup'],
    // "Switch X to Y" where Y is no name: a mode, not a replacement of X.
    ['Switch Vitest to watch mode.', 'The playground tests run with Vitest'],
    // The speaker's change adds beside, with no old thing named.
    ['This release adds Redis support for the session store.', 'The session store is backed by Memcached'],
    ['This pull request adds a main branch instead of master for the docs site.', 'The API reference is built from the master branch'],
    // Another subject, or a part of the older claim only.
    ['We no longer have a urllib3 dependency for our sync client.', 'The async client depends on urllib3'],
    ['Auth no longer has a urllib3 dependency.', 'The sync client depends on urllib3'],
    ['We no longer run the tests on Fridays.', 'Tests run with Jest'],
    // An addition with a reference; a tag that names what the older fact is about, with nothing gone from it.
    ['Add support for Python 3.12 (#12).', 'deezer-python supports Python 3.8'],
    ['[ci] Add a lint job, as per #13.', 'CI runs on TravisCI'],
    ['Drop support for Python 3.7 (#1171).', 'deezer-python supports Python 3.8'],
    // Another option's default; what the option does.
    ['Changed default of cwd option from __default to process.cwd().', 'The bustCache option defaults to false'],
    ['Change the progress option default value from true to false. That option displays a loading spinner.', 'The progress option displays a loading spinner'],
    ['Changed default of bustCache option from false to true.', 'The bustCache option defaults to true'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
