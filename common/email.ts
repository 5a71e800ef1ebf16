/**
 * A deliberately loose e-mail check: something, an @, a domain with a dot, no
 * spaces. Stricter patterns reject real addresses; the mailbox is the real test.
 * Internationalised addresses (josé@exámple.com) pass. What it refuses besides
 * is the syntax that makes one string an address list to a mail library:
 * comments `()`, display names `<>`, lists `,`, groups `:;`, quoted local
 * parts `"` and backslashes, domain literals `[]` (requirement LEAD-23); the server
 * then asks nodemailer's own parser (server/lib/mailbox.ts).
 */
import { hasUnseenCharacter } from "./visible-text.ts";

const EMAIL_PATTERN = /^[^\s@()<>,;:"\\[\]]+@[^\s@()<>,;:"\\[\].]+(?:\.[^\s@()<>,;:"\\[\].]+)+$/;

export const EMAIL_MAX_LENGTH = 254;

/**
 * No control, format, bidi, default-ignorable or white-space character, and no
 * broken UTF-16: an address is copied into mail clients and exports, where an
 * unseen character makes it point somewhere other than what was read.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && !hasUnseenCharacter(value) && EMAIL_PATTERN.test(value);
}
