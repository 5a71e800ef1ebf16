import m001 from "./001-initial.ts";
import m002 from "./002-double-opt-in-and-outbox.ts";
import m003 from "./003-canonical-mailboxes.ts";
import m004 from "./004-trust-center.ts";
import m005 from "./005-decision-approver.ts";
import m006 from "./006-traffic.ts";
import m007 from "./007-console.ts";
import m008 from "./008-mailbox-keys.ts";
import m009 from "./009-paced-mail-and-audit.ts";
import m010 from "./010-drop-traffic-salts.ts";
import type { Migration } from "./migration.ts";

/** The schema's changes, in order: one file each, version = place in this list. */
export const MIGRATIONS: readonly Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
];
