// The reply read so far is kept in the local state between hooks (BuildState.replyText, and
// replyBefore: the reply of the response before, when it called no tool), so that a secret streamed
// in two records is read whole. Stop 55's secrets-55 found a URL's token kept there whole, half in
// each: the state on disk now holds the two read as one text, redacted (redactKeptReply).
import { describe, expect, it } from 'vitest';
import { newState, redactKeptReply } from '../../src/transcripts/build.js';

const TOKEN = '0f5bef7cf0ca1bc567ecb1613f84daa9f78ec0fa';
const URL_LINE = `git remote set-url origin https://${TOKEN}:x-oauth-basic@github.com/acme/api.git`;

const kept = (before: string | undefined, text: string | undefined) => {
  const s = newState('claude');
  if (before !== undefined) s.replyBefore = before;
  if (text !== undefined) s.replyText = text;
  redactKeptReply(s);
  return s;
};

describe('the reply kept between hooks', () => {
  it('a token streamed in two records is kept by neither half', () => {
    const cut = URL_LINE.indexOf(TOKEN) + 20;
    const s = kept(URL_LINE.slice(0, cut), URL_LINE.slice(cut));
    const stored = `${s.replyBefore}\n${s.replyText}`;
    expect(stored).not.toContain(TOKEN.slice(0, 16));
    expect(stored).not.toContain(TOKEN.slice(-16));
    expect(s.replyBefore).toContain('[REDACTED:');
    // The current reply keeps what follows the redaction.
    expect(':x-oauth-basic@github.com/acme/api.git'.endsWith(s.replyText!)).toBe(true);
  });

  it('a token whole in the current reply is redacted there; the reply before stays as it was', () => {
    const s = kept('Done with the remote.', `Now: ${URL_LINE}`);
    expect(s.replyBefore).toBe('Done with the remote.');
    expect(s.replyText).not.toContain(TOKEN.slice(0, 16));
    expect(s.replyText).toContain('Now: git remote set-url origin https://[REDACTED:');
  });

  it('a reply with no secret, and the first part of one no rule knows alone, are kept as they are', () => {
    expect(kept('The tests pass.', 'I also fixed the lint warning.')).toMatchObject({ replyBefore: 'The tests pass.', replyText: 'I also fixed the lint warning.' });
    // The start of a URL's token: joined with the next record's rest it is read whole (shortenAfter).
    const part = `git clone https://${TOKEN.slice(0, 12)}`;
    expect(kept(undefined, part).replyText).toBe(part);
  });
});
