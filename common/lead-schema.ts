/**
 * The contact lead and newsletter rules, in one module that the form, the lead
 * service and the tests all import (requirements CONTACT-3 to CONTACT-9 and LEAD-2 to LEAD-4).
 * Plain functions rather than a schema library: the rules
 * are few, the messages are exact, and the browser pays only for what is here.
 */
import { EMAIL_MAX_LENGTH, isEmailAddress } from "./email.ts";
import { isRecord, unknownFields, type Parsed } from "./json-body.ts";
import { cleanText, hiddenTextProblem } from "./visible-text.ts";

export type PhoneCountry = "US" | "IN" | "UK" | "UAE";

export interface PhoneRule {
  country: PhoneCountry;
  /** The country calling code the number is sent with (requirement FIG-8). */
  code: string;
  /** How the select names the country. */
  label: string;
  /** The display pattern, e.g. +1 (555) 000-0000. */
  display: RegExp;
  /** The digits-only pattern, e.g. 1 followed by 10 digits. */
  digitsOnly: RegExp;
  /** The format hint shown before any error: the message's own examples. */
  hint: string;
  /** The error when the number matches neither pattern (requirement CONTACT-6). */
  message: string;
}

function rule(spec: Omit<PhoneRule, "hint">): PhoneRule {
  return { ...spec, hint: spec.message.replace(/^Enter /, "Format: ") };
}

export const PHONE_RULES: Readonly<Record<PhoneCountry, PhoneRule>> = {
  US: rule({
    country: "US",
    code: "1",
    label: "US (+1)",
    display: /^\+1 \(\d{3}\) \d{3}-\d{4}$/,
    digitsOnly: /^1\d{10}$/,
    message: "Enter +1 (555) 000-0000 or 1XXXXXXXXXX",
  }),
  IN: rule({
    country: "IN",
    code: "91",
    label: "IN (+91)",
    display: /^\+91 ?\d{10}$/,
    digitsOnly: /^91\d{10}$/,
    message: "Enter +91 9876543210 or 919876543210",
  }),
  UK: rule({
    country: "UK",
    code: "44",
    label: "UK (+44)",
    display: /^\+44 ?\d{10}$/,
    digitsOnly: /^44\d{10}$/,
    message: "Enter +44 7123456789 or 447123456789",
  }),
  UAE: rule({
    country: "UAE",
    code: "971",
    label: "UAE (+971)",
    display: /^\+971 ?\d{9}$/,
    digitsOnly: /^971\d{9}$/,
    message: "Enter +971 501234567 or 971501234567",
  }),
};

export const PHONE_COUNTRIES = Object.keys(PHONE_RULES) as PhoneCountry[];
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = "US";

export function isPhoneCountry(value: unknown): value is PhoneCountry {
  return typeof value === "string" && Object.hasOwn(PHONE_RULES, value);
}

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

/** What the form holds: the body's fields as typed, plus the phone country. */
export type LeadFormValues = Omit<LeadBody, "contactNumber"> & { country: PhoneCountry; contactNumber: string };

export type LeadErrors = Partial<Record<LeadField, string>>;

export const LEAD_FIELDS: readonly LeadField[] = [
  "firstName",
  "lastName",
  "email",
  "companyName",
  "contactNumber",
  "description",
  "termsAccepted",
];

/** Requirement CONTACT-3, word for word. */
export const LEAD_MESSAGES = {
  firstName: "First Name is required",
  email: "Email is required",
  companyName: "Company Name is required",
  contactNumber: "Contact Number is required",
  description: "Description is required",
  termsAccepted: "You must accept the Terms/Privacy",
} as const;

/** The format check an email input applies (requirement CONTACT-5: no format check beyond the email input type). */
export const EMAIL_FORMAT_MESSAGE = "Enter a valid email address";

/** The free-text fields: checked for hidden and invisible characters, each under its own name. */
type LeadTextField = "firstName" | "lastName" | "companyName" | "description";

/**
 * A text field holding a control character, a bidi override or broken UTF-16:
 * what would be stored is not what the visitor sees, so they are asked to retype.
 */
export const LEAD_HIDDEN_TEXT_MESSAGES: Readonly<Record<LeadTextField, string>> = {
  firstName: "First Name contains hidden control characters. Please type it again.",
  lastName: "Last Name contains hidden control characters. Please type it again.",
  companyName: "Company Name contains hidden control characters. Please type it again.",
  description: "Description contains hidden control characters. Please type it again.",
};

/**
 * The optional last name sent with nothing visible in it. A required field in
 * that state gets its required message instead: to a reader it is empty.
 */
export const LAST_NAME_INVISIBLE_MESSAGE = "Last Name has no visible characters";

/** Longest accepted value per text field: generous for people, bounded for storage. */
export const LEAD_MAX_LENGTHS = {
  firstName: 100,
  lastName: 100,
  email: EMAIL_MAX_LENGTH,
  companyName: 200,
  contactNumber: 32,
  description: 5000,
} as const;

function tooLong(field: keyof typeof LEAD_MAX_LENGTHS): string {
  return `Use at most ${LEAD_MAX_LENGTHS[field]} characters`;
}

