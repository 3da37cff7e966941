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
  /**
   * The secret starts this many characters before the group: a pattern that starts with its fixed
   * part and checks what comes before with a look-behind (see ruleMatches).
   */
  back?: number;
  /**
   * The capture group where the secret starts, when it is not `group`'s start: a match that names
   * its fixed end and looks back for what comes before it (private-key-end).
   */
  from?: number;
  /** Generic rules lose to specific ones (and to the preset) when spans overlap. */
  generic?: boolean;
  /**
   * The value comes after the needle's match: at least `length` characters that are neither blanks
   * nor `stops`. The primer's quick redaction skips a line with no such run after the needle before
   * it compiles the pattern (secret-in-words': ~3 ms at every start whose memory says "secret").
   */
  valueAfter?: { length: number; stops: string };
  /**
   * The value is a run of at least this many characters of base64 (letters, digits, `+/_-`): the
   * quick redaction skips a line with no such run before it compiles the pattern (bare-random-key,
   * whose strings, the digits, nearly every memory line holds). Its needle is then a shape, not a
   * fixed part an allowlist pattern must not be pinned to alone (scan.ts fixedParts).
   */
  run?: number;
  validate?: (value: string) => boolean;
}

/** Where `rule` finds a secret in `text`: its span and value (validated). */
export function* ruleMatches(rule: SecretRule, text: string): Generator<{ start: number; end: number; value: string }> {
  for (const m of text.matchAll(rule.pattern)) {
    const span = m.indices?.[rule.group];
    if (!span || m[rule.group] === undefined) continue;
    const from = rule.from === undefined ? undefined : m.indices?.[rule.from];
    const start = (from ? from[0] : span[0]) - (rule.back ?? 0);
    const value = text.slice(start, span[1]);
    if (!rule.validate || rule.validate(value)) yield { start, end: span[1], value };
  }
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

/** Five consonants in a row, in lower case (an acronym, `HTTPS`, is a word of its own). */
const CONSONANTS = /[b-df-hj-np-tv-xz]{5}/;

/**
 * Mostly words (`getSecretManagerClient`, `oauth2-client-credentials`, `i18n.errors.tooShort`):
 * at least 3/4 of the letters and digits sit in words of 3+ letters or in short numbers. A run of
 * five consonants is no word's (`jxocmwnx` of a random password `1A4jxocmwnxJMlkx`, stop 52).
 */
export function isIdentifierLike(value: string): boolean {
  let total = 0;
  let wordy = 0;
  for (const token of value.match(/[A-Z]?[a-z]+\d*|[A-Z]+\d*(?![a-z])|\d+/g) ?? []) {
    total += token.length;
    if (/^[A-Za-z]{3,}\d{0,2}$|^\d{1,4}$/.test(token) && !CONSONANTS.test(token)) wordy += token.length;
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

/**
 * Whether a run of letters and digits with no name or prefix before it (a key pasted alone,
 * `kJI2taWSgEVzlr2NElViQx9…`) reads as random rather than as an identifier: 16 characters or more,
 * cut into the pieces an identifier is made of (a word with its capital, an acronym, a number),
 * under three characters a piece on average. Identifiers are a few words (`getUserById` 2.75,
 * `HTTP2Server`, `SHA256Digest`, `useEffect`, `getSecretManagerClient` 5.5); a base62 run is cut
 * at nearly every other character. Measured (stop 54): of 19,331 camel-case identifiers of 16+
 * characters in this repository and TypeScript's and Node's type declarations, five not a test's
 * fixture read as random (`copyTexSubImage3D`, `writeBigUInt64BE`…); of random base62 runs that
 * start with a lower-case letter, 2% of 16 characters and 0.2% of 40 read as identifiers.
 */
export function isRandomRun(run: string): boolean {
  if (run.length < 16) return false;
  const pieces = run.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g)?.length ?? 0;
  return pieces > 0 && run.length / pieces < 3;
}

/** How SSH public keys (not secrets) start in base64: the key type's length, then `ssh-rsa`, `ssh-ed25519`, `ecdsa-…`. */
const SSH_PUBLIC_KEY = /^AAAA(?:B3NzaC1|C3NzaC1|E2VjZHNh)/;

/**
 * Base64 of DER that opens with a SEQUENCE holding a SEQUENCE: a public key (SubjectPublicKeyInfo,
 * `MIIBIjANBgkq…`, `MFkwEwYH…`) or a certificate. A private key's opens with its version number, an
 * INTEGER (`MIIEpAIBAAK…`, `MIIEvQIBADAN…`).
 */
function derPublic(body: string): boolean {
  if (!body.startsWith('M')) return false;
  const der = Buffer.from(body.slice(0, 8), 'base64');
  if (der[0] !== 0x30 || der.length < 4) return false;
  const lengthBytes = der[1]! & 0x80 ? der[1]! & 0x7f : 0;
  return der[2 + lengthBytes] === 0x30;
}

/**
 * A key pasted with no name or prefix before it (`use kJI2taWSgEVzlr2NElViQx9aPq7LmZ3bRt8YwCv1 for
 * staging`, an AWS secret key `wJalrXUtnFEMI/K7MDENG/…`): 32 to 100 characters of base64 or base64url
 * with upper case, lower case and digits, cut into identifier pieces of under three characters on
 * average (isRandomRun). Hex and UUIDs never match (no upper case with lower case): commit ids,
 * hashes, session and tool ids git-memory and the agents write stay readable, and a hex key pasted
 * alone cannot be told from them. Nor a path of words, a lockfile's `sha512-…` integrity, an SSH
 * public key, or a reference; a run longer than 100 characters (an image's base64 in a
 * transcript, a public key) is a blob, not a key.
 */
export function isBareKey(value: string): boolean {
  const body = value.replace(/=+$/, '');
  if (/^sha(?:1|224|256|384|512)-/i.test(body) || SSH_PUBLIC_KEY.test(body) || derPublic(body) || isReference(body) || isPathOrUrl(body)) return false;
  // Hex and numbers between the separators are a file name's or an id's (`rollout-2026-04-08T22-18-42-019d6d75-…`,
  // `logs__1091981f…_x`): the rest must be a random run of its own.
  const rest = body.split(/[+/_-]+/).filter((seg) => !/^(?:[0-9a-f]*|[0-9A-F]*)$/.test(seg)).join('');
  if (rest.length < 24 || !/[a-z]/.test(rest) || !/[A-Z]/.test(rest) || !/\d/.test(rest)) return false;
  const pieces = rest.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g)?.length ?? 0;
  return pieces > 0 && rest.length / pieces < 3;
}

/** A token body that looks random rather than a word, a reference or a path. */
export function looksRandom(value: string, minEntropy = 3): boolean {
  return entropy(value) >= minEntropy && !isReference(value) && !isIdentifierLike(value) && !isPathOrUrl(value);
}

/** The password part of a URL or Basic header: real unless it is a reference or placeholder. */
export function isRealPassword(value: string): boolean {
  // `url-user-token]:…`: the tail of our marker, where the URL's user was redacted (`https://[REDACTED:url-user-token]:…@`).
  return value.length >= 3 && !isReference(value) && !/^(.)\1*$/.test(value) && !/^[a-z0-9/-]{1,40}\]/.test(value);
}

