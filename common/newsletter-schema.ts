/**
 * The footer's newsletter sign-up rules, shared by the form and the lead
 * service (requirements FOOT-7, LEAD-15). Kept apart from the contact lead's
 * rules because the footer is on every page and should carry only these.
 */
import { isEmailAddress } from "./email.ts";
import { isRecord, unknownFields, type Parsed } from "./json-body.ts";
import { cleanText, hiddenTextProblem } from "./visible-text.ts";

/** The newsletter sign-up: an address and the consent box (requirements FOOT-6, LEAD-15). */
export interface NewsletterBody {
  email: string;
  consent: true;
}

export const NEWSLETTER_MESSAGES = {
  email: "Enter your email address",
  emailFormat: "Enter an email address like name@example.com",
  consent: "Confirm that you have read the privacy policy",
} as const;

/**
 * The consent a sign-up agrees to, stored with it: the footer's consent line
 * under the privacy policy in force (effective 20th March 2025). Change it when
 * either changes, so every stored sign-up says what its owner agreed to.
 */
export const NEWSLETTER_CONSENT_VERSION = "privacy-policy-2025-03-20";

/** The address as typed or sent, as it is checked and stored: NFC, trimmed; anything but text is no address. */
export function newsletterEmail(value: unknown): string {
  return typeof value === "string" ? cleanText(value) : "";
}

/** Takes the address as newsletterEmail left it, so the form and the service judge the same string. */
export function validateNewsletter(email: string, consent: boolean): { email?: string; consent?: string } {
  const errors: { email?: string; consent?: string } = {};
  // Nothing a reader could see is no address at all; any other hidden character is a malformed one.
  if (!email || hiddenTextProblem(email, "line") === "invisible-only") errors.email = NEWSLETTER_MESSAGES.email;
  else if (!isEmailAddress(email)) errors.email = NEWSLETTER_MESSAGES.emailFormat;
  if (!consent) errors.consent = NEWSLETTER_MESSAGES.consent;
  return errors;
}

export function parseNewsletterBody(body: unknown): Parsed<NewsletterBody> {
  if (!isRecord(body)) return { ok: false, errors: { body: "Send a JSON object" } };
  const email = newsletterEmail(body.email);
  const errors: Record<string, string> = {
    ...unknownFields(body, ["email", "consent"]),
    ...validateNewsletter(email, body.consent === true),
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { email, consent: true } };
}
