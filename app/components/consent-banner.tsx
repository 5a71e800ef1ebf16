import { useEffect, useRef } from "react";
import { browserStorage, writeConsent, type ConsentChoice } from "../lib/consent.ts";
import { words } from "../content/interface-words.ts";

/**
 * The cookie consent banner (requirements CONSENT-1 to CONSENT-9). Whether
 * it shows is decided by <html data-consent="ask">, set before the first paint
 * by the head script and by 'Cookie settings'; this component only records the
 * choice and keeps the page's bottom padding equal to the banner's height.
 */
/**
 * The elements that keep room for the banner (app.css, --consent-space). The
 * open mobile menu keeps the stylesheet's estimate, which fits the banner's
 * tallest layouts: it belongs to the header's island, whose markup this one
 * leaves alone.
 */
const SPACED = "html, .site-footer";

/** The footer's "Cookie settings" button. */
export const COOKIE_SETTINGS_ID = "cookie-settings";

/** The measured room, or null to fall back to the stylesheet's estimate. */
function setConsentSpace(value: string | null) {
  for (const element of document.querySelectorAll<HTMLElement>(SPACED)) {
    if (value) element.style.setProperty("--consent-space", value);
    else element.style.removeProperty("--consent-space");
  }
}

export function ConsentBanner() {
  const bannerRef = useRef<HTMLElement>(null);

  // "Cookie settings" is in the footer, drawn without script: the banner, which is live on every page, answers it.
  useEffect(() => {
    const opener = document.getElementById(COOKIE_SETTINGS_ID);
    opener?.addEventListener("click", openConsentBanner);
    return () => opener?.removeEventListener("click", openConsentBanner);
  }, []);

  useEffect(() => {
    const banner = bannerRef.current;
    if (!banner) return;
    const observer = new ResizeObserver(() => {
      const height = banner.offsetHeight;
      setConsentSpace(height > 0 ? `${height + 24}px` : null);
    });
    observer.observe(banner);
    return () => observer.disconnect();
  }, []);

  function choose(choice: ConsentChoice) {
    writeConsent(browserStorage(), choice, Date.now());
    const root = document.documentElement;
    delete root.dataset.consent;
    setConsentSpace(null);
    const opener = document.getElementById(COOKIE_SETTINGS_ID);
    if (opener && bannerRef.current?.contains(document.activeElement) && root.dataset.consentReopened) {
      opener.focus();
    }
    delete root.dataset.consentReopened;
  }

  return (
    <section
      ref={bannerRef}
      id="consent-banner"
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      className="consent-banner fixed right-4 bottom-4 left-4 z-50 sm:right-auto sm:max-w-md"
    >
      <div className="rounded-2xl border border-line bg-surface p-5 text-text shadow-2xl">
        <h2 id="consent-title" className="text-base font-semibold">
          {words("consentBanner.heading")}
        </h2>
        <p id="consent-text" className="mt-1 text-sm/6 text-text-muted">
          {words("consentBanner.text")}{" "}
          <a href="/privacy-policy" className="font-medium text-accent-strong underline underline-offset-2">
            {words("consentBanner.policyLink")}
          </a>
          .
        </p>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <button
            type="button"
            onClick={() => choose("rejected")}
            className="h-11 rounded-full border-2 border-ink bg-surface px-4 text-sm font-semibold text-ink hover:bg-surface-muted"
          >
            {words("consentBanner.reject")}
          </button>
          <button
            type="button"
            onClick={() => choose("accepted")}
            className="h-11 rounded-full border-2 border-ink bg-ink px-4 text-sm font-semibold text-on-ink hover:bg-ink-soft"
          >
            {words("consentBanner.accept")}
          </button>
        </div>
      </div>
    </section>
  );
}

/** Reopens the banner so a choice can be changed or withdrawn as easily as it was given. */
export function openConsentBanner(): void {
  const root = document.documentElement;
  root.dataset.consent = "ask";
  root.dataset.consentReopened = "true";
  // The banner is display:none until the attribute lands; focus it on the next frame.
  requestAnimationFrame(() => document.querySelector<HTMLButtonElement>("#consent-banner button")?.focus());
}
