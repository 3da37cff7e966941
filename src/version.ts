declare const __GIT_MEMORY_VERSION__: string | undefined;

/** Set at build time from package.json. */
export const VERSION = typeof __GIT_MEMORY_VERSION__ === 'string' ? __GIT_MEMORY_VERSION__ : '0.0.0-dev';
