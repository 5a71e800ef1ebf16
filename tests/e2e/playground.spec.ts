import type { Locator, Page } from "@playwright/test";
import { playgroundPage } from "../../app/content/pages.server.ts";

const playgroundSteps = playgroundPage.steps;
import { filled, interfaceWords } from "../support/content.ts";

const playgroundText = interfaceWords.playground;
import { measureLayout, measurePlaygroundLayout } from "../support/layout-report.ts";
import { axeViolations } from "./axe.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * The tokenization playground (PLAY-1 to PLAY-8) in Chromium against the
 * production build: the whole flow a visitor goes through, by mouse and by
 * keyboard, with nothing leaving the page.
 */

/** The ticket: an Indian phone number, an Aadhaar number and a card number, all fictional. */
const TICKET = "Customer called from +91 98765 43210 about card 4111 1111 1111 1111; KYC used Aadhaar 2345 6789 0124.";
const VALUES = ["+91 98765 43210", "4111 1111 1111 1111", "2345 6789 0124"];
/** A purpose that names the requester: the log keeps the words and a token in place of the address. */
const REQUESTER = "jane.roe@example.com";
const PURPOSE = `Answering the access request of ${REQUESTER}`;

async function openPlayground(page: Page): Promise<Locator> {
  await asReturningVisitor(page);
  await gotoHydrated(page, "/playground");
  const tool = page.locator("[data-playground=ready]");
  await expect(tool).toBeVisible();
  return tool;
}

async function tokenizeTicket(page: Page): Promise<void> {
  await page.getByLabel("Text to scan").fill(TICKET);
  await expect(page.locator("[data-found-summary]")).toHaveText("1 × Phone, 1 × Card number, 1 × Aadhaar");
  await page.getByRole("button", { name: "Tokenize", exact: true }).click();
  await expect(page.locator("[data-text=deterministic]")).toBeVisible();
}

async function revealAsPrivacyOfficer(page: Page): Promise<void> {
  await page.getByRole("radio", { name: /Privacy officer/ }).check();
  await page.getByLabel("Purpose of the reveal").fill(PURPOSE);
  await page.getByRole("button", { name: "Request a one-minute grant" }).click();
  // A second person, played by the page, approves it a moment later.
  await expect(page.locator("[data-grant]")).toHaveText(/Grant active/);
  await page.getByRole("button", { name: "Reveal", exact: true }).click();
  await expect(page.locator("[data-reveal=allowed]")).toBeVisible();
}

const logEntries = (page: Page) => page.getByRole("list", { name: "Audit log entries" }).getByRole("listitem");

