import { createTransport } from "nodemailer";
import type { MailMessage } from "./messages.ts";

/** Every step of an SMTP conversation has a deadline, so a mail server that stalls fails the attempt instead of holding it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 } as const;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A few open connections carry every e-mail: a new SMTP conversation per message would cap delivery at tens a second. */
const SMTP_POOL = { pool: true, maxConnections: 4, maxMessages: 500 } as const;

/** The mail server of SMTP_URL (nodemailer: STARTTLS where offered on smtp://, TLS from the start on smtps://). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS, ...SMTP_POOL }, { from });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close() {
      transport.close();
    },
  };
}
