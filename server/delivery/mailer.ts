import { createTransport } from "nodemailer";
import type { MailMessage } from "./messages.ts";

/** Every step of an SMTP conversation has a deadline, so a mail server that stalls fails the attempt instead of holding it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 } as const;

export interface Mailer {
  /** Resolves only when the mail server took the message for every recipient; throws otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A few open connections carry every e-mail: a new SMTP conversation per
 * message would cap delivery at tens a second. As many as the deliverer sends
 * at once (8), so a relay taking 300 ms a message still drains about 26 a
 * second, not half that with jobs queued for a connection.
 */
const SMTP_POOL = { pool: true, maxConnections: 8, maxMessages: 500 } as const;

/** nodemailer's error codes for a refusal of the sender, a recipient or the message itself (not of our login or connection). */
const REFUSAL_CODES = new Set(["EENVELOPE", "EMESSAGE"]);

/**
 * A 5xx reply to the envelope or the message is the mail server's final word
 * (requirement LEAD-29): retrying would only repeat it for a day. A 4xx reply
 * or a network error may pass, so it is retried. A 5xx to our login is not
 * final either: it is our settings, and the jobs must wait for them.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  return typeof code === "string" && REFUSAL_CODES.has(code) && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

/** The mail server of SMTP_URL (nodemailer: STARTTLS where offered on smtp://, TLS from the start on smtps://). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS, ...SMTP_POOL }, { from });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      // One recipient refused among several: nodemailer resolves, and the message did not reach everyone.
      const refused = info.rejectedErrors?.[0];
      if (refused) throw refused;
      if (info.rejected.length > 0) throw Object.assign(new Error("a recipient was refused"), { code: "EENVELOPE" });
    },
    close() {
      transport.close();
    },
  };
}
