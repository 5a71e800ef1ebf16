import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { LEAD_FIELD_SPECS, LEAD_FIELDS, type LeadField } from "../../../common/lead-fields.ts";
import {
  DEFAULT_PHONE_COUNTRY,
  LEAD_MAX_LENGTHS,
  PHONE_COUNTRIES,
  PHONE_RULES,
  isPhoneCountry,
  leadBodyFromForm,
  validateLeadForm,
  type LeadErrors,
  type LeadFormValues,
  type PhoneCountry,
} from "../../../common/lead-schema.ts";
import { cx } from "../../lib/class-names.ts";
import { focusAndReveal } from "../../lib/scroll.ts";
import { submitFailureMessage, submitLead } from "../../lib/submit-lead.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { site } from "../../site/config.ts";
import { FieldError, FormField, inputClasses, TextField } from "../ui/form-field.tsx";
import { formSubmitButton } from "../ui/button-styles.ts";
import { SuccessDialog } from "./success-dialog.tsx";
import { words } from "../../content/interface-words.ts";

const ids = Object.fromEntries(LEAD_FIELDS.map((field) => [field, LEAD_FIELD_SPECS[field].domId])) as Record<LeadField, string>;

interface TextFieldSpec {
  field: Exclude<LeadField, "contactNumber" | "description" | "termsAccepted">;
  label: string;
  type: "text" | "email";
  autoComplete: string;
  optional?: boolean;
}

function textField(field: TextFieldSpec["field"], input: Omit<TextFieldSpec, "field" | "label" | "optional">): TextFieldSpec {
  const spec: { label: string; requiredMessage?: string } = LEAD_FIELD_SPECS[field];
  return { field, label: spec.label, ...input, ...(spec.requiredMessage ? {} : { optional: true }) };
}

/** The four one-line fields, in form order. */
const textFields: readonly TextFieldSpec[] = [
  textField("firstName", { type: "text", autoComplete: "given-name" }),
  textField("lastName", { type: "text", autoComplete: "family-name" }),
  textField("email", { type: "email", autoComplete: "email" }),
  textField("companyName", { type: "text", autoComplete: "organization" }),
];

function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === "string" ? value : "";
}

function readValues(form: HTMLFormElement): LeadFormValues {
  const data = new FormData(form);
  const country = text(data, "country");
  return {
    firstName: text(data, "firstName"),
    lastName: text(data, "lastName"),
    email: text(data, "email"),
    companyName: text(data, "companyName"),
    country: isPhoneCountry(country) ? country : DEFAULT_PHONE_COUNTRY,
    contactNumber: text(data, "contactNumber"),
    description: text(data, "description"),
    termsAccepted: data.get("termsAccepted") === "on",
  };
}

/** One key per message: a retry of the same body reuses it, an edited body gets a new one. */
function keyFor(previous: { key: string; body: string } | null, body: string): { key: string; body: string } {
  return previous?.body === body ? previous : { key: crypto.randomUUID(), body };
}

/**
 * The Get In Touch form (requirements CONTACT-2 to CONTACT-16).
 * Checked on submit with the exact messages, focus on the first problem;
 * 'Sending...' while the lead is posted; the success dialog on a 201. On a
 * failure the console gets CONTACT-13's message, the visitor keeps every word
 * typed and sees a way to reach us by e-mail.
 */
