/**
 * The prompt Claude Code 2.1 writes for the user when they approve a plan made in plan mode: its
 * record carries the plan (`planContent`) and its text is "Implement the following plan:", the
 * plan's markdown, then a pointer to the transcript of the planning on this machine ("If you need
 * specific details from before exiting plan mode (…), read the full transcript at:
 * /home/<user>/.claude/projects/…/<id>.jsonl"). As a session's request it read "Implement the
 * following plan: # Plan: Cloud Diversity ## Context Currently…" in every such session of noise55's
 * audit (reality2-roycdavies/vr-forest, Claude Code 2.1.37–2.1.39, 3 of 3), and a short plan
 * would carry the machine's path into the committed Request.
 *
 * What the user asked is the plan: "Implement the plan: <its title>. <its text>", the markdown
 * headings and rules of its body left out (they are its layout, not its words) and the pointer
 * dropped. The ledger keeps the message as written (and its turns, so a worklog step that starts
 * with it is still known as the user's prompt, not completed work); this shapes it where it becomes
 * a request: the notes' title, task and last request, then the session file and the primer.
 */
const OPENING = /^\s*Implement the following plan:\s*/;
/** The pointer Claude Code appends, from its first words to the end of the message. */
const POINTER = /\s*If you need specific details from before exiting plan mode\b[\s\S]*$/;
const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/;
const RULE = /^[ \t]{0,3}([-*_])([ \t]*\1){2,}[ \t]*$/;
/** "Plan:", "Implementation plan:", "Plan —" before a plan's own title. */
const PLAN_WORD = /^(?:(?:implementation|execution|refactor(?:ing)?|fix)\s+)?plan\s*[:—–-]\s*/i;

/** A plan approved in Claude Code's plan mode, as the user's request; any other text as it is. */
export function planRequest(text: string): string {
  if (!OPENING.test(text)) return text;
  const plan = text.replace(OPENING, '').replace(POINTER, '');
  let title = '';
  let hasText = false;
  const body: string[] = [];
  for (const line of plan.split('\n')) {
    const h = HEADING.exec(line);
    if (h) {
      // The plan's title is its first heading, before any text.
      if (!title && !hasText && h[1]) title = h[1].replace(PLAN_WORD, '').trim();
      continue;
    }
    if (RULE.test(line)) continue;
    body.push(line);
    if (line.trim()) hasText = true;
  }
  const rest = body.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  if (!title) return rest ? `Implement the plan: ${rest}` : text;
  return rest ? `Implement the plan: ${title}${/[.!?:]$/.test(title) ? '' : '.'}\n\n${rest}` : `Implement the plan: ${title}`;
}
