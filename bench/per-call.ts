/** What the in-process sections of the benchmark share: CPU time per call, and medians. */

/** CPU nanoseconds per call of `call` over `inputs` in turn, `calls` times. */
export function cpuNanosPerCall<Input>(call: (input: Input) => unknown, inputs: readonly Input[], calls: number): number {
  let sink = 0;
  const before = process.cpuUsage();
  for (let at = 0; at < calls; at++) if (call(inputs[at % inputs.length] as Input) !== undefined) sink++;
  const used = process.cpuUsage(before);
  if (sink < 0) throw new Error('unreachable');
  return ((used.user + used.system) * 1000) / calls;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