function isJwtHeader(value: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(value.slice(0, value.indexOf('.')), 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null && 'alg' in header;
  } catch {
    return false;
  }
}

/** A Discord bot token's first part is its bot's id (a number of 17–20 digits) in base64. */
function isDiscordToken(value: string): boolean {
  return /^\d{17,20}$/.test(Buffer.from(value.slice(0, value.indexOf('.')), 'base64').toString('latin1')) && entropy(value) >= 3;
}

function isBasicCredential(value: string): boolean {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return /^[\x20-\x7e]+$/.test(decoded) && colon > 0 && isRealPassword(decoded.slice(colon + 1));
}

/**
 * Words that name a password, a token or a key, in the languages teams write memory in. Plain text
 * (no `u` class): the quick redaction joins every needle into one pattern without the `u` flag.
 */
const SECRET_WORD = /(?:password|passphrase|passcode|passwort|kennwort|mot de passe|mdp|contraseña|contrasena|senha|wachtwoord|lösenord|salasana|hasło|haslo|heslo|şifre|sifre|parola|jelszó|пароль|密码|密碼|口令|パスワード|暗証番号|비밀번호|mật khẩu|पासवर्ड|كلمة المرور|סיסמה|(?:api|access|secret|auth)[ _-]?(?:token|key)|secret|jeton|clé api|clé d'api|api-schlüssel|schlüssel|chiave api|clave api|chave api|токен|ключ api|секрет|令牌|密钥|秘钥|金鑰|トークン|シークレット|토큰)/i;

/** The words, marks and particles a telling ends on, just before the value (its blanks and quote aside). */
const TOLD_VERBS = ['is', 'was', 'lautet', 'ist', 'est', 'es', 'é', 'era', 'är', 'er', 'on', 'jest', 'je', 'equals', '—', '–'];
const TOLD_NOW = ['now', 'jetzt', 'maintenant', 'ahora', 'agora'];
const TOLD_PARTICLES = ['是', '为', '為', 'は', '는', '은'];

/**
 * How a value follows its name: `: `, `=`, `is`, `lautet`, `est`, `是`, `は` (after up to four words
 * naming whose it is: `the password for staging is`, `Passwort für die Datenbank lautet`).
 */
const TOLD = String.raw`(?:(?:[^\S\r\n]{1,4}[^\s:=：]{1,30}){0,4}?(?:[^\S\r\n]{0,4}[:=：＝]|[^\S\r\n]{1,4}(?:${TOLD_VERBS.join('|')})(?:[^\S\r\n]{1,4}(?:${TOLD_NOW.join('|')}))?(?:[^\S\r\n]{0,4}:)?)|[^\s:：]{0,12}?(?:${TOLD_PARTICLES.join('|')})[^\S\r\n]{0,4}[:：]?)`;

/**
 * What the last character or word before a told value's blanks and quote is (TOLD's end), for
 * quick-redact.ts's check that a line may hold one: a mark (`:`, `=`, full-width ones), a particle,
 * or a word after a blank. Between it and the value: at most `blanks` blanks, then one of `quotes`.
 */
export const TOLD_END = { marks: ':=：＝', particles: TOLD_PARTICLES.join(''), words: [...TOLD_VERBS, ...TOLD_NOW], blanks: 8, quotes: '"\'`«“„「『' } as const;

// Letters of the scripts SECRET_WORD names, without the `u` flag: a `u` pattern's compiled form costs
// about a millisecond, and the primer's quick redaction runs these rules at every session start.
const LETTER = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0590-\u06FF\u0900-\u097F\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7AF]/;
const NOT_LETTER = /[^A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0590-\u06FF\u0900-\u097F\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7AF]/;

/** A value told in words: made up (letters with digits or signs), not a word, a reference or a path. */
function toldSecret(v: string): boolean {
  const value = v.replace(/[.!?:。！？]+$/, ''); // the sentence's end is no part of it
  // An 8-character value can hold at most 3 bits a character: the bar is below that for short ones.
  return value.length >= 8 && LETTER.test(value) && NOT_LETTER.test(value) && looksRandom(value, Math.min(2.8, Math.log2(value.length) - 0.3));
}

/** What ends a value told in words besides a blank: quotes, brackets, a list's commas. */
const TOLD_STOPS = '"\'`<>,;(){}[]«»“”„「」『』';

/** Characters as the inside of a regular expression class. */
const classOf = (chars: string) => chars.replace(/[\\\]\[^-]/g, '\\$&');

/**
 * Words that name a password itself (a subset of SECRET_WORD, so its needle covers them): a short
 * value (4-7 characters) told after one of these is a password, after `token` or `key` it is not one.
 */
const PASSWORD_WORD = /(?:password|passphrase|passcode|passwort|kennwort|mot de passe|mdp|contraseña|contrasena|senha|wachtwoord|lösenord|salasana|hasło|haslo|heslo|şifre|sifre|parola|jelszó|пароль|密码|密碼|口令|パスワード|暗証番号|비밀번호|mật khẩu|पासवर्ड|كلمة المرور|סיסמה)/i;

/** TOLD without Finnish `on`, which reads `password reset on 401s` as a password; a short value needs a plainer telling. */
const TOLD_SHORT = TOLD.replace('|on|', '|');

/** Names of hashes, encodings, protocols and versions: what `password hash: md5`, `password encoding: utf-8` tell. */
const TECH_WORD = /^(?:md[245]|sha-?(?:1|2|3|224|256|384|512)|sha3-?\d{3}|argon2(?:id|i|d)?|pbkdf2|s?crypt|bcrypt|yescrypt|utf-?(?:8|16|32)|latin-?1|ascii|base(?:32|64)|aes-?\d{3}|rsa-?\d{4}|ed25519|https?2?|tls-?1?\.?\d|ntlmv?2?|oauth2?|saml2?|ldaps?|totp|hotp|2fa|mfa|x509|p12|pkcs\d{1,2})$/i;

