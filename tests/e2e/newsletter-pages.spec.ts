import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";
import { newsletterPages, trustLinkPages } from "./routes.ts";

/*
 * The pages a newsletter e-mail leads to (FOOT-10 to FOOT-15). The server's
 * confirmation and unsubscribe endpoints (LEAD-16) are not exercised here; the
 * pages' posts are caught in the browser instead (tests/e2e/delivery.spec.ts
 * sends them to the server). One page of each kind has its outline, axe, fit
 * and CSP checked on its first visit (tests/e2e/first-visit.spec.ts).
 */

/**
 * The pages whose one button posts the page's own URL back (FOOT-13, FOOT-15),
 * each as an e-mail opens it and where the server's 303 sends the visitor.
 */
const postPages = [
  {
    name: "confirm",
    link: `${NEWSLETTER_PAGES.confirm}?token=test-token_123`,
    button: "Confirm subscription",
    after: { path: NEWSLETTER_PAGES.confirmed, heading: "Your address is confirmed" },
  },
  {
    name: "unsubscribe",
    link: `${NEWSLETTER_PAGES.unsubscribe}?token=test-token_123`,
    button: "Unsubscribe",
    after: { path: NEWSLETTER_PAGES.unsubscribed, heading: "You are unsubscribed" },
  },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// The Trust Center's link pages are drawn by the same module (TRUST-5).
for (const { path, heading } of [...newsletterPages, ...trustLinkPages]) {
  test.describe(path, () => {
    test("shows its heading in the prerendered HTML, says noindex and names no canonical URL", async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('property="og:url"');
    });
  });
}

test("the newsletter and Trust Center link pages are not in sitemap.xml", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("<loc>https://veilvault.example/features</loc>");
  for (const { path } of [...newsletterPages, ...trustLinkPages]) expect(sitemap).not.toContain(`${path}<`);
  expect(sitemap).not.toContain("/newsletter");
});

for (const { name, link, button, after } of postPages) {
  const path = link.slice(0, link.indexOf("?"));

  test.describe(`the ${name} page`, () => {
    test.beforeEach(async ({ page }) => {
      await asReturningVisitor(page);
    });

    test(`has one form with method post and no action, and one '${button}' button reached by keyboard`, async ({ page }) => {
      await gotoHydrated(page, link);
      const main = page.getByRole("main");
      const form = main.locator("form");
      await expect(form).toHaveCount(1);
      await expect(form).toHaveAttribute("method", "post");
      await expect(form).not.toHaveAttribute("action");
      // With no action attribute the form's target is the page's own URL, token and all.
      expect(await form.evaluate((element: HTMLFormElement) => element.action)).toMatch(new RegExp(`${escapeRegExp(link)}$`));
      const submit = main.getByRole("button", { name: button, exact: true });
      await expect(submit).toHaveCount(1);
      await expect(submit).toBeEnabled();
      await expect(submit).toHaveAttribute("type", "submit");
      // Keyboard: the button is the next stop after the text above it.
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("Tab");
      await expect(submit).toBeFocused();
    });

    test("Enter on the focused button posts the page's own URL, token included", async ({ page }) => {
      // The server's answer (LEAD-16) is stood in for: this proves only what the browser sends.
      await page.route(new RegExp(`${escapeRegExp(path)}\\?token=`), (route) =>
        route.request().method() === "POST" ? route.fulfill({ status: 303, headers: { location: after.path } }) : route.fallback(),
      );
      await gotoHydrated(page, link);
      const submit = page.getByRole("main").getByRole("button", { name: button, exact: true });
      await submit.focus();
      const [post] = await Promise.all([page.waitForRequest((request) => request.method() === "POST"), page.keyboard.press("Enter")]);
      expect(new URL(post.url()).pathname + new URL(post.url()).search).toBe(link);
      await expect(page).toHaveURL(new RegExp(`${after.path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(after.heading);
    });

    test("renders its button without a token too", async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page.getByRole("main").getByRole("button", { name: button, exact: true })).toBeEnabled();
    });
  });
}

test("link expired: 'Sign up again' brings the footer's newsletter box into view", async ({ page }) => {
  await asReturningVisitor(page);
  await gotoHydrated(page, NEWSLETTER_PAGES.linkExpired);
  await expect(page.getByRole("main")).toContainText("72 hours");
  await page.getByRole("main").getByRole("link", { name: "Sign up again" }).click();
  await expect(page).toHaveURL(/#newsletter$/);
  await expect(page.getByRole("contentinfo").getByRole("textbox", { name: "Email address" })).toBeInViewport();
});

test("confirmed and unsubscribed lead back home", async ({ page }) => {
  await asReturningVisitor(page);
  for (const path of [NEWSLETTER_PAGES.confirmed, NEWSLETTER_PAGES.unsubscribed]) {
    await gotoHydrated(page, path);
    await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
    await expect(page, path).toHaveURL(/\/$/);
  }
});
