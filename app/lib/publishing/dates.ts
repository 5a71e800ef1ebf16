/** A calendar date (YYYY-MM-DD) as the site writes dates: "24 November 2026". Read as UTC, so no zone shifts the day. */
export function dateText(isoDate: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
