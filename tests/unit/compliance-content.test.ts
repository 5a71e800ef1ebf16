import { describe, expect, it } from "vitest";
import { complianceHub as hubSections, regulationClosing, soc2Page } from "../../app/content/pages.server.ts";
import { compliancePages, regulationPages } from "../../app/content/regulations.server.ts";
import type { RegulationSlug } from "../../app/site/pages.ts";
import { GDPR_BREACH_NOTIFICATION_HOURS, SOC2 } from "../support/expected-figures.ts";
import { pages } from "../../app/site/pages.ts";
import { strings, unlistedPercentages } from "../support/copy.ts";

const regulations = Object.entries(regulationPages) as [RegulationSlug, (typeof regulationPages)[RegulationSlug]][];

describe("regulation pages (COMP-3 to COMP-8)", () => {
  it("has a record for each of the five regulation routes", () => {
    const routes = pages.map((page) => page.path).filter((path) => /^\/compliance\/(?!soc-2)/.test(path));
    expect(regulations.map(([slug]) => `/compliance/${slug}`).sort()).toEqual(routes.sort());
  });

  describe.each(regulations)("%s", (slug, page) => {
    it("names the regulation in its eyebrow, its heading and its citation", () => {
      expect(page.name.toLowerCase()).toBe(slug);
      expect(page.intro.eyebrow).toBe(page.name);
      expect(page.intro.heading).toContain(page.name);
      expect(page.citation.length).toBeGreaterThan(10);
      expect(page.intro.actions).toBe(true);
    });

    it("has four requirement cards, each saying what it asks, why, and how Veilvault answers it", () => {
      expect(page.requirements).toHaveLength(4);
      for (const card of page.requirements) {
        for (const field of [card.title, card.whatDoesItAsk, card.why, card.howWeSolve]) expect(field.trim().length).toBeGreaterThan(0);
      }
      expect(new Set(page.requirements.map((card) => card.title)).size).toBe(4);
    });

    it("has six feature cards with three bullet points each", () => {
      expect(page.features).toHaveLength(6);
      for (const card of page.features) {
        expect(card.description.trim().length, card.title).toBeGreaterThan(0);
        expect(card.bulletPoints, card.title).toHaveLength(3);
      }
      expect(new Set(page.features.map((card) => card.title)).size).toBe(6);
    });

    it("states no percentage outside FIG-1", () => {
      expect(unlistedPercentages(page)).toEqual([]);
    });
  });

  it("states the regulation facts right", () => {
    const text = (slug: RegulationSlug) => strings(regulationPages[slug]).join(" ");
    expect(text("gdpr")).toContain(`${GDPR_BREACH_NOTIFICATION_HOURS} hours`);
    expect(text("gdpr")).not.toMatch(/\b(?!72)\d+ hours\b/);
    expect(regulationPages.dpdp.citation).toContain("Digital Personal Data Protection Act, 2023");
    expect(text("dpdp")).toMatch(/India/);
    expect(text("dpia")).toMatch(/Art(icle|\.) 35/);
    expect(text("hipaa")).toMatch(/60 (calendar )?days/);
    expect(text("ccpa")).toMatch(/45 (calendar )?days/);
  });

  it("claims no certification that does not exist", () => {
    const all = strings(regulationPages).join(" ");
    expect(all).not.toMatch(/HIPAA[- ]certified|GDPR[- ]certified|guarantees? compliance|fully compliant/i);
  });
});

describe("the shared closing and the Compliance Hub", () => {
  it("lists the six compliance pages, each a route with a one-line summary", () => {
    const routes = pages.map((page) => page.path).filter((path) => path.startsWith("/compliance/"));
    expect(compliancePages.map((link) => link.to).sort()).toEqual(routes.sort());
    // The header menu's order, then SOC 2 (COMP-1).
    expect(compliancePages.map((link) => link.name)).toEqual(["GDPR", "DPDP", "HIPAA", "DPIA", "CCPA", "SOC 2"]);
    for (const link of compliancePages) {
      expect(link.summary.length, link.name).toBeGreaterThan(20);
      expect(link.summary, link.name).not.toContain("\n");
    }
  });

  it("offers the demo in the shared closing and in the hub", () => {
    expect(regulationClosing.text).toMatch(/30-minute demo/);
    expect(hubSections.closing.text).toMatch(/30-minute demo/);
    expect(hubSections.shared).toHaveLength(3);
  });
});

describe("SOC 2 page (SOC2-1 to SOC2-9)", () => {
  it("has the exact title, section heading and closing heading", () => {
    expect(soc2Page.intro.heading).toBe("SOC 2 Compliance Solutions");
    expect(soc2Page.understanding.heading).toBe("Understanding SOC 2");
    expect(soc2Page.closing.heading).toBe("Start Your SOC 2 Journey");
    expect(soc2Page.closing.text).toMatch(/30-minute demo/);
  });

  it("states its three figures (FIG-14)", () => {
    expect(soc2Page.understanding.figures).toEqual([
      { value: String(SOC2.criteria.length), label: "Trust Services Criteria" },
      { value: String(SOC2.reportTypes), label: "Report types" },
      { value: `${SOC2.auditCycleMonths} months`, label: "Typical audit cycle" },
    ]);
  });

  it("has the five criteria in order, each with a description and four key controls", () => {
    expect(soc2Page.criteria.map((criterion) => criterion.title)).toEqual(SOC2.criteria);
    for (const criterion of soc2Page.criteria) {
      expect(criterion.description.length, criterion.title).toBeGreaterThan(20);
      expect(criterion.controls, criterion.title).toHaveLength(4);
      expect(new Set(criterion.controls).size).toBe(4);
    }
  });

  it("has Type I and Type II with their timelines and focus", () => {
    expect(soc2Page.reportTypes).toHaveLength(SOC2.reportTypes);
    const [typeI, typeII] = soc2Page.reportTypes;
    expect(typeI).toMatchObject({ type: "Type I", timeline: SOC2.typeITimeline, focus: "Control design" });
    expect(typeII).toMatchObject({ type: "Type II", focus: "Design and operating effectiveness" });
    expect(typeII.timeline).toContain(SOC2.typeIITimeline);
  });

  it("has the eight platform capabilities in SOC2-5's order", () => {
    expect(soc2Page.capabilities.map((capability) => capability.title)).toEqual(SOC2.capabilities);
  });

  it("has business and security benefit lists", () => {
    expect(soc2Page.businessBenefits.length).toBeGreaterThanOrEqual(3);
    expect(soc2Page.securityBenefits.length).toBeGreaterThanOrEqual(3);
  });

  it("gives the guide a readiness checklist and says Veilvault is not the auditor", () => {
    expect(soc2Page.guide.readiness.length).toBeGreaterThanOrEqual(4);
    for (const group of soc2Page.guide.readiness) expect(group.items.length, group.title).toBeGreaterThanOrEqual(3);
    expect(soc2Page.guide.scopeNote).toMatch(/not an auditor/);
  });

  it("never claims Veilvault holds a SOC 2 report, and states no other percentage", () => {
    const all = strings(soc2Page).join(" ");
    expect(all).not.toMatch(/Veilvault (is|has been) SOC 2|SOC 2[- ](certified|compliant) (platform|vendor)|\bour SOC 2 report/i);
    expect(unlistedPercentages(soc2Page)).toEqual([]);
  });
});
