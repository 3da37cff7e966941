// glibc's malloc settings for every process the unit tests start (git above all), set as
// GLIBC_TUNABLES by vitest.config.ts before any worker starts, so the workers, the git and node
// processes they start, and those processes' children all inherit it.
//
// Why: glibc gives memory back to the system (brk) whenever the top of its heap has more than
// 128 KiB free, and takes it again at the next large allocation. `git fast-import` does that about
// four times an object (zlib's buffers): 65,600 brk calls for 16,400 blobs, and on a virtual machine
// where changing the page tables is slow (~40-90 us a call here) that was 1.8-9 s of processor time
// for one process that takes 0.1 s with a 4 MiB pad. Ordinary git commands make a few brk calls and
// are unchanged. Nothing a test asserts depends on it: it changes when memory is returned to the
// system, not what any program computes.

/** The pad kept above the heap's top, in bytes: grown by at least this much, trimmed down to it. */
export const TOP_PAD = 4 << 20;

/**
 * GLIBC_TUNABLES with malloc's top pad added, or undefined where the caller already chose one
 * (their setting stands). Other tunables the caller set are kept.
 */
export function mallocTunables(current: string | undefined): string | undefined {
  if (current && /(^|:)glibc\.malloc\.top_pad=/.test(current)) return undefined;
  const pad = `glibc.malloc.top_pad=${TOP_PAD}`;
  return current ? `${current}:${pad}` : pad;
}
