import { LEAD_FIELDS, type LeadBody } from "../../common/lead-fields.ts";
import { NEWSLETTER_PATHS } from "../newsletter/paths.ts";
import { type OutboxJob } from "../db/outbox-records.ts";
import type { StoredLead, StoredSubscriber, StoredTrustRequest } from "../db/store.ts";
import { TRUST_DECISION_LINK_DAYS, TRUST_DOWNLOAD_LINK_DAYS } from "../../common/trust-center.ts";
import { inertLinks, quoted } from "./requester-text.ts";
import { UNSUBSCRIBE_LINK_VALID_DAYS } from "../lib/link-tokens.ts";

/**
 * What each job says: the webhook's JSON body and the two e-mails. Written from
 * the stored lead or sign-up when the job is sent, so the outbox itself keeps
 * no copy of anyone's details.
 */


function leadFields(lead: StoredLead): LeadBody {
  return Object.fromEntries(LEAD_FIELDS.map((field) => [field, lead[field]])) as unknown as LeadBody;
}

/** The webhook body of a lead: `{"type":"lead.created","id","createdAt","lead":{the seven fields},"spam"}`. */
export function leadWebhookBody(lead: StoredLead): string {
  return JSON.stringify({ type: "lead.created", id: lead.id, createdAt: lead.createdAt, lead: leadFields(lead), spam: lead.spam });
}

/**
 * The webhook body of an erasure: the ids of the leads and sign-ups erased,
 * which every earlier event named, and no address, so the receiver erases
 * the same records and the outbox keeps nothing of the person.
 */
export function erasureWebhookBody(job: OutboxJob): string {
  const ids = (key: string) => (Array.isArray(job.payload[key]) ? (job.payload[key] as unknown[]).map(String) : []);
  return JSON.stringify({
    type: "person.erased",
    id: job.subjectId,
    createdAt: job.createdAt,
    leads: ids("leads"),
    subscribers: ids("subscribers"),
    trustRequests: ids("trustRequests"),
  });
}

/** The webhook body of a confirmed or unsubscribed newsletter address, with its consent record. */
export function subscriberWebhookBody(event: "newsletter.confirmed" | "newsletter.unsubscribed", subscriber: StoredSubscriber): string {
  return JSON.stringify({
    type: event,
    id: subscriber.id,
    createdAt: subscriber.createdAt,
    subscriber: {
      email: subscriber.email,
      consentVersion: subscriber.consentVersion,
      signedUpAt: subscriber.signedUpAt,
      confirmedAt: subscriber.confirmedAt,
      unsubscribedAt: subscriber.unsubscribedAt,
    },
  });
}

/** An e-mail as the mailer sends it. */
export interface MailMessage {
  to: string | string[];
  /** A bare address, or one with the display name a visitor gave. */
  replyTo?: string | { name: string; address: string };
  subject: string;
  text: string;
  /** Stable per job, so an inbox can drop a repeat delivery. */
  messageId: string;
  headers?: Record<string, string>;
}

export function messageId(job: OutboxJob, siteUrl: string): string {
  return `<${job.id}@${new URL(siteUrl).hostname}>`;
}

/** The lead's id as the subject shows it: enough to tell leads apart in an inbox. */
export function shortLeadId(id: string): string {
  return id.slice(0, 8);
}

/**
 * The sales team's notice of a lead: every field, and Reply-To the visitor,
 * so answering is one click. The subject is fixed but for the lead's short
 * id: the visitor's words, which may be a phishing line, stay in the body.
 */
export function salesNotification(lead: StoredLead, job: OutboxJob, siteUrl: string, to: string | string[]): MailMessage {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(" ");
  return {
    to,
    replyTo: { name, address: lead.email },
    subject: `New website enquiry (lead ${shortLeadId(lead.id)})`,
    messageId: messageId(job, siteUrl),
    text: [
      `A visitor sent the contact form on ${new URL(siteUrl).hostname}. Reply to this e-mail to answer them.`,
      "",
      `Name: ${name}`,
      `E-mail: ${lead.email}`,
      `Company: ${lead.companyName}`,
      `Phone: +${lead.contactNumber}`,
      `Accepted the terms: ${lead.termsAccepted ? "yes" : "no"}`,
      `Received: ${lead.createdAt}`,
      `Lead id: ${lead.id}`,
      "",
      "Message:",
      lead.description,
      "",
    ].join("\n"),
  };
}

