/**
 * What the words of content files may be, so that none of them ever becomes
 * code on a page, in a feed or in a Markdown twin (EDIT-7): no HTML of their
 * own, and links and pictures only to addresses that open a page or a mail.
 * The content checks refuse anything else at build (app/content/markdown-checks.ts,
 * schemas/copy.ts), and the Markdown renderer (markdown.server.ts) draws it
 * inert should it ever get past them.
 */

/**
 * The start of an HTML tag, comment, declaration or processing instruction:
 * `<b`, `</p`, `<!--`, `<!DOCTYPE`, `<?`. A `<` before a space or a digit
 * ("a < b", "<5 ms") is not one.
 */
const MARKUP = /<\/?[A-Za-z][\w:-]*(?=[\s/>]|$)|<!--|<![A-Za-z[]|<\?/;

/** The first piece of HTML in a plain text, as written (`<img`), or undefined when it has none. */
export function markupIn(text: string): string | undefined {
  return MARKUP.exec(text)?.[0];
}

/**
 * The addresses a link may go to: a page of this site (`/features`, never
 * `//host`), a place on the same page (`#faq`), a web address, or a mail
 * address. Judged on the address exactly as written, so that no character
 * reference (`java&#x73;cript:`), case or white space can turn it into
 * another scheme: its first characters fix the scheme.
 */
const SAFE_LINK = /^(?:\/(?![/\\])|#|https?:\/\/|mailto:)/i;

/** A picture comes from this site (`/blog/cover.png`); the CSP loads no other. */
const SAFE_IMAGE = /^\/(?![/\\])/;

export function isSafeLinkTarget(href: string): boolean {
  return SAFE_LINK.test(href);
}

export function isSafeImageSource(src: string): boolean {
  return SAFE_IMAGE.test(src);
}

/** An address as a message shows it: its first 40 characters. */
export function shownAddress(address: string): string {
  return address.length > 40 ? `${address.slice(0, 40)}…` : address;
}
