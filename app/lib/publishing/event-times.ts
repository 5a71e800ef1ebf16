/**
 * An event's times as a visitor reads them (PUB-3): in the zone the event is
 * held in, named, so "16:00 IST" means the same moment to everyone; and
 * whether it is still to come at the build's moment.
 */

export interface EventTimes {
  start: string;
  end: string;
  timeZone: string;
}

function parts(instant: string, timeZone: string) {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });
  const byType = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    date: `${byType.weekday ?? ""} ${byType.day ?? ""} ${byType.month ?? ""} ${byType.year ?? ""}`,
    time: `${byType.hour ?? ""}:${byType.minute ?? ""}`,
    zone: byType.timeZoneName ?? timeZone,
  };
}

/** "Thu 3 December 2026, 16:00–17:30 GMT+5:30 (Asia/Kolkata)"; an event over several days names both dates. */
export function eventWhen(event: EventTimes): string {
  const start = parts(event.start, event.timeZone);
  const end = parts(event.end, event.timeZone);
  const zone = `${end.zone} (${event.timeZone})`;
  return start.date === end.date
    ? `${start.date}, ${start.time}–${end.time} ${zone}`
    : `${start.date}, ${start.time} ${start.zone} – ${end.date}, ${end.time} ${zone}`;
}

/** The event's start as a calendar date in its own zone, YYYY-MM-DD. */
export function eventDay(event: EventTimes): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: event.timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(event.start));
}

/** Upcoming until it has ended. */
export function isUpcoming(event: Pick<EventTimes, "end">, now: Date): boolean {
  return Date.parse(event.end) > now.getTime();
}
