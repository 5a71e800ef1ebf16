/**
 * The Trust Center (TRUST-1 to TRUST-4), as content/trust.yaml holds it: the
 * product's security overview, written from claims the product pages make;
 * how this website handles data, as facts its code and configuration keep
 * true (a test compares each stated number with the server's default); the
 * documents on offer; the request form's words; the disclosure policy's link.
 * The gated documents themselves are content/trust/documents/<id>.md, and the
 * non-disclosure terms content/trust/nda.md.
 */
import { z } from "zod";
import { copy, iconName, internalLink, pageIntro, pageMetaText, sectionHeading } from "./copy.ts";

/** The server settings whose defaults the data-handling section states, and what each governs. */
export const RETENTION_SETTINGS = [
  "LEAD_RETENTION_DAYS",
  "LEAD_SPAM_RETENTION_DAYS",
  "TRUST_RETENTION_DAYS",
  "unconfirmed newsletter sign-ups",
  "delivered outbox jobs",
  "a day's visitor numbers",
  "daily visit totals",
] as const;

export type RetentionSetting = (typeof RETENTION_SETTINGS)[number];

/** Documents the build draws from the site's own pages: always public. */
export const GENERATED_DOCUMENTS = ["security-overview", "soc-2-readiness-guide"] as const;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens").describe("Lower-case words joined by hyphens, such as soc-2-report");

const topic = z.strictObject({
  id: z.enum(["vault", "encryption", "tokenization", "access", "audit", "deployment"]),
  icon: iconName,
  title: copy,
  summary: copy.max(200, "is longer than a card's 200 characters"),
  points: z.array(copy).min(2).max(6),
});

const document = z.discriminatedUnion("access", [
  z.strictObject({ access: z.literal("public"), id: z.enum(GENERATED_DOCUMENTS), title: copy, summary: copy, audience: copy }),
  /** Gated: content/trust/documents/<id>.md, sent stamped once a request is approved. */
  z.strictObject({ access: z.literal("on request"), id: slug, title: copy, summary: copy, audience: copy }),
]);

export const trustPageSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  overview: sectionHeading.extend({
    topics: z.array(topic).length(6),
    notClaimed: z.strictObject({ title: copy, text: copy }),
  }),
  dataHandling: sectionHeading.extend({
    forms: z.array(z.strictObject({ name: copy, where: internalLink, collects: z.array(copy).min(1), why: copy })).min(1),
    storage: z.strictObject({ title: copy, text: copy }),
    retentionTitle: copy,
    // A period in days or in months, never both.
    retention: z
      .array(
        z.union([
          z.strictObject({ what: copy, days: z.number().int().positive(), setting: z.enum(RETENTION_SETTINGS) }),
          z.strictObject({ what: copy, months: z.number().int().positive(), setting: z.enum(RETENTION_SETTINGS) }),
        ]),
      )
      .min(1),
    recipients: z.strictObject({ title: copy, items: z.array(copy).min(1) }),
    cookies: z.strictObject({ title: copy, text: copy }),
    erasure: z.strictObject({ title: copy, text: copy }),
  }),
  documents: sectionHeading.extend({ items: z.array(document).min(1), audienceLabel: copy, downloadLabel: copy, requestLabel: copy }),
  request: sectionHeading.extend({
    labels: z.strictObject({ name: copy, email: copy, company: copy, role: copy, reason: copy }),
    submit: copy,
    sending: copy,
    documentsLegend: copy,
    ndaLabel: copy,
    ndaSummary: copy,
    received: z.strictObject({ heading: copy, text: copy }),
    failed: copy,
    noScript: copy,
  }),
  disclosure: sectionHeading.extend({ text: copy, link: copy }),
});

export type TrustPage = z.infer<typeof trustPageSchema>;

/** A gated document written in Markdown: content/trust/documents/<id>.md. */
export const trustDocumentSchema = z.strictObject({
  title: copy,
  subtitle: copy,
  /** The edition, shown on its cover and in the download's name. */
  version: z.string().regex(/^\d{4}-\d{2}$/, "is not a version written YYYY-MM").describe("The year and month of this version, such as 2026-11"),
  summary: copy,
});

/** The click-through non-disclosure terms: content/trust/nda.md. A request stores the version and the hash of the text. */
export const ndaSchema = z.strictObject({
  title: copy,
  version: z.string().regex(/^\d{4}-\d{2}$/, "is not a version written YYYY-MM").describe("The year and month of this version, such as 2026-11"),
});
