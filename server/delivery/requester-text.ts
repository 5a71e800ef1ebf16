/**
 * What a visitor typed, shown to our staff in an e-mail that also carries
 * links which act (requirement TRUST-5): quoted after our own text, every
 * line marked, and with nothing in it a mail client would turn into a link.
 */

/**
 * Mail clients make links of URLs, bare domains (`evil.example/approve`,
 * `www.…`) and addresses even in plain text. Breaking every dot that comes
 * before a letter, and every scheme, leaves no host name a client can link,
 * whatever the wording around it. The spelling is the one security teams
 * write indicators in (`hxxps[:]//evil[.]example`), which the approvers, the
 * security team's inboxes, read without a second look; a sentence's
 * "e.g." reads as "e[.]g." at worst.
 */
const DOT_BEFORE_LETTER = /(?<=[\p{L}\p{N}_-])[.\u3002\uFF0E\uFF61](?=\p{L})/gu;
/** A dotted IPv4 address, which some clients link as they would a host name. */
const IPV4 = /(?<!\d)\d{1,3}(?:\.\d{1,3}){3}(?!\d)/g;
const HTTP_SCHEME = /\bhttp(s?)(?=[:\uFF1A])/giu;
/** The colon of `scheme://`, whatever the scheme (no look-behind over the scheme: linear on any text). */
const SCHEME_SLASHES = /[:\uFF1A](?=\/\/)/gu;
/** The schemes clients link without slashes. */
const SCHEME_BARE = /\b(mailto|tel|sms|callto|sip|xmpp|skype|data|javascript)[:\uFF1A]/giu;

export function inertLinks(text: string): string {
  return text
    .replace(HTTP_SCHEME, (_match, secure: string) => `hxxp${secure.toLowerCase()}`)
    .replace(SCHEME_SLASHES, "[:]")
    .replace(SCHEME_BARE, "$1[:]")
    .replace(IPV4, (address) => address.replaceAll(".", "[.]"))
    .replace(DOT_BEFORE_LETTER, "[.]");
}

/** Every way a mail client may start a new line. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** Lines as a mail quotes them: each one, blank ones too, begins with "> ", so no line of it can pass for ours. */
export function quoted(lines: readonly string[]): string[] {
  return lines.flatMap((line) => line.split(LINE_BREAK)).map((line) => (line ? `> ${line}` : ">"));
}
