/**
 * The SOC 2 readiness guide, drawn at build time with PDFKit from the record
 * the /compliance/soc-2 page renders (content/soc-2.yaml), so the download
 * can never say something the page does not.
 */
import type { ChecklistGroup, Soc2Page } from "../../../app/content/types.ts";
import { COLOR, drawCover, FONT, GuideWriter, newPdf, type PdfContext } from "./pdf-writer.ts";

export interface GuideContext extends PdfContext {
  demoUrl: string;
  demoMinutes: number;
}

function checklistCount(groups: readonly ChecklistGroup[]): number {
  return groups.reduce((sum, group) => sum + group.items.length, 0);
}

/** Writes the guide and resolves with the finished PDF bytes. */
export async function soc2GuidePdf(content: Soc2Page, context: GuideContext): Promise<Buffer> {
  const { doc, finished } = newPdf(
    {
      title: `${content.guide.title}: ${content.guide.subtitle}`,
      subject: content.intro.heading,
      keywords: "SOC 2, Trust Services Criteria, Type I, Type II, readiness checklist",
    },
    context,
  );
  const guide = new GuideWriter(doc, `${context.siteName} · ${content.guide.title}`);
  drawCover(
    doc,
    guide.root,
    {
      eyebrow: content.intro.eyebrow ?? "SOC 2",
      title: content.guide.title,
      subtitle: content.guide.subtitle,
      notes: ["General information to help you prepare; not legal or audit advice."],
    },
    context,
  );

  guide.h1("Foreword", { startPage: true });
  content.guide.foreword.forEach((text) => guide.paragraph(text));
  guide.note(`What ${context.siteName} is, and is not, in your audit`, content.guide.scopeNote);

  const { understanding } = content;
  guide.h1(understanding.heading, { eyebrow: understanding.eyebrow });
  if (understanding.intro) guide.paragraph(understanding.intro, { size: 12, color: COLOR.muted });
  understanding.paragraphs.forEach((text) => guide.paragraph(text));
  guide.figures(understanding.figures);

  guide.h1(content.criteriaHeading.heading, { eyebrow: content.criteriaHeading.eyebrow });
  if (content.criteriaHeading.intro) guide.paragraph(content.criteriaHeading.intro, { color: COLOR.muted });
  for (const criterion of content.criteria) {
    guide.h2(criterion.title, 110);
    guide.paragraph(criterion.description);
    guide.paragraph("Key controls", { size: 9.5, font: FONT.semibold, color: COLOR.muted });
    guide.list(criterion.controls);
  }

  guide.h1(content.reportTypesHeading.heading, { eyebrow: content.reportTypesHeading.eyebrow });
  if (content.reportTypesHeading.intro) guide.paragraph(content.reportTypesHeading.intro, { color: COLOR.muted });
  for (const report of content.reportTypes) {
    guide.h2(`SOC 2 ${report.type}`, 100);
    guide.paragraph(report.description);
    guide.labelled("Timeline", report.timeline);
    guide.labelled("Focus", report.focus);
    doc.moveDown(0.6);
  }

  guide.h1(`Readiness checklist: ${checklistCount(content.guide.readiness)} steps`, { eyebrow: "Prepare", startPage: true });
  for (const group of content.guide.readiness) {
    guide.h2(group.title, 70);
    guide.list(group.items, "checkbox");
  }

  guide.h1(content.platformHeading.heading, { eyebrow: content.platformHeading.eyebrow });
  if (content.platformHeading.intro) guide.paragraph(content.platformHeading.intro, { color: COLOR.muted });
  for (const capability of content.capabilities) {
    guide.h2(capability.title, 50);
    guide.paragraph(capability.description);
  }

  guide.h1(content.benefitsHeading.heading, { eyebrow: content.benefitsHeading.eyebrow });
  guide.h2("Business benefits");
  guide.list(content.businessBenefits);
  guide.h2("Security benefits");
  guide.list(content.securityBenefits);

  guide.h1(content.closing.heading);
  guide.paragraph(content.closing.text);
  guide.link(`Book a free ${context.demoMinutes}-minute demo`, context.demoUrl);
  guide.link("Read more", new URL("/compliance/soc-2", context.siteUrl).href);

  guide.root.end();
  doc.end();
  return finished;
}
