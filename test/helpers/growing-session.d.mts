export interface SessionStep {
  /** JSONL text the round appends to the transcript. */
  text: string;
  /** Context tokens after it. */
  tokens: number;
  /** The agent's turn ended here with no tool call (a natural pause). */
  paused: boolean;
}
export function growingSession(opts?: { targetTokens?: number; startTokens?: number; sessionId?: string; cwd?: string; seed?: number }): { sessionId: string; steps: SessionStep[] };
export function noteTakerReply(body: Record<string, unknown>, n: number): Record<string, unknown>;
