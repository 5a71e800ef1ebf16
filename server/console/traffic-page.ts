import type { TrafficReport } from "../analytics/report.ts";
import { dailyChart } from "./chart.ts";
import { html, type Html } from "./html.ts";
import { CONSOLE_PATHS, page, table, type Signed } from "./layout.ts";

const NOT_KNOWN = "(not known)";
const DIRECT = "(none)";
const IN_RANGE = "None in this range.";

function figures(report: TrafficReport): Html {
  const items: [string, number][] = [
    ["Visitors", report.totals.visitors],
    ["Page views", report.totals.views],
    ["Demo clicks", report.totals.demo],
    ["Leads", report.totals.lead],
    ["Newsletter sign-ups", report.totals["sign-up"]],
  ];
  return html`<dl class="figures">${items.map(([name, value]) => html`<div><dt>${name}</dt><dd>${value.toLocaleString("en-US")}</dd></div>`)}</dl>`;
}

/** The traffic page (requirement OPS-4): a chart and its table, then the top tables and the funnel, for a date range. */
export function trafficPage(signed: Signed, report: TrafficReport, problem?: string): string {
  const rate = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : "–");
  return page({
    title: "Traffic",
    signed,
    current: CONSOLE_PATHS.traffic,
    body: html`<h1>Traffic</h1>
<p class="muted">Counted on our server without cookies: daily totals only, never per person. Browsers that send Global Privacy Control, bots and prefetches are not counted.</p>
${problem ? html`<p class="notice error" role="alert">${problem}</p>` : ""}
<form class="filters" method="get" action="${CONSOLE_PATHS.traffic}">
<div class="field"><label for="from">From</label><input id="from" name="from" type="date" value="${report.from}" required></div>
<div class="field"><label for="to">To</label><input id="to" name="to" type="date" value="${report.to}" required></div>
<button type="submit">Show</button>
</form>
${figures(report)}
<h2 id="daily-heading">Visitors and page views per day</h2>
<div class="card">
<div class="chart-scroll" role="region" aria-label="Chart of visitors and page views per day" tabindex="0">${dailyChart(report.days, "daily-heading")}</div>
<ul class="legend" aria-hidden="true"><li><span class="swatch views"></span>Page views</li><li><span class="swatch visitors"></span>Visitors</li></ul>
</div>
<details><summary>The figures of the chart, day by day</summary>
${table("Visitors and page views per day", ["Day", "Visitors", "Page views"], report.days.map((day) => [day.day, day.visitors, day.views]), [1, 2])}
</details>
<h2>From landing page to demo, lead and sign-up</h2>
${table(
  "Visits by the page they began on, and what they led to",
  ["Landing page", "Visitors", "Demo clicks", "Leads", "Sign-ups", "Demo rate"],
  report.funnel.map((row) => [row.landing || NOT_KNOWN, row.visitors, row.demo, row.lead, row["sign-up"], rate(row.demo, row.visitors)]),
  [1, 2, 3, 4, 5],
  IN_RANGE,
)}
<div class="grid">
<div>
<h2>Top pages</h2>
${table("Pages by views", ["Page", "Views", "Entries"], report.pages.map((row) => [row.path, row.views, row.entries]), [1, 2], IN_RANGE)}
</div>
<div>
<h2>Top referrers</h2>
${table("Visitors by the site that linked to us", ["Referrer", "Visitors"], report.referrers.map((row) => [row.referrer, row.visitors]), [1], IN_RANGE)}
</div>
</div>
<h2>Campaigns</h2>
${table(
  "Visitors and conversions by campaign tags",
  ["Source", "Medium", "Campaign", "Visitors", "Demo clicks", "Leads", "Sign-ups"],
  report.campaigns.map((row) => [row.source || DIRECT, row.medium || DIRECT, row.campaign || DIRECT, row.visitors, row.demo, row.lead, row["sign-up"]]),
  [3, 4, 5, 6],
  IN_RANGE,
)}
<div class="grid">
<div>
<h2>Devices</h2>
${table("Visitors by device type", ["Device", "Visitors"], report.devices.map((row) => [row.name, row.visitors]), [1], IN_RANGE)}
</div>
<div>
<h2>Browsers</h2>
${table("Visitors by browser family", ["Browser", "Visitors"], report.browsers.map((row) => [row.name, row.visitors]), [1], IN_RANGE)}
</div>
</div>`,
  });
}
