/** Commands that only look: they list, read, search or ask git, and write nothing. */
const LOOKS = new Set(['cat', 'nl', 'head', 'tail', 'less', 'more', 'bat', 'ls', 'll', 'tree', 'pwd', 'cd', 'grep', 'egrep', 'rg', 'ag', 'ack', 'wc', 'file', 'stat', 'which', 'type', 'echo', 'sort', 'uniq', 'cut', 'jq', 'du', 'df', 'diff', 'realpath', 'dirname', 'basename', 'true']);
/** git's subcommands that only look. */
const GIT_LOOKS = new Set(['status', 'log', 'diff', 'show', 'ls-files', 'blame', 'grep', 'rev-parse', 'describe', 'shortlog', 'reflog', 'cat-file', 'ls-tree', 'merge-base', 'show-ref']);

/**
 * Whether a shell command only looks (`ls src`, `rg -n foo`, `sed -n 1,80p a.ts`, `git log -5`,
 * `cd web && cat package.json | head`): each segment's program is one that writes nothing, with no
 * redirection into a file, `find` without -delete/-exec, `sed` only with -n and no -i. Anything else
 * (a build, a test run, an install, a script, a deploy) may have changed something.
 */
export function looksOnly(command: string): boolean {
  const text = command.replace(/\s[12]?>\s*\/dev\/null|\s2>&1/g, ' ');
  if (/[>`]|\$\(/.test(text)) return false;
  const segs = text.split(/&&|\|\||;|\||\n/);
  for (const seg of segs) {
    const words = seg.trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    const [head, ...rest] = words;
    if (head === 'git') {
      const sub = rest.find((w) => !w.startsWith('-'));
      if (!sub || !GIT_LOOKS.has(sub)) return false;
    } else if (head === 'find') {
      if (rest.some((w) => /^-(delete|exec|execdir|ok|fprint|fls)/.test(w))) return false;
    } else if (head === 'sed') {
      if (!rest.includes('-n') || rest.some((w) => /^-[a-zA-Z]*i|^--in-place/.test(w))) return false;
    } else if (!LOOKS.has(head!)) return false;
  }
  return true;
}
