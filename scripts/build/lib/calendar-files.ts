/**
 * An event as an iCalendar file (RFC 5545), for "Add to calendar" (PUB-3):
 * one VEVENT whose start and end are written in UTC, so every calendar
 * shows the same moment in its reader's own zone, with the event's page,
 * place or online link, and registration address.
 */
import type { EventItem } from "../../../app/content/collections.server.ts";
import { absoluteUrl, site } from "../../../app/site/config.ts";
import { eventCalendarPath, eventPath } from "../../../app/site/publishing.ts";

/** 2026-12-03T16:00:00+05:30 as 20261203T103000Z. */
function utcStamp(instant: string | Date): string {
  return new Date(instant).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT values escape backslashes, semicolons, commas and line breaks (RFC 5545 §3.3.11). */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after one space (RFC 5545 §3.1), never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function eventCalendar(event: EventItem, stamp: Date): string {
  const { where } = event.data;
  const page = absoluteUrl(eventPath(event.slug));
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${site.name}//Events//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.slug}@${new URL(site.url).hostname}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `DTSTART:${utcStamp(event.data.start)}`,
    `DTEND:${utcStamp(event.data.end)}`,
    `SUMMARY:${text(event.data.title)}`,
    `DESCRIPTION:${text(`${event.data.description}\n\nRegister: ${event.data.registration}\n${page}`)}`,
    `LOCATION:${text("online" in where ? where.online : where.place)}`,
    `URL:${page}`,
    "STATUS:CONFIRMED",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** Every event's calendar file: its path and its text. */
export function calendarFiles(events: readonly EventItem[], stamp: Date = new Date()): { path: string; text: string }[] {
  return events.map((event) => ({ path: eventCalendarPath(event.slug), text: eventCalendar(event, stamp) }));
}
