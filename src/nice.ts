/**
 * The nice value git-memory's background work runs at (the detached SessionEnd, the workers a hook
 * starts for a later one, the post-commit hook's refreshes): 19, the lowest priority, so that it
 * never slows the agent or the user's own work. GIT_MEMORY_NICE (0 to 19) sets another: on a machine
 * kept busy at normal priority (a shared CI runner, a build), a process at 19 gets almost no
 * processor (~1.5% of a core beside one busy process), and the work waits until the machine idles.
 * 0 leaves the work at the priority it was started with.
 */
export function backgroundNice(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.GIT_MEMORY_NICE?.trim();
  return v !== undefined && /^\d{1,2}$/.test(v) && Number(v) <= 19 ? Number(v) : 19;
}
