import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MCP_TOOL_NAMES } from '../../src/mcp/tool-names.js';
import { TOOLS } from '../../src/mcp/tools.js';
import { commandNames } from '../../src/cli/main.js';
import { makeRepo, ROOT } from '../helpers/repo.js';

const man = readFileSync(join(ROOT, 'man/git-memory.1'), 'utf8');
// The command reference and the MCP tools' table live in docs/ (the README links them).
const commandsDoc = readFileSync(join(ROOT, 'docs/commands.md'), 'utf8');
const agentsDoc = readFileSync(join(ROOT, 'docs/agents.md'), 'utf8');
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** The man page's section about one command, up to the next section. */
const manSectionText = (name: string) => man.split(`.SS "git memory ${name}"\n`)[1]!.split(/\n\.S[SH] /)[0]!;
/** A docs page's section under a heading, up to the next heading. */
const docSection = (doc: string, heading: string) => doc.split(`\n${heading}\n`)[1]!.split(/\n#{1,3} /)[0]!;

// One list of MCP tools (MCP_TOOL_NAMES) and one of commands (the yargs setup): the server, the
// help, the man page and the README are checked against them, so none can fall behind again.
describe('the lists in help, man page and docs', () => {
  it('name every MCP tool the server serves, and no other', async () => {
    expect(TOOLS.map((t) => t.name)).toEqual([...MCP_TOOL_NAMES]);
    expect(sorted(manSectionText('mcp').match(/memory_\w+/g) ?? [])).toEqual(sorted(MCP_TOOL_NAMES));
    expect(sorted(docSection(agentsDoc, '### MCP server').match(/^\| `(memory_\w+)`/gm)!.map((r) => r.slice(3, -1)))).toEqual(sorted(MCP_TOOL_NAMES));
    const help = await makeRepo({ initialCommit: false }).run(['help', 'mcp']);
    expect(help.code).toBe(0);
    expect(sorted(help.stdout.match(/memory_\w+/g) ?? [])).toEqual(sorted(MCP_TOOL_NAMES));
  });

  it('name every command: the man page synopsis and sections, the docs table and the help', async () => {
    const listed = commandNames(true);
    expect(listed).toEqual(expect.arrayContaining(['init', 'primer', 'end', 'log', 'tasks', 'mcp', 'hook', 'help']));
    const synopsis = man.split('.SH SYNOPSIS\n')[1]!.split('.SH ')[0]!;
    expect(sorted([...synopsis.matchAll(/\\fBgit memory ([\w-]+)\\fR/g)].map((m) => m[1]!))).toEqual(sorted(listed));
    // `help` is this page itself (see DESCRIPTION); every other command has its section.
    expect(sorted([...man.matchAll(/^\.SS "git memory ([\w-]+)"$/gm)].map((m) => m[1]!))).toEqual(sorted(listed.filter((c) => c !== 'help')));
    const table = commandsDoc.split('| command | example | does |')[1]!.split('\n\n')[0]!;
    expect(sorted([...table.matchAll(/^\| `([\w-]+)` \|/gm)].map((m) => m[1]!))).toEqual(sorted(listed));
    const help = makeRepo({ initialCommit: false }).exec(['--help']);
    expect(sorted([...help.stdout.matchAll(/^ {2}git memory ([\w-]+)/gm)].map((m) => m[1]!))).toEqual(sorted(listed));
  });
});
