import type { TrustRequestCaps } from "../db/store.ts";

/**
 * Trust Center requests stored per mailbox a day, per domain an hour, and in
 * all an hour (requirement TRUST-6). A buyer asks once or twice; a script
 * asking for every address it can think of costs the approvers' inboxes at
 * most this much. Beyond a cap the request is dropped and the visitor sees the
 * same answer as any other, so the form tells no one what another has asked.
 */
export const DEFAULT_TRUST_REQUEST_CAPS: TrustRequestCaps = { perMailboxPerDay: 3, perDomainPerHour: 10, perHour: 60 };
