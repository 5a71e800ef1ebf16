/** What the console's audit log records (requirement OPS-3), by these names only, so the log can be filtered by them. */
export const AUDIT_ACTIONS = [
  "requested a sign-in link",
  "signed in",
  "signed out",
  "viewed traffic",
  "viewed leads",
  "exported leads",
  "opened lead",
  "marked lead handled",
  "erased a person's data",
  "viewed newsletter",
  "exported newsletter",
  "viewed delivery",
  "retried a job",
  "retried every dead job",
  "viewed the audit log",
  "refused a form",
  "limit reached",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
