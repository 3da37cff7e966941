/**
 * Project secret rules: what the secretlint preset misses or reports too coarsely. Each rule is data —
 * a global regex, the capture group that holds the value, and an optional validator. Every regex
 * must run in linear time: bounded `{m,n}` quantifiers, no nested quantifiers over overlapping
 * classes, and a look-behind so a match can only start at a token boundary.
 */
export interface SecretRule {
  id: string;
  /** Human name used in messages. */
  title: string;
  /** Must carry the `g` and `d` flags (global, match indices). */
  pattern: RegExp;
  /** Capture group holding the secret value; 0 is the whole match. */
  group: number;
  /**
   * Matches wherever `pattern` can (its fixed part, say a prefix): a cheap test that spares a text
   * the rule's full pattern. test/safety/rules.test.ts checks it on every sample.
   */
  needle: RegExp;
  /** Generic rules lose to specific ones (and to the preset) when spans overlap. */
  generic?: boolean;
  validate?: (value: string) => boolean;
}

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  const n = [...s].length;
  for (const c of counts.values()) bits -= (c / n) * Math.log2(c / n);
  return bits;
}

// A reference names where a secret lives instead of containing it: env lookups, CI and template
// expressions, `<your-token>` placeholders, masks, and our own redaction marker.
const REFERENCE =
  /^(?:\$|%[A-Za-z_]|<|(?:process\.env|import\.meta\.env|os\.environ|os\.getenv|getenv|System\.getenv|Deno\.env|ENV\[|env\.|secrets\.|vars\.)|\[?REDACTED)|\{\{|\$\{/;
const PLACEHOLDER =
  /^(?:pass(?:word|wd)?|secret|test|(?:my|your)[-_ ]?(?:api[-_ ]?)?(?:key|token|secret|password|pass|pwd))$|example|placeholder|dummy|change[-_]?me|x{5}|\*{3}|\.{3}|your[-_ ]?(?:api|key|token|secret|pass)/i;

/** True when the value points at a secret (or stands in for one) rather than being one. */
export function isReference(value: string): boolean {
  return REFERENCE.test(value) || PLACEHOLDER.test(value);
}

/**
 * Mostly words (`getSecretManagerClient`, `oauth2-client-credentials`, `i18n.errors.tooShort`):
 * at least 3/4 of the letters and digits sit in words of 3+ letters or in short numbers.
 */
export function isIdentifierLike(value: string): boolean {
  let total = 0;
  let wordy = 0;
  for (const token of value.match(/[A-Z]?[a-z]+\d*|[A-Z]+\d*(?![a-z])|\d+/g) ?? []) {
    total += token.length;
    if (/^[A-Za-z]{3,}\d{0,2}$|^\d{1,4}$/.test(token)) wordy += token.length;
  }
  return /[A-Za-z]{3}/.test(value) && wordy >= 0.75 * total;
}

/** File paths and URLs often follow `key:` in notes; neither is a secret. */
function isPathOrUrl(value: string): boolean {
  if (/^[A-Za-z]:\\/.test(value) || value.includes('://')) return true;
  if (!value.includes('/')) return false;
  // Base64 has slashes too: a path is one whose every segment is made of words.
  return value.split('/').every((seg) => {
    const stem = seg.replace(/^(?:~|\.{1,2})/, '').replace(/\.[A-Za-z0-9]{1,8}$/, '');
    return stem === '' || isIdentifierLike(stem);
  });
}

/** A token body that looks random rather than a word, a reference or a path. */
export function looksRandom(value: string, minEntropy = 3): boolean {
  return entropy(value) >= minEntropy && !isReference(value) && !isIdentifierLike(value) && !isPathOrUrl(value);
}

/** The password part of a URL or Basic header: real unless it is a reference or placeholder. */
export function isRealPassword(value: string): boolean {
  return value.length >= 3 && !isReference(value) && !/^(.)\1*$/.test(value);
}

function isJwtHeader(value: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(value.slice(0, value.indexOf('.')), 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null && 'alg' in header;
  } catch {
    return false;
  }
}

function isBasicCredential(value: string): boolean {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return /^[\x20-\x7e]+$/.test(decoded) && colon > 0 && isRealPassword(decoded.slice(colon + 1));
}

const B = '(?<![A-Za-z0-9_-])'; // token start
const E = '(?![A-Za-z0-9_-])'; // token end
const re = (source: string, flags = '') => new RegExp(source, `gd${flags}`);
const random = (v: string) => looksRandom(v);
// A fixed token shape is evidence enough; only rule out stand-ins like `ghp_xxxx…` or `…EXAMPLE`.
const plausible = (v: string) => entropy(v) >= 3 && !isReference(v);

/** Specific rules first: on overlapping spans the earlier rule names the finding. */
export const RULES: readonly SecretRule[] = [
  { id: 'private-key', needle: /-----BEGIN/, title: 'private key', group: 0,
    // The body may not contain `-----`, so a header with no END costs only up to the next header.
    pattern: re('-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[^-]|-(?!----)){1,20000}-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----'),
    validate: (v) => v.replace(/[^A-Za-z0-9+/=]/g, '').length >= 96 },
  // Known by its structure, not its payload: a header that decodes to JSON with `alg` (base64url of
  // `{"`, `{ ` or `{\n` starts `ey` or `ew`), then a signed shape (payload of any kind, even empty
  // when detached, and a signature) or an encrypted one (JWE: key, iv, ciphertext, tag).
  { id: 'jwt', needle: /e[wy][A-Za-z0-9_-]{10,2048}\./, title: 'JSON Web Token', group: 0, validate: isJwtHeader,
    pattern: re(`${B}e[wy][A-Za-z0-9_-]{10,2048}\\.(?:[A-Za-z0-9_-]{0,2048}\\.[A-Za-z0-9_-]{8,64}\\.[A-Za-z0-9_-]{1,8192}\\.[A-Za-z0-9_-]{16,64}|[A-Za-z0-9_-]{0,8192}\\.[A-Za-z0-9_-]{16,2048})${E}`) },
  { id: 'anthropic-api-key', needle: /sk-ant-/, title: 'Anthropic API key', group: 0, validate: plausible,
    pattern: re(`${B}sk-ant-[a-z]{2,8}\\d{2}-[A-Za-z0-9_-]{32,200}${E}`) },
  { id: 'openai-api-key', needle: /sk-/, title: 'OpenAI API key', group: 0, validate: plausible,
    pattern: re(`${B}sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,250}|[A-Za-z0-9]{32,64})${E}`) },
  { id: 'github-token', needle: /gh[pousr]_|github_pat_/, title: 'GitHub token', group: 0, validate: plausible,
    pattern: re(`${B}(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,255})${E}`) },
  { id: 'gitlab-token', needle: /gl(?:pat|dt|rt|ptt)-/, title: 'GitLab token', group: 0, validate: plausible,
    pattern: re(`${B}gl(?:pat|dt|rt|ptt)-[A-Za-z0-9_-]{20,64}${E}`) },
  { id: 'slack-token', needle: /xox[abposr]-|xapp-/, title: 'Slack token', group: 0, validate: plausible,
    pattern: re(`${B}(?:xox[abposr]|xapp)-[A-Za-z0-9-]{10,250}${E}`) },
  { id: 'slack-webhook', needle: /hooks\.slack\.com\//, title: 'Slack webhook URL', group: 1, validate: plausible,
    pattern: re('https://hooks\\.slack\\.com/(?:services|workflows|triggers)/([A-Za-z0-9_/]{20,200})') },
  { id: 'discord-webhook', needle: /discord(?:app)?\.com\/api\/webhooks\//, title: 'Discord webhook URL', group: 1, validate: plausible,
    pattern: re('https://(?:ptb\\.|canary\\.)?discord(?:app)?\\.com/api/webhooks/(\\d{15,25}/[A-Za-z0-9_-]{60,100})') },
  { id: 'npm-token', needle: /npm_/, title: 'npm token', group: 0, validate: plausible, pattern: re(`${B}npm_[A-Za-z0-9]{36}${E}`) },
  { id: 'pypi-token', needle: /pypi-AgEIcHlwaS5vcmc/, title: 'PyPI token', group: 0, validate: plausible, pattern: re(`${B}pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}`) },
  { id: 'aws-access-key-id', needle: /A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA/, title: 'AWS access key id', group: 0, validate: plausible,
    pattern: re('(?<![A-Za-z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}(?![A-Za-z0-9])') },
  { id: 'aws-secret-access-key', needle: /secret[_.-]?(?:access)?[_.-]?key/i, title: 'AWS secret access key', group: 1, validate: random,
    pattern: re(`(?<![A-Za-z0-9])(?:aws)?[_.-]?secret[_.-]?(?:access)?[_.-]?key["']?\\s{0,4}(?:=>|:=|=|:)\\s{0,4}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`, 'i') },
  { id: 'google-api-key', needle: /AIza/, title: 'Google API key', group: 0, validate: plausible, pattern: re(`${B}AIza[0-9A-Za-z_-]{35}${E}`) },
  { id: 'google-oauth-secret', needle: /GOCSPX-/, title: 'Google OAuth client secret', group: 0, validate: plausible, pattern: re(`${B}GOCSPX-[A-Za-z0-9_-]{28}${E}`) },
  { id: 'stripe-key', needle: /_live_|whsec_/, title: 'Stripe key', group: 0, validate: plausible,
    pattern: re(`${B}(?:(?:sk|rk)_live_[0-9A-Za-z]{20,247}|whsec_[A-Za-z0-9+/]{32,64})${E}`) },
  { id: 'sendgrid-api-key', needle: /SG\./, title: 'SendGrid API key', group: 0, validate: plausible, pattern: re(`${B}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${E}`) },
  { id: 'twilio-api-key', needle: /SK[0-9a-fA-F]{32}/, title: 'Twilio API key', group: 0, validate: plausible,
    pattern: re('(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])') },
  { id: 'huggingface-token', needle: /hf_|api_org_/, title: 'Hugging Face token', group: 0, validate: plausible,
    pattern: re(`(?<![A-Za-z0-9_])(?:hf|api_org)_[A-Za-z0-9]{30,40}(?![A-Za-z0-9_])`) },
  { id: 'shopify-token', needle: /shp(?:at|ss|ca|pa)_/, title: 'Shopify token', group: 0, validate: plausible, pattern: re(`(?<![A-Za-z0-9_])shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}(?![A-Za-z0-9_])`) },
  { id: 'digitalocean-token', needle: /do[opr]_v1_/, title: 'DigitalOcean token', group: 0, validate: plausible, pattern: re(`(?<![A-Za-z0-9_])do[opr]_v1_[a-f0-9]{64}(?![A-Za-z0-9_])`) },
  { id: 'telegram-bot-token', needle: /:AA/, title: 'Telegram bot token', group: 0, validate: plausible, pattern: re(`(?<![A-Za-z0-9_:])\\d{8,10}:AA[A-Za-z0-9_-]{33}${E}`) },
  { id: 'azure-connection-string', needle: /accountkey|sharedaccesskey/i, title: 'Azure connection string key', group: 1, validate: random,
    pattern: re('(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey)\\s{0,2}=\\s{0,2}([A-Za-z0-9+/]{20,100}={0,2})', 'i') },
  { id: 'azure-sas-signature', needle: /sig=/, title: 'Azure SAS signature', group: 1, validate: (v) => looksRandom(v, 3.5),
    pattern: re('[?&;]sig=([A-Za-z0-9%+/]{30,200}={0,2})') },
  { id: 'database-url', needle: /:\/\//, title: 'database URL password', group: 1, validate: isRealPassword,
    pattern: re('(?<![A-Za-z0-9+.-])(?:jdbc:)?(?:postgres(?:ql)?|mysql[x2]?|mariadb|mongodb(?:\\+srv)?|rediss?|amqps?|mssql|sqlserver|cockroachdb|clickhouse|couchdb|neo4j(?:\\+s)?)://[^\\s:@/?#]{0,128}:([^\\s@/]{1,256})@', 'i') },
  { id: 'url-credentials', needle: /:\/\//, title: 'password in URL', group: 1, validate: isRealPassword,
    pattern: re('(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}://[^\\s:@/?#]{0,128}:([^\\s@/]{1,256})@') },
  { id: 'bearer-token', needle: /bearer/i, title: 'Bearer token', group: 1, validate: random,
    pattern: re('(?<![A-Za-z0-9_])bearer\\s{1,4}([A-Za-z0-9._~+/-]{16,2048}={0,2})', 'i') },
  { id: 'basic-auth-header', needle: /basic/i, title: 'Basic authorization', group: 1, validate: isBasicCredential,
    pattern: re('(?<![A-Za-z0-9_])basic\\s{1,4}([A-Za-z0-9+/]{8,1024}={0,2})(?![A-Za-z0-9+/=])', 'i') },
  { id: 'generic-secret', needle: /(?:key|token|secret|password|passwd|pwd|pass|credential|auth)s?["'\]]{0,2}\s{0,4}[=:]/i, title: 'secret assigned to a credential name', group: 1, generic: true,
    // Hex (and UUIDs) cannot exceed 4 bits per character, so random hex gets a lower bar than 3.5.
    validate: (v) => v.length >= 12 && looksRandom(v, /^[0-9a-f-]+$/i.test(v) ? 3 : 3.5) && /[A-Za-z]/.test(v),
    // The name must END with the keyword (`DB_PASSWORD=` yes, `passwordResetTokenExpiry =` no).
    pattern: re(`(?<!public[_-]?)(?:key|token|secret|password|passwd|pwd|pass|credential|auth)s?["']?\\]?\\s{0,4}(?:=>|:=|=|:)\\s{0,4}["'\`]?([^\\s"'\`<>,;(){}\\[\\]]{12,256})`, 'i') },
];
