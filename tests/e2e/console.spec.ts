import type { Browser, Page } from "@playwright/test";
import { DEMO_PATH, DEMO_SCHEDULER_URL } from "../../common/demo.ts";
import { e2eDeliverySink } from "../support/delivery-sink-settings.ts";
import { AXE_VIEWPORTS, axeViolations } from "./axe.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * The operator console end to end in Chromium (requirements OPS-1 to OPS-8,
 * ANA-1 to ANA-4): a visitor arrives from a campaign, clicks the demo button,
 * sends a lead and signs up for the newsletter; an operator signs in through
 * the e-mailed link and sees that visit, exports and erases the lead, and
 * retries the sign-up's dead confirmation. The production server delivers to
 * a real SMTP server (tests/support/delivery-sink-process.ts).
 */

interface Received {
  messages: { to: string[]; subject: string; text: string }[];
}

const sink = e2eDeliverySink();
const site = `http://127.0.0.1:${sink.sitePort}`;
/**
 * The operators of playwright.config.ts's ADMIN_EMAILS: one per test, since the
 * tests run at once and each takes the newest link mailed to its operator.
 */
const OPERATORS = { flow: "ops@veilvault.example", links: "ops-links@veilvault.example", axe: "ops-axe@veilvault.example" } as const;
/**
 * Every other browser test browses as Chrome from 127.0.0.1, one visitor of the
 * day; this one browses as Opera, a visitor of its own, so its landing page and
 * campaign are its own.
 */
const OPERA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0";

async function received(): Promise<Received> {
  return (await (await fetch(`http://127.0.0.1:${sink.controlPort}/received`)).json()) as Received;
}

async function mailsTo(to: string): Promise<Received["messages"]> {
  return (await received()).messages.filter((message) => message.to.includes(to));
}

/** The newest sign-in link e-mailed to the operator after `before` of them had arrived, opened on the test server. */
async function signInLink(operator: string, before: number): Promise<string> {
  await expect.poll(async () => (await mailsTo(operator)).length, { timeout: 20_000 }).toBeGreaterThan(before);
  const message = (await mailsTo(operator)).at(-1)!;
  expect(message.subject).toMatch(/sign-in link/);
  const url = new URL(message.text.match(/https:\/\/\S+/)![0]);
  return `${site}${url.pathname}${url.search}`;
}

async function signIn(page: Page, operator: string): Promise<void> {
  const before = (await mailsTo(operator)).length;
  await page.goto("/console");
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await page.getByLabel("Work e-mail address").fill(operator);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await page.goto(await signInLink(operator, before));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/console\/traffic$/);
}

