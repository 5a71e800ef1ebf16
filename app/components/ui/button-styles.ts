/** A link inside text or under a list: accent colour, always underlined. */
export const textLink = "text-accent-strong underline underline-offset-2";

/** The outlined button beside the demo button on ink bands ('Learn More', 'Download SOC 2 Guide'). */
export const secondaryOnInkButton =
  "inline-flex h-[46px] items-center justify-center gap-2 rounded-full border border-line-ink px-6 text-[0.9375rem] font-semibold text-on-ink hover:border-on-ink-muted";

/** The filled button of an ink band's one action ('Back to Home', 'Unsubscribe'). */
export const primaryOnInkButton =
  "inline-flex h-[46px] items-center justify-center gap-2 rounded-full bg-accent px-6 text-[0.9375rem] font-semibold text-white hover:bg-accent-strong";

/** A form's send button: the contact form's and the Trust Center request's; disabled until the form can send. */
export const formSubmitButton =
  "inline-flex h-12 items-center justify-center self-start rounded-full bg-accent px-8 font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60";
