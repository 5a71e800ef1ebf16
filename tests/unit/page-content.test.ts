import { describe, expect, it } from "vitest";
import { strings, unlistedPercentages } from "../support/copy.ts";
import { architecturePage, featuresPage, homePage } from "../../app/content/pages.server.ts";

const { closingBand, faqs, hero, heroSample, howItWorks, nutshell, whyVeilvault } = homePage;
import type { Diagram } from "../../app/content/types.ts";
import { answerParagraphs } from "../../app/lib/accordion.ts";



const allCopy = strings({ hero, heroSample, nutshell, howItWorks, whyVeilvault, faqs, closingBand, featuresPage, architecturePage });

describe("home page content (HOME-1 to HOME-9)", () => {
  it("has the hero headline and the closing band, word for word", () => {
    expect(hero.heading).toBe("Redefining Data Security For The Agentic Era");
    expect(closingBand.heading).toBe("Ready To Transform Your Business For The Future?");
    expect(closingBand.text).toMatch(/30-minute/);
  });

  it("has six 'In a Nutshell' cards, each with an icon, a title and a description", () => {
    expect(nutshell.heading).toBe("In a Nutshell");
    expect(nutshell.cards).toHaveLength(6);
    for (const card of nutshell.cards) expect([card.icon, card.title, card.desc].every((field) => field.length > 0)).toBe(true);
  });

  it("walks How It Works through the six stages of the flow, in order", () => {
    expect(howItWorks.heading).toBe("How It Works");
    expect(howItWorks.stages.map((stage) => stage.id)).toEqual(["ingest", "classify", "tokenize", "vault", "policy", "audit"]);
    for (const stage of howItWorks.stages) {
      expect(stage.title.length, stage.title).toBeLessThanOrEqual(16);
      expect(stage.example.length, stage.example).toBeLessThanOrEqual(18);
    }
  });

  it("has the four 'Why Veilvault' blocks in order, alternating sides", () => {
    expect(whyVeilvault.heading).toBe("Why Veilvault");
    expect(whyVeilvault.blocks.map((block) => block.title)).toEqual([
      "Regulatory Compliance",
      "GenAI Privacy",
      "Safe Analytics",
      "Protect Unstructured Data",
    ]);
    expect(whyVeilvault.blocks.map((block) => Boolean(block.reverse))).toEqual([false, true, false, true]);
  });

  it("answers at least eight questions, some over several paragraphs", () => {
    expect(faqs.items.length).toBeGreaterThanOrEqual(8);
    expect(new Set(faqs.items.map((item) => item.question)).size).toBe(faqs.items.length);
    expect(faqs.items.filter((item) => answerParagraphs(item.answer).length > 1).length).toBeGreaterThanOrEqual(2);
  });

  it("shows a sample record of four fields", () => {
    expect(heroSample).toHaveLength(4);
  });
});

describe("Core Features content (FEAT-1 to FEAT-3)", () => {
  it("has the eight blocks in order, each with three bullets and an impact line, alternating sides", () => {
    expect(featuresPage.blocks.map((block) => block.title)).toEqual([
      "Vault",
      "Automated Tokenization",
      "Smart Data Classification",
      "Precision Access Controls",
      "Immutable Audit Logs",
      "Flexible Integrations",
      "Compliance by Design",
      "Rapid Zero-Disruption Deployment",
    ]);
    for (const block of featuresPage.blocks) {
      expect(block.bulletPoints, block.title).toHaveLength(3);
      expect(block.impact, block.title).toBeTruthy();
    }
    expect(featuresPage.blocks.map((block) => Boolean(block.reverse))).toEqual([false, true, false, true, false, true, false, true]);
  });

  it("uses FIG-1's figure for classification overhead", () => {
    const classification = featuresPage.blocks.find((block) => block.title === "Smart Data Classification");
    expect(classification?.impact).toMatch(/75% reduction in manual classification overhead/);
  });
});

describe("Architecture content (ARCH-1, ARCH-2)", () => {
  it("has the six blocks in order", () => {
    expect(architecturePage.blocks.map((block) => block.title)).toEqual([
      "Centralized Privacy Vault",
      "Real-Time Tokenization and Masking Engine",
      "Policy-Driven Access Control Layer",
      "Immutable Audit and Compliance Framework",
      "Flexible Integrations and Developer-First APIs",
      "Enterprise-Grade Scalability and Resilience",
    ]);
  });
});

describe("diagrams", () => {
  const diagrams: [string, Diagram][] = [...whyVeilvault.blocks, ...featuresPage.blocks, ...architecturePage.blocks].map((block) => [
    block.title,
    block.graphic,
  ]);

  it.each(diagrams)("%s: fits the layout and names a text alternative", (_title, diagram) => {
    expect(diagram.title.length).toBeGreaterThan(0);
    expect(diagram.description.length).toBeGreaterThan(20);
    expect(diagram.columns.length).toBeGreaterThanOrEqual(1);
    expect(diagram.columns.length).toBeLessThanOrEqual(3);
    const ids = diagram.columns.flat().map((node) => node.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const column of diagram.columns) {
      expect(column.length).toBeGreaterThanOrEqual(1);
      expect(column.length).toBeLessThanOrEqual(3);
    }
    for (const node of diagram.columns.flat()) {
      expect(node.label.length, node.label).toBeLessThanOrEqual(16);
      expect((node.detail ?? "").length, node.detail).toBeLessThanOrEqual(18);
    }
    for (const link of diagram.links) {
      expect(ids).toContain(link.from);
      expect(ids).toContain(link.to);
    }
    expect(diagram.links.some((link) => link.pulse)).toBe(true);
  });
});

describe("figures (FIG-1, FIG-2 and FIG-12)", () => {
  it("uses no percentage that FIG-1 does not state", () => {
    expect(allCopy.join(" ")).toMatch(/\d%/);
    expect(unlistedPercentages(allCopy)).toEqual([]);
  });

  it("states the GDPR breach window as 72 hours wherever it gives one", () => {
    const windows = allCopy.flatMap((text) => text.match(/\d+[- ]hours?/g) ?? []);
    expect(windows.filter((window) => !/^72[- ]hours?$/.test(window))).toEqual([]);
  });
});
