/**
 * A lead's fields, declared once: what the form shows, what the rules check
 * and where both stores keep each one. The contact form (its labels and ids),
 * the rules in lead-schema.ts (limits and messages), the stores' statements
 * and row mapping, and the CSV export's columns all derive from this table
 * (requirements CONTACT-3 to CONTACT-9, LEAD-2).
 */
import { EMAIL_MAX_LENGTH } from "./email.ts";

/** The body of the lead call, field for field (requirement LEAD-2). */
export interface LeadBody {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  /** Digits only, starting with the country code. */
  contactNumber: string;
  description: string;
  termsAccepted: boolean;
}

export type LeadField = keyof LeadBody;

export interface LeadFieldSpec {
  /** The form's label for it. */
  label: string;
  /** How messages name it, where that differs from the label. */
  name: string;
  /** Its control's id on the contact form. */
  domId: string;
  /** Its column in both stores' `leads` table. */
  column: string;
  /** Longest accepted value, in characters after normalising; none for the checkbox. */
  maxLength?: number;
  /** The message when it is missing; none for the optional last name. */
  requiredMessage?: string;
}

export const LEAD_FIELD_SPECS = {
  firstName: {
    label: "First Name",
    name: "First Name",
    domId: "lead-first-name",
    column: "first_name",
    maxLength: 100,
    requiredMessage: "First Name is required",
  },
  lastName: { label: "Last Name", name: "Last Name", domId: "lead-last-name", column: "last_name", maxLength: 100 },
  email: { label: "Email", name: "Email", domId: "lead-email", column: "email", maxLength: EMAIL_MAX_LENGTH, requiredMessage: "Email is required" },
  companyName: {
    label: "Company Name",
    name: "Company Name",
    domId: "lead-company",
    column: "company_name",
    maxLength: 200,
    requiredMessage: "Company Name is required",
  },
  contactNumber: {
    label: "Contact Number",
    name: "Contact Number",
    domId: "lead-phone",
    column: "contact_number",
    maxLength: 32,
    requiredMessage: "Contact Number is required",
  },
  description: {
    label: "Message",
    name: "Description",
    domId: "lead-message",
    column: "description",
    maxLength: 5000,
    requiredMessage: "Description is required",
  },
  termsAccepted: {
    label: "I accept the Terms and Conditions and the Privacy Policy",
    name: "Terms",
    domId: "lead-terms",
    column: "terms_accepted",
    requiredMessage: "You must accept the Terms/Privacy",
  },
} as const satisfies Record<LeadField, LeadFieldSpec>;

/** The fields in form and body order. */
export const LEAD_FIELDS = Object.keys(LEAD_FIELD_SPECS) as LeadField[];

/** The text fields, whose values both stores keep as they are, in body order. */
export const LEAD_TEXT_FIELDS = LEAD_FIELDS.filter((field): field is Exclude<LeadField, "termsAccepted"> => field !== "termsAccepted");
