#!/usr/bin/env node
// Real Codex rollouts and Gemini CLI chats people published in public GitHub repositories (issue 25
// §6 on what real agents write). Their text is never committed: the files live in
// GIT_MEMORY_AGENTS_CORPUS or ~/.cache/git-memory/corpus-agents, named as each manifest entry's
// `file`; test/fixtures/corpus/agents-manifest.json records where each came from (repo, path,
// commit, sha256, bytes, agent, version, why).
//
//   node scripts/agents-corpus.mjs fetch [--git DIR_OF_MIRRORS]
//       re-fetches every manifest entry: from a local clone `DIR/<owner>+<name>/repo` when given
//       (git cat-file at the recorded commit), else from raw.githubusercontent.com at the commit;
//       each file is checked against its sha256 and kept only if it matches.
//   node scripts/agents-corpus.mjs collect --git DIR_OF_MIRRORS
//       rebuilds the manifest from the sources below (the selection rule is in `SOURCES` and
//       `chosen`), copying each file after the secret scan.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const AGENTS_MANIFEST = join(ROOT, 'test/fixtures/corpus/agents-manifest.json');
export const agentsCorpusDir = () => process.env.GIT_MEMORY_AGENTS_CORPUS || join(homedir(), '.cache', 'git-memory', 'corpus-agents');

/**
 * Where the files were found: a backup of `~/.codex` or `~/.gemini` (or a project that keeps its
 * CODEX_HOME / GEMINI home inside the repository) committed to a public repository.
 */
