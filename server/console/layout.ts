import { html, type Html } from "./html.ts";

/** The console's paths (requirement OPS-1): served by the Node server only, never prerendered. */
export const CONSOLE_PATHS = {
  home: "/console",
  signIn: "/console/sign-in",
  signInSent: "/console/sign-in/sent",
  signInLink: "/console/sign-in/link",
  signInLinkInvalid: "/console/sign-in/link-invalid",
  signOut: "/console/sign-out",
  traffic: "/console/traffic",
  leads: "/console/leads",
  leadsCsv: "/console/leads.csv",
  newsletter: "/console/newsletter",
  newsletterCsv: "/console/newsletter.csv",
  delivery: "/console/delivery",
  audit: "/console/audit",
  stylesheet: "/console/console.css",
} as const;

export const SECTIONS = [
  { path: CONSOLE_PATHS.traffic, label: "Traffic" },
  { path: CONSOLE_PATHS.leads, label: "Leads" },
  { path: CONSOLE_PATHS.newsletter, label: "Newsletter" },
  { path: CONSOLE_PATHS.delivery, label: "Delivery" },
  { path: CONSOLE_PATHS.audit, label: "Audit log" },
] as const;

export interface Signed {
  operator: string;
  /** The session's form token, sent back by every form that changes something. */
  csrf: string;
}

/** The hidden field every changing form carries. */
export function csrfField(signed: Signed): Html {
  return html`<input type="hidden" name="csrf" value="${signed.csrf}">`;
}

/** A whole console page: `signed` adds the sections and the sign-out button. */
export function page(options: { title: string; signed?: Signed; current?: string; body: Html }): string {
  const { title, signed, current, body } = options;
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · Veilvault console</title>
<link rel="stylesheet" href="${CONSOLE_PATHS.stylesheet}">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="bar"><div class="inner">
<a class="brand" href="${CONSOLE_PATHS.home}">Veilvault console</a>
${
  signed
    ? html`<nav class="sections" aria-label="Console sections"><ul>${SECTIONS.map(
        (section) => html`<li><a href="${section.path}"${current === section.path ? html` aria-current="page"` : ""}>${section.label}</a></li>`,
      )}</ul></nav>
<div class="who"><span>${signed.operator}</span><form class="inline" method="post" action="${CONSOLE_PATHS.signOut}">${csrfField(signed)}<button class="secondary" type="submit">Sign out</button></form></div>`
    : ""
}
</div></header>
<main id="main"><div class="inner">
${body}
</div></main>
</body>
</html>`.value}`;
}

/** A table with a caption and a header row; `numeric` names the columns aligned as figures. */
export function table(
  caption: string,
  head: readonly string[],
  rows: readonly (readonly (Html | string | number)[])[],
  numeric: readonly number[] = [],
  empty = "None.",
): Html {
  const cell = (index: number) => (numeric.includes(index) ? html` class="number"` : "");
  // A region with a name that takes focus: a wide table scrolls sideways on a phone, and the keyboard must reach it too.
  return html`<div class="table-wrap" role="region" aria-label="${caption}" tabindex="0"><table>
<caption>${caption}</caption>
<thead><tr>${head.map((name, index) => html`<th scope="col"${cell(index)}>${name}</th>`)}</tr></thead>
<tbody>${
    rows.length === 0
      ? html`<tr><td colspan="${head.length}" class="muted">${empty}</td></tr>`
      : rows.map(
          (row) =>
            html`<tr>${row.map((value, index) =>
              index === 0 ? html`<th scope="row"${cell(index)}>${typeof value === "number" ? value.toLocaleString("en-US") : value}</th>` : html`<td${cell(index)}>${typeof value === "number" ? value.toLocaleString("en-US") : value}</td>`,
            )}</tr>`,
        )
  }</tbody>
</table></div>`;
}