/** Presses Tab until `target` has focus: proof that the keyboard reaches it, in order. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe("the tokenization playground (PLAY-4 to PLAY-8)", () => {
  test("a ticket is tokenized, revealed for a stated purpose, logged, verified, tampered with and caught, with no request and no storage", async ({ page }) => {
    const tool = await openPlayground(page);
    // The sample open on arrival is the support ticket, with the same three values.
    await expect(page.getByRole("button", { name: "Support ticket" })).toHaveAttribute("aria-pressed", "true");
    for (const value of VALUES) await expect(page.getByLabel("Text to scan")).toHaveValue(new RegExp(value.replace(/[+]/g, "\\$&")));
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const storageBefore = await page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: sessionStorage.length, cookie: document.cookie }));

    await tokenizeTicket(page);
    for (const mode of ["random", "deterministic"]) {
      const tokenized = (await tool.locator(`[data-text=${mode}]`).textContent()) ?? "";
      for (const value of VALUES) expect(tokenized, `${mode} hides ${value}`).not.toContain(value);
      // Same length and shape: the phone keeps +91, the card its last four.
      const marks = tool.locator(`[data-text=${mode}] mark`);
      await expect(marks).toHaveCount(3);
      await expect(marks.nth(0)).toHaveText(/^Phone \+91 [6-9]\d{4} \d{5}$/);
      await expect(marks.nth(1)).toHaveText(/^Card number 4\d{3} \d{4} \d{4} 1111$/);
      await expect(marks.nth(2)).toHaveText(/^Aadhaar [2-9]\d{3} \d{4} \d{4}$/);
    }
    await expect(page.locator("[data-playground-status]")).toHaveText(/Tokenized 3 values/);

    await revealAsPrivacyOfficer(page);
    const revealed = (await tool.locator("[data-text=revealed]").textContent()) ?? "";
    for (const value of VALUES) expect(revealed).toContain(value);
    await expect(page.locator("[data-grant]")).toHaveText(/Grant active: \d+ s left/);

    // The entries: the tokenizations (random, deterministic), the approved grant and the reveal, each with the purpose, tokens only.
    await expect(logEntries(page)).toHaveCount(4);
    await expect(logEntries(page).nth(0)).toContainText("Tokenized · Privacy officer");
    await expect(logEntries(page).nth(2)).toContainText("Granted · Privacy officer");
    await expect(logEntries(page).nth(2)).toContainText(/approved by data-protection-lead, a second person · purpose: Answering the access request of [^ @]+@[^ @]+\.com · 60 s/);
    await expect(logEntries(page).nth(3)).toContainText("Revealed · Privacy officer");
    await expect(logEntries(page).nth(3)).toContainText(/purpose: Answering the access request of [^ @]+@[^ @]+\.com /);
    const log = (await page.getByRole("list", { name: "Audit log entries" }).textContent()) ?? "";
    for (const value of [...VALUES, REQUESTER]) expect(log, "the log names tokens, never values").not.toContain(value);

    await page.getByRole("button", { name: "Verify log" }).click();
    await expect(page.locator("[data-verification=ok]")).toHaveText(/^Verified: all 4 entries chain up to the head hash [0-9a-f]{12}…$/);

    await page.getByLabel("Entry to edit").selectOption("1");
    await page.getByRole("button", { name: "Edit this entry" }).click();
    await expect(logEntries(page).nth(1)).toContainText("Tokenized · Analyst");
    await page.getByRole("button", { name: "Verify log" }).click();
    await expect(page.locator("[data-verification=broken]")).toHaveText(/Tampering detected: entry #1 no longer matches its hash/);
    await expect(page.locator("[data-playground-status]")).toHaveText("The log fails verification at entry #1.");

    await page.getByRole("button", { name: "Undo the edit" }).click();
    await page.getByRole("button", { name: "Verify log" }).click();
    await expect(page.locator("[data-verification=ok]")).toBeVisible();

    expect(requests, "no request while using the playground").toEqual([]);
    const storageAfter = await page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: sessionStorage.length, cookie: document.cookie }));
    expect(storageAfter).toEqual(storageBefore);
    expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
  });

  test("each role sees what its policy allows, and break-glass is flagged", async ({ page }) => {
    const tool = await openPlayground(page);
    await tokenizeTicket(page);

    await page.getByRole("radio", { name: /Support agent/ }).check();
    await page.getByRole("button", { name: "Reveal", exact: true }).click();
    // The masked view is what a support agent is meant to have: shown as such, not as a refusal.
    await expect(tool.locator("[data-reveal=masked]")).toHaveText(/^Masked: Support agents see masked values only/);
    await expect(tool.locator("[data-reveal=masked] p").first()).not.toHaveClass(/text-red/);
    await expect(page.locator("[data-playground-status]")).toHaveText("Showing masked values: Support agents see masked values only.");
    await expect(tool.locator("[data-text=revealed] mark").nth(1)).toHaveText("Card number •••• 1111");

    await page.getByRole("radio", { name: /Analyst/ }).check();
    await page.getByRole("button", { name: "Reveal", exact: true }).click();
    await expect(tool.locator("[data-reveal=refused]")).toContainText("Analysts work with tokens only");
    const deterministic = await tool.locator("[data-text=deterministic]").textContent();
    await expect(tool.locator("[data-text=revealed]")).toHaveText(deterministic ?? "");

    await page.getByRole("radio", { name: /Privacy officer/ }).check();
    await page.getByRole("button", { name: "Reveal", exact: true }).click();
    await expect(tool.locator("[data-reveal=refused]")).toContainText("A privacy officer states the purpose of a reveal");

    await page.getByRole("radio", { name: /Break-glass/ }).check();
    await page.getByLabel("Reason for breaking the glass").fill("Card fraud in progress on this account");
    await page.getByRole("button", { name: "Reveal", exact: true }).click();
    await expect(tool.locator("[data-reveal=refused]")).toContainText("No just-in-time grant for break-glass (flagged for review)");
    await page.getByRole("button", { name: "Request a one-minute grant" }).click();
    // Break-glass opens at once, as an emergency must, and says that nobody approved it.
    await expect(tool.locator("[data-approval=break-glass]")).toHaveText(`${playgroundText.breakGlassOpened} ${filled(playgroundText.grantCovers, { why: "Card fraud in progress on this account" })}`);
    await page.getByRole("button", { name: "Reveal", exact: true }).click();
    await expect(tool.locator("[data-reveal=allowed]")).toContainText("Break-glass reveal, flagged for review");

    const entries = logEntries(page);
    await expect(entries).toHaveCount(8);
    await expect(entries.nth(2)).toContainText("Refused · Support agent");
    await expect(entries.nth(5)).toContainText("FLAGGED · No just-in-time grant for break-glass");
    await expect(entries.nth(6)).toContainText("Granted · Break-glass");
    await expect(entries.nth(6)).toContainText("FLAGGED · opened without approval, for review · reason: Card fraud in progress on this account · 60 s");
    await expect(entries.nth(7)).toContainText("Revealed · Break-glass");
    await expect(entries.nth(7)).toContainText("FLAGGED · Break-glass reveal, flagged for review · reason: Card fraud in progress on this account");
  });

  test("a view belongs to its role: after a reveal, switching to Analyst hides the values at once", async ({ page }) => {
    const tool = await openPlayground(page);
    await tokenizeTicket(page);
    await revealAsPrivacyOfficer(page);
    await page.getByRole("button", { name: "Ask the stand-in model" }).click();
    await expect(tool.locator("[data-ai=answer-seen]")).toContainText("4111 1111 1111 1111");
    await page.getByRole("radio", { name: /Analyst/ }).check();
    await expect(tool.locator("[data-text=revealed]")).toHaveCount(0);
    await expect(tool.locator("[data-ai=answer-seen]")).toHaveCount(0);
    await expect(page.locator("[data-playground-status]")).toHaveText(filled(playgroundText.roleChanged, { role: "Analyst" }));
  });

  test("a grant needs the purpose first, is approved by a second person the page plays, and covers that purpose only", async ({ page }) => {
    const tool = await openPlayground(page);
    await tokenizeTicket(page);
    await page.getByRole("radio", { name: /Privacy officer/ }).check();
    const grantButton = page.getByRole("button", { name: "Request a one-minute grant" });
    await grantButton.click();
    await expect(tool.locator("[data-grant-refusal]")).toHaveText("State the purpose first: the approver decides on it.");
    await expect(page.getByLabel("Purpose of the reveal")).toBeFocused();
    await expect(page.getByLabel("Purpose of the reveal")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("[data-grant]")).toHaveText("No grant yet.");

    await page.getByLabel("Purpose of the reveal").fill(PURPOSE);
    await expect(tool.locator("[data-grant-refusal]")).toHaveCount(0);
    await grantButton.click();
    await expect(tool.locator("[data-approval=pending]")).toHaveText(playgroundText.approvalPending);
    await expect(grantButton).toBeDisabled();
    await expect(tool.locator("[data-approval=approved]")).toHaveText(`${playgroundText.approvedBy} ${filled(playgroundText.grantCovers, { why: PURPOSE })}`);
    await expect(page.locator("[data-grant]")).toHaveText(/Grant active: \d+ s left/);
    await expect(logEntries(page).last()).toContainText("Granted · Privacy officer");
    await expect(logEntries(page).last()).not.toContainText(REQUESTER);

    // The grant covers the purpose the approver saw, not one written after it.
    await page.getByLabel("Purpose of the reveal").fill("Export every customer for a campaign");
    await page.getByRole("button", { name: "Reveal", exact: true }).click();
    await expect(tool.locator("[data-reveal=refused]")).toContainText("The grant covers another purpose: ask for a new one");
    await page.getByLabel("Purpose of the reveal").fill(PURPOSE);
    await page.getByRole("button", { name: "Reveal", exact: true }).click();
    await expect(tool.locator("[data-reveal=allowed]")).toBeVisible();
  });

  test("a grant counts down, and when it expires the values are hidden and a reveal is refused", async ({ page }) => {
    await page.clock.install();
    const tool = await openPlayground(page);
    await tokenizeTicket(page);
    await revealAsPrivacyOfficer(page);
    await expect(page.locator("[data-grant]")).toHaveText("Grant active: 60 s left.");
    await page.clock.runFor(30_000);
    await expect(page.locator("[data-grant]")).toHaveText("Grant active: 30 s left.");
    await page.clock.runFor(31_000);
    await expect(page.locator("[data-grant]")).toHaveText("The grant has expired.");
    await expect(page.locator("[data-playground-status]")).toHaveText("The grant has expired. Values are hidden again.");
    await expect(tool.locator("[data-text=revealed]")).toHaveCount(0);
    await page.getByRole("button", { name: "Reveal", exact: true }).click();
    await expect(tool.locator("[data-reveal=refused]")).toContainText("The just-in-time grant has expired");
    await expect(logEntries(page).last()).toContainText("Refused · Privacy officer");
  });

  test("the stand-in model reads tokens only, and its answer is re-revealed for an authorised role", async ({ page }) => {
    const tool = await openPlayground(page);
    await tokenizeTicket(page);
    await revealAsPrivacyOfficer(page);
    await page.getByRole("button", { name: "Ask the stand-in model" }).click();
    const prompt = (await tool.locator("[data-ai=prompt]").textContent()) ?? "";
    const answer = (await tool.locator("[data-ai=answer]").textContent()) ?? "";
    for (const value of VALUES) {
      expect(prompt).not.toContain(value);
      expect(answer).not.toContain(value);
    }
    await expect(tool.locator("[data-ai=answer]")).toContainText("Draft reply: Thank you for your message.");
    await expect(tool.locator("[data-ai=answer-seen]")).toContainText("the card ending 1111 (4111 1111 1111 1111)");
    await expect(tool.locator("[data-ai=answer-seen]")).toContainText("Aadhaar 2345 6789 0124");
    await expect(tool.getByText("Not a model: a handful of plain rules")).toBeVisible();
    await expect(logEntries(page).last()).toContainText("model answer");
  });

  test("works from the keyboard alone: sample, tokenize, role, purpose, grant, reveal, verify", async ({ page }) => {
    const tool = await openPlayground(page);
    await tabTo(page, page.getByRole("button", { name: "Order record" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Order record" })).toHaveAttribute("aria-pressed", "true");
    await tabTo(page, page.getByRole("button", { name: "Tokenize", exact: true }));
    await page.keyboard.press("Enter");
    await expect(tool.locator("[data-text=random]")).toBeVisible();
    await tabTo(page, page.getByRole("radio", { name: /Privacy officer/ }));
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio", { name: /Break-glass/ })).toBeChecked();
    await page.keyboard.press("ArrowUp");
    await expect(page.getByRole("radio", { name: /Privacy officer/ })).toBeChecked();
    await tabTo(page, page.getByLabel("Purpose of the reveal"));
    await page.keyboard.type(PURPOSE);
    await tabTo(page, page.getByRole("button", { name: "Request a one-minute grant" }));
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-grant]")).toHaveText(/Grant active/);
    await tabTo(page, page.getByRole("button", { name: "Reveal", exact: true }));
    await page.keyboard.press("Space");
    await expect(tool.locator("[data-reveal=allowed]")).toBeVisible();
    await expect(tool.locator("[data-text=revealed]")).toContainText("5555 5555 5555 4444");
    await tabTo(page, page.getByRole("button", { name: "Verify log" }));
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-verification=ok]")).toBeVisible();
  });

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`has no WCAG 2.2 AA violations with every step shown, at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openPlayground(page);
      await tokenizeTicket(page);
      await revealAsPrivacyOfficer(page);
      await page.getByRole("button", { name: "Ask the stand-in model" }).click();
      await page.getByRole("button", { name: "Edit this entry" }).click();
      await page.getByRole("button", { name: "Verify log" }).click();
      await expect(page.locator("[data-verification=broken]")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // Every control the steps brought in is drawn whole, and nothing scrolls sideways.
      const layout = await page.evaluate(measureLayout);
      expect(layout.overflowPx, "no sideways scrolling").toBe(0);
      expect(layout.collapsedControls, "collapsed controls").toEqual([]);
      // No box scrolls inside the page but the text box, no token is cut over two lines, and the choice of tokens comes first.
      await expect(page.locator("[data-token]").first()).toBeVisible();
      expect(await page.evaluate(measurePlaygroundLayout)).toEqual({ scrollers: [], brokenTokens: [], choiceBeforeTokenize: true });
    });
  }

  test("a value written twice gets two random tokens and one deterministic token, and both random ones reveal it", async ({ page }) => {
    const tool = await openPlayground(page);
    const address = "asha.verma@example.org";
    await page.getByLabel("Text to scan").fill(`Reply to ${address}; copy ${address}.`);
    await expect(page.locator("[data-found-summary]")).toHaveText("2 × E-mail");
    await page.getByRole("button", { name: "Tokenize", exact: true }).click();
    const tokens = async (mode: string) => (await tool.locator(`[data-text=${mode}] mark`).allTextContents()).map((mark) => mark.replace(/^E-mail/, ""));
    await expect(tool.locator("[data-text=random] mark")).toHaveCount(2);
    const [first, second] = await tokens("random");
    expect(first).not.toBe(second);
    const deterministic = await tokens("deterministic");
    expect(deterministic).toHaveLength(2);
    expect(deterministic[0]).toBe(deterministic[1]);
    await page.getByRole("radio", { name: "Random tokens" }).check();
    await revealAsPrivacyOfficer(page);
    await expect(tool.locator("[data-text=revealed]")).toHaveText(/^\s*Reply to .*asha\.verma@example\.org; copy .*asha\.verma@example\.org\.\s*$/);
  });

  test("a paste past 20,000 characters is cut there, and a live region says so", async ({ page }) => {
    await openPlayground(page);
    const box = page.getByLabel("Text to scan");
    const limit = page.locator("[data-text-limit]");
    await expect(limit).toHaveAttribute("role", "status");
    await expect(limit).toHaveText("");
    await box.fill("");
    // A paste arrives as one insertion, as the browser's own does.
    await page.keyboard.insertText(`${"Call +91 98765 43210. ".repeat(909)}${"tail@example.org ".repeat(10)}`);
    await expect(limit).toHaveText(playgroundText.textAtLimit);
    expect(await box.evaluate((element: HTMLTextAreaElement) => element.value.length)).toBe(20_000);
    await expect(box).not.toHaveValue(/tail@example\.org/);
    await page.keyboard.press("Backspace");
    await expect(limit).toHaveText("");
  });

  test("moves nothing when the visitor asks for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openPlayground(page);
    await tokenizeTicket(page);
    await revealAsPrivacyOfficer(page);
    // Under reduced motion the site cuts every transition to 0.01 ms: such a one may still be "running" for a frame, but moves nothing.
    const moving = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === "running" && Number(animation.effect?.getComputedTiming().duration ?? 0) > 1)
        .map((animation) => `${animation.constructor.name} on ${(animation.effect as KeyframeEffect | null)?.target?.tagName ?? "?"}`),
    );
    expect(moving).toEqual([]);
  });

  test("loads its code as a chunk of its own after the page, not in the page's preloads", async ({ page, request }) => {
    const html = await (await request.get("/playground")).text();
    const chunks: string[] = [];
    page.on("request", (sent) => {
      if (/\/assets\/playground-tool-[\w-]+\.js$/.test(sent.url())) chunks.push(sent.url());
    });
    await openPlayground(page);
    expect(chunks.length, "the tool arrives as a chunk fetched by the page").toBeGreaterThanOrEqual(1);
    for (const chunk of chunks) expect(html, "not preloaded by the HTML").not.toContain(new URL(chunk).pathname);
  });
});

test.describe("the playground without JavaScript (PLAY-1)", () => {
  test.use({ javaScriptEnabled: false });

  test("explains that it needs JavaScript and what it would do", async ({ page }) => {
    await page.goto("/playground");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Try Veilvault in your browser");
    await expect(page.getByText(playgroundSteps.noScript)).toBeVisible();
    for (const step of playgroundSteps.steps) await expect(page.getByRole("heading", { level: 3, name: step.title })).toBeVisible();
  });
});

test.describe("the way to the playground (PLAY-3)", () => {
  for (const [path, section] of [
    ["/", "#how-it-works"],
    ["/features", "main"],
    ["/architecture", "main"],
  ] as const) {
    test(`${path} links to it${section === "main" ? "" : " from How It Works"}`, async ({ page }) => {
      await asReturningVisitor(page);
      await gotoHydrated(page, path);
      const link = page.locator(section).getByRole("link", { name: "Try the tokenization playground" });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expect(page).toHaveURL(/\/playground$/);
      await expect(page.locator("[data-playground=ready]")).toBeVisible();
    });
  }
});
