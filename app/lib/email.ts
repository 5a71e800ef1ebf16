/**
 * A deliberately loose e-mail check: something, an @, a domain with a dot, no
 * spaces. Stricter patterns reject real addresses; the mailbox is the real test.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const EMAIL_MAX_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
