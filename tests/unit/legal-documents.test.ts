import { describe, expect, it } from "vitest";
import { legalDocument } from "../../app/content/pages.server.ts";
import { pageIntros } from "../support/content.ts";
import { renderLegalDocument } from "../../app/lib/legal-document.server.ts";
import { site } from "../../app/site/config.ts";
import { unlistedPercentages } from "../support/copy.ts";

const privacy = renderLegalDocument(legalDocument("privacy-policy").body);
const terms = renderLegalDocument(legalDocument("terms-of-service").body);
const cookies = renderLegalDocument(legalDocument("cookie-policy").body);

/** The document's text as a reader sees it: tags dropped, entities for quotes decoded. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("Privacy Policy (LEGAL-1)", () => {
  it("has ten numbered sections, in order", () => {
    expect(privacy.sections.map((section) => Number.parseInt(section.title, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("is effective 20th March 2025, in the intro, the date line and the text", () => {
    expect(legalDocument("privacy-policy").data.date).toEqual({ label: "Effective", text: "20th March 2025", iso: "2025-03-20" });
    expect(pageIntros["/privacy-policy"].intro).toContain("20th March 2025");
    expect(text(privacy.html)).toContain("20th March 2025");
  });

  it("sends rights requests to the privacy address, covers GDPR, DPDP and CCPA, and is not for children under 13", () => {
    const body = text(privacy.html);
    expect(privacy.html).toContain(`href="mailto:${site.email.privacy}"`);
    for (const law of ["GDPR", "DPDP", "CCPA"]) expect(body).toContain(law);
    expect(body).toMatch(/under 13/);
    expect(body).toMatch(/local storage/i);
  });
});

describe("Privacy Policy on lead delivery and the newsletter (LEGAL-7)", () => {
  const body = text(privacy.html);

  it("says enquiries go to the sales team's inbox and, through signed webhooks, to tools acting as our processors", () => {
    expect(body).toMatch(/e-mails your enquiry to our sales team's inbox/);
    expect(body).toMatch(/such as our CRM/);
    expect(body).toMatch(/signed webhooks/);
    expect(body).toMatch(/act as our processors/);
  });

  it("describes double opt-in: pending, one confirmation e-mail, a link valid 72 hours, and the proof of consent kept", () => {
    expect(body).toMatch(/double opt-in/);
    expect(body).toMatch(/store your address as pending and send it one e-mail with a confirmation link/);
    expect(body).toMatch(/for 72 hours/);
    expect(body).toMatch(/Only after you follow that link do you receive the newsletter/);
    expect(body).toMatch(/the time you signed up, the time you confirmed, and the version of this policy you agreed to/);
    expect(body).toMatch(/never confirmed is not used to send you anything else/);
  });

  it("offers one-click unsubscribe in every newsletter e-mail, records it, and still takes a letter to the privacy address", () => {
    expect(body).toMatch(/Every newsletter e-mail has a link that unsubscribes you in one click/);
    expect(body).toMatch(/We record that you unsubscribed/);
    expect(body).toMatch(/one-click link in any newsletter e-mail, or write to privacy@veilvault\.example/);
    expect(body).not.toMatch(/To unsubscribe, write to/);
  });
});

describe("Terms and Conditions (LEGAL-2)", () => {
  it("has fifteen numbered sections and then the acceptance clause", () => {
    const numbers = terms.sections.slice(0, 15).map((section) => Number.parseInt(section.title, 10));
    expect(numbers).toEqual(Array.from({ length: 15 }, (_, index) => index + 1));
    expect(terms.sections).toHaveLength(16);
    expect(terms.sections[15]?.title).toBe("Acceptance of these Terms");
  });

  it("is effective 15th April 2025, needs 18 or older, keeps confidentiality 1 year, and follows Indian law in Bengaluru's courts", () => {
    const body = text(terms.html);
    expect(legalDocument("terms-of-service").data.date).toMatchObject({ text: "15th April 2025", iso: "2025-04-15" });
    expect(body).toContain("15th April 2025");
    expect(body).toMatch(/18 (years|or older)/);
    expect(body).toMatch(/\b1 year\b/);
    expect(body).toMatch(/laws? of India/);
    expect(body).toMatch(/courts (of|in|at) Bengaluru/);
  });
});

describe("Cookie Policy (LEGAL-3)", () => {
  it("was last updated January 1, 2024", () => {
    expect(legalDocument("cookie-policy").data.date).toEqual({ label: "Last updated", text: "January 1, 2024", iso: "2024-01-01" });
    expect(text(cookies.html)).toContain("January 1, 2024");
  });

  it("covers the four cookie types, third-party cookies, 30 days to 2 years, the settings button and browser opt-outs", () => {
    const body = text(cookies.html);
    for (const type of ["Essential", "Analytics", "Functional", "Marketing"]) expect(body).toContain(type);
    expect(body).toMatch(/third-party cookies/i);
    expect(body).toMatch(/30 days to 2 years|30 days and 2 years/);
    expect(body).toContain("Cookie settings");
    expect(body).toContain("cookie-consent");
    for (const host of ["support.google.com", "support.mozilla.org", "support.apple.com", "support.microsoft.com"]) {
      expect(cookies.html).toMatch(new RegExp(`href="https://${host.replace(".", "\\.")}[^"]*" rel="noopener noreferrer"`));
    }
  });
});

describe.each([
  ["privacy-policy", privacy],
  ["terms-of-service", terms],
  ["cookie-policy", cookies],
] as const)("%s as HTML", (_slug, document) => {
  it("gives every contents entry a heading with that id, each id once", () => {
    const ids = [...document.html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of document.sections) expect(ids).toContain(section.id);
    expect(document.sections.length).toBeGreaterThanOrEqual(6);
  });

  it("holds no script, no inline style and no raw HTML from the Markdown", () => {
    expect(document.html).not.toMatch(/<script|style=|<iframe|on\w+=/i);
  });

  it("states no percentage outside FIG-1", () => {
    expect(unlistedPercentages(text(document.html))).toEqual([]);
  });
});
