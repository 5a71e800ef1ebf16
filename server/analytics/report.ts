import type { ConversionKind, ConversionRow, TrafficRow } from "../db/traffic-store.ts";

/** What the console's traffic page shows for a date range (requirement OPS-4), folded from the daily aggregates. */
export interface TrafficReport {
  from: string;
  to: string;
  /** Every day of the range, days without a visit included. */
  days: { day: string; views: number; visitors: number }[];
  totals: { views: number; visitors: number } & Record<ConversionKind, number>;
  /** Views of each page, and how many visits began on it. */
  pages: { path: string; views: number; entries: number }[];
  /** Visits by the site that referred them. */
  referrers: { referrer: string; visitors: number }[];
  /** Visits by campaign tags, and what they led to. */
  campaigns: ({ source: string; medium: string; campaign: string; visitors: number } & Record<ConversionKind, number>)[];
  /** From landing page to demo click, lead and sign-up; "" is a landing page not known (a visitor not counted, or one from before the day's first view). */
  funnel: ({ landing: string; visitors: number } & Record<ConversionKind, number>)[];
  devices: { name: string; visitors: number }[];
  browsers: { name: string; visitors: number }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days from `from` to `to`, both included, as "YYYY-MM-DD". */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

function tally<Row>(rows: Iterable<Row>, key: (row: Row) => string, add: (total: Record<string, number>, row: Row) => void): Map<string, Record<string, number>> {
  const totals = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const name = key(row);
    let total = totals.get(name);
    if (!total) {
      total = {};
      totals.set(name, total);
    }
    add(total, row);
  }
  return totals;
}

function plus(total: Record<string, number>, name: string, count: number): void {
  total[name] = (total[name] ?? 0) + count;
}

const NO_CONVERSIONS: Record<ConversionKind, number> = { demo: 0, lead: 0, "sign-up": 0 };

/** The report of a range: sorted by the figure each table leads with, longest first, at most `limit` rows a table. */
export function trafficReport(from: string, to: string, views: readonly TrafficRow[], conversions: readonly ConversionRow[], limit = 20): TrafficReport {
  const byDay = tally(views, (row) => row.day, (total, row) => {
    plus(total, "views", row.views);
    plus(total, "visitors", row.visitors);
  });
  const days = daysBetween(from, to).map((day) => ({ day, views: byDay.get(day)?.views ?? 0, visitors: byDay.get(day)?.visitors ?? 0 }));
  const kinds = tally(conversions, (row) => row.kind, (total, row) => plus(total, "count", row.count));
  const totals = {
    views: days.reduce((sum, day) => sum + day.views, 0),
    visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    demo: kinds.get("demo")?.count ?? 0,
    lead: kinds.get("lead")?.count ?? 0,
    "sign-up": kinds.get("sign-up")?.count ?? 0,
  };
  const top = <T extends object>(rows: T[], by: (row: T) => number) => rows.sort((a, b) => by(b) - by(a)).slice(0, limit);

  const pages = tally(views, (row) => row.path, (total, row) => {
    plus(total, "views", row.views);
    plus(total, "entries", row.visitors);
  });
  const referrers = tally(views.filter((row) => row.referrer && row.visitors > 0), (row) => row.referrer, (total, row) => plus(total, "visitors", row.visitors));
  const campaignKey = (row: { source: string; medium: string; campaign: string }) => JSON.stringify([row.source, row.medium, row.campaign]);
  const tagged = (row: { source: string; medium: string; campaign: string }) => Boolean(row.source || row.medium || row.campaign);
  const campaignVisitors = tally(views.filter(tagged), campaignKey, (total, row) => plus(total, "visitors", row.visitors));
  const campaignConversions = tally(conversions.filter(tagged), campaignKey, (total, row) => plus(total, row.kind, row.count));
  const landings = tally(views, (row) => row.path, (total, row) => plus(total, "visitors", row.visitors));
  const landingConversions = tally(conversions, (row) => row.landing, (total, row) => plus(total, row.kind, row.count));
  const funnelKeys = new Set([...[...landings].filter(([, total]) => (total.visitors ?? 0) > 0).map(([key]) => key), ...landingConversions.keys()]);
  const devices = tally(views, (row) => row.device, (total, row) => plus(total, "visitors", row.visitors));
  const browsers = tally(views, (row) => row.browser, (total, row) => plus(total, "visitors", row.visitors));
  const named = (map: Map<string, Record<string, number>>) => top([...map].map(([name, total]) => ({ name, visitors: total.visitors ?? 0 })), (row) => row.visitors);

  return {
    from,
    to,
    days,
    totals,
    pages: top([...pages].map(([path, total]) => ({ path, views: total.views ?? 0, entries: total.entries ?? 0 })), (row) => row.views),
    referrers: top([...referrers].map(([referrer, total]) => ({ referrer, visitors: total.visitors ?? 0 })), (row) => row.visitors),
    campaigns: top(
      [...new Set([...campaignVisitors.keys(), ...campaignConversions.keys()])].map((key) => {
        const [source = "", medium = "", campaign = ""] = JSON.parse(key) as string[];
        const converted = campaignConversions.get(key) ?? {};
        return { source, medium, campaign, visitors: campaignVisitors.get(key)?.visitors ?? 0, ...NO_CONVERSIONS, ...converted };
      }),
      (row) => row.visitors + row.demo + row.lead + row["sign-up"],
    ),
    funnel: top(
      [...funnelKeys].map((landing) => ({ landing, visitors: landings.get(landing)?.visitors ?? 0, ...NO_CONVERSIONS, ...landingConversions.get(landing) })),
      (row) => row.visitors,
    ),
    devices: named(devices),
    browsers: named(browsers),
  };
}
