/**
 * A Trust Center document request (requirement TRUST-4): its fields, and the
 * rules the request form and the server both run. The text rules are the
 * contact form's own (lead-schema.ts), so a name or an address is judged
 * alike wherever a visitor types it.
 */
import { isRecord, unknownFields, type Parsed } from "./json-body.ts";
import { emailRuleError, LEAD_MAX_LENGTHS, textRuleError, type TextFieldRule } from "./lead-schema.ts";
import { cleanText } from "./visible-text.ts";

/** The body of `POST /id/website/trust-requests`. */
export interface TrustRequestBody {
  name: string;
  email: string;
  company: string;
  role: string;
  /** Ids of the documents asked for, each once, in the order offered. */
  documents: string[];
  reason: string;
  /** The non-disclosure terms' version the visitor read and accepted. */
  ndaVersion: string;
  ndaAccepted: true;
}

export type TrustRequestField = keyof TrustRequestBody;

type TrustTextField = "name" | "company" | "role" | "reason";

export const TRUST_TEXT_RULES: Readonly<Record<TrustTextField, TextFieldRule & { label: string }>> = {
  name: { label: "Full name", name: "Full name", requiredMessage: "Full name is required", maxLength: 200, kind: "line" },
  company: { label: "Company", name: "Company", requiredMessage: "Company is required", maxLength: LEAD_MAX_LENGTHS.companyName, kind: "line" },
  role: { label: "Role", name: "Role", requiredMessage: "Role is required", maxLength: 120, kind: "line" },
  reason: {
    label: "Why you need them",
    name: "Reason",
    requiredMessage: "Tell us why you need the documents",
    maxLength: 2000,
    kind: "multiline",
  },
};

export const TRUST_MESSAGES = {
  email: "Work email is required",
  documents: "Choose at least one document",
  unknownDocument: "Choose from the documents listed",
  ndaAccepted: "Accept the non-disclosure terms to continue",
  ndaVersion: "The non-disclosure terms have changed since this page loaded. Reload it and read them again.",
} as const;

/** What the form and the server check a request against: the gated documents on offer and the terms in force. */
export interface TrustRequestContext {
  documentIds: readonly string[];
  ndaVersion: string;
}

export type TrustRequestErrors = Partial<Record<TrustRequestField, string>>;

/** The rule set over values as cleanText left them: the form runs it on submit, the server on every body. */
export function validateTrustRequest(values: TrustRequestBody | (Omit<TrustRequestBody, "ndaAccepted"> & { ndaAccepted: boolean }), context: TrustRequestContext): TrustRequestErrors {
  const errors: TrustRequestErrors = {};
  const found: [TrustRequestField, string | undefined][] = [
    ["name", textRuleError(values.name, TRUST_TEXT_RULES.name)],
    ["email", emailRuleError(values.email, TRUST_MESSAGES.email)],
    ["company", textRuleError(values.company, TRUST_TEXT_RULES.company)],
    ["role", textRuleError(values.role, TRUST_TEXT_RULES.role)],
    ["documents", documentsError(values.documents, context.documentIds)],
    ["reason", textRuleError(values.reason, TRUST_TEXT_RULES.reason)],
    ["ndaAccepted", values.ndaAccepted ? undefined : TRUST_MESSAGES.ndaAccepted],
    ["ndaVersion", values.ndaVersion === context.ndaVersion ? undefined : TRUST_MESSAGES.ndaVersion],
  ];
  for (const [field, error] of found) if (error) errors[field] = error;
  return errors;
}

function documentsError(documents: readonly string[], offered: readonly string[]): string | undefined {
  if (documents.length === 0) return TRUST_MESSAGES.documents;
  if (new Set(documents).size !== documents.length || documents.some((id) => !offered.includes(id))) return TRUST_MESSAGES.unknownDocument;
  return undefined;
}

const FIELDS: readonly TrustRequestField[] = ["name", "email", "company", "role", "documents", "reason", "ndaVersion", "ndaAccepted"];

/** The longest list a body may name, whatever is offered: a hostile list is refused before it is walked. */
const MAX_DOCUMENTS = 20;

/** The server's check of a body: the same rule set, plus types and no unknown fields. */
export function parseTrustRequest(body: unknown, context: TrustRequestContext): Parsed<TrustRequestBody> {
  if (!isRecord(body)) return { ok: false, errors: { body: "Send a JSON object" } };
  const text = (field: TrustTextField | "email" | "ndaVersion"): string => (typeof body[field] === "string" ? cleanText(body[field]) : "");
  const rawDocuments = body.documents;
  const listed: string[] | undefined =
    Array.isArray(rawDocuments) && rawDocuments.length <= MAX_DOCUMENTS && rawDocuments.every((id): id is string => typeof id === "string") ? rawDocuments : undefined;
  const value = {
    name: text("name"),
    email: text("email"),
    company: text("company"),
    role: text("role"),
    documents: listed ?? [],
    reason: text("reason"),
    ndaVersion: text("ndaVersion"),
    ndaAccepted: body.ndaAccepted === true,
  };
  const errors: Record<string, string> = { ...unknownFields(body, FIELDS), ...validateTrustRequest(value, context) };
  if (rawDocuments !== undefined && !listed) errors.documents = TRUST_MESSAGES.unknownDocument;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // In the order offered, so one request reads the same however its list was sent.
  const documents = context.documentIds.filter((id) => value.documents.includes(id));
  return { ok: true, value: { ...value, documents, ndaAccepted: true } };
}
