import { domainToASCII } from "node:url";
import addressparser from "nodemailer/lib/addressparser";

/**
 * One person's mailbox, however it was spelt (requirement LEAD-23). The
 * address a visitor types is sent by nodemailer, which reads it as an address
 * list: comments, display names, groups, lists and quoted local parts all
 * reach one inbox under many spellings. So an address is taken only when
 * nodemailer's own parser finds exactly one plain mailbox equal to the input,
 * and is then stored, compared and erased in one canonical form.
 */

/** The address when nodemailer would send to exactly this one mailbox, else undefined. */
export function plainMailbox(input: string): string | undefined {
  const parsed = addressparser(input);
  if (parsed.length !== 1) return undefined;
  const [only] = parsed;
  if (!only || only.group || only.name !== "" || only.address !== input) return undefined;
  const at = input.lastIndexOf("@");
  if (at <= 0 || input.includes('"')) return undefined;
  return domainToASCII(input.slice(at + 1)) ? input : undefined;
}

/**
 * Full case folding of the local part (upper-casing first folds ß to SS and
 * the like, which lower-casing alone does not), the domain in IDNA ASCII form,
 * lower-cased: `JOSÉ.ÑÚÑEZ@EXÁMPLE.com` and `josé.ñúñez@exámple.com` are one
 * mailbox. Every mail provider in use treats local parts case-insensitively.
 */
export function canonicalMailbox(address: string): string {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at).normalize("NFC").toUpperCase().toLowerCase().normalize("NFC");
  const domain = address.slice(at + 1);
  return `${local}@${(domainToASCII(domain) || domain).toLowerCase()}`;
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
