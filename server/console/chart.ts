import { html, type Html } from "./html.ts";

/**
 * Visitors and page views per day as an SVG drawn on the server: no chart
 * library reaches the browser, and the page runs no script. Views are bars,
 * visitors a line over them. The chart is an image with a name; the table
 * beside it (trafficTable) is how an assistive technology reads the figures.
 */

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

/** A round axis top at or above `max`: 1, 2 or 5 times a power of ten. */
export function axisTop(max: number): number {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((value) => value >= max) ?? 10 * power;
  return step;
}

export function dailyChart(days: readonly { day: string; views: number; visitors: number }[], labelledBy: string): Html {
  const top = axisTop(Math.max(0, ...days.map((day) => Math.max(day.views, day.visitors))));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const ticks = [0, top / 2, top];
  const labelled = days.length <= 1 ? [0] : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  const points = days.map((day, index) => `${x(index).toFixed(1)},${y(day.visitors).toFixed(1)}`).join(" ");
  const barWidth = Math.max(1, slot * 0.6);
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${labelledBy}" focusable="false">
  ${ticks.map((tick) => html`<line class="grid-line" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(tick).toFixed(1)}" y2="${y(tick).toFixed(1)}"/><text x="${PAD.left - 6}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${tick}</text>`)}
  ${days.map((day, index) => html`<rect class="bar" x="${(x(index) - barWidth / 2).toFixed(1)}" y="${y(day.views).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(PAD.top + plotHeight - y(day.views)).toFixed(1)}"/>`)}
  ${days.length > 1 ? html`<polyline class="line" points="${points}"/>` : ""}
  ${days.map((day, index) => html`<circle class="dot" cx="${x(index).toFixed(1)}" cy="${y(day.visitors).toFixed(1)}" r="${days.length > 60 ? 1.5 : 3}"/>`)}
  ${labelled.map((index) => {
    const day = days[index];
    return day ? html`<text x="${x(index).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="${index === 0 ? "start" : index === days.length - 1 ? "end" : "middle"}">${day.day}</text>` : "";
  })}
</svg>`;
}
