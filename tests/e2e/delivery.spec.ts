import type { Page } from "@playwright/test";
import { DEFAULT_NEWSLETTER_PATH } from "../../common/endpoints.ts";
import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";
import { SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import { e2eDeliverySink } from "../support/delivery-sink-settings.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * Requirements LEAD-16 and LEAD-17 end to end: a visitor's browser, the
 * production server started with SMTP_URL, LEAD_NOTIFY_TO, LEAD_WEBHOOK_URL and
 * LEAD_WEBHOOK_SECRET, and a real SMTP server and signature-checking receiver
 * (tests/support/delivery-sink-process.ts, started by playwright.config.ts).
 */

interface Received {
  messages: { to: string[]; replyTo: string; subject: string; text: string; headers: Record<string, string> }[];
  webhooks: { id: string; verified: boolean; body: { type: string; lead?: { email: string }; subscriber?: { email: string } } }[];
}

const sink = e2eDeliverySink();

async function received(): Promise<Received> {
  return (await (await fetch(`http://127.0.0.1:${sink.controlPort}/received`)).json()) as Received;
}

/** A link from an e-mail, opened on the test server instead of the public site it names. */
function onTestServer(link: string): string {
  const url = new URL(link);
  return `http://127.0.0.1:${sink.sitePort}${url.pathname}${url.search}`;
}

async function subscriberStatus(email: string): Promise<string | undefined> {
  const store = await SqliteLeadStore.open(process.env.E2E_DATA_DIR!);
  try {
    return (await store.listSubscribers()).find((row) => row.email === email)?.status;
  } finally {
    await store.close();
  }
}

async function signUp(page: Page, email: string): Promise<void> {
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address" }).fill(email);
  await footer.getByRole("checkbox", { name: /I confirm/ }).check();
  await footer.getByRole("button", { name: "Subscribe to the newsletter" }).click();
  await expect(footer.getByRole("status")).toContainText(/check your inbox/i);
}

async function confirmationFor(email: string) {
  await expect.poll(async () => (await received()).messages.some((message) => message.to.includes(email)), { timeout: 20_000 }).toBe(true);
  const message = (await received()).messages.find((item) => item.to.includes(email))!;
  const links = message.text.match(/https:\/\/\S+/g) ?? [];
  const confirm = links.find((link) => new URL(link).pathname === NEWSLETTER_PAGES.confirm);
  const unsubscribePage = links.find((link) => new URL(link).pathname === NEWSLETTER_PAGES.unsubscribe);
  return { message, confirm: onTestServer(confirm!), unsubscribePage: onTestServer(unsubscribePage!) };
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("a lead sent from the browser lands in the sales inbox and at the webhook receiver, signed", async ({ page }) => {
  const email = `delivered-${Date.now()}@example.org`;
  await gotoHydrated(page, "/get-in-touch");
  const form = page.getByRole("form", { name: "Get In Touch" });
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await form.getByLabel("First Name").fill("Ngozi");
  await form.getByLabel("Last Name").fill("Adeyemi");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Company Name").fill("Harmattan Health");
  await form.getByLabel("Country").selectOption("UK");
  await form.getByLabel("Contact Number").fill("447700900321");
  await form.getByLabel("Message").fill("Patient identifiers in our triage notes.");
  await form.getByLabel(/I accept the/).check();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog", { name: "Thanks! Your message has been sent." })).toBeVisible();

  await expect.poll(async () => (await received()).messages.some((message) => message.replyTo.includes(email)), { timeout: 20_000 }).toBe(true);
  const mail = (await received()).messages.find((message) => message.replyTo.includes(email))!;
  expect(mail.to).toEqual(["sales@veilvault.example"]);
  // A fixed subject with the lead's short id: the visitor's words stay in the body.
  expect(mail.subject).toMatch(/^New website enquiry \(lead [0-9a-f]{8}\)$/);
  expect(mail.subject).not.toContain("Harmattan");
  expect(mail.text).toContain("Patient identifiers in our triage notes.");
  await expect.poll(async () => (await received()).webhooks.find((hook) => hook.body.lead?.email === email), { timeout: 20_000 }).toMatchObject({
    verified: true,
    body: { type: "lead.created" },
  });
});

test("a newsletter sign-up is confirmed by the e-mailed page's button, not by opening its link, and removed by its unsubscribe button and one-click", async ({ page }) => {
  const email = `opt-in-${Date.now()}@example.org`;
  await gotoHydrated(page, "/");
  await signUp(page, email);
  const { message, confirm, unsubscribePage } = await confirmationFor(email);
  expect(message.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(await subscriberStatus(email)).toBe("pending");

  // A mail filter's link scanner opens the link, and the old address of e-mails sent
  // before the page existed, with GETs: neither confirms anything (FOOT-15).
  const scanned = await page.request.get(confirm);
  expect(scanned.status()).toBe(200);
  expect(await scanned.text()).toContain("Confirm your subscription");
  const token = new URL(confirm).searchParams.get("token")!;
  const oldLink = await page.request.get(`${DEFAULT_NEWSLETTER_PATH}/confirm?token=${encodeURIComponent(token)}`, { maxRedirects: 0 });
  expect(oldLink.status()).toBe(303);
  const moved = new URL(oldLink.headers()["location"]!, confirm);
  expect(moved.pathname + moved.search).toBe(new URL(confirm).pathname + new URL(confirm).search);
  expect(await subscriberStatus(email)).toBe("pending");

  // The page's button posts the page's own address, token included.
  const confirmButton = page.getByRole("main").getByRole("button", { name: "Confirm subscription", exact: true });
  await page.goto(confirm);
  await confirmButton.click();
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
  expect(await subscriberStatus(email)).toBe("confirmed");
  await expect.poll(async () => (await received()).webhooks.find((hook) => hook.body.subscriber?.email === email)).toMatchObject({
    verified: true,
    body: { type: "newsletter.confirmed" },
  });
  // The link works once.
  await page.goto(confirm);
  await confirmButton.click();
  await expect(page).toHaveURL(/\/newsletter\/link-expired$/);

  // The page's button, by keyboard, without a token in any script.
  await page.goto(unsubscribePage);
  const button = page.getByRole("button", { name: "Unsubscribe" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
  expect(await subscriberStatus(email)).toBe("unsubscribed");

  // A second address, removed by a mail client's one-click POST (RFC 8058).
  const second = `one-click-${Date.now()}@example.org`;
  await gotoHydrated(page, "/");
  await signUp(page, second);
  const oneClick = (await confirmationFor(second)).message.headers["list-unsubscribe"]!.slice(1, -1);
  const answer = await page.request.post(onTestServer(oneClick), { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(answer.status()).toBe(303);
  expect(await subscriberStatus(second)).toBe("unsubscribed");
});