/*
 * The per-field rules below take a value as cleanText left it, and are shared
 * by the form and the service so both name the same problem the same way.
 */

function textFieldError(field: LeadTextField, value: string): string | undefined {
  if (!value) return field === "lastName" ? undefined : LEAD_MESSAGES[field];
  const problem = hiddenTextProblem(value, field === "description" ? "multiline" : "line");
  if (problem === "hidden") return LEAD_HIDDEN_TEXT_MESSAGES[field];
  if (problem === "invisible-only") return field === "lastName" ? LAST_NAME_INVISIBLE_MESSAGE : LEAD_MESSAGES[field];
  return value.length > LEAD_MAX_LENGTHS[field] ? tooLong(field) : undefined;
}

function emailError(value: string): string | undefined {
  if (!value || hiddenTextProblem(value, "line") === "invisible-only") return LEAD_MESSAGES.email;
  if (value.length > LEAD_MAX_LENGTHS.email) return tooLong("email");
  // isEmailAddress also refuses every hidden or unseen character.
  return isEmailAddress(value) ? undefined : EMAIL_FORMAT_MESSAGE;
}

/** contactNumber as sent: digits only, with the country code in front unless it is there already (requirement LEAD-3). */
export function normaliseContactNumber(value: string, country: PhoneCountry): string {
  const digits = value.replace(/\D/g, "");
  const { code } = PHONE_RULES[country];
  return digits.startsWith(code) ? digits : `${code}${digits}`;
}

/** The form's checks on submit, in field order: required first, then the country's phone patterns. */
export function validateLeadForm(values: LeadFormValues): LeadErrors {
  const errors: LeadErrors = {};
  const check = (field: LeadField, error: string | undefined) => {
    if (error) errors[field] = error;
  };
  check("firstName", textFieldError("firstName", cleanText(values.firstName)));
  check("lastName", textFieldError("lastName", cleanText(values.lastName)));
  check("email", emailError(cleanText(values.email)));
  check("companyName", textFieldError("companyName", cleanText(values.companyName)));
  // The display patterns are anchored and ASCII-only, so a control or bidi character fails them.
  const phone = cleanText(values.contactNumber);
  const rule = PHONE_RULES[values.country];
  if (!phone) errors.contactNumber = LEAD_MESSAGES.contactNumber;
  else if (!rule.display.test(phone) && !rule.digitsOnly.test(phone)) errors.contactNumber = rule.message;
  check("description", textFieldError("description", cleanText(values.description)));
  if (!values.termsAccepted) errors.termsAccepted = LEAD_MESSAGES.termsAccepted;
  return errors;
}

/** The body a valid form sends: normalised, trimmed text and the normalised number. */
export function leadBodyFromForm(values: LeadFormValues): LeadBody {
  return {
    firstName: cleanText(values.firstName),
    lastName: cleanText(values.lastName),
    email: cleanText(values.email),
    companyName: cleanText(values.companyName),
    contactNumber: normaliseContactNumber(cleanText(values.contactNumber), values.country),
    description: cleanText(values.description),
    termsAccepted: values.termsAccepted,
  };
}

/** A number as the service receives it: digits only, for one of the four countries. */
export function isNormalisedContactNumber(value: string): boolean {
  return PHONE_COUNTRIES.some((country) => PHONE_RULES[country].digitsOnly.test(value));
}

export const CONTACT_NUMBER_SERVER_MESSAGE = "Contact Number must be digits with a US, IN, UK or UAE country code";

function contactNumberServerError(value: string): string | undefined {
  if (!value) return LEAD_MESSAGES.contactNumber;
  if (value.length > LEAD_MAX_LENGTHS.contactNumber) return tooLong("contactNumber");
  return isNormalisedContactNumber(value) ? undefined : CONTACT_NUMBER_SERVER_MESSAGE;
}

/** The service's check of a lead body: the form's rules, strictly typed, with unknown fields refused. */
export function parseLeadBody(body: unknown): Parsed<LeadBody> {
  if (!isRecord(body)) return { ok: false, errors: { body: "Send a JSON object" } };
  const errors: Record<string, string> = unknownFields(body, LEAD_FIELDS);
  const text = (field: Exclude<LeadField, "termsAccepted">, check: (value: string) => string | undefined): string => {
    const raw = body[field];
    if (raw === undefined && field === "lastName") return "";
    if (typeof raw !== "string") {
      errors[field] = field === "lastName" ? "Last Name must be text" : LEAD_MESSAGES[field];
      return "";
    }
    const value = cleanText(raw);
    const error = check(value);
    if (error) errors[field] = error;
    return value;
  };
  const value: LeadBody = {
    firstName: text("firstName", (typed) => textFieldError("firstName", typed)),
    lastName: text("lastName", (typed) => textFieldError("lastName", typed)),
    email: text("email", emailError),
    companyName: text("companyName", (typed) => textFieldError("companyName", typed)),
    contactNumber: text("contactNumber", contactNumberServerError),
    description: text("description", (typed) => textFieldError("description", typed)),
    termsAccepted: body.termsAccepted === true,
  };
  if (!value.termsAccepted) errors.termsAccepted = LEAD_MESSAGES.termsAccepted;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
