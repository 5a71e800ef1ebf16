import { LEAD_FIELDS, type LeadBody } from "../../common/lead-fields.ts";
import { NEWSLETTER_PATHS } from "../leads/newsletter-paths.ts";
import { UNSUBSCRIBE_LINK_VALID_DAYS, type OutboxJob } from "../leads/outbox.ts";
import type { StoredLead, StoredSubscriber } from "../leads/store.ts";

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
  return JSON.stringify({ type: "person.erased", id: job.subjectId, createdAt: job.createdAt, leads: ids("leads"), subscribers: ids("subscribers") });
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
  replyTo?: { name: string; address: string };
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
