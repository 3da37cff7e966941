// Realistic benign memory text, shared by the scanner tests (test/safety/corpus.ts) and the bench
// (bench/scan.mjs), so both measure the same text. Plain JS: the bench cannot import TypeScript.

/** Deterministic PRNG (mulberry32) so the generated journal is the same on every run. */
function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * At least `size` characters of session headings, requests, learned lines, commit subjects with
 * hashes, paths, task lists and lockfile-style integrity lines, built from `j` (corpus.json's
 * `journal` fragments).
 */
export function benignJournal(j, size, seed = 42) {
  const rand = prng(seed);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const hex = (n) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  const b64 = (n) =>
    Array.from({ length: n }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[Math.floor(rand() * 64)]).join('');
  const parts = [];
  let length = 0;
  for (let day = 0; length < size; day++) {
    const date = new Date(Date.UTC(2025, 0, 1) + day * 3_600_000).toISOString();
    const section = [
      `## Session ${date.slice(0, 16).replace('T', ' ')} (${pick(j.agents)}) ${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`,
      '',
      `- Request: ${pick(j.requests)}`,
      `- Learned: ${pick(j.learned)}`,
      `- Learned: ${pick(j.learned)} (see ${pick(j.paths)})`,
      `- Commit ${hex(7)}: ${pick(j.commits)}`,
      `- Commit ${hex(40)}: ${pick(j.commits)}`,
      `- Files: ${pick(j.paths)}, ${pick(j.paths)}`,
      `- [ ] ${pick(j.tasks)}`,
      `- [x] ${pick(j.tasks)}`,
      `  "integrity": "sha512-${b64(86)}=="`,
      '',
    ].join('\n');
    parts.push(section);
    length += section.length + 1;
  }
  return parts.join('\n');
}
