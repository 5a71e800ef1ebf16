import { describe, expect, it } from "vitest";
import { TOKEN_PAGES } from "../../common/cache-control.ts";
import { DEMO_PATH } from "../../common/demo.ts";
import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";
import { NO_SPECULATION, SPECULATION_RULES } from "../../app/lib/speculation-rules.ts";

/** PERF-4: what Chromium may prerender, and what never. */
describe("the Speculation Rules", () => {
  const rules = JSON.parse(SPECULATION_RULES) as { prerender: { source: string; where: { and: unknown[] }; eagerness: string }[] };

  it("prerender our own pages at moderate eagerness, chosen from the document's links", () => {
    expect(rules.prerender).toHaveLength(1);
    const [rule] = rules.prerender;
    expect(rule).toMatchObject({ source: "document", eagerness: "moderate" });
    expect(rule!.where.and[0]).toEqual({ href_matches: "/*" });
    expect(rule!.where.and[2]).toEqual({ not: { selector_matches: "[download], [target=_blank], [rel~=nofollow]" } });
    expect(Object.keys(rules)).toEqual(["prerender"]);
  });

  it("never the console, the demo redirect, a download, a file, the API, or a page an e-mail's link opens", () => {
    expect(NO_SPECULATION).toEqual(expect.arrayContaining(["/console", "/console/*", DEMO_PATH, "/downloads/*", "/id/*", "/*.*"]));
    for (const page of [...TOKEN_PAGES, ...Object.values(NEWSLETTER_PAGES)]) expect(NO_SPECULATION, page).toContain(page);
    expect(rules.prerender[0]!.where.and[1]).toEqual({ not: { href_matches: [...new Set(NO_SPECULATION)] } });
  });
});