export function ContactForm() {
  const [country, setCountry] = useState<PhoneCountry>(DEFAULT_PHONE_COUNTRY);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState(false);
  // Until the script runs the form cannot send: the button stays disabled (see <noscript>).
  const ready = useHydrated();
  const openedAt = useRef(0);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    openedAt.current = performance.now();
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = readValues(element);
    const found = validateLeadForm(values);
    setErrors(found);
    const firstInvalid = LEAD_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      focusAndReveal(element.querySelector<HTMLElement>(`#${ids[firstInvalid]}`));
      return;
    }
    const body = leadBodyFromForm(values);
    attempt.current = keyFor(attempt.current, JSON.stringify(body));
    setSending(true);
    setFailed(false);
    try {
      await submitLead(body, {
        endpoint: site.endpoints.leads,
        idempotencyKey: attempt.current.key,
        trap: text(new FormData(element), "website"),
        fillMs: performance.now() - openedAt.current,
      });
      element.reset();
      setCountry(DEFAULT_PHONE_COUNTRY);
      attempt.current = null;
      setSent(true);
    } catch (error) {
      console.error(submitFailureMessage(error));
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

  const rule = PHONE_RULES[country];
  const control = (field: LeadField, describedBy: string | undefined, invalid: boolean) => ({
    id: ids[field],
    name: field,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  });

  return (
    <>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={words("contactForm.formLabel")}
        className="grid grid-cols-1 gap-6 sm:grid-cols-2"
      >
        {textFields.map((spec) => (
          <TextField
            key={spec.field}
            id={ids[spec.field]}
            name={spec.field}
            label={spec.label}
            optional={spec.optional}
            error={errors[spec.field]}
            type={spec.type}
            autoComplete={spec.autoComplete}
            maxLength={LEAD_MAX_LENGTHS[spec.field]}
          />
        ))}
        <FormField id={ids.contactNumber} label={LEAD_FIELD_SPECS.contactNumber.label} hint={rule.hint} error={errors.contactNumber} className="sm:col-span-2">
          {(describedBy, invalid) => (
            <div className="flex flex-col gap-3 min-[420px]:flex-row">
              <label htmlFor="lead-country" className="sr-only">
                {words("contactForm.country")}
              </label>
              <select
                id="lead-country"
                name="country"
                value={country}
                onChange={(event) => {
                  if (isPhoneCountry(event.target.value)) setCountry(event.target.value);
                }}
                autoComplete="country"
                className={cx(inputClasses, "h-12 shrink-0 pr-8 min-[420px]:w-36")}
              >
                {PHONE_COUNTRIES.map((code) => (
                  <option key={code} value={code}>
                    {PHONE_RULES[code].label}
                  </option>
                ))}
              </select>
              <input
                {...control("contactNumber", describedBy, invalid)}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={LEAD_MAX_LENGTHS.contactNumber}
                className={cx(inputClasses, "h-12 w-full min-w-0 min-[420px]:flex-1")}
              />
            </div>
          )}
        </FormField>
        <FormField id={ids.description} label={LEAD_FIELD_SPECS.description.label} error={errors.description} className="sm:col-span-2">
          {(describedBy, invalid) => (
            <textarea
              {...control("description", describedBy, invalid)}
              rows={5}
              maxLength={LEAD_MAX_LENGTHS.description}
              className={cx(inputClasses, "min-h-32 w-full py-3")}
            />
          )}
        </FormField>
        {/* A field people never see: software that fills in every input fills this one too. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="lead-website">Leave this field empty</label>
          <input id="lead-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <div className="sm:col-span-2">
          <div className="flex items-start gap-3">
            <input
              {...control("termsAccepted", errors.termsAccepted ? `${ids.termsAccepted}-error` : undefined, Boolean(errors.termsAccepted))}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-accent"
            />
            <label htmlFor={ids.termsAccepted} className="text-sm/6 text-text-muted">
              {words("contactForm.termsBeforeLink")}{" "}
              <a href="/terms-of-service" className="font-medium text-accent-strong underline underline-offset-2">
                {words("contactForm.termsLink")}
              </a>{" "}
              {words("contactForm.betweenLinks")}{" "}
              <a href="/privacy-policy" className="font-medium text-accent-strong underline underline-offset-2">
                {words("contactForm.privacyLink")}
              </a>
              .
            </label>
          </div>
          {errors.termsAccepted && <FieldError id={`${ids.termsAccepted}-error`}>{errors.termsAccepted}</FieldError>}
        </div>
        <div className="flex flex-col gap-4 sm:col-span-2">
          <button
            type="submit"
            disabled={!ready || sending}
            className={formSubmitButton}
          >
            {sending ? words("contactForm.sending") : words("contactForm.send")}
          </button>
          <noscript>
            <p className="text-sm text-text-muted">
              {words("contactForm.noScript")}{" "}
              <a href={`mailto:${site.email.contact}`} className="font-medium text-accent-strong underline">
                {site.email.contact}
              </a>
              .
            </p>
          </noscript>
          {failed && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm/6 text-red-800">
              We could not send your message. Everything you typed is still here, so you can try again, or write to us at{" "}
              <a href={`mailto:${site.email.contact}`} className="font-semibold underline">
                {site.email.contact}
              </a>
              .
            </p>
          )}
        </div>
      </form>
      <SuccessDialog
        open={sent}
        onClose={() => {
          setSent(false);
          form.current?.querySelector<HTMLInputElement>(`#${ids.firstName}`)?.focus();
        }}
      />
    </>
  );
}
