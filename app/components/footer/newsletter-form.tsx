import { ArrowRight as arrowRightIcon } from "lucide";
import { Icon } from "../icon.tsx";
import { useState, type SubmitEvent } from "react";
import { newsletterEmail, validateNewsletter } from "../../../common/newsletter-schema.ts";
import { cx } from "../../lib/class-names.ts";
import { armedControl, useHydrated } from "../../lib/hydrated.ts";
import { focusAndReveal } from "../../lib/scroll.ts";
import { site } from "../../site/config.ts";
import { NEWSLETTER_BOX_ID } from "../../site/navigation.ts";
import { words } from "../../content/interface-words.ts";

type Status =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "awaiting-confirmation" }
  | { kind: "failed" };

type FieldErrors = ReturnType<typeof validateNewsletter>;

/**
 * The footer's newsletter box: an e-mail address plus the required consent,
 * posted as JSON to the newsletter endpoint. Errors are named under the field
 * and focus moves to the first one. A sign-up is double opt-in (LEAD-16): it
 * counts only once the link in the confirmation e-mail is followed, so success
 * here sends the visitor to their inbox (FOOT-9).
 */
export function NewsletterForm() {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  // Disabled in the prerender, so that without script the browser never sends the form itself (see <noscript>);
  // the island runtime enables it once it holds clicks (armedControl), before this code has come.
  const live = useHydrated();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = newsletterEmail(data.get("email"));
    const consent = data.get("consent") === "on";
    const found = validateNewsletter(email, consent);
    setErrors(found);
    if (found.email || found.consent) {
      focusAndReveal(form.querySelector<HTMLInputElement>(found.email ? "#newsletter-email" : "#newsletter-consent"));
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const response = await fetch(site.endpoints.newsletter, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, consent }),
      });
      if (!response.ok) throw new Error(`Newsletter sign-up failed with status ${response.status}`);
      form.reset();
      setStatus({ kind: "awaiting-confirmation" });
    } catch (error) {
      console.warn(error);
      setStatus({ kind: "failed" });
    }
  }

  const inputClasses =
    "h-12 w-full rounded-full border bg-ink-soft pr-14 pl-5 text-on-ink placeholder:text-on-ink-muted";

  return (
    <form
      id={NEWSLETTER_BOX_ID}
      noValidate
      method="post"
      action={site.endpoints.newsletter}
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="newsletter-title"
      className="max-w-md"
    >
      <h2 id="newsletter-title" className="text-base font-semibold text-on-ink">
        {words("newsletterForm.heading")}
      </h2>
      <div className="relative mt-4">
        <label htmlFor="newsletter-email" className="sr-only">
          {words("newsletterForm.emailLabel")}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={words("newsletterForm.emailPlaceholder")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "newsletter-email-error" : undefined}
          className={cx(inputClasses, errors.email ? "border-red-300" : "border-line-ink")}
        />
        <button
          type="submit"
          {...armedControl}
          disabled={!live || status.kind === "sending"}
          aria-label={words("newsletterForm.subscribe")}
          className="absolute top-1 right-1 inline-flex size-10 items-center justify-center rounded-full bg-accent-on-ink text-ink hover:bg-white disabled:opacity-60"
        >
          <Icon node={arrowRightIcon} strokeWidth={2} className="size-5" />
        </button>
      </div>
      {errors.email && (
        <p id="newsletter-email-error" className="mt-2 text-sm text-red-300">
          {errors.email}
        </p>
      )}
      <div className="mt-4 flex items-start gap-3">
        <input
          id="newsletter-consent"
          name="consent"
          type="checkbox"
          required
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? "newsletter-consent-error" : undefined}
          className="mt-0.5 size-5 shrink-0 accent-accent-on-ink"
        />
        <label htmlFor="newsletter-consent" className="text-sm/6 text-on-ink-muted">
          {words("newsletterForm.consentBeforeLink")}{" "}
          <a href="/privacy-policy" className="text-on-ink underline underline-offset-2">
            {words("newsletterForm.consentLink")}
          </a>{" "}
          {words("newsletterForm.consentAfterLink")}
        </label>
      </div>
      {errors.consent && (
        <p id="newsletter-consent-error" className="mt-2 text-sm text-red-300">
          {errors.consent}
        </p>
      )}
      <noscript>
        <p className="mt-3 text-sm text-on-ink">{words("newsletterForm.noScript")}</p>
      </noscript>
      <p role="status" className="mt-3 min-h-6 text-sm text-on-ink">
        {status.kind === "sending" && words("newsletterForm.sending")}
        {status.kind === "awaiting-confirmation" && words("newsletterForm.awaitingConfirmation")}
      </p>
      {status.kind === "failed" && (
        <p role="alert" className="text-sm text-red-300">
          {words("newsletterForm.failed")}{" "}
          <a href={`mailto:${site.email.contact}`} className="text-on-ink underline underline-offset-2">
            {site.email.contact}
          </a>
          .
        </p>
      )}
    </form>
  );
}
