// The text of the files `git memory init` writes into a repository. The bench writes the same
// files into its generated history, so both take them from here.

/** `.openclaw_memory.toml` as `init` writes it. */
export function configText(name: string, lang: string, description = ''): string {
  return `# git-memory configuration. Every key is optional and has a default;
# .openclaw_memory.toml.example in the git-memory package documents them all.

[project]
name = ${JSON.stringify(name)}
description = ${JSON.stringify(description)}

[primer]
max_tokens = 1000   # hard cap for the briefing an agent gets at session start
days = 3            # how many days of sessions "Recent context" covers

[journal]
language = "${lang}"     # en | zh: headings of new journal files
`;
}

/** Lines the memory .gitignore must hold; PRIMER.md only while the primer is not shared. */
export function ignoreLines(commitPrimer: boolean): string[] {
  return [...(commitPrimer ? [] : ['PRIMER.md']), '*.gm-tmp-*'];
}

/** A new memory .gitignore holding `lines`. */
export function ignoreText(lines: string[]): string {
  return `# Written by git-memory init.\n# PRIMER.md is rebuilt by every session; set [primer] commit = true to share it.\n${lines.join('\n')}\n`;
}
