/**
 * A readable scale for a chart of counts: the smallest round step (1, 2, 5 × 10ⁿ, never below 1) that reaches the top
 * value in at most `maxTicks` steps, so a top of 17 reads 0–20 in fives, not 0–40.
 */
export function niceScale(top: number, maxTicks = 5): { max: number; step: number; ticks: number[] } {
  const value = Math.max(0, top);
  let step = 1;
  for (let magnitude = 1; ; magnitude *= 10) {
    const found = [1, 2, 5].map((m) => m * magnitude).find((s) => Math.ceil(value / s) <= maxTicks);
    if (found) {
      step = found;
      break;
    }
  }
  const max = Math.max(step, Math.ceil(value / step) * step);
  return { max, step, ticks: Array.from({ length: max / step + 1 }, (_, i) => max - i * step) };
}