/** The newsletter's links for one sign-up, on the public site. */
export function newsletterLinks(siteUrl: string, tokens: { confirmToken: string; unsubscribeToken: string }) {
  const origin = new URL(siteUrl).origin;
  const query = (token: string) => `?token=${encodeURIComponent(token)}`;
  return {
    confirm: `${origin}${NEWSLETTER_PATHS.confirmPage}${query(tokens.confirmToken)}`,
    unsubscribePage: `${origin}${NEWSLETTER_PATHS.unsubscribePage}${query(tokens.unsubscribeToken)}`,
    oneClick: `${origin}${NEWSLETTER_PATHS.unsubscribe}${query(tokens.unsubscribeToken)}`,
  };
}

/**
 * The one e-mail a sign-up gets before it is confirmed. Like every newsletter
 * mail, it carries an unsubscribe link and RFC 8058's one-click headers.
 */
export function confirmationMessage(
  subscriber: StoredSubscriber,
  job: OutboxJob,
  siteUrl: string,
  tokens: { confirmToken: string; unsubscribeToken: string },
): MailMessage {
  const links = newsletterLinks(siteUrl, tokens);
  return {
    to: subscriber.email,
    subject: "Confirm your Veilvault newsletter subscription",
    messageId: messageId(job, siteUrl),
    headers: { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    text: [
      "Someone, probably you, asked for the Veilvault newsletter at this address.",
      "",
      "To confirm, open this link within 72 hours and press the button on the page:",
      links.confirm,
      "",
      "If it was not you, ignore this e-mail: nothing more is sent to an address that is not confirmed.",
      "",
      `To stop any mail from us (this link works for ${UNSUBSCRIBE_LINK_VALID_DAYS} days): ${links.unsubscribePage}`,
      "",
    ].join("\n"),
  };
}

/** The webhook body of a Trust Center request (requirement TRUST-5): who asks for what, and the terms they accepted. */
export function trustRequestWebhookBody(request: StoredTrustRequest): string {
  return JSON.stringify({
    type: "trust.access_requested",
    id: request.id,
    createdAt: request.createdAt,
    request: {
      name: request.name,
      email: request.email,
      company: request.company,
      role: request.role,
      documents: request.documents,
      reason: request.reason,
      ndaVersion: request.ndaVersion,
      ndaHash: request.ndaHash,
    },
  });
}

/** A document's title for an e-mail; its id when the build no longer offers it. */
export type DocumentTitles = (id: string) => string;

function documentList(request: StoredTrustRequest, titles: DocumentTitles): string {
  return request.documents.map((id) => `- ${titles(id)}`).join("\n");
}

/** Everything a requester typed, a line a field, for the approvers to read below our own words. */
function requesterLines(request: StoredTrustRequest): string[] {
  return [`Name: ${request.name}`, `E-mail: ${request.email}`, `Company: ${request.company}`, `Role: ${request.role}`, "Why they need the documents:", request.reason];
}

/** The heading of what a requester typed, in an approver's e-mail. */
export const REQUESTER_TEXT_HEADING = "Sent by the requester, unverified:";

/**
 * An approver's notice of a request (requirement TRUST-5). Our own words and
 * the two links come first; everything the requester typed comes after them,
 * quoted line by line under REQUESTER_TEXT_HEADING with its links made inert,
 * so no text of theirs can pass for an approve or deny link of ours. Reply-To
 * is their bare address: a display name of their choosing could read as one
 * of ours. The subject is fixed but for the short id.
 */
export function trustApprovalMessage(
  request: StoredTrustRequest,
  job: OutboxJob,
  siteUrl: string,
  links: { approve: string; deny: string },
  titles: DocumentTitles,
): MailMessage {
  const expires = new Date(Date.parse(request.createdAt) + TRUST_DECISION_LINK_DAYS * 24 * 60 * 60 * 1000);
  const typed = requesterLines(request);
  return {
    to: job.recipient ?? [],
    replyTo: request.email,
    subject: `Trust Center request to approve (request ${shortLeadId(request.id)})`,
    messageId: messageId(job, siteUrl),
    text: [
      `Someone asked for gated documents on the Trust Center of ${new URL(siteUrl).hostname}. Reply to this e-mail to ask them a question.`,
      "",
      `Request id: ${request.id}`,
      `Received: ${request.createdAt}`,
      `Accepted the non-disclosure terms: version ${request.ndaVersion} (text SHA-256 ${request.ndaHash})`,
      "",
      "Documents:",
      documentList(request, titles),
      "",
      `To approve, open this link and press the button on the page. The requester then gets a download link for each document, valid for ${TRUST_DOWNLOAD_LINK_DAYS} days and once, which gives a copy stamped with their name:`,
      links.approve,
      "",
      "To deny, open this link and press the button on the page:",
      links.deny,
      "",
      `Both links work until one of the approvers decides, and at most until ${expires.toISOString()}. An operator may also decide with: npm run trust -- approve|deny ${request.id}`,
      "",
      "The two links above are the only ones from us. Below is what the requester typed, unchecked; any web address in it is written so that it cannot be opened (hxxps[:]//example[.]com).",
      "",
      REQUESTER_TEXT_HEADING,
      ...quoted(typed.map(inertLinks)),
      "",
    ].join("\n"),
  };
}

/** The requester's e-mail after approval: one single-use download link per document. */
export function trustGrantedMessage(
  request: StoredTrustRequest,
  job: OutboxJob,
  siteUrl: string,
  links: readonly { document: string; url: string }[],
  titles: DocumentTitles,
): MailMessage {
  return {
    to: request.email,
    subject: "Your Veilvault Trust Center documents are ready",
    messageId: messageId(job, siteUrl),
    text: [
      `Hello ${request.name},`,
      "",
      "Your request for Veilvault Trust Center documents was approved. Each link below leads to a page with one button that downloads your copy:",
      "",
      ...links.flatMap((link) => [`${titles(link.document)}:`, link.url, ""]),
      `Each link works once, for ${TRUST_DOWNLOAD_LINK_DAYS} days. Every page of your copy carries your name, company, address, the date and your request id (${request.id}), under the non-disclosure terms you accepted (version ${request.ndaVersion}).`,
      "",
      "If you did not ask for these documents, ignore this e-mail and the links expire unused.",
      "",
    ].join("\n"),
  };
}

/** The requester's e-mail after a denial. */
export function trustDeniedMessage(request: StoredTrustRequest, job: OutboxJob, siteUrl: string): MailMessage {
  const origin = new URL(siteUrl).origin;
  return {
    to: request.email,
    subject: "Your Veilvault Trust Center request",
    messageId: messageId(job, siteUrl),
    text: [
      `Hello ${request.name},`,
      "",
      "We could not approve your request for Veilvault Trust Center documents this time.",
      "",
      `If you are evaluating Veilvault with our team, tell us through ${origin}/get-in-touch and we will find the right way to share what you need.`,
      "",
    ].join("\n"),
  };
}

/** An operator's console sign-in link (requirement OPS-2): it works once, for the minutes given. */
export function consoleSignInMessage(job: OutboxJob, siteUrl: string, link: string, minutes: number): MailMessage {
  return {
    to: job.recipient ?? [],
    subject: `Your sign-in link for the ${new URL(siteUrl).hostname} console`,
    messageId: messageId(job, siteUrl),
    text: [
      `Someone asked to sign in to the operator console of ${new URL(siteUrl).hostname} with this address. To sign in, open this link and press the button on the page:`,
      link,
      "",
      `It works once, for ${minutes} minutes after it was asked for (${job.createdAt}).`,
      "",
      "If you did not ask for it, ignore this e-mail: without the link, nobody can sign in as you.",
      "",
    ].join("\n"),
  };
}

/**
 * Many requests for one approver in one e-mail (requirement TRUST-6): past
 * the hourly caps, approvers get a digest each interval instead of an e-mail
 * a request. Each request has its own approve and deny links, derived from its
 * own job's id like the single e-mail's; what requesters typed comes after
 * the links, quoted.
 */
export function trustDigestMessage(
  entries: readonly { request: StoredTrustRequest; job: OutboxJob; links: { approve: string; deny: string } }[],
  siteUrl: string,
  titles: DocumentTitles,
): MailMessage {
  const [first] = entries;
  if (!first) throw new Error("a digest needs at least one request");
  const host = new URL(siteUrl).hostname;
  return {
    to: first.job.recipient ?? [],
    subject: `Trust Center requests to approve: ${entries.length} waiting`,
    messageId: messageId(first.job, siteUrl),
    text: [
      `More requests than usual reached the Trust Center of ${host}, so they come together in this e-mail instead of one e-mail each. Each has its own links: open one and press the button on the page. An operator may also decide with: npm run trust -- approve|deny <request id>`,
      "",
      ...entries.flatMap(({ request, links }, index) => [
        `${index + 1}. Request ${request.id}, received ${request.createdAt}, for: ${request.documents.map(titles).join(", ")}`,
        `   To approve: ${links.approve}`,
        `   To deny: ${links.deny}`,
        `   ${REQUESTER_TEXT_HEADING}`,
        ...quoted(requesterLines(request).map(inertLinks)),
        "",
      ]),
      `The links work until one of the approvers decides, and at most ${TRUST_DECISION_LINK_DAYS} days after each request.`,
      "",
    ].join("\n"),
  };
}
