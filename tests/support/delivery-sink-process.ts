/**
 * The far ends of lead delivery as a process of their own, for the browser
 * tests (playwright.config.ts starts it before the site's server): a real SMTP
 * server and a webhook receiver that verifies signatures (delivery-sinks.ts),
 * and, on a third port, `GET /received` answering what both have received, so
 * a test in another process can read it (`GET /counts`: how many, and how
 * many repeats, for the delivery benchmark). Loopback only.
 */
import { createServer } from "node:http";
import { startMailSink, startWebhookSink } from "./delivery-sinks.ts";

const smtpPort = Number(process.env.SINK_SMTP_PORT);
const webhookPort = Number(process.env.SINK_WEBHOOK_PORT);
const controlPort = Number(process.env.SINK_CONTROL_PORT);
const secret = process.env.SINK_WEBHOOK_SECRET ?? "";

const mail = await startMailSink(smtpPort);
const hooks = await startWebhookSink(secret, webhookPort);
createServer((request, response) => {
  if (request.url === "/counts") {
    const counts = { messages: mail.messages.length, webhooks: hooks.received.length, repeats: hooks.duplicates(), unverified: hooks.received.filter((hook) => !hook.verified).length };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(counts));
    return;
  }
  // A browser test makes one recipient's mail fail for good (550), then lets it through again, to see a dead job retried.
  const control = new URL(request.url ?? "/", "http://127.0.0.1");
  if (request.method === "POST" && (control.pathname === "/refuse" || control.pathname === "/accept")) {
    const address = control.searchParams.get("address") ?? "";
    if (control.pathname === "/refuse") mail.refuseRecipients.set(address, 550);
    else mail.refuseRecipients.delete(address);
    response.writeHead(204).end();
    return;
  }
  if (request.url !== "/received") {
    response.writeHead(404).end();
    return;
  }
  const messages = mail.messages.map((message) => ({ ...message, headers: Object.fromEntries(message.headers), raw: undefined }));
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ messages, webhooks: hooks.received }));
}).listen(controlPort, "127.0.0.1");
