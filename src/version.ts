declare const __GIT_MEMORY_VERSION__: string | undefined;

/** Set at build time from package.json. */
export const VERSION = typeof __GIT_MEMORY_VERSION__ === 'string' ? __GIT_MEMORY_VERSION__ : '0.0.0-dev';

declare const __GIT_MEMORY_BUILD__: string | undefined;

/**
 * What the program was built from: a digest of src/ and templates/ made by the build, the same for
 * every bundle of one build and different for any change to the code. `source` when run from the
 * sources (the tests).
 */
export const BUILD = typeof __GIT_MEMORY_BUILD__ === 'string' ? __GIT_MEMORY_BUILD__ : 'source';
