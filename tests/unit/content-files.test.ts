import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { CONTENT_DIR, readContentFile } from "../../app/content/content-files.server.ts";
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

describe("EDIT-2 content files are held to their schema", () => {
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