const SOURCES = [
  { repo: 'blubber/dotfiles', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a macOS dotfiles repository that commits its ~/.codex: Elixir/Phoenix and dotfiles work' },
  { repo: 'Xu-Wentao/dotfile', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a dotfiles repository that commits its ~/.codex' },
  { repo: 'LAF-US/IDAHO-VAULT', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that keeps its CODEX_HOME in the repository (Python, docs, CI)' },
  { repo: 'LAF-US/IDAHO-VAULT', under: '.gemini/tmp', pattern: /^\.gemini\/tmp\/[^/]+\/chats\/.+\.json$/, why: 'a project that keeps its Gemini CLI home in the repository: chats, sub-agent and skill-extraction chats' },
  { repo: '7567491/Feishu_ClaudeCode', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that keeps its CODEX_HOME in the repository (a Feishu bot for coding agents), Codex of November–December 2025' },
  { repo: 'Hoper-J/cpolar-connect', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME (a Python CLI), Codex of September 2025' },
  { repo: 'fabien-lessirard/dotfiles', under: '.gemini/tmp', pattern: /^\.gemini\/tmp\/[^/]+\/chats\/.+\.json$/, why: 'a dotfiles repository that commits its ~/.gemini: a web dashboard project, Gemini CLI of October 2025 to March 2026' },
  { repo: 'Tar-ive/brain-system', under: '.gemini/tmp', pattern: /^\.gemini\/tmp\/[^/]+\/chats\/.+\.json$/, why: 'a project that committed its Gemini CLI home, Gemini CLI of September 2025' },
  { repo: 'KuantumQuest/MyDotFiles-HyDE', under: '.gemini/tmp', pattern: /^\.gemini\/tmp\/[^/]+\/chats\/.+\.json$/, why: 'a Linux (Hyprland) dotfiles repository that commits its ~/.gemini: config and notes work, Gemini CLI of September–October 2025' },
  // Added in stop 40 (a held-out part: none of these was looked at before the ledger's Codex and Gemini readers were written).
  { repo: 'MoonLadderStudios/MoonMind', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME (Python, spec-kit prompts, WSL paths /mnt/d/…), Codex 0.57–0.58 of November 2025, a session resumed into the same rollout' },
  { repo: 'Ogekuri/useReq', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME (a requirements tool), Codex 0.70–0.72 of December 2025' },
  { repo: 'Ogekuri/G', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME (a git helper), Codex 0.70 of December 2025: shell_command, apply_patch through the shell and its warning' },
  { repo: 'SproutSeeds/coda', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME, Codex 0.44 of October 2025' },
  { repo: 'EdouardZemb/test-framework', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME (a Rust test framework), Codex 0.92–0.94 of January–February 2026' },
  { repo: 'AaronBakerDev/knearme-platform', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a Next.js monorepo that committed its CODEX_HOME, Codex 0.77–0.80 of December 2025–January 2026: quoted paths with brackets and parentheses' },
  { repo: '0h-n0/local-voice-assistant-codex', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME, Codex 0.77 of December 2025: a /review, turn_aborted, a total that starts again' },
  { repo: 'LeroySalih/planner-004', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a Next.js project that committed its CODEX_HOME, Codex 0.53 of October 2025' },
  { repo: 'Python-AI-Solutions/agentic-neurodata-conversion', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a Python project that committed its CODEX_HOME, Codex 0.40–0.42 of September 2025' },
  { repo: 'PantherianCodeX/udocket.com', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a web project that committed its CODEX_HOME, Codex 0.57–0.58 of November 2025: a prompt typed again after Esc' },
  { repo: 'MikeLockz/el-dorado-tanstack', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a TanStack web app that committed its CODEX_HOME, Codex 0.57–0.58 of November 2025' },
  { repo: 'Society-for-AI-Collab-Studies-SACS/VaultNodes', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME, Codex 0.47 of October 2025' },
  { repo: 'Quelklef/shell-ws', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a project that committed its CODEX_HOME, Codex 0.105 of March 2026' },
  { repo: 'R1DDL30510/Init-', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a Python project that committed its CODEX_HOME, Codex 0.55 of November 2025: apply_patch as an argv of its own' },
  { repo: 'brianlan/paper2md', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a Python tool that committed its CODEX_HOME, Codex of November 2025' },
  { repo: 'bumpy-croc/ai-trading-bot', under: '.codex/sessions', pattern: /^\.codex\/sessions\/.*\/rollout-[^/]+\.jsonl$/, why: 'a Python trading bot that committed its CODEX_HOME, Codex of October 2025' },
  { repo: 'brexp/infra', under: '.gemini/tmp', pattern: /^\.gemini\/tmp\/[^/]+\/chats\/.+\.jsonl?$/, why: 'an infrastructure repository that committed its ~/.gemini, Gemini CLI of October–November 2025' },
];

/**
 * Gemini CLI's own log of the prompts typed in a project (`logs.json`: {sessionId, messageId, type,
 * message, timestamp}), kept beside the chats as a reference for the prompts that is not a chat.
 */
const LOGS = /^\.gemini\/tmp\/[^/]+\/logs\.json$/;

/** The selection rule, fixed before any figure was looked at: the agent's own file with at least one tool call (a prompt log: one prompt). */
function chosen(agent, text) {
  if (agent === 'gemini-logs') return /"type"\s*:\s*"user"/.test(text);
  if (agent === 'codex') return /"type":"(function_call|custom_tool_call|local_shell_call)"/.test(text);
  return /"toolCalls"\s*:\s*\[\s*\{/.test(text);
}

/**
 * A conservative secret scan: a file holding anything shaped like a credential is skipped whole.
 * Key shapes are matched only where no letter, digit or `-_+/` stands before them, so that a long
 * base64 blob (Codex's encrypted reasoning) does not match by chance.
 */
const SECRET = [
  /(?<![A-Za-z0-9_\-+/])sk-(?:ant-|proj-|svcacct-)?[A-Za-z0-9_-]{20,}/,
  /(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Z])/,
  /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{30,}/,
  /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{30,}/,
  /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}/,
  /(?<![A-Za-z0-9_\-])AIza[0-9A-Za-z_-]{35}/,
  /(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,}/,
  /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}/,
  /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}/,
  /(?<![A-Za-z0-9])(?:sk|rk)_live_[A-Za-z0-9]{20,}/,
  /(?<![A-Za-z0-9])xai-[A-Za-z0-9]{40,}/,
  /(?<![A-Za-z0-9])ya29\.[A-Za-z0-9_-]{20,}/,
  /(?<![A-Za-z0-9])1\/\/0[A-Za-z0-9_-]{30,}/,
  /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/,
  /(?<![A-Za-z0-9_\-+/])eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/,
  /(?:token|secret|password|passwd|api[_-]?key|access[_-]?key)\\?["']?\s*[:=]\s*\\?["']?(?=[A-Za-z0-9_\-+/]*[0-9])(?=[A-Za-z0-9_\-+/]*[A-Za-z])[A-Za-z0-9_\-+/]{24,}/i,
];
export const secretIn = (text) => SECRET.find((r) => r.test(text)) ?? null;

const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');
const git = (dir, args, opts = {}) => execFileSync('git', ['--git-dir', dir, ...args], { maxBuffer: 1 << 30, ...opts });

/** The Codex version a rollout names (session_meta cli_version), or '' for Gemini CLI, which records none. */
export function versionOf(agent, text) {
  if (agent !== 'codex') return '';
  const m = /"cli_version":"([^"]+)"/.exec(text.slice(0, 200_000));
  return m ? m[1] : '';
}

function fileName(repo, path) {
  const name = repo.split('/')[1].replace(/^\./, '');
  return `${name}__${path.replace(/^\.(codex|gemini)\/(sessions|tmp)\//, '').replace(/\//g, '_')}`;
}

function collect(mirrors) {
  const dir = agentsCorpusDir();
  mkdirSync(dir, { recursive: true });
  const out = [];
  const skipped = { secret: 0, missing: 0, notChosen: 0 };
  for (const src of SOURCES) {
    const gd = join(mirrors, src.repo.replace('/', '+'), 'repo');
    // Every version of each path across the history; the largest is kept (a session grows).
    const best = new Map();
    const commits = git(gd, ['log', '--all', '--format=%H', '--', src.under]).toString().trim().split('\n').filter(Boolean);
    for (const c of commits) {
      let tree;
      try {
        tree = git(gd, ['ls-tree', '-r', '-l', c, '--', src.under], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
      } catch {
        continue;
      }
      for (const line of tree.split('\n')) {
        const m = /^\d+ blob ([0-9a-f]+)\s+(\d+|-)\t(.+)$/.exec(line);
        if (!m || !(src.pattern.test(m[3]) || (src.under === '.gemini/tmp' && LOGS.test(m[3])))) continue;
        const size = Number(m[2]);
        const prev = best.get(m[3]);
        if (!prev || size > prev.size) best.set(m[3], { blob: m[1], size, commit: c });
      }
    }
    for (const [path, b] of [...best].sort()) {
      let buf;
      try {
        buf = git(gd, ['cat-file', 'blob', b.blob], { stdio: ['ignore', 'pipe', 'ignore'] });
      } catch {
        skipped.missing++;
        continue;
      }
      const text = buf.toString('utf8');
      const agent = path.startsWith('.codex/') ? 'codex' : LOGS.test(path) ? 'gemini-logs' : 'gemini';
      if (!chosen(agent, text)) {
        skipped.notChosen++;
        continue;
      }
      if (secretIn(text)) {
        skipped.secret++;
        continue;
      }
      // The same file under two paths (Gemini CLI moved chats from a hash folder to a named one): once.
      if (out.some((t) => t.sha256 === sha256(buf))) {
        skipped.duplicate = (skipped.duplicate ?? 0) + 1;
        continue;
      }
      const file = fileName(src.repo, path);
      writeFileSync(join(dir, file), buf);
      out.push({ file, repo: src.repo, path, commit: b.commit, sha256: sha256(buf), bytes: buf.length, agent, version: versionOf(agent, text), why: src.why });
    }
  }
  const manifest = {
    about:
      'Real Codex rollouts and Gemini CLI chats people published in public GitHub repositories, used by npm run bench (bench/parts/agents-corpus.mjs: the ledger against a plain reading) when present. Their text is not committed: put the files (named as `file`) in GIT_MEMORY_AGENTS_CORPUS or ~/.cache/git-memory/corpus-agents (node scripts/agents-corpus.mjs fetch); each is checked against its sha256.',
    collected: '2026-12-06',
    rule: 'every rollout (Codex) or chat (Gemini CLI) of the sources below with at least one tool call, and every Gemini CLI prompt log (logs.json, agent gemini-logs) of them, the largest version of each path across the repository history; a file holding anything shaped like a credential (scripts/agents-corpus.mjs SECRET) is skipped whole',
    skipped,
    transcripts: out,
  };
  writeFileSync(AGENTS_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  const by = (a) => out.filter((t) => t.agent === a).length;
  console.log(`kept ${out.length} (codex ${by('codex')}, gemini ${by('gemini')}); skipped ${JSON.stringify(skipped)}`);
}

function fetchAll(mirrors) {
  const dir = agentsCorpusDir();
  mkdirSync(dir, { recursive: true });
  const { transcripts } = JSON.parse(readFileSync(AGENTS_MANIFEST, 'utf8'));
  let ok = 0;
  for (const t of transcripts) {
    const target = join(dir, t.file);
    if (existsSync(target) && sha256(readFileSync(target)) === t.sha256) {
      ok++;
      continue;
    }
    let buf = null;
    try {
      if (mirrors) buf = git(join(mirrors, t.repo.replace('/', '+'), 'repo'), ['show', `${t.commit}:${t.path}`], { stdio: ['ignore', 'pipe', 'ignore'] });
      else buf = execFileSync('curl', ['-fsSL', `https://raw.githubusercontent.com/${t.repo}/${t.commit}/${t.path.split('/').map(encodeURIComponent).join('/')}`], { maxBuffer: 1 << 30 });
    } catch {
      console.error(`not fetched: ${t.repo} ${t.path}`);
      continue;
    }
    if (sha256(buf) !== t.sha256) {
      console.error(`sha256 differs, not kept: ${t.file}`);
      continue;
    }
    writeFileSync(target, buf);
    ok++;
  }
  console.log(`${ok}/${transcripts.length} in ${dir}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [cmd, ...rest] = process.argv.slice(2);
  const at = rest.indexOf('--git');
  const mirrors = at >= 0 ? rest[at + 1] : null;
  if (cmd === 'collect' && mirrors) collect(mirrors);
  else if (cmd === 'fetch') fetchAll(mirrors);
  else {
    console.error('usage: node scripts/agents-corpus.mjs fetch [--git DIR] | collect --git DIR');
    process.exit(2);
  }
}
