// Credential kinds issue 26 did not plant (stop 51), generated the same at every run from a seed:
// test/safety/secret-forms.test.ts puts each in the forms a transcript gives it, and the bench's
// attack (bench/attack.mjs --only=secrets-more) plants them in every text of real transcripts.
import { createHash } from 'node:crypto';

const AL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const B64 = `${AL}+/`;
const URL64 = `${AL}-_`;
const DIG = '0123456789';

/** Deterministic random characters: `len` of them from `al`, the same for the same seed at every run. */
function material(seed) {
  let n = 0;
  return (len, al = AL) => Array.from({ length: len }, () => al[createHash('sha256').update(`${seed}:${n++}`).digest().readUInt32BE(0) % al.length]).join('');
}

/**
 * The kinds from `seed`: `kind`, the text `before` the secret as a config or a command writes it
 * (empty where the secret stands alone), the `secret` (what must not get through), the text
 * `after`, and `told`: the words a person puts before it in prose, where those differ from `before`.
 */
export function credentialKinds(seed) {
  const s = material(seed);
  const lines = (k) => Array.from({ length: k }, () => s(64, B64)).join('\n');
  const jwtPart = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const pkcs8 = `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC${s(13, B64)}\n${lines(12)}\n-----END PRIVATE KEY-----`;
  return [
    ['GitHub fine-grained PAT', 'GH_TOKEN=', `github_pat_11${s(20)}_${s(59)}`, ''],
    ['Slack bot token', '', `xoxb-${s(13, DIG)}-${s(13, DIG)}-${s(24)}`, '', 'SLACK_BOT='],
    ['Slack user token', '', `xoxp-${s(12, DIG)}-${s(12, DIG)}-${s(13, DIG)}-${s(32, HEX)}`, '', 'slack user '],
    ['Stripe secret key', '', `sk_live_51${s(97)}`, '', 'stripe '],
    ['Stripe restricted key', '', `rk_live_51${s(97)}`, '', 'stripe '],
    ['OpenAI project key', '', `sk-proj-${s(74, URL64)}T3BlbkFJ${s(74, URL64)}`, '', 'OPENAI_API_KEY='],
    ['Anthropic API key', '', `sk-ant-api03-${s(93, URL64)}AA`, '', 'ANTHROPIC_API_KEY='],
    ['Anthropic admin key', '', `sk-ant-admin01-${s(93, URL64)}AA`, '', 'admin '],
    ['Hugging Face token', '', `hf_${s(34, AL.slice(0, 52))}`, '', 'HF_TOKEN='],
    ['npm token', '', `npm_${s(36)}`, '', '//registry/:_authToken='],
    ['PyPI token', '', `pypi-AgEIcHlwaS5vcmcCJD${s(150, URL64)}`, '', 'password = '],
    ['GitLab PAT', '', `glpat-${s(20, URL64)}`, '', 'gitlab '],
    ['GCP service account key', '{"type": "service_account", "project_id": "acme-prod", "private_key": "', `${pkcs8.replace(/\n/g, '\\n')}\\n`, '", "client_email": "deploy@acme-prod.iam.gserviceaccount.com"}'],
    ['Azure storage connection string', 'DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=', `${s(86, B64)}==`, ';EndpointSuffix=core.windows.net'],
    ['JWT', 'token: ', `${jwtPart({ alg: 'HS256', typ: 'JWT' })}.${jwtPart({ sub: '1234567890', name: 'Jane', iat: 1716239022 })}.${s(43, URL64)}`, '', 'Authorization: Bearer '],
    ['OpenSSH private key', '', `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n${Array.from({ length: 6 }, () => s(70)).join('\n')}\n-----END OPENSSH PRIVATE KEY-----`, ''],
    ['PGP private key', '', `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGX${s(57, B64)}\n${lines(10)}\n=${s(4, B64)}\n-----END PGP PRIVATE KEY BLOCK-----`, ''],
    ['PKCS8 private key', '', pkcs8, ''],
    ['encrypted PKCS8 private key', '', `-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI${s(16, B64)}\n${lines(10)}\n-----END ENCRYPTED PRIVATE KEY-----`, ''],
    ['Postgres URL', 'DATABASE_URL=postgres://app:', s(20), '@db.internal:5432/app'],
    ['MongoDB URL', 'mongodb+srv://admin:', s(18), '@cluster0.ab1cd.mongodb.net/prod'],
    ['Redis URL', 'REDIS_URL=redis://:', s(24), '@cache:6379/0'],
    ['.env password', 'DB_PASSWORD=', s(16), ''],
    ['.env AWS secret', 'export AWS_SECRET_ACCESS_KEY=', s(40, B64), ''],
    ['.env quoted key', 'OPENAI_API_KEY="', s(32), '"'],
    ['Rails secret_key_base', 'SECRET_KEY_BASE=', s(128, HEX), ''],
    ['OAuth client secret', 'GITHUB_CLIENT_SECRET=', s(40, HEX), ''],
    ['Stripe webhook secret', 'STRIPE_WEBHOOK_SECRET=', `whsec_${s(32)}`, ''],
  ].map(([kind, before, secret, after, told = before]) => ({ kind, before, secret, after, told }));
}
