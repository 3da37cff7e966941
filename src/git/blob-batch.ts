import { git } from './git.js';

const BATCH = 64;

/**
 * Splits `git cat-file --batch` output by the byte sizes in its headers. Sizes count bytes and git()
 * hands back decoded text, so this only holds when decoding replaced nothing: with U+FFFD in the
 * output (invalid UTF-8, or a real U+FFFD) the caller reads those blobs one by one instead.
 */
function parseBatch(out: string, expected: readonly string[]): Map<string, string | null> | null {
  if (out.includes('\uFFFD')) return null;
  const buf = Buffer.from(out, 'utf8');
  const texts = new Map<string, string | null>();
  let pos = 0;
  for (const blob of expected) {
    const nl = buf.indexOf(10, pos);
    if (nl < 0) return null;
    const header = buf.toString('utf8', pos, nl);
    if (header === `${blob} missing`) {
      texts.set(blob, null);
      pos = nl + 1;
      continue;
    }
    const m = /^([0-9a-f]+) blob (\d+)$/.exec(header);
    if (!m || m[1] !== blob) return null;
    const end = nl + 1 + Number(m[2]);
    texts.set(blob, buf.toString('utf8', nl + 1, end));
    pos = end + 1; // the newline after the content
  }
  return texts;
}

/**
 * Reads blobs a batch at a time with one `git cat-file --batch` per batch and hands each text to
 * `visit` before the next batch is read, so memory stays bounded by one batch whatever the number
 * of blobs. A blob missing from the object store (shallow or partial clone) is passed as null.
 */
export async function forEachBlob(cwd: string, blobs: readonly string[], visit: (blob: string, text: string | null) => Promise<void>): Promise<void> {
  for (let i = 0; i < blobs.length; i += BATCH) {
    const batch = blobs.slice(i, i + BATCH);
    const out = await git(['cat-file', '--batch'], { cwd, input: `${batch.join('\n')}\n` });
    let texts = parseBatch(out, batch);
    if (!texts) {
      texts = new Map();
      for (const blob of batch) texts.set(blob, await git(['cat-file', 'blob', blob], { cwd, allowFail: true }));
    }
    for (const blob of batch) await visit(blob, texts.get(blob) ?? null);
  }
}
