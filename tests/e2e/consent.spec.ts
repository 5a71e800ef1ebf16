import { CONSENT_MAX_AGE_MS, CONSENT_POLICY_VERSION, CONSENT_RECORD_KEY } from "../../app/lib/consent.ts";
import { asReturningVisitor, expect, gotoHydrated, test } from "./fixtures.ts";

const banner = (page: import("@playwright/test").Page) => page.getByRole("dialog", { name: "Your privacy choice" });

async function storedConsent(page: import("@playwright/test").Page) {
  return page.evaluate((recordKey) => ({
    value: window.localStorage.getItem("cookie-consent"),
    record: JSON.parse(window.localStorage.getItem(recordKey) ?? "null") as { choice: string; version: string; at: number } | null,
    keys: Object.keys(window.localStorage),
    cookies: document.cookie,
  }), CONSENT_RECORD_KEY);
}

test("a new visitor sees the banner at the bottom left, with Reject and Accept of equal weight", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(banner(page)).toBeVisible();
  const reject = banner(page).getByRole("button", { name: "Reject" });
  const accept = banner(page).getByRole("button", { name: "Accept" });
  const [rejectBox, acceptBox, bannerBox] = await Promise.all([reject.boundingBox(), accept.boundingBox(), banner(page).boundingBox()]);
  expect(rejectBox?.width).toBe(acceptBox?.width);
  expect(rejectBox?.height).toBe(acceptBox?.height);
  const viewport = page.viewportSize()!;
  expect(bannerBox!.x).toBeLessThan(40);
  expect(bannerBox!.y + bannerBox!.height).toBeGreaterThan(viewport.height - 40);
  await expect(banner(page).getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy-policy");
});

test("nothing is stored before the choice", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Core Features" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Core Features");
  const stored = await storedConsent(page);
  expect(stored.keys).toEqual([]);
  expect(stored.cookies).toBe("");
  expect(await page.context().cookies()).toEqual([]);
});

for (const [button, value, choice] of [
  ["Accept", "true", "accepted"],
  ["Reject", "false", "rejected"],
] as const) {
  test(`${button} stores '${value}' with a dated, versioned record and hides the banner for good`, async ({ page }) => {
    await gotoHydrated(page, "/");
    const before = Date.now();
    await banner(page).getByRole("button", { name: button }).click();
    await expect(banner(page)).toBeHidden();
    const stored = await storedConsent(page);
    expect(stored.value).toBe(value);
    expect(stored.record?.choice).toBe(choice);
    expect(stored.record?.version).toBe(CONSENT_POLICY_VERSION);
    expect(stored.record?.at).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.keys.sort()).toEqual(["cookie-consent", CONSENT_RECORD_KEY].sort());
    expect(stored.cookies).toBe("");
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(banner(page)).toBeHidden();
  });
}

test("a returning visitor never sees the banner, not even before the scripts run", async ({ page }) => {
  await asReturningVisitor(page, "true");
  // Hold back every script module: what shows now is the HTML and the head script alone.
  await page.route("**/assets/*.js", () => undefined);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test("a new visitor sees the banner before the scripts run, so it never pops in late", async ({ page }) => {
  await page.route("**/assets/*.js", () => undefined);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(banner(page)).toBeVisible();
});

test("a choice older than six months is asked again", async ({ page }) => {
  await page.addInitScript(
    ({ key, version, age }) => {
      window.localStorage.setItem("cookie-consent", "true");
      window.localStorage.setItem(key, JSON.stringify({ choice: "accepted", at: Date.now() - age, version }));
    },
    { key: CONSENT_RECORD_KEY, version: CONSENT_POLICY_VERSION, age: CONSENT_MAX_AGE_MS + 60_000 },
  );
  await gotoHydrated(page, "/");
  await expect(banner(page)).toBeVisible();
});

test("a choice made under an earlier policy version is asked again", async ({ page }) => {
  await page.addInitScript((key) => {
    window.localStorage.setItem("cookie-consent", "false");
    window.localStorage.setItem(key, JSON.stringify({ choice: "rejected", at: Date.now(), version: "2023-01-01" }));
  }, CONSENT_RECORD_KEY);
  await gotoHydrated(page, "/");
  await expect(banner(page)).toBeVisible();
});

test("when reading storage fails, the banner is shown", async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.getItem = () => {
      throw new DOMException("blocked", "SecurityError");
    };
  });
  await gotoHydrated(page, "/");
  await expect(banner(page)).toBeVisible();
});

test("when writing storage fails, the choice still closes the banner, silently", async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
  });
  await gotoHydrated(page, "/");
  await banner(page).getByRole("button", { name: "Accept" }).click();
  await expect(banner(page)).toBeHidden();
});

test("'Cookie settings' reopens the banner, moves focus into it, and a new choice replaces the old", async ({ page }) => {
  // A returning visitor of the earlier site, which stored only 'true' (CONSENT-5):
  // that counts as a choice, so no banner, and the record is written now.
  await page.addInitScript(() => {
    if (window.localStorage.getItem("cookie-consent") === null) window.localStorage.setItem("cookie-consent", "true");
  });
  const before = Date.now();
  await gotoHydrated(page, "/");
  await expect(banner(page)).toBeHidden();
  const earlier = await storedConsent(page);
  expect(earlier.record).toMatchObject({ choice: "accepted", version: CONSENT_POLICY_VERSION });
  expect(earlier.record?.at).toBeGreaterThanOrEqual(before - 1000);
  const settings = page.getByRole("button", { name: "Cookie settings" });
  await settings.focus();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("button", { name: "Reject" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeHidden();
  await expect(settings).toBeFocused();
  expect((await storedConsent(page)).value).toBe("false");
});

test.describe("the banner never hides the focused element", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    test(`at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, "/");
      const bannerBox = (await banner(page).boundingBox())!;
      // Walk the whole tab order once.
      for (let step = 0; step < 80; step += 1) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element || element === document.body) return null;
          const inBanner = Boolean(element.closest("#consent-banner"));
          const rect = element.getBoundingClientRect();
          return { inBanner, top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right, visible: rect.width > 0 };
        });
        if (!focused || focused.inBanner || !focused.visible) continue;
        const overlaps =
          focused.bottom > bannerBox.y &&
          focused.top < bannerBox.y + bannerBox.height &&
          focused.right > bannerBox.x &&
          focused.left < bannerBox.x + bannerBox.width;
        expect(overlaps, `focused element at ${JSON.stringify(focused)} is under the banner`).toBe(false);
      }
    });
  }
});
