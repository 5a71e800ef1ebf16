/**
 * The playground page's own copy (PLAY-1): the steps the prerendered page
 * explains, which is all a visitor without JavaScript gets. It describes the
 * mechanisms the product description names and claims nothing beyond them.
 * The tool's labels are in playground-tool.ts, the invitation to the page in
 * playground-invite.ts, each downloaded only where it is used.
 */

export interface PlaygroundStep {
  id: string;
  title: string;
  body: string;
}

export const playgroundSteps = {
  eyebrow: "What the playground does",
  heading: "Five steps, all on this page",
  intro:
    "Each step is a simplified version of what the vault does with real data. Nothing you type is sent, stored or kept: close the tab and it is gone.",
  steps: [
    {
      id: "find",
      title: "Find personal data",
      body: "Patterns find candidates, then the checks real systems use decide: Luhn for card numbers, Verhoeff for Aadhaar numbers, MOD 97 for IBANs, numbering plans for phone numbers in India, the United States, the United Kingdom and the UAE, plus e-mail and IP addresses, US SSNs, Indian PANs, dates of birth and the names of people, told apart from places, brands and teams by word lists and the words around them.",
    },
    {
      id: "tokenize",
      title: "Swap values for tokens",
      body: "Each value is replaced by a token of the same length and shape, so forms, columns and validators downstream keep working. Random tokens cannot be worked out from the value; deterministic tokens, keyed by a secret made for your visit, give the same value the same token.",
    },
    {
      id: "reveal",
      title: "Decide who sees what",
      body: "A support agent sees masked values, an analyst sees tokens only, a privacy officer sees values for a stated purpose, and break-glass access needs a reason and is flagged. Access comes as a grant that expires after a minute.",
    },
    {
      id: "audit",
      title: "Log every step",
      body: "Every tokenization, reveal and refusal is added to a log in which each entry carries the SHA-256 hash of the one before. Verifying recomputes the chain, so an edited entry shows up at once.",
    },
    {
      id: "private-ai",
      title: "Keep values out of a model",
      body: "The prompt goes to the model with tokens only, and the answer is shown with values again only to a role allowed to see them. The model here is a few plain rules, not AI, so nothing leaves the page.",
    },
  ] satisfies PlaygroundStep[],
  noScript:
    "The playground runs in your browser and needs JavaScript, which is turned off or blocked here. The steps below describe what it does.",
} as const;
