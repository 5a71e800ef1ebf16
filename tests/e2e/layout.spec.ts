import { asReturningVisitor, clickWhenSteady, expect, gotoHydrated, test } from "./fixtures.ts";

// Every page's outline and fit from 320 to 1920 px are part of its first visit (tests/e2e/first-visit.spec.ts).

test.use({ allowConsoleErrors: [/status of 503/] });

test("the footer carries every link, both offices with maps links, and the social profiles", async ({ page }) => {
  await asReturningVisitor(page);
  await gotoHydrated(page, "/");
  const footer = page.getByRole("contentinfo");
  const expected: [string, string][] = [
    ["How It Works", "/#how-it-works"],
    ["Features", "/features"],
    ["Use Cases", "/use-case"],
    ["Compliance Hub", "/compliance"],
    ["Blogs", "/blog"],
    ["News", "/news"],
    ["Events", "/events"],
    ["Careers", "/coming-soon-page"],
    ["About Us", "/company"],
    ["Get In Touch", "/get-in-touch"],
    ["Trust Center", "/trust"],
    ["Terms and Conditions", "/terms-of-service"],
    ["Privacy Policy", "/privacy-policy"],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  for (const [city, label] of [
    ["San Francisco", "USA"],
    ["Bengaluru", "India"],
  ] as const) {
    await expect(footer.getByText(label, { exact: false }).first()).toBeVisible();
    const map = footer.getByRole("link", { name: new RegExp(`View ${city} on the map`) });
    await expect(map).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\//);
    await expect(map).toHaveAttribute("target", "_blank");
    await expect(map).toHaveAttribute("rel", "noopener noreferrer");
  }
  for (const [network, url] of [
    ["X", "https://x.com/veilvault"],
    ["LinkedIn", "https://www.linkedin.com/company/veilvault"],
    ["Instagram", "https://www.instagram.com/veilvault"],
  ] as const) {
    const link = footer.getByRole("link", { name: new RegExp(`Veilvault on ${network}`) });
    await expect(link).toHaveAttribute("href", url);
    await expect(link).toHaveAttribute("target", "_blank");
  }
});

test("the newsletter box has the email input, the arrow button and the required consent line", async ({ page }) => {
  await asReturningVisitor(page);
  await gotoHydrated(page, "/");
  const footer = page.getByRole("contentinfo");
  const email = footer.getByRole("textbox", { name: "Email address" });
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("placeholder", "Email Address");
  const consent = footer.getByRole("checkbox", { name: "I confirm that I have read the privacy policy and agree with it." });
  await expect(consent).toHaveAttribute("required", "");
  const submit = footer.getByRole("button", { name: "Subscribe to the newsletter" });

  await clickWhenSteady(submit);
  await expect(footer.getByText("Enter your email address")).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");

  await email.fill("not-an-address");
  await submit.click();
  await expect(footer.getByText("Enter an email address like name@example.com")).toBeVisible();

  await email.fill("dpo@example.com");
  await submit.click();
  await expect(footer.getByText("Confirm that you have read the privacy policy")).toBeVisible();
  await expect(consent).toBeFocused();
});

test("the newsletter box posts the address and consent, and keeps it when the service fails", async ({ page }) => {
  await asReturningVisitor(page);
  await gotoHydrated(page, "/");
  // The failure path, forced: the service answers 503 whatever is sent.
  await page.route("**/id/website/newsletter", (route) => route.fulfill({ status: 503, body: "unavailable" }));
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address" }).fill("dpo@example.com");
  await footer.getByRole("checkbox", { name: /I confirm/ }).check();
  const [request] = await Promise.all([
    page.waitForRequest("**/id/website/newsletter"),
    footer.getByRole("button", { name: "Subscribe to the newsletter" }).click(),
  ]);
  expect(request.method()).toBe("POST");
  expect(request.headers()["content-type"]).toBe("application/json");
  expect(request.postDataJSON()).toEqual({ email: "dpo@example.com", consent: true });
  await expect(footer.getByRole("alert")).toContainText("We could not sign you up just now");
  await expect(footer.getByRole("textbox", { name: "Email address" })).toHaveValue("dpo@example.com");
});
