import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import type { z } from "zod";
import { checkContentFolder, CONTENT_DIR, readContentFile, readMarkdownFile } from "../../app/content/content-files.server.ts";
import { blocksPageSchema } from "../../app/content/schemas/blocks-page.ts";
import { companyPageSchema } from "../../app/content/schemas/company-page.ts";
import { homePageSchema } from "../../app/content/schemas/home-page.ts";
import { legalDocumentSchema } from "../../app/content/schemas/legal-document.ts";
import { newsletterPageSchema } from "../../app/content/schemas/newsletter-page.ts";
import { notFoundPageSchema } from "../../app/content/schemas/not-found-page.ts";
import { useCaseHubSchema } from "../../app/content/schemas/use-case-hub.ts";
import { landingPageSchema, type LandingPage } from "../../app/content/schemas/landing-page.ts";
import { regulationPageSchema, type RegulationPage } from "../../app/content/schemas/regulation-page.ts";

const dir = mkdtempSync(join(tmpdir(), "content-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The GDPR page's file as an editor might leave it after `edit`, read as the build reads it. */
function readEdited(edit: (page: RegulationPage) => void): () => unknown {
  const page = parse(readFileSync(join(CONTENT_DIR, "regulations", "gdpr.yaml"), "utf8")) as RegulationPage;
  edit(page);
  writeFileSync(join(dir, "gdpr.yaml"), stringify(page));
  return () => readContentFile("gdpr.yaml", regulationPageSchema, dir);
}

/** A legal document written to the scratch content folder; its path inside it. */
function scratchDocument(name: string, text: string): string {
  mkdirSync(join(dir, "legal"), { recursive: true });
  writeFileSync(join(dir, "legal", `${name}.md`), text);
  return `legal/${name}.md`;
}

describe("EDIT-2 content files are held to their schema", () => {
  it("every file under content/ belongs to a kind of page and validates, as the build checks them", () => {
    const files = checkContentFolder();
    expect(files.length).toBeGreaterThanOrEqual(32);
    expect(files).toEqual(expect.arrayContaining(["home.yaml", "legal/privacy-policy.md", "regulations/gdpr.yaml", "use-cases/data-residency.yaml", "newsletter/confirm.yaml", "not-found.yaml"]));
  });

  it("refuse a file no kind of page holds, and report every broken file at once", () => {
    const folder = mkdtempSync(join(tmpdir(), "content-folder-"));
    writeFileSync(join(folder, "pricing.yaml"), "heading: Pricing\n");
    writeFileSync(join(folder, "home.yaml"), "meta: {}\n");
    expect(() => checkContentFolder(folder)).toThrow(/content\/home\.yaml: meta\.title: [^\n]*\n[\s\S]*content\/pricing\.yaml: \(the whole file\): is no kind of content file/);
    rmSync(folder, { recursive: true, force: true });
  });

  it.each([
    ["a link to a page the site lacks", "See [our pricing](/pricing).", /content\/legal\/x\.md \(line \d+\): the link "our pricing": links to \/pricing, which is no page of this site/],
    ["an image without alt text", "![](/diagram.png)", /content\/legal\/x\.md \(line \d+\): the image \/diagram\.png: has no alt text/],
  ])("refuse %s in a Markdown document", (_case, markdown, message) => {
    const text = readFileSync(join(CONTENT_DIR, "legal", "cookie-policy.md"), "utf8");
    expect(() => readMarkdownFile(scratchDocument("x", `${text}\n${markdown}\n`), legalDocumentSchema, dir)).toThrow(message);
  });

  it("refuse a legal document whose intro does not state its date, and one without frontmatter", () => {
    const text = readFileSync(join(CONTENT_DIR, "legal", "cookie-policy.md"), "utf8");
    expect(() => readMarkdownFile(scratchDocument("y", text.replace("text: January 1, 2024", "text: January 2, 2024")), legalDocumentSchema, dir)).toThrow(/content\/legal\/y\.md: intro\.intro: does not state the document's date, "January 2, 2024"/);
    expect(() => readMarkdownFile(scratchDocument("z", "## 1. Cookies\n"), legalDocumentSchema, dir)).toThrow(/content\/legal\/z\.md: \(the whole file\): does not open with frontmatter/);
  });

  it.each([
    ["a picture without alt text", "company.yaml", companyPageSchema, (text: string) => text.replace(/\n {6}alt: An illustration of a vault[^\n]*/, ""), /content\/company\.yaml: carousel\.slides\[0\]\.alt: is missing: every picture needs alt text/],
    ["a picture the build cannot draw", "company.yaml", companyPageSchema, (text: string) => text.replace("- id: vault", "- id: rocket"), /content\/company\.yaml: carousel\.slides\[0\]\.id: must name a picture the build draws/],
    ["a heading the requirements fix, reworded", "home.yaml", homePageSchema, (text: string) => text.replace("heading: Redefining Data Security For The Agentic Era", "heading: Data security, redefined"), /content\/home\.yaml: hero\.heading: must read exactly/],
    ["a link from the 404 page to a page the site lacks", "not-found.yaml", notFoundPageSchema, (text: string) => text.replace("  - /features", "  - /pricing"), /content\/not-found\.yaml: links\[1\]: links to \/pricing, which is no page of this site/],
    ["a placeholder the newsletter page cannot fill", "newsletter/link-expired.yaml", newsletterPageSchema, (text: string) => text.replace("{confirmationHours} hours after", "{hours} hours after"), /content\/newsletter\/link-expired\.yaml: paragraphs\[0\]: names \{hours\}, which the page cannot fill/],
    ["a meta description longer than a search result shows", "features.yaml", blocksPageSchema, (text: string) => text.replace(/(\n {2}description: )/, `$1${"Longer. ".repeat(20)}`), /content\/features\.yaml: meta\.description: is longer than the 160 characters/],
    ["a use-case tab out of UC-1's order", "use-case.yaml", useCaseHubSchema, (text: string) => text.replace("id: general", "id: generic"), /content\/use-case\.yaml: tabs\[0\]\.id: must be "general"/],
  ])("refuse %s", (_case, file, schema, edit, message) => {
    mkdirSync(join(dir, "newsletter"), { recursive: true });
    writeFileSync(join(dir, file), edit(readFileSync(join(CONTENT_DIR, file), "utf8")));
    expect(() => readContentFile(file, schema as z.ZodType, dir)).toThrow(message);
  });

  it.each(readdirSync(join(CONTENT_DIR, "regulations")))("content/regulations/%s validates", (file) => {
    expect(() => readContentFile(`regulations/${file}`, regulationPageSchema)).not.toThrow();
  });

  it.each([
    ["a missing field", (page: RegulationPage) => delete (page as Partial<RegulationPage>).hubSummary, /^content\/gdpr\.yaml: hubSummary: .*expected string/],
    ["an unknown key", (page: RegulationPage) => Object.assign(page.intro, { subtitle: "Extra" }), /^content\/gdpr\.yaml: intro: Unrecognized key: "subtitle"/],
    ["a wrong type", (page: RegulationPage) => Object.assign(page.requirements[1] ?? {}, { why: 42 }), /^content\/gdpr\.yaml: requirements\[1\]\.why: .*expected string/],
    ["an empty line of copy", (page: RegulationPage) => Object.assign(page.features[0] ?? {}, { title: "   " }), /^content\/gdpr\.yaml: features\[0\]\.title: is empty/],
    ["a figure FIG-1 does not approve", (page: RegulationPage) => (page.intro.intro = "Cuts breach exposure by 45%."), /^content\/gdpr\.yaml: intro\.intro: states 45%, a figure FIG-1 does not approve/],
    ["an icon lucide has not", (page: RegulationPage) => Object.assign(page.features[2] ?? {}, { icon: "rocket" }), /^content\/gdpr\.yaml: features\[2\]\.icon: /],
    ["a fifth requirement card", (page: RegulationPage) => page.requirements.push(...page.requirements.slice(0, 1)), /^content\/gdpr\.yaml: requirements: .*4/],
  ])("refuse %s, naming the file, the field and the reason", (_case, edit, message) => {
    expect(readEdited(edit)).toThrow(message);
  });

  it.each(readdirSync(join(CONTENT_DIR, "use-cases")))("content/use-cases/%s validates", (file) => {
    expect(() => readContentFile(`use-cases/${file}`, landingPageSchema)).not.toThrow();
  });

  it.each([
    ["a connector to a box the diagram lacks", (page: LandingPage) => Object.assign(page.diagram.links[0] ?? {}, { to: "warehouse" }), /^content\/use-cases\/x\.yaml: diagram\.links\[0\]\.to: names "warehouse", which is no box of this diagram/],
    ["a box label longer than its line", (page: LandingPage) => Object.assign(page.diagram.columns[0]?.[0] ?? {}, { label: "Customer support tickets" }), /^content\/use-cases\/x\.yaml: diagram\.columns\[0\]\[0\]\.label: is longer than the 16 characters/],
    ["a statistic FIG-1 does not approve", (page: LandingPage) => Object.assign(page.stats[0] ?? {}, { percentage: "80%" }), /^content\/use-cases\/x\.yaml: stats\[0\]\.percentage: is not a figure FIG-1 approves/],
  ])("refuse %s in a landing page", (_case, edit, message) => {
    const page = parse(readFileSync(join(CONTENT_DIR, "use-cases", "data-residency.yaml"), "utf8")) as LandingPage;
    edit(page);
    mkdirSync(join(dir, "use-cases"), { recursive: true });
    writeFileSync(join(dir, "use-cases", "x.yaml"), stringify(page));
    expect(() => readContentFile("use-cases/x.yaml", landingPageSchema, dir)).toThrow(message);
  });

  it("refuse a file that is not YAML, naming the line", () => {
    writeFileSync(join(dir, "broken.yaml"), "name: GDPR\nintro:\n  heading: [unclosed\n");
    expect(() => readContentFile("broken.yaml", regulationPageSchema, dir)).toThrow(/^content\/broken\.yaml \(line \d+\): /);
  });

  it("refuse a key written twice, which YAML would otherwise settle by keeping the last", () => {
    writeFileSync(join(dir, "twice.yaml"), "name: GDPR\nname: CCPA\n");
    expect(() => readContentFile("twice.yaml", regulationPageSchema, dir)).toThrow(/^content\/twice\.yaml \(line 2\): .*unique/i);
  });
});
