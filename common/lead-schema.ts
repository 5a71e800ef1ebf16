/**
 * The contact lead and newsletter rules, in one module that the form, the lead
 * service and the tests all import (requirements CONTACT-3 to CONTACT-9 and LEAD-2 to LEAD-4).
 * Plain functions rather than a schema library: the rules
 * are few, the messages are exact, and the browser pays only for what is here.
 */
import { isEmailAddress } from "./email.ts";
import { LEAD_FIELD_SPECS, LEAD_FIELDS, type LeadBody, type LeadField, type LeadFieldSpec } from "./lead-fields.ts";
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

/** What the form holds: the body's fields as typed, plus the phone country. */
export type LeadFormValues = Omit<LeadBody, "contactNumber"> & { country: PhoneCountry; contactNumber: string };

export type LeadErrors = Partial<Record<LeadField, string>>;

type RequiredField = { [F in LeadField]: (typeof LEAD_FIELD_SPECS)[F] extends { requiredMessage: string } ? F : never }[LeadField];
type LimitedField = { [F in LeadField]: (typeof LEAD_FIELD_SPECS)[F] extends { maxLength: number } ? F : never }[LeadField];

function fromSpecs<F extends LeadField, V>(pick: (spec: LeadFieldSpec, field: LeadField) => V | undefined): Readonly<Record<F, V>> {
  const entries = LEAD_FIELDS.flatMap((field) => {
    const value = pick(LEAD_FIELD_SPECS[field], field);
    return value === undefined ? [] : [[field, value] as const];
  });
  return Object.fromEntries(entries) as Record<F, V>;
}

/** Requirement CONTACT-3, word for word, from the field declarations. */
export const LEAD_MESSAGES = fromSpecs<RequiredField, string>((spec) => spec.requiredMessage);

/** The format check an email input applies (requirement CONTACT-5: no format check beyond the email input type). */
export const EMAIL_FORMAT_MESSAGE = "Enter a valid email address";

/** The free-text fields: checked for hidden and invisible characters, each under its own name. */
type LeadTextField = "firstName" | "lastName" | "companyName" | "description";
const TEXT_FIELDS: readonly LeadTextField[] = ["firstName", "lastName", "companyName", "description"];

/**
 * A text field holding a control character, a bidi override or broken UTF-16:
 * what would be stored is not what the visitor sees, so they are asked to retype.
 */
export const LEAD_HIDDEN_TEXT_MESSAGES = fromSpecs<LeadTextField, string>((spec, field) =>
  (TEXT_FIELDS as readonly LeadField[]).includes(field) ? `${spec.name} contains hidden control characters. Please type it again.` : undefined,
);

/**
 * The optional last name sent with nothing visible in it. A required field in
 * that state gets its required message instead: to a reader it is empty.
 */
export const LAST_NAME_INVISIBLE_MESSAGE = "Last Name has no visible characters";

/** Longest accepted value per text field: generous for people, bounded for storage. */
export const LEAD_MAX_LENGTHS = fromSpecs<LimitedField, number>((spec) => spec.maxLength);

/** One free-text field's rules: the lead form's fields and the Trust Center request's share them (requirement TRUST-4). */
export interface TextFieldRule {
  /** How messages name the field. */
  name: string;
  /** The message when it is empty; undefined for an optional field. */
  requiredMessage?: string;
  /** The message when something was sent but nothing shows, for an optional field. */
  invisibleMessage?: string;
  maxLength: number;
  kind: "line" | "multiline";
}

export function tooLongMessage(maxLength: number): string {
  return `Use at most ${maxLength} characters`;
}

/**
 * The per-field rules below take a value as cleanText left it, and are shared
 * by the form and the service so both name the same problem the same way.
 */
export function textRuleError(value: string, rule: TextFieldRule): string | undefined {
  if (!value) return rule.requiredMessage;
  const problem = hiddenTextProblem(value, rule.kind);
  if (problem === "hidden") return `${rule.name} contains hidden control characters. Please type it again.`;
  if (problem === "invisible-only") return rule.requiredMessage ?? rule.invisibleMessage;
  return value.length > rule.maxLength ? tooLongMessage(rule.maxLength) : undefined;
}

/** An address field: required, within the length, and a plain address as isEmailAddress reads one. */
export function emailRuleError(value: string, requiredMessage: string): string | undefined {
  if (!value || hiddenTextProblem(value, "line") === "invisible-only") return requiredMessage;
  if (value.length > LEAD_MAX_LENGTHS.email) return tooLongMessage(LEAD_MAX_LENGTHS.email);
  // isEmailAddress also refuses every hidden or unseen character.
  return isEmailAddress(value) ? undefined : EMAIL_FORMAT_MESSAGE;
}

