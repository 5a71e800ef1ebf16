import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { SMTP_PASSWORD, SMTP_USER } from "./delivery-sink-settings.ts";

/**
 * The real far ends of lead delivery for tests: an SMTP server (npm
 * smtp-server) that takes mail with a password and keeps every message, and an
 * HTTP receiver that verifies each webhook's signature the way the Standard
 * Webhooks spec tells a receiver to, written here apart from the server's own
 * signing code. Both listen on 127.0.0.1 only.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  /** The text part as mailparser shows it in HTML: what its linkifier (linkify-it with every TLD, bare hosts, IPs and addresses) makes links of, as a mail client would. */
  textAsHtml: string;
  /** The HTML part, or "" for none. */
  html: string;
  messageId: string;
  /** Raw header values by lower-case name, unfolded (mailparser would restructure List-* headers). */
  headers: Map<string, string>;
  raw: string;
}

export { SMTP_PASSWORD, SMTP_USER } from "./delivery-sink-settings.ts";

export interface MailSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** While set, every message is refused with this SMTP reply code (4xx: try later, 5xx: never). */
  refuseWith: number | undefined;
  /** Recipients refused at RCPT TO, with the reply code, while they are in the map. */
  refuseRecipients: Map<string, number>;
  /** How long the server takes to accept each message, as a slow relay would. */
  delayMs: number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Polls `check` every 25 ms until it holds, or fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function waitUntil<T>(read: () => T[], count: number, timeoutMs: number, what: string): Promise<T[]> {
  try {
    await until(() => read().length >= count, timeoutMs, `${count} ${what}`);
  } catch {
    throw new Error(`waited ${timeoutMs} ms for ${count} ${what}, got ${read().length}`);
  }
  return read();
}

function addressText(value: { text: string } | { text: string }[] | undefined): string {
  if (!value) return "";
  return Array.isArray(value) ? value.map((item) => item.text).join(", ") : value.text;
}

export async function startMailSink(port = 0): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  const sink = { refuseWith: undefined as number | undefined, refuseRecipients: new Map<string, number>(), delayMs: 0 };
  const server = new SMTPServer({
    // Plain SMTP with AUTH on loopback: no certificate to trust in tests.
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      if (sink.refuseWith) callback(Object.assign(new Error("Refused by the test"), { responseCode: sink.refuseWith }));
      else callback();
    },
    onRcptTo(address, _session, callback) {
      const code = sink.refuseRecipients.get(address.address);
      // A real server's refusal names the recipient, as the review's did.
      if (code) callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected by the test`), { responseCode: code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            messages.push({
              from: addressText(parsed.from),
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              replyTo: addressText(parsed.replyTo),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              textAsHtml: parsed.textAsHtml ?? "",
              html: parsed.html || "",
              messageId: parsed.messageId ?? "",
              headers: new Map(parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim()])),
              raw: raw.toString("utf8"),
            });
            setTimeout(callback, sink.delayMs);
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  server.listen(port, "127.0.0.1");
  await once(server.server, "listening");
  const bound = (server.server.address() as AddressInfo).port;
  return Object.assign(sink, {
    url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${bound}`,
    port: bound,
    messages,
    waitFor: (count: number, timeoutMs = 20_000) => waitUntil(() => messages, count, timeoutMs, "e-mails"),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  body: unknown;
  /** The signature checked out and the timestamp was within five minutes. */
  verified: boolean;
}

export interface WebhookSink {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Distinct webhook-ids, and how many deliveries repeated one. */
  duplicates(): number;
  /** While set, every request is answered with this status instead of 204. */
  answerWith: number | undefined;
  /** Requests are held this long before the answer. */
  delayMs: number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /** Stops listening (connections are refused) and starts again on the same port. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The Standard Webhooks receiver's check: any `v1,` signature over `id.timestamp.body`, compared in constant time. */
export function verifyStandardWebhook(secret: string, headers: Record<string, string | string[] | undefined>, body: string, nowSeconds: number): boolean {
  const id = String(headers["webhook-id"] ?? "");
  const timestamp = String(headers["webhook-timestamp"] ?? "");
  const signatures = String(headers["webhook-signature"] ?? "").split(" ");
  if (!id || !/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const key = secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret);
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.some((entry) => {
    const [version, signature = ""] = entry.split(",");
    const given = Buffer.from(signature, "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startWebhookSink(secret: string, fixedPort = 0): Promise<WebhookSink> {
  const received: ReceivedWebhook[] = [];
  let server: Server;
  let port = fixedPort;
  const sink = { answerWith: undefined as number | undefined, delayMs: 0 };
  const listen = async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const answer = () => {
          if (sink.answerWith) {
            response.writeHead(sink.answerWith).end();
            return;
          }
          received.push({
            id: String(request.headers["webhook-id"]),
            timestamp: Number(request.headers["webhook-timestamp"]),
            body: JSON.parse(text) as unknown,
            verified: verifyStandardWebhook(secret, request.headers, text, Math.floor(Date.now() / 1000)),
          });
          response.writeHead(204).end();
        };
        if (sink.delayMs > 0) setTimeout(answer, sink.delayMs);
        else answer();
      });
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();
  return Object.assign(sink, {
    url: `http://127.0.0.1:${port}/hooks/veilvault`,
    port,
    received,
    duplicates: () => received.length - new Set(received.map((hook) => hook.id)).size,
    waitFor: (count: number, timeoutMs = 20_000) => waitUntil(() => received, count, timeoutMs, "webhooks"),
    stop,
    restart: listen,
    close: stop,
  });
}
