import { escapeRegExp } from '../regex-text.js';

/**
 * Lines in memory that read as instructions to the agent rather than facts about the project: the
 * shape a prompt injection takes when it arrives in a teammate's (or an attacker's) memory commit.
 * Every pattern is linear (no nested quantifiers, no two blanks' runs side by side: `<\s*\/?\s*` split a
 * run of blanks every way from its `<`; an address's name at most 64 characters, as mail allows) and
 * lines are capped before matching.
 */
export interface InstructionRule {
  id: string;
  description: string;
  /**
   * Groups of lower-case substrings: every match of `re` holds a word of each group. A line that
   * misses a group is not tested (test/safety/instructions.test.ts checks this on every sample).
   */
  needs: readonly (readonly string[])[];
  re: RegExp;
}

const W = '[\\w\'’-]*'; // a word, loosely
const GAP = '[^\\n]{0,60}?'; // a short stretch of the same line

/** Destructive shell and SQL commands: both entries of the rule below test it. */
const DESTRUCTIVE = /\brm\s+(?:-[a-z]+\s+|--[a-z-]+\s+){0,4}(?:\/|~|\*|\$home\b|\.{1,2}(?:\/|\s|$))|\bmkfs(?:\.\w+)?\b|\bdd\s+[^\n]{0,80}\bof=\/dev\/|\bdrop\s+(?:table|database|schema)\b|\bgit\s+push\s+[^\n]{0,60}(?:--force\b|-f\b)|\bgit\s+reset\s+--hard\b|\bchmod\s+-r\s+777\s+\/|:\(\)\s*\{\s*:\|:&\s*\};:|\bformat\s+[a-z]:|\b(?:del|rmdir)\s+\/[sq]\b/i;

export const INSTRUCTION_RULES: readonly InstructionRule[] = [
  {
    id: 'override-instructions',
    needs: [['ignor', 'disregard', 'forget', 'overrid', 'instruction', 'you are now', '忽略']],
    description: 'tells the agent to ignore or replace its instructions',
    re: new RegExp(
      `\\b(?:ignore|disregard|forget|override)\\b${GAP}\\b(?:previous|prior|above|earlier|all|any|your|system|original)\\b${GAP}\\b(?:instructions?|prompts?|rules|directives|guidelines|messages)\\b|\\bnew (?:system )?instructions?\\s*:|\\byou are now\\b|忽略${GAP}(?:指令|指示|提示|规则)`,
      'i',
    ),
  },
  {
    id: 'exfiltrate',
    needs: [
      ['://', '@'],
      ['send', 'upload', 'post', 'exfiltrate', 'transmit', 'forward', 'copy', 'leak', 'submit', '发送', '上传'],
    ],
    description: 'asks to send or upload data to a URL or address',
    re: new RegExp(
      `\\b(?:send|upload|post|exfiltrate|transmit|forward|copy|leak|submit)\\b${GAP}\\b(?:to|at|into)\\b\\s*(?:https?:\\/\\/|ftp:\\/\\/|[\\w.+-]{1,64}@[\\w-]+\\.\\w)|(?:发送|上传)${GAP}(?:https?:\\/\\/)`,
      'i',
    ),
  },
  {
    id: 'hide-from-user',
    needs: [
      ['do not', 'don', 'never', 'without', 'keep this', 'keep it', '不要', '别'],
      ['user', 'human', 'developer', 'operator', 'from', '用户'],
    ],
    description: 'asks to keep something from the user',
    re: new RegExp(
      `\\b(?:do not|don['’]?t|never|without)\\b${GAP}\\b(?:tell|telling|inform|informing|mention|mentioning|notify|notifying|alert|alerting|show|showing|ask|asking)${W}\\b${GAP}\\b(?:the )?(?:user|human|developer|operator)s?\\b|\\bkeep (?:this|it) (?:secret|hidden) from\\b|不要告诉用户|别告诉用户|不要让用户知道`,
      'i',
    ),
  },
  {
    id: 'pipe-to-shell',
    needs: [
      ['|', 'iex'],
      ['curl', 'wget', 'iwr', 'invoke-webrequest', 'fetch', 'iex'],
    ],
    description: 'pipes a download into a shell',
    re: /\b(?:curl|wget|iwr|invoke-webrequest|fetch)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:python[23]?|perl|ruby|node)\b|\biex\s*\(\s*(?:iwr|invoke-webrequest|new-object)/i,
  },
  {
    id: 'disable-checks',
    needs: [
      ['disabl', 'skip', 'bypass', 'turn off', 'comment out', 'remov', 'delet', 'silenc', 'no-verify', '禁用', '跳过', '关闭'],
      ['test', 'check', 'ci', 'lint', 'hook', 'pre-commit', 'verification', 'security', 'secret scan', 'no-verify', '测试', '检查', '钩子'],
    ],
    description: 'asks to disable tests, checks or hooks',
    re: new RegExp(
      `\\b(?:disable|skip|bypass|turn off|comment out|remove|delete|silence)\\b${GAP}\\b(?:the )?(?:tests?|test suite|checks?|ci|linter|linting|lint|hooks?|pre-commit|verification|security (?:checks?|scans?)|secret scan(?:ning)?|type ?checks?)\\b|--no-verify\\b|(?:禁用|跳过|关闭)${GAP}(?:测试|检查|钩子)`,
      'i',
    ),
  },
  // Two entries, one rule: `git push` is destructive only forced, and its words are common in memory
  // (`add ` holds `dd `, `push` and `reset` are in every week's notes); the words each part of the
  // pattern needs keep its compiling (~3.7 M instructions) for a line that may match.
  {
    id: 'destructive-command',
    needs: [['rm ', 'mkfs', 'of=/dev/', 'drop ', '--hard', 'chmod', ':(){', 'format ', 'del ', 'rmdir']],
    description: 'orders a destructive command',
    re: DESTRUCTIVE,
  },
  {
    id: 'destructive-command',
    needs: [['push'], ['-f']],
    description: 'orders a destructive command',
    re: DESTRUCTIVE,
  },
  {
    // Text that opens or closes a frame git-memory's prompts put untrusted text in (llm/frame.ts),
    // or a chat role's tag: in memory it can only be there to make what follows read as the
    // prompt's own words, to the next model or agent (issue 26, attack campaign).
    id: 'prompt-frame',
    needs: [['conversation', 'current_notes', 'must_keep', 'previous_summary', 'system', 'assistant', 'entries', 'sessions', 'user', 'im_start', 'im_end']],
    description: 'imitates a prompt frame or a chat role tag',
    re: /<\s*(?:\/\s*)?(?:conversation_record|current_notes_content|must_keep|previous_summary|conversation|system|assistant)\s*>|<\s*\/\s*(?:entries|sessions|user)\s*>|<\|im_(?:start|end)\|>/i,
  },
];