/**
 * A short password told as such (`the wifi password is hunter2`, `DB_PASSWORD=s3cr3t`, `Passwort: Pa55!`):
 * 4 to 7 printable ASCII characters with a letter and a digit or a sign. Not a version (`v2.3`), a hash or an
 * encoding's name, a member or snake_case name from code (`args.pw`, `pw_hash`), a YAML tag, anchor
 * or alias (`!vault`, `&pw`), a reference or a stand-in.
 */
function shortPassword(v: string): boolean {
  const value = v.replace(/[.!?:。！？]+$/, '');
  if (value.length < 4 || value.length > 7) return false;
  // Printable ASCII with a letter and a digit or a sign: `密码是必填项，至少` is a rule, not a password.
  if (!/^[\x21-\x7e]+$/.test(value) || !/[A-Za-z]/.test(value) || !/[^A-Za-z]/.test(value)) return false;
  if (/^[!&*%@:]/.test(value) || /^v?\d+(?:[._-]\w+)+$/i.test(value) || TECH_WORD.test(value)) return false;
  if (/^[A-Za-z_$][A-Za-z_$]*(?:[._][A-Za-z_$]+)+$/.test(value)) return false; // args.pw, pw_hash, cfg.db_pw
  return !isReference(value) && !/^(.)\1*$/.test(value);
}

/** A line break in key material as a transcript or a rendering gives it: a newline, a blank, a `\\n` escape. */
const KEY_BREAK = String.raw`(?:\s|\\[nr])`;

// Token start and end: not inside a longer word. A `-` between a word and the token is a name's
// joint, not part of the token (`fix/rotate-ghp_…`, a branch or a file named after a token, stop 52);
// a `-` at a word's edge (`--ghp_`, a diff's `-ghp_`) or inside a token (`sk-ant-…`) stays one.
// Written as flat look-arounds: the nested form cost the warm primer +1.2 M instructions.
const B = '(?<![A-Za-z0-9_])(?<![^A-Za-z0-9]-|^-)'; // token start
const E = '(?![A-Za-z0-9_]|-[^A-Za-z0-9]|-$)'; // token end
const re = (source: string, flags = '') => new RegExp(source, `gd${flags}`);
const random = (v: string) => looksRandom(v);
// A fixed token shape is evidence enough; only rule out stand-ins like `ghp_xxxx…` or `…EXAMPLE`.
const plausible = (v: string) => entropy(v) >= 3 && !isReference(v);

/**
 * A word naming a key, a token, a secret or a password (hex-key-in-words' needle: its literals skip
 * every line without one), and the name in a sentence: `key`, `API key`, `deploy_key`, `tokens`; not a
 * public key's, nor a part of a longer word (`monkey`, `keyboard`).
 */
const KEY_NAME_WORD = /(?:key|token|secret|passw|passphrase|passcode|credential|api)/i;
const KEY_NAME = String.raw`(?<![A-Za-z0-9])(?<!public[ _-]|public|sha256[ _-]|cache[ _-]|idempotency[ _-]|primary[ _-]|foreign[ _-]|sort[ _-]|partition[ _-]|map[ _-]|object[ _-]|s3[ _-])(?:(?:api|access|secret|private|auth|signing|encryption|master|license|licence|deploy|session|bot|app|client)[ _-]?)?(?:key|token|secret|password|passphrase|passcode|credential|apikey)s?(?![A-Za-z0-9])`;
/** A name's qualifier after it: `the API key for staging is …`, `the token of the bot to …`. */
const KEY_OF = String.raw`[^\S\r\n]{1,4}(?:for|of|in|on|from)[^\S\r\n]{1,4}(?:the[^\S\r\n]{1,4})?[\w.-]{1,30}`;
/**
 * `… as the staging key.`, `… is our deploy token for CI`: up to three words before the name, which
 * ends the phrase (a sign, a line's end, a word that starts another: not `the key rotation commit`).
 */
const KEY_DETERMINED = String.raw`(?:(?:the|our|my|your|a|an|its|their)[^\S\r\n]{1,4})?(?:[\w.-]{1,30}[^\S\r\n]{1,4}){0,3}?${KEY_NAME}(?=[^\S\r\n]*(?:[.,;:!?()<>\[\]"'\`\r\n]|[—–-][^\S\r\n]|$)|[^\S\r\n]{1,4}(?:for|of|in|on|from|to|and|or|but|so|that|which|until|since|when|if|then|before|after|now|too|instead|please|again|here|there|we|you|i|yesterday|today|tomorrow)(?![A-Za-z]))`;
/**
 * An API named as the key's owner, in the forms a real Gemini CLI session told its keys in
 * (noise56's skycast transcripts): `NEWS_API=…`, `the exchangerateAPI is …`, `use … for the weather
 * api`. Only with an explicit tie (`is`, `=`, `:`, `use … for`): an API beside a commit id says nothing.
 */
const API_NAME = String.raw`(?<![A-Za-z0-9])(?:[A-Za-z0-9]{1,30}[_-]?)?api(?![A-Za-z0-9])`;
/** Up to two words between `the` and the API's name, none a word that starts another phrase (`the base for the API`). */
const API_DETERMINED = String.raw`(?:(?:the|our|my|your|its|their)[^\S\r\n]{1,4})?(?:(?!(?:for|of|in|on|to|the|base|and|or)[^A-Za-z])[\w.-]{1,30}[^\S\r\n]{1,4}){0,2}?${API_NAME}(?=[^\S\r\n]*(?:[.,;:!?()<>\[\]"'\`\r\n]|$))`;
/** A hex run of 32-128 digits, whole (a UUID's parts are shorter): the value the words name. */
const HEX_VALUE = '(?<![A-Za-z0-9_+/.-])([0-9a-f]{32,128})(?![A-Za-z0-9_+/-])';

/** A hex key: one case, a letter and a digit, random (not `0000…1`, `abab…`). */
function isHexKey(v: string): boolean {
  return /^(?:[0-9a-f]+|[0-9A-F]+)$/.test(v) && /\d/.test(v) && /[a-f]/i.test(v) && entropy(v) >= 3;
}

