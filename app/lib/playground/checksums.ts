/**
 * The three check-digit schemes the playground's detectors rely on: a digit
 * run that fails its scheme is not reported as that type, and the tokens use
 * the same functions to make a token pass (card, IBAN) or fail (Aadhaar) on
 * purpose. Inputs are digit strings (IBAN: upper-case letters and digits)
 * already stripped of separators.
 */

/** Luhn (ISO/IEC 7812-1), as payment card numbers end with. */
export function luhnValid(digits: string): boolean {
  return digits.length > 1 && luhnSum(digits) % 10 === 0;
}

/** Sum of the Luhn weights: every second digit from the right doubled, 10 and more reduced by 9. */
export function luhnSum(digits: string): number {
  let sum = 0;
  for (let fromRight = 0; fromRight < digits.length; fromRight++) {
    let digit = Number(digits.charAt(digits.length - 1 - fromRight));
    if (fromRight % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum;
}

/*
 * Verhoeff's scheme, which Aadhaar numbers end with: it catches every single
 * digit error and every swap of neighbours, which Luhn does not. The dihedral
 * group D5 product and the permutation powers are computed rather than
 * tabled: two short formulas instead of 180 table cells.
 */

/** The product j·k in D5, numbered 0-4 for rotations and 5-9 for reflections. */
function dihedral(j: number, k: number): number {
  const rotation = j < 5 ? j + k : j - k;
  return (((rotation % 5) + 5) % 5) + ((j < 5) === (k < 5) ? 0 : 5);
}

/** Verhoeff's permutation (1 5 7 6 2 8 3 0 9 4) applied `times` times to a digit. */
function permute(times: number, digit: number): number {
  const once = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];
  let result = digit;
  for (let i = 0; i < times % 8; i++) result = once[result] ?? 0;
  return result;
}

function verhoeffState(digits: string, offset: number): number {
  let check = 0;
  for (let fromRight = 0; fromRight < digits.length; fromRight++) {
    check = dihedral(check, permute(fromRight + offset, Number(digits.charAt(digits.length - 1 - fromRight))));
  }
  return check;
}

export function verhoeffValid(digits: string): boolean {
  return digits.length > 1 && verhoeffState(digits, 0) === 0;
}

/** The digit that, appended to `payload`, makes it pass Verhoeff. */
export function verhoeffCheckDigit(payload: string): string {
  const inverse = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];
  return String(inverse[verhoeffState(payload, 1)]);
}

/**
 * ISO 7064 MOD 97-10 over an IBAN moved and lettered as ISO 13616 says:
 * the first four characters go to the end and A-Z become 10-35. Computed
 * piecewise, so no big integers are needed.
 */
export function ibanRemainder(iban: string): number {
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const value = parseInt(char, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

export function ibanValid(iban: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z\d]+$/.test(iban) && ibanRemainder(iban) === 1;
}

/** The two check digits an IBAN of this country and BBAN must carry. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - ibanRemainder(`${country}00${bban}`)).padStart(2, "0");
}
