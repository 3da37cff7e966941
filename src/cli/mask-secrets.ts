/**
 * Message text with every value the secret scan would refuse replaced by `[REDACTED:<rule>]`.
 * Error messages quote what the user typed ("not a date: …", yargs' "Invalid values: …"), and a
 * key pasted into the wrong place must not come back on the terminal, where it lands in an agent's
 * context. Runs only on the way out of a failed command, so the scanner's load time is no cost to a
 * command that works. No allowlist: a message may mask more than a memory file would.
 */
export async function maskSecrets(text: string): Promise<string> {
  if (!text) return text;
  const { redactText, scanText } = await import('../safety/scan.js');
  const findings = await scanText(text);
  return findings.length ? redactText(text, findings) : text;
}

/** How an argument is quoted back in a message: secrets masked, and no longer than a line. */
export async function quoteArg(arg: string, max = 40): Promise<string> {
  const masked = (await maskSecrets(arg)).replace(/\s+/g, ' ');
  return JSON.stringify(masked.length > max ? `${masked.slice(0, max)}…` : masked);
}
