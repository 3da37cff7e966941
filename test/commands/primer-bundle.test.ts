// The primer every agent session starts with loads one bundle, dist/primer.js, read and checked
// against its code cache at each start: its size is paid every time. `primer --for resume|compact`
// adds what the SessionStart hook adds (the compaction steps, the transcript readers of every
// agent), which a start never uses: it is left to the full command line (reach-for.test.ts runs
// it), and primer.js holds only the start. GIT_MEMORY_PRIMER_BUNDLE points this at another build's primer.js (a check of the test).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/repo.js';

const BUNDLE = process.env.GIT_MEMORY_PRIMER_BUNDLE ?? join(dirname(BIN), 'primer.js');

/** Strings of the code only `--for resume|compact` runs: session-additions.ts, the compaction hot files, a transcript reader. */
const FOR_ONLY = ['no agent session is open in this worktree', 'npm npx pnpm yarn bun git cargo'];

describe('dist/primer.js, the session start primer', () => {
  it('holds no code of the resume and compaction additions, nor the transcript readers', () => {
    const text = readFileSync(BUNDLE, 'utf8');
    expect(FOR_ONLY.filter((s) => text.includes(s))).toEqual([]);
    // A start's primer in about half the whole command (380 KB before it left the rest out); 198 KB
    // before stop 41, 201 KB with git's own settings and errors (git environments) and a folder's
    // staleness; 211 KB with the secret rules of 40 more token kinds (stop 42: the primer redacts
    // with them) and the dream's judgement of a fact superseded (the primer applies it between
    // dreams), 218 KB with that judgement reading what a statement says it replaces and staleness
    // placing an anchor the log does not list (stop 43), 225 KB with it reading a statement that
    // names no old thing, a claim's verb and the Chinese forms, and linear-time parsers of MEMORY.md,
    // TASKS.md and session lines and the log of a treeless partial clone (stop 44), 228 KB before
    // stop 45; 235 KB with the rules for secrets told in words and other languages, credentials as
    // arguments, headers and cookies, a private key's halves (the primer redacts with them), and the
    // judgement's list of tools written in lower case and the nouns of its verbs (stop 45); 247 KB
    // with the secret needles' strings baked in (the quick redaction compiles no pattern for a line
    // that holds none) and the primer kept from the last build (stop 46): ~0.15 ms more to read and
    // check against its code cache, for ~5 ms less work at a start; 250 KB with the judgement
    // reading replacements in changelog words, 254 KB with the rules for a key's body, PuTTY keys,
    // .pgpass lines and short passwords (stop 46); 261 KB with the reading of memory's files kept
    // beside each file's status and the staleness marks kept with their answer (stop 47: ~15 ms
    // less at a start at L) and the long text's needles by rule; 270 KB with the judgement reading
    // changes with no subject but themselves, versions set anew and states flipped (truth47, flip47)
    // and the caps on committed files and settings (audit47); 274 KB with the judgement reading what
    // a line names as before: "(was X)", "(formerly X)", renames, lists of old names, a default set to
    // a boolean (truth48), the hot files' upkeep, bot and release tests as string tests instead of
    // patterns (primer48: no pattern compiled at a start, ~1 ms) and the quick redaction finding a
    // line's rules in one pattern (lead48). 285.6 KB with the judgement reading moves, the past said
    // in a clause of its own, every name of "(formerly known as X or Y)", "unless", a reason before
    // the subject and "to …" as what for (truth49: +5.9 KB); 286.1 KB with the quick redaction's
    // strings found by a walk of two-character keys instead of one pattern and a told secret looked
    // for after a telling only (lead49: +1.1 KB, 14 M instructions less at a build of the primer);
    // 288.5 KB with the look whether the kept answer answers but for the staleness marks before
    // making the items ahead (clone49) and the search's kept listing's name (search49): +2.4 KB, no
    // change at a warm start's instruction count. The size moves a little with the checkout's path
    // (+0.2 KB under /tmp). A size that jumps means something that is not the primer's came in.
    // truth50 (stop 50): +3.1 KB (288,964 -> 292,078 B in a checkout of the same path length), the judgement reading a change as
    // changelogs write it ("Replace X by Y", "Removes X", "are replacing", "migration from", "using X over Y", "for privacy"); run only
    // when the kept answer misses (warm primer: 140.76 M -> 140.42 M instructions; built anew: 212.0 M -> 197.0 M). The cap rose by the same 3,114 B.
    // truth50b (stop 50, second round): +2.5 KB (291,810 -> 294,336 B, lead50 ecaaf41 built in a checkout of the same path length), the
    // judgement reading "X is now named Y", "Switch X to Y", "[breaking]", "Drop support for", "(#1171)", "Changed default of X from A to B";
    // loaded only when the kept answer misses. The cap rose by the same 2,526 B.
    // truth51 (stop 51): +3.1 KB (294,668 -> 297,778 B, lead51 5d908c8 built in a checkout of the same path length), the judgement
    // reading an arrow as the change, a gerund opener, ", replacing X", a name written joined, a removal's second doing and reason,
    // "Changed X with Y", "completes the migration from", "Both formats work"; loaded only when the kept answer misses. The cap rose by the same 3,110 B.
    // history51 (stop 51): +538 B (294,668 -> 295,206 B, lead51 5d908c8 built in a checkout of the same path length), the refusal
    // where a sparse checkout leaves .openclaw_memory/ out (git/repo.ts memoryLeftOut: one listing of <gitdir>/info outside one; +130 B
    // more for the listing in place of a stat, 296,212 -> 296,342 B). The cap rose by the same 538 + 130 B.
    // history51: +1,006 B more (295,206 -> 296,212 B): release commits' subjects with a name or a package before the version
    // ("Redis 7.2.5", "release: create-vite@9.1.2", "Release: 5.2.0") and numbered release notes (00-RELEASENOTES) as upkeep. The cap rose by the same.
    // compact51 (stop 51): +959 B (294,668 -> 295,627 B, lead51 5d908c8 built in /tmp/c51-old against compact51), the quick redaction's
    // search of one short text whole (redactQuickOnce, PreCompact's: -9.6 M instructions there), kept with the module's other exports
    // (cli/io.ts imports it); the primer never calls it (warm primer unchanged). The cap rose by the same 959 B.
    // secrets51 (stop 51): +3.8 KB (297,856 -> 301,621 B, lead51 fc1d26a built in a checkout of the same path length), the quick
    // redaction reading a line as read (terminal colours, percent-encoding, a diff's mark: safety/plain-view.ts) and a private key
    // over many lines, and the rule for what a line-by-line pass left of a key. The cap rose by the same 3,765 B.
    // All merged (lead51): the cap is 294,840 + truth51's 3,110 + history51's 1,674 + compact51's 959 + secrets51's 3,765.
    // history52 (stop 52): +1,811 B (304,408 -> 306,219 B, lead52 6a58865 and history52 both built in /tmp/history52-old), the refusal where
    // GIT_DIR makes git take a folder without the memory as the working tree and where `.git` names a bare repository (git/repo.ts), and a
    // file name that is not UTF-8 kept as git quotes it and looked up by its bytes (git/quoted-path.ts). The cap rose by the same 1,811 B.
    // speed52 (stop 52): +1,904 B (304,264 -> 306,168 B, lead52 6a58865 and speed52 both measured as built in /work/main, module
    // names without a linked node_modules' path: a worktree that links it reads 11 B more per bundled CommonJS module), the
    // supersede verdicts kept across builds (kept-primer.ts, primer.ts) and zlib's handle for deflate (git/zlib-light.ts).
    // audit52 (stop 52): +115 B, stdout.ts ends a queued write quietly where the reader has gone (EPIPE on the stream, not only on
    // the first synchronous write). All merged (lead52): 306,159 + speed52's 1,904 + audit52's 115 (308,094 B built in /work/main).
    // secrets52 (stop 52): the as-read view decodes percent-encoding twice over and UTF-8, reads quotes escaped
    // in JSON within JSON and joins a shell's continued lines; a token joined to a name by a hyphen;
    // five lower-case consonants are no word's.
    // The cap rose by the same 1,529 B (lead52's build was already 60 over 304,348).
    // All merged (lead52): 308,200 + secrets52's 1,529.
    // truth52 (stop 52): +6.0 KB (304,408 -> 310,397 B, lead52 6a58865 built in a checkout of the same path length, /tmp/truth52-old),
    // the judgement reading a lead before the subject ("As of today, …", "Successfully migrated …"), a name's version in a slot and a
    // slot given another value ("Relicense from GPL3 to MIT", "the license has been changed to MIT"); loaded only when the kept answer
    // misses. The cap rose by the same 5,989 B.
    // All merged (lead52): 309,729 + truth52's 5,989.
    // noise53 (stop 53): +1,199 B (315,846 -> 317,045 B, lead53 cbfe608 and noise53 73cc90a each built in a checkout of
    // the same path length, /tmp/noise53-old and /tmp/noise53-new): Recent context's request line (askedLine) and the
    // work items exempt from disable-checks; then +328 B (317,000 -> 317,328 B at one path): an open lead a later
    // session was asked for and did is settled; then +136 B (317,373 -> 317,509 B at /tmp/noise53-new): that check's
    // requests shaped only after the first lead's day. The cap rose by the same 1,663 B.
    // steady53 (stop 53): +240 B (315,801 -> 316,041 B, lead53 cbfe608 and steady53 both built in /work/wt/steady53), the
    // post-commit refresh's priority read from GIT_MEMORY_NICE (src/nice.ts: tests and busy CI runners). The cap rose by the same.
    // audit53: +3,582 B (lead53 315,846 B, already over its cap by 128, and audit53 319,428 B): an
    // error message kept to a line (reportError, which the primer's run shares), a linked memory
    // folder's hint by where git says the link came from, snapshots and binary files ranked below
    // the code in the hot files, GIT_DIR naming another repository, a removed current folder, a
    // non-UTF-8 name asked of a revision's tree by its folder.
    // All merged (lead53): 317,381 + steady53's 240 + audit53's 3,582; built in /work/main the merge reads 321,232 B (lead53's
    // start 315,702 B there + the three branches' 5,485 B + 45 B where their changes meet), so the cap is 321,250.
    // secrets53 (stop 53): +190 B (315,846 -> 316,036 B, lead53 cbfe608 built in a checkout of the same path length, /tmp/secrets53-old),
    // a line continuation escaped as JSON read as one (safety/plain-view.ts). The cap rose by the same 190 B.
    // With secrets53 merged the build in /work/main reads 321,467 B (+235 B: its 190 and 45 where it meets the others): cap 321,480.
    // noise54 (stop 54): +103 B (321,566 -> 321,669 B, lead54 7b2d5f86 and noise54 both built in /work/wt/noise54),
    // Claude Code's .claude/settings.local.json among the agents' own files (paths.ts AGENT_LOCAL_FILES). The cap rose by the same.
    // hot54 (stop 54): +178 B (lead54 321,566 -> 321,744 B, both built in /work/wt/hot54): git/upkeep-files.ts's
    // isToolWrittenPath (lock files, snapshots, binaries), which the compaction's hot files rank after the work. The cap rose by the same.
    // pair54 (stop 54): +1,175 B (lead54 7b2d5f8 321,611 B and pair54 322,786 B, each built in a worktree linking
    // node_modules), a start slot per agent session (git/session-state.ts: written beside the worktree's, pruned
    // after 7 days) and the served start's script writing it. The cap rose by the same.
    // noise54, hot54, gemini54 and pair54 merged (lead54): built in /work/main the merge reads 322,968 B (321,467 + their
    // 1,456 B + 45 B where they meet), so the cap is 322,980.
    // truth54 (stop 54): +19,850 B (lead54 7b2d5f86 built in /tmp/truth54/leadwt reads 321,638 B, already over its cap by 158;
    // truth54 341,488 B in /work/wt/truth54): the slot reader (memory/slots.ts) and its lexicon of tools by kind. Cap 341,500.
    // With truth54 merged the build in /work/main reads 342,890 B (322,968 + 19,922): cap 342,900.
    // secrets54 (stop 54): +52 B (lead54 321,611 B built in /tmp/s54-lead, secrets54 321,663 B in /work/wt/secrets54; a
    // lead54 build in another path of the same length read 321,892 B, so the size moves with the path, and lead54 was over
    // 321,480 in both): a task list's unreadable line and a setting's wrong value quoted through the project rules; then +39 B
    // (321,702 B), a long-term fact past those tried redacted when --explain reads it. Cap 321,750.
    // With secrets54 merged the build in /work/main reads 343,026 B (342,890 + 136: its 91 and 45 where it meets the slot reader): cap 343,040.
    // The slot reader's letter tree in place of its one large regular expression (lead54): +857 B, 343,883 B in /work/main: cap 343,900.
    // secrets55 (stop 55): +1,995 B (lead55 d1b4d5f0 343,987 B built in /tmp/s55m/lead55xx, secrets55 345,982 B in /work/wt/secrets55,
    // paths of one length; lead55 is over 343,900 there by the path alone): the rules for a key pasted alone (bare-random-key, its
    // run gate in quick-redact.ts) and a URL's user that is the token (url-user-token). Cap 345,990 here; the lead re-measures.
    // Then +245 B (346,227 B): a PuTTY key's header redacted with its lines where bare-random-key took them one by one (wholeKeys). Cap 346,240.
    // truth55 (stop 55): +10,207 B (lead55 d1b4d5f0 built in /tmp/t55/leadwt reads 343,987 B, truth55 354,194 B in /work/wt/truth55):
    // the slot reader's setting numbers, moved files and named hosts, its word lists read from a text's words in place of four
    // expressions, the lexicon as a flat map. Cap 343,900 + 10,207 + the path's ~90 B: 354,200.
    // Both merged (lead55), built in /work/main: 356,407 B (343,816 before them; secrets55 +2,312, truth55 +10,279): cap 356,420.
    // Then lead55's settingsApart (two settings of one kind named by another word stay two facts): +652 B, 357,059 B: cap 357,080.
    // settingsApart read with word sets, not an expression built at each comparison: +34 B, 357,093 B: cap 357,100.
    // secrets56: +358 B (lead56 357,192 -> 357,550 B, both built in /work/wt/secrets56): paths.ts sessionDirName's
    // hashed name for an id that is not plain, and ownSessionStart's check of the slot's session. The cap rose by the same.
    // secrets56's hex-key-in-words (safety/rules.ts: three patterns and their needle): +2,272 B (357,550 -> 359,822 B there);
    // secrets56 in all +2,630 B over lead56 built in the same folder. The cap rose by the same (357,100 + 2,630).
    // truth56 (stop 56): +7,428 B (lead56 3398df35 built in /tmp/t56/lead reads 357,264 B, truth56 364,692 B in /work/wt/truth56; 364,858 B with the port expression gated, 365,024 B with a host of the same subject): the slot
    // reader's port shapes, another maintainer by a name's shape, a configuration file moved, a variable renamed, "from X" only after a
    // verb of leaving; long-term.ts's numbers said as not so or under a condition. Over the stop's +4 KB: the lead re-measures. Cap 365,100.
    // speed56e (stop 56): +804 B (built in /work/wt/speed56e, whose longer path adds ~90 B: lead56 357,192 B, speed56e 357,996 B):
    // the run rules' needle apart from the joined one, and a bounded memo of their answers for a line met again
    // (quick-redact.ts byRunOnly). Cap 357,100 + 804: 357,910 (in /work/main's path; the lead re-measures).
    // speed56p (stop 56): +3,681 B (lead56 3398df35 357,192 B and speed56p 360,873 B, both built in /work/wt/speed56p): the
    // reading of memory's files and the supersede judgement set up only where a start reads the files anew (read-files.ts,
    // dynamic imports: esbuild's lazy set-up of those modules and their namespaces). Cap 357,100 + 3,681; the lead re-measures.
    // All of stop 56 merged (lead56), built in /work/main: 373,459 B (357,093 before: secrets56's slots and hex keys, the lead's
    // API-named hex keys, truth56's four readers, speed56e's run-rule memo, speed56p's lazy module wrappers): cap 373,500.
    // Then the lead's two mends of the slot reader (a port named as the one before; facts under conditions of their own): 373,997 B: cap 374,050.
    expect(text.length).toBeLessThan(374_050);
  });

});
