/**
 * UC-13: the use-case landing pages are the files of content/use-cases. The
 * route table reads them (app/site/landing-files.server.ts in Node), puts them
 * in order, lists in the menu only those that ask, and the router refuses a
 * file whose name is no address or whose address another page has.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { landingNavigationSchema, type LandingFile } from "../../app/content/schemas/landing-navigation.ts";
import { landingFiles, readLandingFiles } from "../../app/site/landing-files.server.ts";
import { solutionLinks } from "../../app/site/navigation.ts";
import { landingPagesOf } from "../../app/site/landing-pages.ts";
import { familyPages, menuPages, pages, pathClaims, refuseSharedPaths } from "../../app/site/pages.ts";
import { contentFiles } from "../../scripts/build/lib/content-files-plugin.ts";

const folders: string[] = [];

/** A folder of landing files, each given as its name and its YAML. */
function folderOf(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "landing-files-"));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const navigation = (label: string, more = "") => `meta:\n  title: ignored here\nnavigation:\n  label: ${label}\n${more}`;
const file = (name: string, fields: Partial<LandingFile["navigation"]> = {}): LandingFile => ({ name, navigation: { label: name, showInMenu: false, ...fields } });

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("UC-13 landing pages are the files of content/use-cases", () => {
  it("reads every YAML file of the folder with its navigation, and finds none when the folder is gone", () => {
    const dir = folderOf({ "spring-campaign.yaml": navigation("Spring campaign"), "ai-privacy.yaml": navigation("AI privacy", "  blurb: Keep data out of models\n  showInMenu: true\n  order: 2\n"), "notes.txt": "not a page" });
    mkdirSync(join(dir, "drafts"));
    expect(readLandingFiles(dir)).toEqual([
      { name: "ai-privacy.yaml", navigation: { label: "AI privacy", blurb: "Keep data out of models", showInMenu: true, order: 2 } },
      { name: "spring-campaign.yaml", navigation: { label: "Spring campaign", showInMenu: false } },
    ]);
    expect(readLandingFiles(join(dir, "missing"))).toEqual([]);
  });

  it("has the six landing pages of the site, each in the menu, in NAV-2's order", () => {
    expect(landingFiles.map((landing) => landing.name).sort()).toEqual(["data-residency.yaml", "disaster-response.yaml", "generative-ai-workflow.yaml", "secure-analytics.yaml", "unstructured-data.yaml", "vendor-sharing.yaml"]);
    expect(menuPages("landing")).toEqual(familyPages("landing"));
    expect(solutionLinks.map((link) => link.to)).toEqual(familyPages("landing"));
    // Where the six stood in the table before they were files: right after the Use Cases hub.
    expect(pages.map((page) => page.path).slice(1, 8)).toEqual(["/use-case", ...familyPages("landing")]);
  });

  it.each(["Data-Residency.yaml", "data_residency.yaml", "data--residency.yaml", "-residency.yaml", "data residency.yaml", "données.yaml", ".yaml"])(
    "refuses the file name %j, which is not a lower-case URL slug, naming the file and the reason",
    (name) => {
      const dir = folderOf({ [name]: navigation("A page"), "fine-name.yaml": navigation("Another page") });
      expect(() => readLandingFiles(dir)).toThrow(`content/use-cases/${name}: (the file's name): is no address: the page is at /use-cases/<the name>, so name the file in lower-case letters and digits, in words joined by single dashes`);
    },
  );

  it("reports every refused file at once: a bad name, a missing navigation, a page in the menu without its blurb", () => {
    const dir = folderOf({ "Bad Name.yaml": navigation("A page"), "no-navigation.yaml": "meta:\n  title: x\n", "no-blurb.yaml": navigation("A page", "  showInMenu: true\n"), "order-zero.yaml": navigation("A page", "  order: 0\n") });
    let message = "";
    try {
      readLandingFiles(dir);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message.split("\n")).toEqual([
      expect.stringMatching(/^content\/use-cases\/Bad Name\.yaml: \(the file's name\): is no address/),
      expect.stringMatching(/^content\/use-cases\/no-blurb\.yaml: navigation\.blurb: is missing: a page shown in the menu needs the line under its name$/),
      expect.stringMatching(/^content\/use-cases\/no-navigation\.yaml: navigation: /),
      expect.stringMatching(/^content\/use-cases\/order-zero\.yaml: navigation\.order: /),
    ]);
  });

  it("keeps a page out of the menu unless its file says showInMenu: true", () => {
    expect(landingNavigationSchema.parse({ label: "Spring campaign" })).toEqual({ label: "Spring campaign", showInMenu: false });
    const entries = landingPagesOf([file("spring-campaign.yaml"), file("ai-privacy.yaml", { showInMenu: true, blurb: "Keep data out of models" })]);
    expect(entries.map((entry) => [entry.path, entry.inMenu ?? false])).toEqual([
      ["/use-cases/ai-privacy", true],
      ["/use-cases/spring-campaign", false],
    ]);
  });

  it("orders the pages by their order, then those without one by file name", () => {
    const entries = landingPagesOf([file("zeta.yaml"), file("later.yaml", { order: 7 }), file("alpha.yaml"), file("first.yaml", { order: 1 })]);
    expect(entries.map((entry) => entry.path)).toEqual(["/use-cases/first", "/use-cases/later", "/use-cases/alpha", "/use-cases/zeta"]);
  });

  it("refuses two files that give one address, naming the later file", () => {
    const twice = landingPagesOf([file("data-residency.yaml"), file("data-residency.yaml")]);
    expect(() => refuseSharedPaths(pathClaims(twice))).toThrow(
      "content/use-cases/data-residency.yaml: (the file's name): is at /use-cases/data-residency, where content/use-cases/data-residency.yaml: (the file's name) is already: one address holds one page, so rename the file",
    );
  });

  it("refuses a file at the address of a page the table has already, naming the file and that page", () => {
    const [landing] = pathClaims(landingPagesOf([file("checklist.yaml")])).slice(-1);
    expect(() => refuseSharedPaths([{ path: "/use-cases/checklist", by: "a page of the route table (app/site/pages.ts)" }, landing!])).toThrow(
      "content/use-cases/checklist.yaml: (the file's name): is at /use-cases/checklist, where a page of the route table (app/site/pages.ts) is already",
    );
  });

  it("lets the site's own table through: no two of its pages, redirects and files share an address", () => {
    expect(() => refuseSharedPaths(pathClaims())).not.toThrow();
  });

  it("hands the browser the route table's finished entries: the content plugin's virtual:landing-pages, watched file by file", async () => {
    // The hooks as Vite calls them: plain functions here, given the little of Rollup's context they use.
    const plugin = contentFiles();
    const resolveId = plugin.resolveId as unknown as (id: string) => string | null;
    const load = plugin.load as unknown as (this: { addWatchFile: (file: string) => void }, id: string) => { code: string };
    const id = resolveId("virtual:landing-pages");
    expect(id).toBe("\0virtual:landing-pages");
    const watched: string[] = [];
    const { code } = load.call({ addWatchFile: (watchedFile) => watched.push(watchedFile) }, String(id));
    const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { landingPages: unknown };
    expect(module.landingPages).toEqual(pages.filter((page) => page.family === "landing"));
    expect(watched.map((path) => path.split("/").at(-1)).sort()).toEqual(landingFiles.map((landing) => landing.name).sort());
    // The entries alone: no page's other words, and no code.
    expect(code).not.toMatch(/meta|sort|function/);
  });
});
