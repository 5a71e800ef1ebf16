/**
 * The playground's four samples (requirement PLAY-2: fictional data only).
 * Every value is one that is reserved, published as an example or test
 * value, or plainly made up:
 * - e-mail: example.org / example.com (RFC 2606);
 * - cards: the networks' published test numbers 4111 1111 1111 1111 (Visa),
 *   5555 5555 5555 4444 (Mastercard), 3782 822463 10005 (Amex);
 * - Aadhaar: 2345 6789 0124, the run 2345678901 given its Verhoeff check
 *   digit here (UIDAI publishes no test numbers; a counting run is plainly not issued);
 * - SSN: 219-09-9999, printed on a 1938 wallet insert and never valid since;
 * - IBAN: GB82 WEST 1234 5698 7654 32 and DE89 3704 0044 0532 0130 00, the
 *   registry's documented examples;
 * - phones: US 555-01xx, UK 07700 900xxx (Ofcom's drama range), India
 *   +91 98765 43210 and UAE +971 50 123 4567 (the digits counted down and up);
 * - PAN: ABCPE1234F, the letters and digits in order;
 * - IP addresses: the documentation ranges 192.0.2.0/24, 198.51.100.0/24,
 *   203.0.113.0/24 and 2001:db8::/32;
 * - people: made up for these samples (SAMPLE_PEOPLE), none a real customer.
 */

/** Everyone the samples name: invented here, and listed so a test can hold the samples to it. */
export const SAMPLE_PEOPLE = ["Asha Verma", "Tom Fielding", "Rivera", "Layla Haddad", "Jordan Lee"] as const;

export type SampleId = "support-ticket" | "patient-note" | "order-record" | "llm-prompt";

export interface SampleText {
  id: SampleId;
  title: string;
  text: string;
}

export const SAMPLE_TEXTS: readonly SampleText[] = [
  {
    id: "support-ticket",
    title: "Support ticket",
    text: `Ticket #48213, opened by Asha Verma (asha.verma@example.org)
Phone: +91 98765 43210
Hi team, my payment failed twice. I used the card 4111 1111 1111 1111 and my KYC was done with Aadhaar 2345 6789 0124.
Please call me back after 6 pm IST. The request came from 203.0.113.42.`,
  },
  {
    id: "patient-note",
    title: "Patient note",
    text: `Patient: Tom Fielding, DOB: 14/03/1961
Contact: 07700 900123, tom.fielding@example.com
Seen on 2024-11-05 for a follow-up. Referred by Dr. Rivera, (201) 555-0147.
Insurance billing to SSN 219-09-9999; next visit in six weeks.`,
  },
  {
    id: "order-record",
    title: "Order record",
    text: `Order 2024-118734
Customer: Layla Haddad, layla.haddad@example.com, +971 50 123 4567
Paid with 5555 5555 5555 4444; refund to IBAN GB82 WEST 1234 5698 7654 32
Shipped from the warehouse at 198.51.100.7. Customer PAN ABCPE1234F on the invoice.`,
  },
  {
    id: "llm-prompt",
    title: "LLM prompt",
    text: `Write a polite reply to Jordan Lee (jordan.lee@example.org), who was born on April 23, 1990 and calls from +1 201-555-0182.
Tell them the Amex 3782 822463 10005 was refunded to DE89 3704 0044 0532 0130 00.
Their last login came from 2001:db8:85a3::8a2e:370:7334.`,
  },
];
