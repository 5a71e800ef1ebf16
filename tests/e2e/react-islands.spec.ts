import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { reactDomIslandsSite } from "../support/react-islands-site.ts";
import { startServerProcess, type RunningServer } from "../support/server-process.ts";
import { asReturningVisitor, clickWhenSteady, expect, test } from "./fixtures.ts";

/**
 * PERF-10: the islands' runtime is one switch away from React DOM. The same
 * build, its islands bundled on React DOM, passes a short round of the chrome
 * and a form in Chromium, so the choice of preact/compat stays reversible.
 */
let server: RunningServer;
let siteRoot: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const site = await reactDomIslandsSite();
  siteRoot = site.root;
  server = await startServerProcess(site, { LEAD_MIN_FILL_MS: "0" });
});

test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await rm(siteRoot, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("the variant's pages run React DOM, not Preact", async () => {
  const html = await readFile(join(siteRoot, "client", "features", "index.html"), "utf8");
  const script = /data-islands="(\/assets\/islands-[\w-]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const code = (await Promise.all([script!, ...(await importsOf(script!))].map((path) => readFile(join(siteRoot, "client", path), "utf8")))).join("\n");
  expect(code).toContain("Minified React error");
});

test("its header menus, mobile menu and consent banner answer", async ({ page }) => {
  await page.goto(`${server.origin}/features`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Use Cases" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();

  await page.getByRole("button", { name: "Cookie settings" }).click();
  const banner = page.getByRole("dialog", { name: "Your privacy choice" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Reject" }).click();
  await expect(banner).toBeHidden();

  await page.setViewportSize({ width: 375, height: 740 });
  const toggle = page.getByRole("button", { name: "Menu" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#mobile-menu")).toBeVisible();
});

test("its contact form names what is missing, then sends a real lead", async ({ page }) => {
  await page.goto(`${server.origin}/get-in-touch`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = page.getByRole("form", { name: "Get In Touch" });
  await clickWhenSteady(form.getByRole("button", { name: "Send Message" }));
  await expect(form.getByLabel("First Name")).toBeFocused();
  await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("First Name").fill("Meera");
  await form.getByLabel("Last Name").fill("Iyer");
  await form.getByLabel("Email").fill("meera.iyer@example.org");
  await form.getByLabel("Company Name").fill("Lotus Diagnostics");
  await form.getByLabel("Country").selectOption("IN");
  await form.getByLabel("Contact Number").fill("+91 9876543210");
  await form.getByLabel("Message").fill("We want lab reports tokenized before analytics.");
  await form.getByLabel(/I accept the/).check();
  const sent = page.waitForResponse((response) => response.url().endsWith("/id/website/leads"));
  await form.getByRole("button", { name: "Send Message" }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole("dialog", { name: "Thanks! Your message has been sent." })).toBeVisible();
});

async function importsOf(script: string): Promise<string[]> {
  const code = await readFile(join(siteRoot, "client", script), "utf8");
  return [...code.matchAll(/["'`]\.\/([^"'`]+\.js)["'`]/g)].map((match) => `/assets/${match[1]!}`);
}
