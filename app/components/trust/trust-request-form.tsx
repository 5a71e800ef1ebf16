import { useRef, useState, type SubmitEvent } from "react";
import { TRUST_TEXT_RULES, validateTrustRequest, type TrustRequestBody, type TrustRequestErrors, type TrustRequestField } from "../../../common/trust-request.ts";
import { LEAD_MAX_LENGTHS } from "../../../common/lead-schema.ts";
import { cleanText } from "../../../common/visible-text.ts";
import { cx } from "../../lib/class-names.ts";
import { focusAndReveal } from "../../lib/scroll.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { site } from "../../site/config.ts";
import { FieldError, FormField, inputClasses, TextField } from "../ui/form-field.tsx";
import { formSubmitButton, textLink } from "../ui/button-styles.ts";

export interface TrustRequestFormProps {
  documents: readonly { id: string; title: string }[];
  ndaVersion: string;
  words: {
    labels: Record<"name" | "email" | "company" | "role" | "reason", string>;
    documentsLegend: string;
    ndaLabel: string;
    ndaSummary: string;
    submit: string;
    sending: string;
    received: { heading: string; text: string };
    failed: string;
    noScript: string;
  };
}

const ID = (field: TrustRequestField) => `trust-${field}`;

const TEXT_FIELDS = [
  { field: "name", type: "text", autoComplete: "name", maxLength: TRUST_TEXT_RULES.name.maxLength },
  { field: "email", type: "email", autoComplete: "email", maxLength: LEAD_MAX_LENGTHS.email },
  { field: "company", type: "text", autoComplete: "organization", maxLength: TRUST_TEXT_RULES.company.maxLength },
  { field: "role", type: "text", autoComplete: "organization-title", maxLength: TRUST_TEXT_RULES.role.maxLength },
] as const;

const ORDER: readonly TrustRequestField[] = ["name", "email", "company", "role", "documents", "reason", "ndaAccepted", "ndaVersion"];

function readBody(form: HTMLFormElement, ndaVersion: string): Omit<TrustRequestBody, "ndaAccepted"> & { ndaAccepted: boolean } {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? cleanText(value) : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    company: text("company"),
    role: text("role"),
    documents: data.getAll("documents").filter((value): value is string => typeof value === "string"),
    reason: text("reason"),
    ndaVersion,
    ndaAccepted: data.get("ndaAccepted") === "on",
  };
}

/**
 * The Trust Center's request form (TRUST-4): the contact form's rules for
 * names and addresses, the documents wanted, a reason and the click-through
 * terms. The answer is the same whatever happens next, so the page says only
 * that the request arrived.
 */
export function TrustRequestForm({ documents, ndaVersion, words }: TrustRequestFormProps) {
  const [errors, setErrors] = useState<TrustRequestErrors>({});
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [received, setReceived] = useState(false);
  const ready = useHydrated();
  const status = useRef<HTMLDivElement>(null);
  const context = { documentIds: documents.map((document) => document.id), ndaVersion };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const body = readBody(element, ndaVersion);
    const found = validateTrustRequest(body, context);
    setErrors(found);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      const target = first === "documents" ? element.querySelector<HTMLElement>('input[name="documents"]') : element.querySelector<HTMLElement>(`#${ID(first)}`);
      focusAndReveal(target);
      return;
    }
    setSending(true);
    setFailed(false);
    try {
      const response = await fetch(site.endpoints.trustRequests, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...body, ndaAccepted: true }),
      });
      if (response.status === 400) {
        const answer = (await response.json().catch(() => ({}))) as { fields?: TrustRequestErrors };
        setErrors(answer.fields ?? {});
        throw new Error("refused");
      }
      if (!response.ok) throw new Error(`status ${response.status}`);
      element.reset();
      setReceived(true);
      requestAnimationFrame(() => status.current?.focus());
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

  const control = (field: TrustRequestField, describedBy: string | undefined, invalid: boolean) => ({
    id: ID(field),
    name: field,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  });

  if (received) {
    return (
      <div ref={status} tabIndex={-1} role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 outline-none">
        <h3 className="text-lg font-semibold text-emerald-900">{words.received.heading}</h3>
        <p className="mt-2 text-base/7 text-emerald-900">{words.received.text}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="request-title" className="grid grid-cols-1 gap-6 sm:grid-cols-2">
      {TEXT_FIELDS.map((spec) => (
        <TextField
          key={spec.field}
          id={ID(spec.field)}
          name={spec.field}
          label={words.labels[spec.field]}
          error={errors[spec.field]}
          type={spec.type}
          autoComplete={spec.autoComplete}
          maxLength={spec.maxLength}
        />
      ))}
      <fieldset className="sm:col-span-2" aria-describedby={errors.documents ? `${ID("documents")}-error` : undefined}>
        <legend className="text-sm font-semibold text-text">{words.documentsLegend}</legend>
        <div className="mt-3 flex flex-col gap-3">
          {documents.map((document) => (
            <label key={document.id} className="flex items-start gap-3 text-base/7">
              <input type="checkbox" name="documents" value={document.id} defaultChecked={documents.length === 1} className="mt-1.5 size-5 shrink-0 accent-accent" />
              {document.title}
            </label>
          ))}
        </div>
        {errors.documents && <FieldError id={`${ID("documents")}-error`}>{errors.documents}</FieldError>}
      </fieldset>
      <FormField id={ID("reason")} label={words.labels.reason} error={errors.reason} className="sm:col-span-2">
        {(describedBy, invalid) => (
          <textarea {...control("reason", describedBy, invalid)} rows={4} maxLength={TRUST_TEXT_RULES.reason.maxLength} className={cx(inputClasses, "min-h-28 w-full py-3")} />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            {...control("ndaAccepted", errors.ndaAccepted ? `${ID("ndaAccepted")}-error` : undefined, Boolean(errors.ndaAccepted))}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-accent"
          />
          <label htmlFor={ID("ndaAccepted")} className="text-sm/6 text-text-muted">
            {words.ndaLabel} (<a href="#nda" className={textLink}>{words.ndaSummary}</a>)
          </label>
        </div>
        {errors.ndaAccepted && <FieldError id={`${ID("ndaAccepted")}-error`}>{errors.ndaAccepted}</FieldError>}
        {errors.ndaVersion && <FieldError id={`${ID("ndaVersion")}-error`}>{errors.ndaVersion}</FieldError>}
      </div>
      <div className="flex flex-col gap-4 sm:col-span-2">
        <button
          type="submit"
          disabled={!ready || sending}
          className={formSubmitButton}
        >
          {sending ? words.sending : words.submit}
        </button>
        <noscript>
          <p className="text-sm text-text-muted">
            {words.noScript}{" "}
            <a href={`mailto:${site.email.security}`} className={textLink}>
              {site.email.security}
            </a>
            .
          </p>
        </noscript>
        {failed && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm/6 text-red-800">
            {words.failed}
          </p>
        )}
      </div>
    </form>
  );
}