export interface InstructionFinding {
  ruleId: string;
  description: string;
  line: number;
  text: string;
}

const LINE_CAP = 2000;

/** One test for "holds a word of some rule's first group": a line without one trips no rule. */
const ANY_FIRST_WORD = new RegExp(INSTRUCTION_RULES.flatMap((r) => r.needs[0]!).map(escapeRegExp).join('|'));

/**
 * The rules a commit subject is not held to: git's convention writes a change in the imperative
 * ("Remove the flaky test", "Disable the lint rule"), which `disable-checks` reads as an order. On
 * six real histories 91 of 17,716 subjects tripped it, every one the record of a change.
 */
export const SUBJECT_EXEMPT: ReadonlySet<string> = new Set(['disable-checks']);

/** The rule a single line trips, or undefined; `skip`: ids of rules not applied. */
export function instructionRule(line: string, skip?: ReadonlySet<string>): InstructionRule | undefined {
  const capped = line.slice(0, LINE_CAP);
  const lower = capped.toLowerCase();
  // Substring checks first: most memory lines hold none of a rule's words, and that costs far
  // less than running the patterns at every session start.
  if (!ANY_FIRST_WORD.test(lower)) return undefined;
  return INSTRUCTION_RULES.find((r) => !skip?.has(r.id) && r.needs.every((group) => group.some((w) => lower.includes(w))) && r.re.test(capped));
}

/**
 * An HTML comment in an item of memory text: hidden from a rendered view, read by an agent (a
 * planted instruction, a fake provenance note). Memory files use comments of their own (task ids,
 * MEMORY.md provenance), which their parsers take off before an item is shown: what is left in an
 * item's text was put there. Checked by the primer on item texts, not by lint on whole files.
 */
export const HTML_COMMENT_RULE: InstructionRule = { id: 'html-comment', description: 'hides text in an HTML comment', needs: [['<!--']], re: /<!--/ };

/** The rule an item of memory text trips, an HTML comment first: what the primer flags. `skip` as instructionRule's. */
export function itemRule(text: string, skip?: ReadonlySet<string>): InstructionRule | undefined {
  return text.includes('<!--') ? HTML_COMMENT_RULE : instructionRule(text, skip);
}

/** Every instruction-like line of a text, with 1-based line numbers. */
export function findInstructions(text: string): InstructionFinding[] {
  const out: InstructionFinding[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const rule = instructionRule(line);
    if (rule) out.push({ ruleId: rule.id, description: rule.description, line: i + 1, text: line.trim().slice(0, 200) });
  });
  return out;
}