/** Specific rules first: on overlapping spans the earlier rule names the finding. */
export const RULES: readonly SecretRule[] = [
  { id: 'private-key', needle: /-----BEGIN/, title: 'private key', group: 0,
    // The body may not contain `-----`, so a header with no END costs only up to the next header.
    pattern: re('-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[^-]|-(?!----)){1,20000}-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----'),
    validate: (v) => v.replace(/[^A-Za-z0-9+/=]/g, '').length >= 96 },
  // A key cut in two (pasted over two messages, two tool results, a notes line cut short): the header
  // with the key material after it and no END line, and the END line with the key material before
  // it. Material is runs of 16+ base64 characters (a key's lines, or what is left of one) apart by
  // line breaks as sent (newlines, spaces, `\n` escapes), never prose; at least one whole line of it
  // (40+ characters) makes it a key, with what is left of a line cut by a renderer (`…`). The header
  // alone is no secret.
  { id: 'private-key', needle: /-----BEGIN/, title: 'private key (cut before its END line)', group: 0, validate: (v) => /[A-Za-z0-9+/]{40}/.test(v),
    pattern: re(`-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:${KEY_BREAK}{0,6}(?:Proc-Type|DEK-Info): [A-Za-z0-9,-]{1,80})*(?:${KEY_BREAK}{0,6}[A-Za-z0-9+/=]{16,100}){1,400}(?:(?:${KEY_BREAK}{1,6}[A-Za-z0-9+/=]{1,15})?…)?`) },
  { id: 'private-key', needle: /-----END/, title: 'private key (the part before its END line)', group: 0, from: 1, validate: (v) => /[A-Za-z0-9+/]{40}/.test(v),
    // The END line first, then a look back from its end over it and the material: a pattern that
    // starts with the look-behind would run it at every position of a long base64 run.
    pattern: re(`-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?<=((?:[A-Za-z0-9+/=]{16,100}${KEY_BREAK}{0,6}){1,400})-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)`) },
  // A private key's body pasted without its BEGIN and END lines (the lines copied from inside the
  // file, a key put in an environment variable or a JSON string). Known by how its DER starts:
  // PKCS#1 RSA (`MII…IBAAK`), PKCS#8 RSA (`…9w0BAQEFAASC`; a public key has `FAAOC`), PKCS#8 and SEC1
  // EC, PKCS#8 Ed25519/X25519 and OpenSSH's `openssh-key-v1`. The match starts with its first letter
  // and looks back one character for a token start; then what follows of key material (64+ base64
  // characters in all: an Ed25519 PKCS#8 key is 64).
  { id: 'private-key', needle: /IBAAK|9w0BAQEFAASC|AgEAMB|CAQEEI|AgEBBD|AgEBBEI|CAQAwBQYDK2V|b3BlbnNzaC1rZXktdjE/, title: 'private key (its body without BEGIN and END lines)', group: 0,
    validate: (v) => v.replace(/\\[nr]/g, '').replace(/[^A-Za-z0-9+/=]/g, '').length >= 64 && entropy(v) >= 4,
    pattern: re(`[Mb](?<=(?:^|[^A-Za-z0-9+/]|\\\\[nr])[Mb])(?:II[A-Za-z0-9+/]{3}IBA(?:AK[BC]|DANBgkqhkiG9w0BAQEFAASC)|IG[A-Za-z0-9+/]AgEAMB[AM]GByqGSM49AgEG|HcCAQEEI|HQCAQEEI|IGkAgEBBD|IHcAgEBBEI|C4CAQAwBQYDK2V[uw]BCIEI|3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/=]{0,100}(?:${KEY_BREAK}{1,6}[A-Za-z0-9+/=]{16,100}){0,400}`) },
  // What is left of a key whose first body line a per-line redaction took alone (the ledger's and
  // the primer's quick pass redacts a body's `MII…` line, not the lines after it), then flattened or
  // cut: its header, the marker and the key's lines after it (stop 51: a session file's Completed
  // held `-----BEGIN PRIVATE KEY----- [REDACTED:private-key] p4v9… 8JVY…`).
  { id: 'private-key', needle: /\[REDACTED:private-key\]/, title: 'private key (the lines after a redacted one)', group: 0, validate: (v) => /[A-Za-z0-9+/]{40}/.test(v),
    pattern: re(`(?:-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----${KEY_BREAK}{0,6})?\\[REDACTED:private-key\\](?:${KEY_BREAK}{1,6}[A-Za-z0-9+/=]{16,100}){1,400}(?:(?:${KEY_BREAK}{1,6}[A-Za-z0-9+/=]{1,15})?…)?(?:${KEY_BREAK}{0,6}-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?`) },
  // A PuTTY key file (`PuTTY-User-Key-File-2:`/`-3:` … `Private-Lines: N` and the lines after it):
  // the private lines are the secret, found whether or not the header came with them.
  { id: 'putty-private-key', needle: /Private-Lines:/, title: 'PuTTY private key', group: 0,
    // 40+ base64 characters, or fewer cut by a renderer (`…`): what is left of a key is secret.
    // A line already redacted (a key with no name, bare-random-key, line by line; a split secret's part) is one of its lines.
    validate: (v) => v.endsWith('…') || /\[REDACTED:[a-z0-9/-]{1,40}\]/.test(v) || v.slice(v.search(/\d/)).replace(/\\[nr]/g, '').replace(/[^A-Za-z0-9+/=]/g, '').length >= 40,
    pattern: re(`Private-Lines:[^\\S\\r\\n]{0,4}\\d{1,4}(?:${KEY_BREAK}{1,6}(?:[A-Za-z0-9+/=]{16,100}|(?:\\[REDACTED:[a-z0-9/-]{1,40}\\]){1,4})){0,400}(?:${KEY_BREAK}{1,6}[A-Za-z0-9+/=]{1,15})?…?`) },
  // A PostgreSQL password file's line, `host:port:database:user:password` (~/.pgpass, PGPASSFILE):
  // the match starts at `:port:` and looks back for a host that starts a token (a name with a letter,
  // an IPv4 address or `*`), a database and a user with a letter
  // (or `*`: `INFO:12:00:00:message` is a log line); the password (`\:` escapes a colon) ends the line or the token.
  { id: 'pgpass-password', needle: /:(?:\d{1,5}|\*):/, title: 'password in a .pgpass line', group: 1, validate: isRealPassword,
    pattern: re(`:(?:\\d{1,5}|\\*):(?<=(?<![^\\s"'\`=])(?:\\*|(?=[0-9.-]{0,252}[A-Za-z])[A-Za-z0-9.-]{1,253}|\\d{1,3}(?:\\.\\d{1,3}){3}):(?:\\d{1,5}|\\*):)(?:\\*|[^\\s:]{0,62}[A-Za-z_][^\\s:]{0,62}):(?:\\*|[^\\s:]{0,62}[A-Za-z_][^\\s:]{0,62}):((?:[^\\s:\\\\]|\\\\.){1,128})(?=$|[\\s"'\`])`) },
  // Known by its structure, not its payload: a header that decodes to JSON with `alg` (base64url of
  // `{"`, `{ ` or `{\n` starts `ey` or `ew`), then a signed shape (payload of any kind, even empty
  // when detached, and a signature) or an encrypted one (JWE: key, iv, ciphertext, tag).
  { id: 'jwt', needle: /(?<![A-Za-z0-9_-])e[wy][A-Za-z0-9_-]{10,2048}\./, title: 'JSON Web Token', group: 0, validate: isJwtHeader,
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
  // Model providers' keys (what an agent's user most often holds besides the agent's own), then other
  // services' tokens with a fixed prefix, as gitleaks' rules know them.
  { id: 'openrouter-api-key', needle: /sk-or-v1-/, title: 'OpenRouter API key', group: 0, validate: plausible, pattern: re(`${B}sk-or-v1-[a-f0-9]{64}${E}`) },
  { id: 'groq-api-key', needle: /gsk_/, title: 'Groq API key', group: 0, validate: plausible, pattern: re(`${B}gsk_[A-Za-z0-9]{52}${E}`) },
  { id: 'xai-api-key', needle: /xai-/, title: 'xAI API key', group: 0, validate: plausible, pattern: re(`${B}xai-[A-Za-z0-9]{80}${E}`) },
  { id: 'perplexity-api-key', needle: /pplx-/, title: 'Perplexity API key', group: 0, validate: plausible, pattern: re(`${B}pplx-[A-Za-z0-9]{48}${E}`) },
  { id: 'replicate-api-token', needle: /r8_/, title: 'Replicate API token', group: 0, validate: plausible, pattern: re(`${B}r8_[A-Za-z0-9]{37}${E}`) },
  { id: 'cerebras-api-key', needle: /csk-/, title: 'Cerebras API key', group: 0, validate: plausible, pattern: re(`${B}csk-[a-z0-9]{48}${E}`) },
  { id: 'fireworks-api-key', needle: /fw_/, title: 'Fireworks AI API key', group: 0, validate: plausible, pattern: re(`${B}fw_[A-Za-z0-9]{24}${E}`) },
  { id: 'together-api-key', needle: /tgp_v1_/, title: 'Together AI API key', group: 0, validate: plausible, pattern: re(`${B}tgp_v1_[A-Za-z0-9_-]{40,50}${E}`) },
  { id: 'langsmith-api-key', needle: /lsv2_/, title: 'LangSmith API key', group: 0, validate: plausible, pattern: re(`${B}lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}${E}`) },
  { id: 'pinecone-api-key', needle: /pcsk_/, title: 'Pinecone API key', group: 0, validate: plausible, pattern: re(`${B}pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{50,80}${E}`) },
  { id: 'tavily-api-key', needle: /tvly-/, title: 'Tavily API key', group: 0, validate: plausible, pattern: re(`${B}tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}${E}`) },
  { id: 'elevenlabs-api-key', needle: /sk_/, title: 'ElevenLabs API key', group: 0, validate: plausible, pattern: re(`${B}sk_[a-f0-9]{48}${E}`) },
  { id: 'google-oauth-token', needle: /ya29\./, title: 'Google OAuth access token', group: 0, validate: plausible, pattern: re(`${B}ya29\\.[A-Za-z0-9_-]{30,2048}${E}`) },
  { id: 'firebase-server-key', needle: /AAAA[A-Za-z0-9_-]{7}:/, title: 'Firebase Cloud Messaging server key', group: 0, validate: plausible,
    pattern: re(`${B}AAAA[A-Za-z0-9_-]{7}:[A-Za-z0-9_-]{140}${E}`) },
  { id: 'azure-ad-client-secret', needle: /\dQ~/, title: 'Azure AD client secret', group: 0, validate: plausible,
    pattern: re('(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])') },
  { id: 'databricks-token', needle: /dapi/, title: 'Databricks token', group: 0, validate: plausible, pattern: re(`${B}dapi[a-f0-9]{32}(?:-\\d)?${E}`) },
  { id: 'notion-token', needle: /secret_/, title: 'Notion integration token', group: 0, validate: plausible, pattern: re(`${B}secret_[A-Za-z0-9]{43}${E}`) },
  { id: 'notion-api-token', needle: /ntn_/, title: 'Notion API token', group: 0, validate: plausible, pattern: re(`${B}ntn_\\d{11}[A-Za-z0-9]{35}${E}`) },
  { id: 'mailgun-api-key', needle: /key-/, title: 'Mailgun API key', group: 0, validate: plausible, pattern: re(`${B}key-[a-f0-9]{32}${E}`) },
  { id: 'discord-bot-token', needle: /[MNO][A-Za-z0-9_-]{23,25}\./, title: 'Discord bot token', group: 0, validate: isDiscordToken,
    pattern: re(`${B}[MNO][A-Za-z0-9_-]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}${E}`) },
  { id: 'supabase-key', needle: /sbp_|sb_secret_/, title: 'Supabase key', group: 0, validate: plausible,
    pattern: re(`${B}(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{31,64})${E}`) },
  { id: 'vault-token', needle: /hv[sbr]\./, title: 'HashiCorp Vault token', group: 0, validate: plausible, pattern: re(`${B}hv[sbr]\\.[A-Za-z0-9_-]{24,200}${E}`) },
  // The match starts with the fixed part and looks back for the 14 characters before it (`back`): a
  // pattern that starts with a class or a look-behind is tried at every position (47 ms a megabyte, not 1).
  { id: 'terraform-cloud-token', needle: /\.atlasv1\./, title: 'Terraform Cloud token', group: 0, back: 14, validate: plausible,
    pattern: re(`\\.atlasv1\\.(?<=${B}[A-Za-z0-9]{14}\\.atlasv1\\.)[A-Za-z0-9_=-]{60,70}${E}`) },
  { id: 'age-secret-key', needle: /AGE-SECRET-KEY-1/, title: 'age secret key', group: 0, validate: plausible, pattern: re(`${B}AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}${E}`) },
  { id: 'atlassian-api-token', needle: /ATATT3/, title: 'Atlassian API token', group: 0, validate: plausible, pattern: re(`${B}ATATT3[A-Za-z0-9_=-]{150,300}${E}`) },
  { id: 'bitbucket-token', needle: /ATBB/, title: 'Bitbucket app password', group: 0, validate: plausible, pattern: re(`${B}ATBB[A-Za-z0-9_=.-]{32,40}${E}`) },
  { id: 'flyio-token', needle: /fo1_|fm[12][ar]?_/, title: 'Fly.io token', group: 0, validate: plausible,
    pattern: re(`${B}(?:fo1_[A-Za-z0-9_-]{43}|fm[12][ar]?_[A-Za-z0-9+/]{100,2000}={0,3})${E}`) },
  { id: 'netlify-token', needle: /nfp_/, title: 'Netlify token', group: 0, validate: plausible, pattern: re(`${B}nfp_[A-Za-z0-9]{36}${E}`) },
  { id: 'heroku-api-key', needle: /HRKU-/, title: 'Heroku API key', group: 0, validate: plausible, pattern: re(`${B}HRKU-AA[A-Za-z0-9_-]{58}${E}`) },
  { id: 'resend-api-key', needle: /re_/, title: 'Resend API key', group: 0, validate: plausible, pattern: re(`${B}re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}${E}`) },
  { id: 'postman-api-key', needle: /PMAK-/, title: 'Postman API key', group: 0, validate: plausible, pattern: re(`${B}PMAK-[a-f0-9]{24}-[a-f0-9]{34}${E}`) },
  { id: 'grafana-token', needle: /glsa_|glc_/, title: 'Grafana token', group: 0, validate: plausible,
    pattern: re(`${B}(?:glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2})${E}`) },
  { id: 'newrelic-api-key', needle: /NRAK-/, title: 'New Relic user API key', group: 0, validate: plausible, pattern: re(`${B}NRAK-[A-Z0-9]{27}${E}`) },
  { id: 'sentry-token', needle: /sntr[yu]s?_|sntrys_|sntryu_/, title: 'Sentry token', group: 0, validate: plausible,
    pattern: re(`${B}(?:sntrys_[A-Za-z0-9+/=_-]{60,400}|sntryu_[a-f0-9]{64})${E}`) },
  { id: 'square-token', needle: /sq0atp-|sq0csp-|EAAA/, title: 'Square token', group: 0, validate: plausible,
    pattern: re(`${B}(?:sq0atp-[A-Za-z0-9_-]{22}|sq0csp-[A-Za-z0-9_-]{43}|EAAA[A-Za-z0-9_-]{60})${E}`) },
  { id: 'pulumi-token', needle: /pul-/, title: 'Pulumi token', group: 0, validate: plausible, pattern: re(`${B}pul-[a-f0-9]{40}${E}`) },
  { id: 'doppler-token', needle: /dp\.(?:st|ct|sa|scim|audit|pt)\./, title: 'Doppler token', group: 0, validate: plausible,
    pattern: re(`${B}dp\\.(?:st|ct|sa|scim|audit|pt)\\.(?:[a-z0-9_-]{2,35}\\.)?[A-Za-z0-9]{40,44}${E}`) },
  { id: 'planetscale-token', needle: /pscale_/, title: 'PlanetScale token', group: 0, validate: plausible, pattern: re(`${B}pscale_(?:tkn|pw|oauth)_[A-Za-z0-9=._-]{32,64}${E}`) },
  { id: 'docker-hub-token', needle: /dckr_pat_/, title: 'Docker Hub token', group: 0, validate: plausible, pattern: re(`${B}dckr_pat_[A-Za-z0-9_-]{27}${E}`) },
  { id: 'hubspot-token', needle: /pat-(?:na|eu)1-/, title: 'HubSpot private app token', group: 0, validate: plausible,
    pattern: re(`${B}pat-(?:na|eu)1-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}${E}`) },
  // A password given on a command line the agent ran (or was shown): curl's `-u user:pass`, mysql's
  // `-pPASS`, sshpass, `docker login -p`, redis-cli's `-a`. Each starts with the command's name
  // (see terraform-cloud-token on why) and reads at most 200 characters of its arguments.
  { id: 'curl-user-password', needle: /curl|wget|http/, title: 'password on a command line', group: 1, validate: isRealPassword,
    pattern: re(`(?<![A-Za-z0-9_-])(?:curl|wget|https?|httpie)\\s[^\\n|;&]{0,200}?(?<=\\s)(?:-u|--user|--http-user)[\\s=]{1,4}["']?[^\\s:"'$]{1,64}:([^\\s"'@]{4,128})`) },
  { id: 'mysql-password', needle: /mysql|mariadb/, title: 'password on a command line', group: 1, validate: isRealPassword,
    pattern: re(`(?<![A-Za-z0-9_-])(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\\s[^\\n|;&]{0,200}?(?<=\\s)-p([^\\s"'-][^\\s"']{3,127})`) },
  { id: 'sshpass-password', needle: /sshpass/, title: 'password on a command line', group: 1, validate: isRealPassword,
    pattern: re(`(?<![A-Za-z0-9_-])sshpass\\s{1,4}-p\\s{0,4}["']?([^\\s"']{4,128})`) },
  { id: 'docker-login-password', needle: /login/, title: 'password on a command line', group: 1, validate: isRealPassword,
    pattern: re(`(?<![A-Za-z0-9_-])(?:docker|podman|helm registry|oras)\\s{1,4}login\\s[^\\n|;&]{0,200}?(?<=\\s)(?:-p|--password)[\\s=]{1,4}["']?([^\\s"']{4,128})`) },
  { id: 'redis-cli-password', needle: /redis-cli/, title: 'password on a command line', group: 1, validate: isRealPassword,
    pattern: re(`(?<![A-Za-z0-9_-])redis-cli\\s[^\\n|;&]{0,200}?(?<=\\s)(?:-a|--pass)\\s{1,4}["']?([^\\s"']{4,128})`) },
  { id: 'azure-connection-string', needle: /accountkey|sharedaccesskey/i, title: 'Azure connection string key', group: 1, validate: random,
    pattern: re('(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey)\\s{0,2}=\\s{0,2}([A-Za-z0-9+/]{20,100}={0,2})', 'i') },
  { id: 'azure-sas-signature', needle: /sig=/, title: 'Azure SAS signature', group: 1, validate: (v) => looksRandom(v, 3.5),
    pattern: re('[?&;]sig=([A-Za-z0-9%+/]{30,200}={0,2})') },
  // A scheme starts a token, or a diff's line (`+postgres://…`, `-mongodb+srv://…`).
  { id: 'database-url', needle: /:\/\//, title: 'database URL password', group: 1, validate: isRealPassword,
    pattern: re('(?<![A-Za-z0-9.-]|[A-Za-z0-9.][+-])(?:jdbc:)?(?:postgres(?:ql)?|mysql[x2]?|mariadb|mongodb(?:\\+srv)?|rediss?|amqps?|mssql|sqlserver|cockroachdb|clickhouse|couchdb|neo4j(?:\\+s)?)://[^\\s:@/?#]{0,128}:([^\\s@/]{1,256})@', 'i') },
  { id: 'url-credentials', needle: /:\/\//, title: 'password in URL', group: 1, validate: isRealPassword,
    pattern: re('(?<![A-Za-z0-9.-]|[A-Za-z0-9.][+-])[A-Za-z][A-Za-z0-9+.-]{1,30}://[^\\s:@/?#]{0,128}:([^\\s@/]{1,256})@') },
  // The user part of a URL's userinfo when it is itself the token: `https://<token>@github.com/…`,
  // `https://<token>:x-oauth-basic@…` (GitHub's documented forms), `https://api_key_…@host`. A user
  // that reads as a name (`jane`, `oauth2`, `x-access-token`, `deploy-bot`) is not one, nor a host.
  { id: 'url-user-token', needle: /:\/\//, title: 'token in URL', group: 1, validate: (v) => v.length >= 16 && looksRandom(v, 3),
    pattern: re('(?<![A-Za-z0-9.-]|[A-Za-z0-9.][+-])[A-Za-z][A-Za-z0-9+.-]{1,30}://([^\\s:@/?#]{16,256})(?::[^\\s@/]{0,256})?@') },
  { id: 'bearer-token', needle: /bearer/i, title: 'Bearer token', group: 1, validate: random,
    pattern: re('(?<![A-Za-z0-9_])bearer\\s{1,4}([A-Za-z0-9._~+/-]{16,2048}={0,2})', 'i') },
  { id: 'basic-auth-header', needle: /basic/i, title: 'Basic authorization', group: 1, validate: isBasicCredential,
    pattern: re('(?<![A-Za-z0-9_])basic\\s{1,4}([A-Za-z0-9+/]{8,1024}={0,2})(?![A-Za-z0-9+/=])', 'i') },
  // A credential given as its own argument (`--password X`, `--api-key X`, `-token X`) or in an
  // Authorization header whatever its scheme (`Token`, `ApiKey`, `SSWS`: Bearer and Basic have their
  // own rules above), and a Cookie header's session values.
  { id: 'credential-argument', needle: /--?(?:[a-z]+-)?(?:password|passwd|pass|token|secret|api-?key|key)\s/i, title: 'credential on a command line', group: 1, validate: (v) => looksRandom(v, 3) && /[A-Za-z]/.test(v) && /[^A-Za-z]/.test(v),
    pattern: re(`(?<![A-Za-z0-9_-])--?(?:[a-z]{1,20}-)?(?:password|passwd|pass|token|secret|api-?key|key)\\s{1,4}["']?([^\\s"'\`<>;|&]{8,256})`, 'i') },
  { id: 'authorization-header', needle: /authorization/i, title: 'Authorization header', group: 1, validate: (v) => looksRandom(v, 3),
    pattern: re(`(?<![A-Za-z0-9_-])(?:proxy-)?authorization["']?\\s{0,4}[:=]\\s{0,4}["']?(?!(?:basic|bearer)\\s)(?:[A-Za-z][A-Za-z0-9-]{1,19}\\s{1,4})?([A-Za-z0-9._~+/=:-]{16,2048})`, 'i') },
  { id: 'cookie-header', needle: /cookie/i, title: 'session cookie', group: 1, validate: (v) => looksRandom(v, 3.5),
    pattern: re(`(?<![A-Za-z0-9_-])(?:set-)?cookie["']?\\s{0,4}:\\s{0,4}[A-Za-z0-9_.-]{1,64}=([A-Za-z0-9._~+/%=:-]{16,4096})`, 'i') },
  { id: 'generic-secret', needle: /(?:key(?:_base)?|token|secret|password|passwd|pwd|pass|credential|auth)s?["'\]]{0,2}\s{0,4}[=:]/i, title: 'secret assigned to a credential name', group: 1, generic: true,
    // Hex (and UUIDs) cannot exceed 4 bits per character, so random hex gets a lower bar than 3.5.
    validate: (v) => v.length >= 12 && looksRandom(v, /^[0-9a-f-]+$/i.test(v) ? 3 : 3.5) && /[A-Za-z]/.test(v),
    // The name must END with the keyword (`DB_PASSWORD=` yes, `passwordResetTokenExpiry =` no), or be
    // Rails' `SECRET_KEY_BASE`. The
    // value's quote may come escaped, as a .env line shown inside a JSON string gives it (`KEY=\"…\"`).
    pattern: re(`(?<!public[_-]?)(?:key(?:_base)?|token|secret|password|passwd|pwd|pass|credential|auth)s?["']?\\]?\\s{0,4}(?:=>|:=|=|:)\\s{0,4}(?:\\\\?["'\`])?([^\\s"'\`<>,;(){}\\[\\]]{12,256})`, 'i') },
  // Told in words, in any language: `the staging password is Tr0ub4dor&3xQ`, `Passwort: …`,
  // `mot de passe : …`, `密码是…`, `パスワードは…`, `пароль — …`, `api token is …`; what a user asks the
  // agent to remember and what a team writes in its own language. The value must look made up (a
  // letter and a digit or sign, not words, not a path): `the password is stored in Vault` is no secret.
  // The name may end a longer one (`DB_PASSWORD=`, `db-password:` in a .env or YAML file).
  { id: 'secret-in-words', needle: SECRET_WORD, title: 'secret told in words', group: 1, generic: true, valueAfter: { length: 8, stops: TOLD_STOPS }, validate: toldSecret,
    pattern: re(`(?<![A-Za-z0-9\\u00C0-\\u024F\\u0400-\\u04FF])(?:${SECRET_WORD.source})s?${TOLD}[^\\S\\r\\n]{0,4}["'\`«“„「『]?([^\\s${classOf(TOLD_STOPS)}]{8,256})`, 'i') },
  // A short password told as such (see shortPassword): the value is whole, 4 to 8 characters with
  // the sentence's end, and the name a password's own (PASSWORD_WORD, its needle too). The
  // name first, then a look back over it for a token start: a pattern that starts with its look-behind
  // is tried at every position (18 ms a megabyte of prose, not 6).
  { id: 'secret-in-words', needle: PASSWORD_WORD, title: 'short password told in words', group: 1, generic: true, valueAfter: { length: 4, stops: TOLD_STOPS }, validate: shortPassword,
    pattern: re(`(?:${PASSWORD_WORD.source})(?<=(?:^|[^A-Za-z0-9\\u00C0-\\u024F\\u0400-\\u04FF])(?:${PASSWORD_WORD.source}))s?${TOLD_SHORT}[^\\S\\r\\n]{0,4}["'\`«“„「『]?([^\\s${classOf(TOLD_STOPS)}]{4,8})(?![^\\s${classOf(TOLD_STOPS)}])`, 'i') },
  // A hex key told in prose (hexKeyInWords): `use 3f9a…e1 as the staging key`, `the deploy token is
  // 3f9a…`, `set the token to 3f9a…`, `3f9a… is our API key`, `API key 3f9a…`. Hex alone is an id
  // (bare-random-key never takes it); a word that names a key, a token, a secret or a password right
  // beside it, or tied to it by `is`, `to`, `as`, `for`, makes it one. A commit id in git-memory's own
  // text (`- 3f9a7c2 Rotate the API key`, `Fixed in 3f9a… (token refresh)`) has no such tie.
  { id: 'hex-key-in-words', needle: KEY_NAME_WORD, title: 'hex key told in words', group: 1, generic: true, run: 32, validate: isHexKey,
    pattern: re(`${KEY_NAME}(?:${KEY_OF}){0,2}(?:[^\\S\\r\\n]{1,4}(?:is|was|is now|now is|to|becomes|equals)|[^\\S\\r\\n]{0,4}[:=]|(?=[^\\S\\r\\n]))[^\\S\\r\\n]{1,4}["'\`(]?${HEX_VALUE}`, 'i') },
  { id: 'hex-key-in-words', needle: KEY_NAME_WORD, title: 'hex key told in words', group: 1, generic: true, run: 32, validate: isHexKey,
    pattern: re(`(?<![A-Za-z])(?:use|uses|used|using|with|set|sets|pass|passes|passing|put|paste|add|try|give|gave|take|took)[^\\S\\r\\n]{1,4}(?:the[^\\S\\r\\n]{1,4})?${HEX_VALUE}[^\\S\\r\\n]{1,4}(?:as|for|is)[^\\S\\r\\n]{1,4}${KEY_DETERMINED}`, 'i') },
  { id: 'hex-key-in-words', needle: KEY_NAME_WORD, title: 'hex key told in words', group: 1, generic: true, run: 32, validate: isHexKey,
    pattern: re(`${HEX_VALUE}[^\\S\\r\\n]{1,4}(?:is|was)[^\\S\\r\\n]{1,4}${KEY_DETERMINED}`, 'i') },
  { id: 'hex-key-in-words', needle: KEY_NAME_WORD, title: "hex key told in words (an API's)", group: 1, generic: true, run: 32, validate: isHexKey,
    pattern: re(`${API_NAME}(?:[^\\S\\r\\n]{1,4}(?:is|was|is now|now is|becomes|equals)[^\\S\\r\\n]{1,4}|[^\\S\\r\\n]{0,4}[:=][^\\S\\r\\n]{0,4})["'\`]?${HEX_VALUE}`, 'i') },
  { id: 'hex-key-in-words', needle: KEY_NAME_WORD, title: "hex key told in words (an API's)", group: 1, generic: true, run: 32, validate: isHexKey,
    pattern: re(`(?<![A-Za-z])(?:use|uses|used|using|with|set|pass|put|paste|try|give|take)[^\\S\\r\\n]{1,4}(?:the[^\\S\\r\\n]{1,4})?${HEX_VALUE}[^\\S\\r\\n]{1,4}(?:as|for)[^\\S\\r\\n]{1,4}${API_DETERMINED}`, 'i') },
  { id: 'hex-key-in-words', needle: KEY_NAME_WORD, title: "hex key told in words (an API's)", group: 1, generic: true, run: 32, validate: isHexKey,
    pattern: re(`${HEX_VALUE}[^\\S\\r\\n]{1,4}is[^\\S\\r\\n]{1,4}${API_DETERMINED}`, 'i') },
  // A key pasted alone, with no name or prefix (isBareKey): the last rule, so any rule that knows
  // the key's kind names it. The look-behind and look-ahead take the whole run of base64 characters
  // or nothing, so a long blob never yields a window of it.
  { id: 'bare-random-key', title: 'random key with no name', group: 0, generic: true, validate: isBareKey, run: 32,
    // Its strings are the digits (every key it takes holds one): a line with none skips it.
    needle: /(?=[A-Za-z0-9+/_-]{32})[A-Za-z0-9+/_-]{0,99}(?:0|1|2|3|4|5|6|7|8|9)/,
    // Not a line of a block of 64-character lines (a PEM body without its header), nor a PuTTY key's
    // line after its `Private-Lines:` or `Public-Lines:` (putty-private-key takes them whole): a public key's or a certificate's as often as a private key's, which private-key and
    // the rules of a key cut in two take with their header or footer.
    // Nor a run that touches a percent escape (`…%2Bk7Q…`): a piece of an encoded value, which is
    // redacted whole as read (plain-view.ts), where a piece redacted first would cut it.
    pattern: re('(?<![A-Za-z0-9+/_%-])(?<!base64,)(?<![A-Za-z0-9+/=]{64}\\r?\\n)(?<!-Lines: \\d{1,4}\\r?\\n)(?=[A-Za-z+/_-]{0,99}\\d)[A-Za-z0-9+/_-]{32,100}={0,2}(?![A-Za-z0-9+/=_%-])(?!(?<=(?:^|\\n)[A-Za-z0-9+/]{64})\\r?\\n[A-Za-z0-9+/])') },
];
