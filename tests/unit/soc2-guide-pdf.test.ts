import { describe, expect, it } from "vitest";
import { soc2Page } from "../../app/content/pages.server.ts";
import { soc2GuidePdf } from "../../scripts/build/lib/soc2-guide-pdf.ts";
import { readPdf } from "../support/pdf-text.ts";

const context = {
  siteName: "Veilvault",
  siteUrl: "https://veilvault.example",
  demoUrl: "https://cal.com/veilvault/demo",
  demoMinutes: 30,
  language: "en-IN",
  date: new Date("2026-11-01T00:00:00Z"),
};

describe("the SOC 2 guide (scripts/build/lib/soc2-guide-pdf.ts)", async () => {
  const bytes = await soc2GuidePdf(soc2Page, context);
  const pdf = await readPdf(new Uint8Array(bytes));
  const text = pdf.pages.join(" ");

  it("is a tagged PDF with its title and language", () => {
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.tagged).toBe(true);
    expect(pdf.language).toBe("en-IN");
    expect(pdf.title).toContain(soc2Page.guide.title);
  });

  it("opens with a branded cover: the name, the title and the edition", () => {
    expect(pdf.pages[0]).toContain("Veilvault");
    expect(pdf.pages[0]).toContain(soc2Page.guide.title);
    expect(pdf.pages[0]).toContain("November 2026");
  });

  it("holds every criterion with its controls, both report types and the whole readiness checklist", () => {
    for (const criterion of soc2Page.criteria) {
      expect(text).toContain(criterion.title);
      for (const control of criterion.controls) expect(text).toContain(control);
    }
    for (const report of soc2Page.reportTypes) {
      expect(text).toContain(`SOC 2 ${report.type}`);
      expect(text).toContain(report.timeline);
      expect(text).toContain(report.focus);
    }
    for (const group of soc2Page.guide.readiness) {
      expect(text).toContain(group.title);
      for (const item of group.items) expect(text).toContain(item);
    }
    expect(text).toContain(soc2Page.guide.scopeNote.slice(0, 60));
  });

  it("numbers its pages and keeps every page within the footer", () => {
    expect(pdf.pageCount).toBeGreaterThan(4);
    pdf.pages.slice(1).forEach((page, index) => expect(page).toMatch(new RegExp(`Veilvault · ${soc2Page.guide.title} ${index + 2}\\b`)));
  });
});
