// Markdown files imported `with { type: 'text' }` are bundled as their text: esbuild's text loader
// in dist/ (scripts/build.mjs), a small plugin under vitest (vitest.config.ts).
declare module '*.md' {
  const text: string;
  export default text;
}
