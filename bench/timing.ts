/** Timing for the benches: the milliseconds of repeated runs, and a percentile of them. */

/** Milliseconds of each of `runs` runs of `work`, after one warm-up run, sorted. */
export async function timeRuns(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** The `q` quantile (0.5: the median, 0.95: p95) of sorted times. */
export const percentile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
