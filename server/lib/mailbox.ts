import { domainToASCII } from "node:url";
import addressparser from "nodemailer/lib/addressparser";

/**
 * One person's mailbox, however it was spelt (requirements LEAD-23, LEAD-29).
 * The address a visitor types is sent by nodemailer, which reads it as an
 * address list: comments, display names, groups, lists and quoted local parts
 * all reach one inbox under many spellings. So an address is taken only when
 * nodemailer's own parser finds exactly one plain mailbox equal to the input,
 * and is then stored, compared and erased in one canonical form.
 *
 * The one rule (LEAD-29): an address is taken in Unicode NFC, and that NFC
 * spelling is both where its e-mail goes and what is stored, so the key never
 * names a mailbox other than the one mailed. The key lower-cases ASCII letters
 * only, in the local part and the domain, and writes the domain as nodemailer
 * sends it (IDNA A-labels). No Unicode case folding: `admın` (dotless ı),
 * `roſſ` (long s) and `roß` are other mailboxes than `admin` and `ross`, and a
 * fold that joined them let a lookalike take another person's place.
 */

/** The address, in NFC, when nodemailer would send to exactly this one mailbox, else undefined. */
export function plainMailbox(typed: string): string | undefined {
  const input = typed.normalize("NFC");
  const parsed = addressparser(input);
  if (parsed.length !== 1) return undefined;
  const [only] = parsed;
  if (!only || only.group || only.name !== "" || only.address !== input) return undefined;
  const at = input.lastIndexOf("@");
  if (at <= 0 || input.includes('"')) return undefined;
  return domainToASCII(input.slice(at + 1)) ? input : undefined;
}

const ASCII_UPPER = /[A-Z]+/g;

/** A-Z to a-z and nothing else: the only case rule that never turns one mailbox into another. */
function asciiLower(text: string): string {
  return text.replace(ASCII_UPPER, (letters) => letters.toLowerCase());
}

/**
 * The key of a mailbox (LEAD-29): the local part in NFC with ASCII letters
 * lower-cased, `@`, the domain in IDNA ASCII form (what nodemailer sends to),
 * ASCII letters lower-cased. `Maria.Lopez@Example.COM` and
 * `maria.lopez@example.com` are one mailbox; `josé@x` and `JOSÉ@x` stay two,
 * as the mail server may keep them.
 */
export function canonicalMailbox(address: string): string {
  const at = address.lastIndexOf("@");
  const local = asciiLower(address.slice(0, at).normalize("NFC"));
  const domain = address.slice(at + 1).normalize("NFC");
  return `${local}@${asciiLower(domainToASCII(domain) || domain)}`;
}

/**
 * Whom an erasure reaches (LEAD-25, LEAD-30): a mailbox key whose local part is
 * also lower-cased beyond ASCII, since many mail servers deliver `JOSÉ@x` and
 * `josé@x` to one inbox, and an erasure should rather reach a person's every
 * spelling. Lower-casing (unlike case folding) joins no lookalike: after NFC no
 * character but İ lowers into ASCII, and İ lowers to `i` with a combining dot.
 */
export function erasureKey(address: string): string {
  const key = deliveredMailbox(address);
  const at = key.lastIndexOf("@");
  return `${key.slice(0, at).toLowerCase().normalize("NFC")}${key.slice(at)}`;
}

/**
 * The mailbox an address of any spelling stored before these rules reaches:
 * nodemailer's first mailbox, canonical. Erasure matches on it, so a sign-up
 * stored as `Maria <maria@example.com>` is erased with `maria@example.com`.
 */
export function deliveredMailbox(stored: string): string {
  const first = addressparser(stored, { flatten: true }).find((entry) => entry.address);
  return canonicalMailbox(first?.address ?? stored.trim());
}

/** The inbox behind a canonical mailbox for the resend guard: `v+news@x.com` and `v@x.com` share one. */
export function inboxKey(canonical: string): string {
  const at = canonical.lastIndexOf("@");
  const plus = canonical.indexOf("+");
  return plus > 0 && plus < at ? `${canonical.slice(0, plus)}${canonical.slice(at)}` : canonical;
}

export function mailboxDomain(canonical: string): string {
  return canonical.slice(canonical.lastIndexOf("@") + 1);
}
