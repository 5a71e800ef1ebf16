import { companyPage } from "../../app/content/pages.server.ts";

const carouselLabel = companyPage.carousel.label;
import { NEWSLETTER_PAGES } from "../../common/newsletter-pages.ts";
import { pagePaths } from "./routes.ts";
import { expect, test } from "./fixtures.ts";

test.use({ javaScriptEnabled: false });

test("every page reads fully without JavaScript, and asks for no consent it cannot record", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of pagePaths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy", exact: true }), path).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Your privacy choice" }), path).toBeHidden();
    await expect(page.getByRole("button", { name: "Cookie settings" }), path).toBeHidden();
  }
});

test("every FAQ answer can be read without JavaScript", async ({ page }) => {
  await page.goto("/#faqs");
  const panels = page.locator("#faqs .faq-panel");
  expect(await panels.count()).toBeGreaterThanOrEqual(8);
  for (const panel of await panels.all()) await expect(panel).toBeVisible();
});

test("the header menus open on hover and keyboard focus without JavaScript", async ({ page }) => {
  await page.goto("/features");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Use Cases" }).hover();
  await expect(page.locator("#useCases-menu").getByRole("link", { name: /Safe Vendor Sharing/ })).toBeVisible();
  await page.mouse.move(0, 600);
  await expect(page.locator("#useCases-menu")).toBeHidden();
  await nav.getByRole("button", { name: "Company" }).focus();
  await expect(page.locator("#company-menu").getByRole("link", { name: "About Us" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.locator("#company-menu").getByRole("link", { name: "About Us" })).toBeFocused();
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the mobile menu opens when its button takes focus", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    const link = page.locator("#mobile-menu").getByRole("link", { name: /Audit & Incident Visibility/ });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/use-cases\/disaster-response$/);
  });
});

test("without JavaScript the contact form shows, cannot send, and offers the e-mail instead", async ({ page }) => {
  await page.goto("/get-in-touch");
  const form = page.getByRole("form", { name: "Get In Touch" });
  await expect(form.getByLabel("First Name")).toBeVisible();
  await expect(form.getByLabel("Contact Number")).toBeVisible();
  await expect(form.getByRole("button", { name: "Send Message" })).toBeDisabled();
  await expect(form.getByRole("link", { name: "hello@veilvault.example" })).toBeVisible();
});

test("without JavaScript the newsletter box shows, cannot send, and says why, so no address is lost on an error page", async ({ page }) => {
  await page.goto("/features");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const footer = page.getByRole("contentinfo");
  const email = footer.getByRole("textbox", { name: "Email address" });
  await email.fill("reader@example.org");
  await footer.getByRole("checkbox", { name: /I confirm/ }).check();
  await expect(footer.getByRole("button", { name: "Subscribe to the newsletter" })).toBeDisabled();
  // Playwright's text search passes over <noscript>, whose content shows here as the page's.
  const why = footer.locator("noscript p");
  await expect(why).toBeVisible();
  await expect(why).toHaveText("Signing up needs JavaScript.");
  // Enter in the field would send the form if its button could: the browser stays on the page, the address in the box.
  // A post, if one were made, starts at once: a second is ample to see none.
  const posted = page.waitForRequest((request) => request.method() === "POST", { timeout: 1_000 }).catch(() => null);
  await email.press("Enter");
  expect(await posted).toBeNull();
  expect(new URL(page.url()).pathname).toBe("/features");
  expect(posts).toEqual([]);
  await expect(email).toHaveValue("reader@example.org");
});

test("without JavaScript the About carousel shows every picture in a scrollable row, and no controls", async ({ page }) => {
  await page.goto("/company");
  const region = page.getByRole("region", { name: carouselLabel });
  const slides = region.locator("[aria-roledescription='slide']");
  await expect(slides).toHaveCount(5);
  for (const slide of await slides.all()) {
    await slide.scrollIntoViewIfNeeded();
    await expect(slide.locator("figcaption")).toBeVisible();
  }
  await expect(region.getByRole("button", { name: "Next slide" })).toBeHidden();
  await expect(region.getByRole("button", { name: /automatic slide show/ })).toBeHidden();
});

/** The newsletter pages whose one button posts the page's own URL (FOOT-13, FOOT-15), and where the server's 303 leads. */
const postPages = [
  {
    name: "confirm",
    path: NEWSLETTER_PAGES.confirm,
    heading: "Confirm your subscription",
    button: "Confirm subscription",
    after: NEWSLETTER_PAGES.confirmed,
    afterHeading: "Your address is confirmed",
  },
  {
    name: "unsubscribe",
    path: NEWSLETTER_PAGES.unsubscribe,
    heading: "Unsubscribe from the newsletter",
    button: "Unsubscribe",
    after: NEWSLETTER_PAGES.unsubscribed,
    afterHeading: "You are unsubscribed",
  },
];

for (const { name, path, heading, button, after, afterHeading } of postPages) {
  test(`without JavaScript the ${name} page shows its enabled button, with or without a token, and posts its own URL`, async ({ page }) => {
    const link = `${path}?token=test-token_123`;
    for (const url of [path, link]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 }), url).toHaveText(heading);
      await expect(page.getByRole("main").getByRole("button", { name: button, exact: true }), url).toBeEnabled();
    }
    // The server's answer (LEAD-16) is stood in for: this proves only what the browser sends.
    await page.route(
      (url) => url.pathname === path && url.searchParams.has("token"),
      (route) => (route.request().method() === "POST" ? route.fulfill({ status: 303, headers: { location: after } }) : route.fallback()),
    );
    const [post] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST"),
      page.getByRole("main").getByRole("button", { name: button, exact: true }).click(),
    ]);
    expect(new URL(post.url()).pathname + new URL(post.url()).search).toBe(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(afterHeading);
  });
}
