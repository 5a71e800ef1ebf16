import { createHmac } from "node:crypto";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { browserFamily, campaignOf, deviceClass, notCounted, referrerHost } from "./visit.ts";
import { trafficKeepFrom, VISITOR_SLOT_BITS, type ConversionKind, type TrafficView, type TrafficConversion } from "../db/traffic-store.ts";
import type { TrafficStore } from "../db/lead-store.ts";
import { utcDay } from "../lib/utc-day.ts";

export interface TrafficCounterOptions {
  store: TrafficStore;
  /** The key each day's visitor salt is derived from (the link key, kept outside the database): every instance with it derives the same salt. */
  key: Buffer;
  /** Our own hosts (SITE_URL's and the request's): a referrer from them is no referrer. */
  siteHosts: readonly string[];
  log: FastifyBaseLogger;
  now?: () => Date;
  /** How often buffered counts are written; one transaction each time. */
  flushEveryMs?: number;
  /** Counts held while storage is down; beyond this the newest are dropped, and the drop is logged. */
  maxPending?: number;
  /** New referrer and campaign values a day before further new ones count as "(other)": a flood of made-up tags cannot grow the table without end. */
  maxSourcesPerDay?: number;
}

export const DEFAULT_FLUSH_EVERY_MS = 2_000;
const OTHER = "(other)";

/** What `view` reads of a request: a plain object in a test, Fastify's request in the server. */
export type CountedRequest = Pick<FastifyRequest, "method" | "headers" | "ip" | "hostname">;

/** A count waiting for its flush: `visitor` is the visitor's slot, null for one whose slot is not computed. */
interface Pending {
  day: string;
  visitor: number | null;
  view?: Omit<TrafficView, "slot">;
  conversion?: ConversionKind;
}

/**
 * Counts page views and conversions on the server (requirements ANA-1 to
 * ANA-4): no cookie, no script. A request is reduced at once to what the
 * aggregates keep; a visitor's address and browser family live only as the
 * input of a keyed hash under the day's salt. The salt is derived from a key
 * kept outside the database, so every instance with the key has the same one
 * and the database never holds it: a copy of the database links no slot to an
 * address. The slots are deleted when the day ends. Counts are buffered and
 * written every `flushEveryMs`, so counting costs a page view no database
 * round trip.
 */
export class TrafficCounter {
  private readonly options: TrafficCounterOptions;
  private readonly now: () => Date;
  private readonly ownHosts: Set<string>;
  private pending: Pending[] = [];
  /** The day whose salt is at hand, and that salt; only ever today's (or, around midnight, yesterday's). */
  private salt: { day: string; value: Buffer } = { day: "", value: Buffer.alloc(0) };
  private readonly sourcesToday = new Set<string>();
  private sourcesDay = "";
  private closedThrough = "";
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private dropped = 0;

  constructor(options: TrafficCounterOptions) {
    this.options = options;
    this.now = options.now ?? (() => new Date());
    this.ownHosts = new Set(options.siteHosts.map((host) => host.toLowerCase()));
  }