async function visit(browser: Browser, campaign: string, lead: { email: string }, subscriber: string): Promise<void> {
  const context = await browser.newContext({ userAgent: OPERA, baseURL: site, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await asReturningVisitor(page);
  await gotoHydrated(page, `/?utm_source=e2e&utm_medium=test&utm_campaign=${campaign}`);
  // The demo button opens our redirect in a new tab, which sends it on to the scheduling page (outside this
  // machine, so that page itself does not load here).
  const [scheduler, popup] = await Promise.all([
    context.waitForEvent("request", (request) => request.url() === DEMO_SCHEDULER_URL),
    page.waitForEvent("popup"),
    page.getByRole("banner").getByRole("link", { name: /Schedule A Demo/ }).click(),
  ]);
  expect(scheduler.redirectedFrom()?.url()).toBe(`${site}${DEMO_PATH}`);
  await popup.close();

  await gotoHydrated(page, "/get-in-touch");
  const form = page.getByRole("form", { name: "Get In Touch" });
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await form.getByLabel("First Name").fill("Ines");
  await form.getByLabel("Last Name").fill("Oyelaran");
  await form.getByLabel("Email").fill(lead.email);
  await form.getByLabel("Company Name").fill("Harbour Clinics");
  await form.getByLabel("Country").selectOption("IN");
  await form.getByLabel("Contact Number").fill("+91 9876543210");
  await form.getByLabel("Message").fill("We want visit notes tokenized before they reach our data warehouse.");
  await form.getByLabel(/I accept the/).check();
  await form.getByRole("button", { name: "Send Message" }).click();
  const thanks = page.getByRole("dialog", { name: "Thanks! Your message has been sent." });
  await expect(thanks).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(thanks).toBeHidden();

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address" }).fill(subscriber);
  await footer.getByRole("checkbox", { name: /I confirm/ }).check();
  await footer.getByRole("button", { name: "Subscribe to the newsletter" }).click();
  await expect(footer.getByRole("status")).toContainText(/check your inbox/i);
  await context.close();
}

test("an operator signs in by the e-mailed link, sees the visit, exports and erases its lead, and retries a dead job", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const campaign = `console-${stamp}`;
  const lead = { email: `ines.${stamp}@harbour-clinics.example` };
  const subscriber = `refused-${stamp}@example.org`;
  // The newsletter confirmation to this address is refused for good: its job goes dead.
  await fetch(`http://127.0.0.1:${sink.controlPort}/refuse?address=${encodeURIComponent(subscriber)}`, { method: "POST" });
  await visit(browser, campaign, lead, subscriber);

  await asReturningVisitor(page);
  await signIn(page, OPERATORS.flow);
  const cookie = (await page.context().cookies()).find((item) => item.name === "__Host-veilvault-console")!;
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });

  // Traffic: the campaign's row, with its demo click and lead, once the counts are written (every 2 s).
  const row = page.getByRole("table", { name: "Visitors and conversions by campaign tags" }).getByRole("row").filter({ hasText: campaign });
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell")).toHaveText(["test", campaign, "1", "1", "1", "0"], { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("img", { name: "Visitors and page views per day" })).toBeVisible();

  // Leads: found by search, opened, exported, erased.
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Leads" }).click();
  await page.getByLabel("Search name, e-mail or company").fill(lead.email);
  await page.getByRole("button", { name: "Search" }).click();
  const leads = page.getByRole("table", { name: "1 lead" });
  await expect(leads.getByRole("cell", { name: lead.email })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^veilvault-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString("utf8")).toContain(lead.email);
  await leads.getByRole("link", { name: "Ines Oyelaran" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lead from Ines Oyelaran");
  await page.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked as handled.");
  await page.getByLabel("Yes, erase everything we hold for this address").check();
  await page.getByRole("button", { name: "Erase" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Erased 1 lead\(s\), 0 newsletter sign-up\(s\) and 0 Trust Center request\(s\)/);
  await page.getByLabel("Search name, e-mail or company").fill(lead.email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("table", { name: "0 leads" })).toBeVisible();

  // Delivery: the refused confirmation is dead; once the address accepts mail, a retry delivers it.
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Delivery" }).click();
  const dead = page.getByRole("table", { name: "Jobs that stopped after their last attempt" });
  await expect(async () => {
    await page.reload();
    await expect(dead.getByRole("row").filter({ hasText: "confirmation-email, newsletter.signup" }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await fetch(`http://127.0.0.1:${sink.controlPort}/accept?address=${encodeURIComponent(subscriber)}`, { method: "POST" });
  const deadRow = dead.getByRole("row").filter({ hasText: "confirmation-email, newsletter.signup" }).first();
  await deadRow.getByRole("button", { name: /^Retry/ }).click();
  await expect(page.getByRole("status")).toHaveText("1 job(s) will be sent again now.");
  await expect.poll(async () => (await mailsTo(subscriber)).length, { timeout: 20_000 }).toBe(1);

  // The audit log names the operator for each of these; other tests' operators write to it at the same time, so it is filtered to this one (OPS-3).
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Audit log" }).click();
  await page.getByRole("combobox", { name: "Operator" }).selectOption(OPERATORS.flow);
  await page.getByRole("button", { name: "Show" }).click();
  const audit = page.getByRole("table", { name: /^The newest \d+ entries$/ });
  await expect(audit.getByRole("row").filter({ hasNotText: OPERATORS.flow }).filter({ has: page.getByRole("cell") })).toHaveCount(0);
  for (const action of ["requested a sign-in link", "signed in", "viewed traffic", "exported leads", "marked lead handled", "erased a person's data", "retried a job"]) {
    await expect(audit.getByRole("row").filter({ hasText: action }).first()).toBeVisible();
  }
  // One action across operators: the filter by action.
  await page.getByRole("combobox", { name: "Operator" }).selectOption("");
  await page.getByRole("combobox", { name: "Action" }).selectOption("exported leads");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(audit.getByRole("row").filter({ has: page.getByRole("cell") }).filter({ hasNotText: "exported leads" })).toHaveCount(0);
});

test("a sign-in link works once, and an address that is not an operator gets the same answer and no e-mail", async ({ page }) => {
  const stranger = `stranger-${Date.now()}@veilvault.example`;
  await page.goto("/console/sign-in");
  await page.getByLabel("Work e-mail address").fill(stranger);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");

  await signIn(page, OPERATORS.links);
  const used = (await mailsTo(OPERATORS.links)).at(-1)!;
  const url = new URL(used.text.match(/https:\/\/\S+/)![0]);
  await page.context().clearCookies();
  await page.goto(`${site}${url.pathname}${url.search}`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This sign-in link does not work");
  expect(await mailsTo(stranger)).toEqual([]);
});

test("the console is axe-clean at 375 and 1280 px, and works by keyboard", async ({ page }) => {
  await signIn(page, OPERATORS.axe);
  for (const path of ["/console/traffic", "/console/leads?status=all", "/console/newsletter", "/console/delivery", "/console/audit"]) {
    await page.goto(path);
    for (const viewport of AXE_VIEWPORTS) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
    }
  }
  // From the top of a page: the skip link, then the console's own links, each reachable by Tab.
  await page.goto("/console/newsletter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Export CSV" })).toBeFocused();
  // The audit log's filters (OPS-3): each reached by Tab with a visible ring, chosen by arrow key, sent by Enter.
  await page.goto("/console/audit");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const ringed = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle !== "none");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Operator" })).toBeFocused();
  expect(await ringed()).toBe(true);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Action" })).toBeFocused();
  expect(await ringed()).toBe(true);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Show" })).toBeFocused();
  expect(await ringed()).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]action=requested\+a\+sign-in\+link/);
  await page.context().clearCookies();
  await page.goto("/console/sign-in");
  for (const viewport of AXE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `sign-in at ${viewport.width} px`).toEqual([]);
  }
});