function tooLong(field: keyof typeof LEAD_MAX_LENGTHS): string {
  return tooLongMessage(LEAD_MAX_LENGTHS[field]);
}

function textFieldError(field: LeadTextField, value: string): string | undefined {
  const optional = field === "lastName";
  return textRuleError(value, {
    name: LEAD_FIELD_SPECS[field].name,
    ...(optional ? { invisibleMessage: LAST_NAME_INVISIBLE_MESSAGE } : { requiredMessage: LEAD_MESSAGES[field] }),
    maxLength: LEAD_MAX_LENGTHS[field],
    kind: field === "description" ? "multiline" : "line",
  });
}

function emailError(value: string): string | undefined {
  return emailRuleError(value, LEAD_MESSAGES.email);
}

/** contactNumber as sent: digits only, with the country code in front unless it is there already (requirement LEAD-3). */
export function normaliseContactNumber(value: string, country: PhoneCountry): string {
  const digits = value.replace(/\D/g, "");
  const { code } = PHONE_RULES[country];
  return digits.startsWith(code) ? digits : `${code}${digits}`;
}

/**
 * The one rule set, in field order, over values as cleanText left them: the
 * form and the service both run it. Only the phone check differs: the form
 * knows the chosen country's display patterns, the service sees the digits
 * the form sent.
 */
function leadErrors(values: LeadBody, phoneError: (value: string) => string | undefined): LeadErrors {
  const errors: LeadErrors = {};
  const found: [LeadField, string | undefined][] = [
    ["firstName", textFieldError("firstName", values.firstName)],
    ["lastName", textFieldError("lastName", values.lastName)],
    ["email", emailError(values.email)],
    ["companyName", textFieldError("companyName", values.companyName)],
    ["contactNumber", phoneError(values.contactNumber)],
    ["description", textFieldError("description", values.description)],
    ["termsAccepted", values.termsAccepted ? undefined : LEAD_MESSAGES.termsAccepted],
  ];
  for (const [field, error] of found) if (error) errors[field] = error;
  return errors;
}

/** The form's checks on submit: the rule set, with the chosen country's phone patterns. */
export function validateLeadForm(values: LeadFormValues): LeadErrors {
  const rule = PHONE_RULES[values.country];
  const typed: LeadBody = { ...leadBodyText(values), contactNumber: cleanText(values.contactNumber), termsAccepted: values.termsAccepted };
  // The display patterns are anchored and ASCII-only, so a control or bidi character fails them.
  return leadErrors(typed, (phone) => {
    if (!phone) return LEAD_MESSAGES.contactNumber;
    return rule.display.test(phone) || rule.digitsOnly.test(phone) ? undefined : rule.message;
  });
}

function leadBodyText(values: Omit<LeadBody, "contactNumber" | "termsAccepted">): Omit<LeadBody, "contactNumber" | "termsAccepted"> {
  return {
    firstName: cleanText(values.firstName),
    lastName: cleanText(values.lastName),
    email: cleanText(values.email),
    companyName: cleanText(values.companyName),
    description: cleanText(values.description),
  };
}

/** The body a valid form sends: normalised, trimmed text and the normalised number. */
export function leadBodyFromForm(values: LeadFormValues): LeadBody {
  const text = leadBodyText(values);
  // In the body's own field order.
  return {
    firstName: text.firstName,
    lastName: text.lastName,
    email: text.email,
    companyName: text.companyName,
    contactNumber: normaliseContactNumber(cleanText(values.contactNumber), values.country),
    description: text.description,
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

/**
 * The service's check of a lead body: the same rule set, plus what only the
 * service needs: a JSON object of the right types, no unknown fields, and a
 * number already normalised to digits.
 */
export function parseLeadBody(body: unknown): Parsed<LeadBody> {
  if (!isRecord(body)) return { ok: false, errors: { body: "Send a JSON object" } };
  const typeErrors: Record<string, string> = {};
  const text = (field: Exclude<LeadField, "termsAccepted">): string => {
    const raw = body[field];
    if (typeof raw === "string") return cleanText(raw);
    // A missing optional last name is an empty one; any other non-text value is refused.
    if (field === "lastName" && raw !== undefined) typeErrors[field] = "Last Name must be text";
    return "";
  };
  const value: LeadBody = {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    companyName: text("companyName"),
    contactNumber: text("contactNumber"),
    description: text("description"),
    termsAccepted: body.termsAccepted === true,
  };
  const errors = { ...unknownFields(body, LEAD_FIELDS), ...leadErrors(value, contactNumberServerError), ...typeErrors };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
