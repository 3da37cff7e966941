// Timing a test's own work by the processor time of its process, not the wall clock: a loaded
// machine (a shared CI runner, the other worker, a build) stretches the wall time of a linear
// pass by whatever else runs, not its processor time. For the bounds that tell linear work from
// quadratic on hostile input; what another process does (git, a worker) is not counted.

/** Milliseconds of processor time this process has used so far (user and system, every thread). */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