  /** Writes buffered counts every `flushEveryMs` until `stop`. */
  start(): void {
    void this.flush();
    this.timer = setInterval(() => void this.flush(), this.options.flushEveryMs ?? DEFAULT_FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Writes what is buffered and stops the timer. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** A page view of `path` (a page of the site), unless the request is one that is not counted. */
  view(request: CountedRequest, path: string, search: string): void {
    if (notCounted(request.method, request.headers)) return;
    const day = utcDay(this.now());
    const userAgent = request.headers["user-agent"] ?? "";
    const browser = browserFamily(userAgent);
    const source = this.capped(day, { referrer: referrerHost(request.headers, this.ownHostsOf(request)), ...campaignOf(search) });
    this.push({ day, visitor: this.visitor(day, request.ip, browser), view: { path, ...source, device: deviceClass(userAgent), browser } });
  }

  /**
   * A demo click, lead or confirmed sign-up, counted against the visitor's
   * landing page. A visitor who sent Sec-GPC converts without a landing page:
   * no slot of theirs is computed. Bots, prefetches and HEAD do not convert.
   */
  conversion(request: FastifyRequest, kind: ConversionKind): void {
    if (request.method === "HEAD") return;
    const reason = notCounted("GET", request.headers);
    if (reason && reason !== "gpc") return;
    const day = utcDay(this.now());
    const visitor = reason ? null : this.visitor(day, request.ip, browserFamily(request.headers["user-agent"] ?? ""));
    this.push({ day, visitor, conversion: kind });
  }

  /** Writes the buffered counts; one flush at a time, and a flush asked for during one follows it. */
  flush(): Promise<void> {
    const previous = this.flushing ?? Promise.resolve();
    const next = previous.then(() => this.write());
    this.flushing = next.finally(() => {
      if (this.flushing === next) this.flushing = undefined;
    });
    return next;
  }

  /** Our hosts for this request: SITE_URL's, and the one the request was sent to. */
  private ownHostsOf(request: CountedRequest): Pick<ReadonlySet<string>, "has"> {
    const host = request.hostname.toLowerCase();
    return { has: (candidate) => candidate === host || this.ownHosts.has(candidate) };
  }

  private capped(day: string, source: { referrer: string; source: string; medium: string; campaign: string }) {
    if (!source.referrer && !source.source && !source.medium && !source.campaign) return source;
    if (day !== this.sourcesDay) {
      this.sourcesDay = day;
      this.sourcesToday.clear();
    }
    const key = JSON.stringify(source);
    if (this.sourcesToday.has(key)) return source;
    if (this.sourcesToday.size >= (this.options.maxSourcesPerDay ?? 5_000)) return { referrer: source.referrer ? OTHER : "", source: source.source ? OTHER : "", medium: source.medium ? OTHER : "", campaign: source.campaign ? OTHER : "" };
    this.sourcesToday.add(key);
    return source;
  }

  /** The visitor's slot under the day's salt. */
  private visitor(day: string, address: string, browser: string): number {
    if (this.salt.day !== day) this.salt = { day, value: daySalt(this.options.key, day) };
    return slotOf(this.salt.value, `${address}\n${browser}`);
  }

  private push(entry: Pending): void {
    if (this.pending.length >= (this.options.maxPending ?? 100_000)) {
      this.dropped += 1;
      return;
    }
    this.pending.push(entry);
  }

  private async write(): Promise<void> {
    const today = utcDay(this.now());
    const entries = this.pending;
    this.pending = [];
    const written = new Set<string>();
    try {
      const days = new Map<string, Pending[]>();
      for (const entry of entries) {
        const list = days.get(entry.day);
        if (list) list.push(entry);
        else days.set(entry.day, [entry]);
      }
      for (const [day, dayEntries] of days) {
        const views: TrafficView[] = [];
        const conversions: TrafficConversion[] = [];
        for (const entry of dayEntries) {
          if (entry.view) views.push({ ...entry.view, slot: entry.visitor });
          if (entry.conversion) conversions.push({ kind: entry.conversion, slot: entry.visitor });
        }
        await this.options.store.recordTraffic({ day, views, conversions });
        written.add(day);
      }
      if (this.closedThrough !== today) {
        await this.options.store.endTrafficDays(today, trafficKeepFrom(today));
        this.closedThrough = today;
      }
    } catch (error) {
      // Kept for the next flush, so a short outage loses no count; the cap bounds what is held.
      const room = Math.max(0, (this.options.maxPending ?? 100_000) - this.pending.length);
      const unwritten = entries.filter((entry) => !written.has(entry.day));
      this.dropped += Math.max(0, unwritten.length - room);
      this.pending = [...unwritten.slice(0, room), ...this.pending];
      this.options.log.warn({ err: error, held: this.pending.length }, "traffic counts could not be written; they are retried");
    }
    if (this.dropped > 0) {
      this.options.log.warn({ dropped: this.dropped }, "traffic counts dropped: too many waiting for storage");
      this.dropped = 0;
    }
  }
}

/**
 * A UTC day's visitor salt: HMAC-SHA256 of the day under the key, never
 * stored. Whoever holds the key can derive any day's salt, but a closed day's
 * slots are deleted, so for a closed day there is nothing left to link it to
 * (except in a copy of the database made during that day: hence the key is
 * kept out of the database's directory and its backups).
 */
export function daySalt(key: Buffer, day: string): Buffer {
  return createHmac("sha256", key).update(`veilvault-visitor-salt.${day}`).digest();
}

/** The visitor's slot: the first 24 bits of HMAC-SHA256 under the day's salt. */
export function slotOf(salt: Buffer, key: string): number {
  return createHmac("sha256", salt).update(key).digest().readUIntBE(0, 3) >>> (24 - VISITOR_SLOT_BITS);
}
