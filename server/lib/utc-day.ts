/** The UTC day of a moment, as the day counts (traffic, cap hits, mail pacing) are keyed: "2026-11-26". */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}
