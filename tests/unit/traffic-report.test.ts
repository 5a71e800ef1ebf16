import { describe, expect, it } from "vitest";
import { daysBetween, trafficReport } from "../../server/analytics/report.ts";
import type { ConversionRow, TrafficRow } from "../../server/db/traffic-store.ts";
import { axisTop, dailyChart } from "../../server/console/chart.ts";
import { html } from "../../server/console/html.ts";

const none = { referrer: "", source: "", medium: "", campaign: "" };
const row = (day: string, path: string, views: number, visitors: number, source: Partial<TrafficRow> = {}): TrafficRow => ({
  day,
  path,
  ...none,
  device: "desktop",
  browser: "Firefox",
  views,
  visitors,
  ...source,
});
const conversion = (day: string, landing: string, kind: ConversionRow["kind"], count: number, source: Partial<ConversionRow> = {}): ConversionRow => ({
  day,
  landing,
  ...none,
  kind,
  count,
  ...source,
});

describe("the console's traffic report (OPS-4)", () => {
  const linkedin = { source: "linkedin", medium: "social", campaign: "dpdp" };
  const views = [
    row("2026-11-24", "/", 10, 4, { referrer: "search.example" }),
    row("2026-11-24", "/features", 6, 1),
    row("2026-11-26", "/", 5, 2, linkedin),
    row("2026-11-26", "/features", 8, 0, { device: "mobile", browser: "Safari" }),
  ];
  const conversions = [conversion("2026-11-24", "/", "demo", 2, { referrer: "search.example" }), conversion("2026-11-26", "/", "lead", 1, linkedin), conversion("2026-11-26", "", "sign-up", 1)];
  const report = trafficReport("2026-11-24", "2026-11-26", views, conversions);

  it("has every day of the range, days without visits included, and the range's totals", () => {
    expect(report.days).toEqual([
      { day: "2026-11-24", views: 16, visitors: 5 },
      { day: "2026-11-25", views: 0, visitors: 0 },
      { day: "2026-11-26", views: 13, visitors: 2 },
    ]);
    expect(report.totals).toEqual({ views: 29, visitors: 7, demo: 2, lead: 1, "sign-up": 1 });
    expect(daysBetween("2026-02-27", "2026-03-01")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });

  it("ranks pages by views, referrers and campaigns by visitors, and follows each landing page to its conversions", () => {
    expect(report.pages).toEqual([
      { path: "/", views: 15, entries: 6 },
      { path: "/features", views: 14, entries: 1 },
    ]);
    expect(report.referrers).toEqual([{ referrer: "search.example", visitors: 4 }]);
    expect(report.campaigns).toEqual([{ source: "linkedin", medium: "social", campaign: "dpdp", visitors: 2, demo: 0, lead: 1, "sign-up": 0 }]);
    expect(report.funnel).toEqual([
      { landing: "/", visitors: 6, demo: 2, lead: 1, "sign-up": 0 },
      { landing: "/features", visitors: 1, demo: 0, lead: 0, "sign-up": 0 },
      { landing: "", visitors: 0, demo: 0, lead: 0, "sign-up": 1 },
    ]);
    expect(report.devices).toEqual([
      { name: "desktop", visitors: 7 },
      { name: "mobile", visitors: 0 },
    ]);
  });

  it("draws the chart on a round axis, as an image named by its heading, with every value escaped", () => {
    expect([axisTop(0), axisTop(3), axisTop(7), axisTop(16), axisTop(120), axisTop(1000)]).toEqual([4, 4, 10, 20, 200, 1000]);
    const svg = dailyChart(report.days, "daily-heading").value;
    expect(svg).toMatch(/^<svg class="chart" viewBox="0 0 720 240" role="img" aria-labelledby="daily-heading"/);
    expect(svg.match(/<rect /g)).toHaveLength(3);
    expect(html`<td>${'<script>alert("x")</script> & \'q\''}</td>`.value).toBe("<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</td>");
  });
});
