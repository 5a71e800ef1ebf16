import { readPdf } from "../support/pdf-text.ts";
import { TRUST_PAGES } from "../../common/trust-center.ts";
import { e2eDeliverySink } from "../support/delivery-sink-settings.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * TRUST-4 and TRUST-5 end to end in Chromium: a buyer requests the DPA on
 * /trust, the approver approves through the e-mailed link's page, and the
 * buyer downloads a copy stamped with their name, once. The production
 * server delivers to a real SMTP server and webhook receiver
 * (tests/support/delivery-sink-process.ts).
 */

interface Received {
  messages: { to: string[]; replyTo: string; subject: string; text: string }[];
  webhooks: { verified: boolean; body: { type: string; request?: { email: string } } }[];
}

const sink = e2eDeliverySink();

async function received(): Promise<Received> {
  return (await (await fetch(`http://127.0.0.1:${sink.controlPort}/received`)).json()) as Received;
}

/** The mail to `to` about the request from `requester` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp, requester: string) {
  // The approver's e-mail quotes the address with its links made inert; its Reply-To is the bare address.
  const about = (message: Received["messages"][number]) => message.text.includes(requester) || message.to.includes(requester) || message.replyTo === requester;
  const find = async () => (await received()).messages.find((message) => message.to.includes(to) && subject.test(message.subject) && about(message));
  await expect.poll(async () => Boolean(await find()), { timeout: 20_000 }).toBe(true);
  return (await find())!;
}

/** The links of an e-mail to one page, opened on the test server instead of the public site. */
function link(text: string, page: string): string {
  const found = (text.match(/https:\/\/\S+/g) ?? []).map((href) => new URL(href)).find((url) => url.pathname === page);
  expect(found, page).toBeDefined();
  return `http://127.0.0.1:${sink.sitePort}${found!.pathname}${found!.search}`;
}

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("a buyer requests the DPA, the approver approves from the e-mail, and the buyer downloads a copy stamped with their name, once", async ({ page }) => {
  const email = `buyer-${Date.now()}@northwind.example`;
  const name = "Mei-Ling Ó Briain";
  await gotoHydrated(page, "/trust");
  const form = page.getByRole("form", { name: "Request documents under NDA" });
  await expect(form.getByRole("button", { name: "Request documents" })).toBeEnabled();

  // Sent empty: every message, focus on the first problem.
  await form.getByRole("checkbox", { name: /Data Processing Addendum/ }).uncheck();
  await form.getByRole("button", { name: "Request documents" }).click();
  for (const message of ["Full name is required", "Work email is required", "Company is required", "Role is required", "Choose at least one document", "Tell us why you need the documents", "Accept the non-disclosure terms to continue"]) {
    await expect(form).toContainText(message);
  }
  await expect(form.getByLabel("Full name")).toBeFocused();

  // Filled in by keyboard, field after field.
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Northwind Health");
  await page.keyboard.press("Tab");
  await page.keyboard.type("CISO");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(form.getByRole("checkbox", { name: /Data Processing Addendum/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.type("Vendor review before our pilot.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(form.getByRole("checkbox", { name: /non-disclosure terms/ })).toBeChecked();
  await form.getByRole("button", { name: "Request documents" }).click();
  await expect(page.locator("#request").getByRole("status")).toContainText("Request received");

  // The approver's e-mail, and the signed webhook.
  const approverMail = await mailTo("security@veilvault.example", /^Trust Center request to approve/, email);
  expect(approverMail.replyTo).toContain(email);
  await expect.poll(async () => (await received()).webhooks.find((hook) => hook.body.request?.email === email)).toMatchObject({
    verified: true,
    body: { type: "trust.access_requested" },
  });

  // Approved through the e-mailed link's page.
  await page.goto(link(approverMail.text, TRUST_PAGES.approve));
  await page.getByRole("main").getByRole("button", { name: "Approve access" }).click();
  await expect(page).toHaveURL(/\/trust\/approved$/);

  // The buyer's e-mail, and the download from its link's page.
  const granted = await mailTo(email, /documents are ready$/, email);
  const download = link(granted.text, TRUST_PAGES.download);
  await page.goto(download);
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("main").getByRole("button", { name: "Download my copy" }).click()]);
  expect(file.suggestedFilename()).toMatch(/^veilvault-dpa-\d{4}-\d{2}-[0-9a-f]{8}\.pdf$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const pdf = await readPdf(new Uint8Array(Buffer.concat(chunks)));
  const squeeze = (text: string) => text.replace(/\s+/g, "");
  for (const [index, text] of pdf.pages.entries()) {
    for (const value of [name, "Northwind Health", email]) expect(squeeze(text), `page ${index + 1}`).toContain(squeeze(value));
  }

  // Once: the same link now leads to the one refusal page.
  await page.goto(download);
  await page.getByRole("main").getByRole("button", { name: "Download my copy" }).click();
  await expect(page).toHaveURL(/\/trust\/link-invalid$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
});
