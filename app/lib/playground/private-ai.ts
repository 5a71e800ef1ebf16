/**
 * A stand-in for "an AI model" behind Veilvault: NOT a model, a handful of
 * transparent rules, so the playground can show the flow without sending a
 * word anywhere. It reads the tokenized prompt only, as a real model behind
 * the vault would, and answers in terms of the tokens; the UI then passes the
 * answer through the vault to show each token as the viewer's role allows
 * (value, mask or token).
 */
import type { FindingType } from "./detectors.ts";
import type { Replacement } from "./tokens.ts";

type PromptToken = Pick<Replacement, "type" | "token">;

/** One sentence per kind of data the prompt holds, in this order, each naming the first token of its type. */
const SENTENCES: ReadonlyArray<[FindingType, (token: string) => string]> = [
  ["card", (token) => `We have updated the card ending ${token.replace(/\D/g, "").slice(-4)} (${token}).`],
  ["iban", (token) => `The amount goes back to the account ${token}.`],
  ["aadhaar", (token) => `Your KYC with Aadhaar ${token} is complete.`],
  ["ssn", (token) => `Billing now refers to SSN ${token}.`],
  ["dob", (token) => `Your date of birth stays on file as ${token}.`],
  ["pan", (token) => `The invoice will show PAN ${token}.`],
  ["phone", (token) => `If anything is unclear we will call you on ${token}.`],
  ["ipv4", (token) => `The request from ${token} has been checked.`],
  ["ipv6", (token) => `The login from ${token} has been checked.`],
];

/** Answers a tokenized prompt with a short draft reply that refers to its tokens. */
export function privateAiAnswer(prompt: string, tokens: readonly PromptToken[]): string {
  const first = (type: FindingType): string | undefined => tokens.find((item) => item.type === type)?.token;
  const [name, email] = [first("name"), first("email")];
  const to = [name, email && (name ? `(${email})` : email)].filter(Boolean).join(" ");
  const opening = to ? `Draft reply to ${to}:` : "Draft reply:";
  const topic = /refund/i.test(prompt) ? "Your refund has been issued." : /fail|declin|error/i.test(prompt) ? "Sorry about the failed payment." : "Thank you for your message.";
  const details = SENTENCES.flatMap(([type, sentence]) => {
    const token = first(type);
    return token ? [sentence(token)] : [];
  });
  return [opening, topic, ...details].join(" ");
}
