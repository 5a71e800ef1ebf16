import { describe, expect, it } from "vitest";
import { strings, unlistedPercentages } from "../support/copy.ts";
import { landingSections, useCaseHub } from "../../app/content/pages.server.ts";
import { landingPages } from "../../app/content/landing-pages.server.ts";
import type { Diagram } from "../../app/content/types.ts";

const { tabs: useCaseTabs, closing: useCasesClosing } = useCaseHub;
import { aiVendorMarks } from "../../app/lib/brand-marks.server.ts";
import { MARKETING_FIGURES, USE_CASE_TAB_CARD_COUNTS } from "../support/expected-figures.ts";
import { iconNode } from "../../app/lib/icons.server.ts";
import { pages } from "../../app/site/pages.ts";



describe("Use Cases page content (UC-1 to UC-7)", () => {
  it("has the four tabs in order, General first", () => {
    expect(useCaseTabs.map((tab) => [tab.id, tab.label])).toEqual([
      ["general", "General"],
      ["porter", "Porter"],
      ["healthcare", "Healthcare"],
      ["rso", "RSO"],
    ]);
  });

  it("has 6, 6, 6 and 11 cards (FIG-9)", () => {
    expect(Object.fromEntries(useCaseTabs.map((tab) => [tab.id, tab.cards.length]))).toEqual(USE_CASE_TAB_CARD_COUNTS);
  });

  it("gives every card a distinct title and all four parts", () => {
    const cards = useCaseTabs.flatMap((tab) => tab.cards);
    expect(new Set(cards.map((card) => card.title)).size).toBe(29);
    for (const card of cards) {
      for (const part of [card.challenge, card.example, card.solution, card.outcome]) expect(part.length, card.title).toBeGreaterThan(20);
    }
  });

  it("never presents a tab as a customer", () => {
    const text = strings(useCaseTabs).join(" ");
    expect(text).not.toMatch(/Porter (uses|chose|trusts|relies)/i);
    expect(text).not.toMatch(/\bour (customer|client)s?\b/i);
  });

  it("closes with the free 30-minute demo call", () => {
    expect(useCasesClosing.text).toMatch(/30-minute/);
  });
});

describe("landing pages (UC-8 to UC-12)", () => {
  const records = Object.entries(landingPages);

  it("has one record per landing route", () => {
    const routes = pages.map((page) => page.path).filter((path) => path.startsWith("/use-cases/"));
    expect(records.map(([slug]) => `/use-cases/${slug}`).sort()).toEqual(routes.sort());
  });

  it.each(records)("%s has three statistics from FIG-1, three features and a checklist", (_slug, page) => {
    expect(page.stats).toHaveLength(3);
    for (const stat of page.stats) expect(MARKETING_FIGURES).toContainEqual(stat);
    expect(new Set(page.stats.map((stat) => stat.description)).size).toBe(3);
    expect(page.features).toHaveLength(3);
    for (const feature of page.features) expect(iconNode(feature.icon).length).toBeGreaterThan(0);
    expect(page.ctaChecklist.length).toBeGreaterThanOrEqual(3);
    expect(`${page.titleGradient}${page.titleRegular}`.length).toBeLessThanOrEqual(70);
  });

  it("uses no percentage that FIG-1 does not state", () => {
    expect(unlistedPercentages({ landingPages, landingSections, useCaseTabs })).toEqual([]);
  });

  it.each(records.map(([slug, page]): [string, Diagram] => [slug, page.diagram]))("%s diagram fits the layout", (_slug, diagram) => {
    expect(diagram.description.length).toBeGreaterThan(20);
    expect(diagram.columns.length).toBeGreaterThanOrEqual(1);
    expect(diagram.columns.length).toBeLessThanOrEqual(3);
    const ids = diagram.columns.flat().map((node) => node.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const node of diagram.columns.flat()) {
      expect(node.label.length, node.label).toBeLessThanOrEqual(16);
      expect((node.detail ?? "").length, node.detail).toBeLessThanOrEqual(18);
    }
    for (const link of diagram.links) expect(ids).toEqual(expect.arrayContaining([link.from, link.to]));
    expect(diagram.links.some((link) => link.pulse)).toBe(true);
  });

  it("shows vendor marks by name, each a drawable path", () => {
    expect(aiVendorMarks.length).toBeGreaterThanOrEqual(6);
    for (const mark of aiVendorMarks) {
      expect(mark.title.length).toBeGreaterThan(0);
      expect(mark.path).toMatch(/^M/);
    }
  });
});
