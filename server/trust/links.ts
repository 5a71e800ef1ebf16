import { linkToken, tokenHash } from "../lib/link-tokens.ts";
import { TRUST_PAGES } from "../../common/trust-center.ts";

/**
 * The Trust Center's links (requirement TRUST-5). Like the newsletter's, a
 * token is derived from its e-mail's job id and a key kept outside the
 * database, when the e-mail is written; the database holds only hashes.
 */

/** An approver's two links, from the id of the e-mail that carries them. */
export function decisionTokens(key: Buffer, jobId: string): { approve: string; deny: string } {
  return { approve: linkToken(key, "trust-approve", jobId), deny: linkToken(key, "trust-deny", jobId) };
}

/** A requester's download link for one document, from the id of the e-mail that carries it. */
export function downloadToken(key: Buffer, jobId: string, document: string): string {
  return linkToken(key, `trust-download.${document}`, jobId);
}

/** The hashes a request stores for its approvers' e-mails, each with the address it went to. */
export function decisionLinkHashes(
  key: Buffer,
  approvers: readonly { jobId: string; recipient: string }[],
): { tokenHash: string; decision: "approve" | "deny"; approver: string }[] {
  return approvers.flatMap(({ jobId, recipient }) => {
    const tokens = decisionTokens(key, jobId);
    return [
      { tokenHash: tokenHash(tokens.approve), decision: "approve" as const, approver: recipient },
      { tokenHash: tokenHash(tokens.deny), decision: "deny" as const, approver: recipient },
    ];
  });
}

/** The hashes an approval stores, one per document. */
export function downloadLinkHashes(key: Buffer, jobId: string, documents: readonly string[]): { tokenHash: string; document: string }[] {
  return documents.map((document) => ({ tokenHash: tokenHash(downloadToken(key, jobId, document)), document }));
}

/** A page's address with its token, on the public site. */
export function trustLink(siteUrl: string, page: keyof typeof TRUST_PAGES, token: string): string {
  return `${new URL(siteUrl).origin}${TRUST_PAGES[page]}?token=${encodeURIComponent(token)}`;
}
