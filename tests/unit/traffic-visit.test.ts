import { describe, expect, it } from "vitest";
import { browserFamily, campaignOf, deviceClass, dimension, notCounted, referrerHost } from "../../server/analytics/visit.ts";
import { trafficKeepFrom } from "../../server/db/traffic-store.ts";
import { slotOf } from "../../server/analytics/counter.ts";
import { utcDay } from "../../server/lib/utc-day.ts";

const own = new Set(["veilvault.example"]);

describe("what a counted request keeps (ANA-2, ANA-3)", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge", "desktop"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0", "Opera", "desktop"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", "Samsung Internet", "mobile"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15", "Firefox", "mobile"],
    ["Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.0.0 Mobile/15E148 Safari/604.1", "Chrome", "tablet"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel Tablet) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome", "tablet"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari", "desktop"],
    ["curl/8.5.0", "Other", "desktop"],
  ])("%s is %s on %s", (userAgent, family, device) => {
    expect(browserFamily(userAgent)).toBe(family);
    expect(deviceClass(userAgent)).toBe(device);
  });

  it("leaves out HEAD, prefetch and prerender, Sec-GPC, bots and clients without a user agent", () => {
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" };
    expect(notCounted("GET", browser)).toBeUndefined();
    expect(notCounted("HEAD", browser)).toBe("head");
    expect(notCounted("GET", { ...browser, "sec-purpose": "prefetch;prerender" })).toBe("prefetch");
    expect(notCounted("GET", { ...browser, purpose: "prefetch" })).toBe("prefetch");
    expect(notCounted("GET", { ...browser, "x-moz": "prefetch" })).toBe("prefetch");
    expect(notCounted("GET", { ...browser, "sec-gpc": "1" })).toBe("gpc");
    expect(notCounted("GET", { ...browser, "sec-gpc": "0" })).toBeUndefined();
    expect(notCounted("GET", { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" })).toBe("bot");
    expect(notCounted("GET", { "user-agent": "  " })).toBe("bot");
    expect(notCounted("GET", {})).toBe("bot");
    // A bot is a bot whatever else it sends: Sec-GPC would let its demo clicks count.
    expect(notCounted("GET", { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "sec-gpc": "1" })).toBe("bot");
    expect(notCounted("GET", { "sec-gpc": "1" })).toBe("bot");
  });

  it("keeps a referrer's host only, without www., and drops our own, non-web and malformed referrers", () => {
    expect(referrerHost({ referer: "https://www.Search.example/results?q=tokenization+vault" }, own)).toBe("search.example");
    expect(referrerHost({ referer: "https://veilvault.example/features" }, own)).toBe("");
    expect(referrerHost({ referer: "https://www.veilvault.example/" }, own)).toBe("");
    expect(referrerHost({ referer: "android-app://com.slack/" }, own)).toBe("");
    expect(referrerHost({ referer: "not a url" }, own)).toBe("");
    expect(referrerHost({}, own)).toBe("");
  });

  it("keeps the three UTM tags, lower-cased, printable and cut to 100 characters, and nothing else of the query", () => {
    expect(campaignOf("?utm_source=LinkedIn&utm_medium=Social&utm_campaign=DPDP%20Guide&email=a%40b.example")).toEqual({ source: "linkedin", medium: "social", campaign: "dpdp guide" });
    expect(campaignOf("?page=2")).toEqual({ source: "", medium: "", campaign: "" });
    expect(campaignOf(`?utm_source=${"x".repeat(5000)}`).source).toHaveLength(100);
    expect(dimension("a\u0000b\u202Ec\n d")).toBe("abc d");
  });

  it("reads hostile headers and queries in linear time", () => {
    const long = "Mozilla/".repeat(2000);
    const started = performance.now();
    browserFamily(long);
    deviceClass(long);
    notCounted("GET", { "user-agent": long, "sec-purpose": "x".repeat(16_000) });
    campaignOf(`?${"utm_source=a&".repeat(2000)}`);
    referrerHost({ referer: `https://${"a.".repeat(8000)}example/` }, own);
    dimension("\u0000".repeat(16_000));
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("keys days in UTC, keeps aggregates 25 months, and gives a visitor one of 16.7 million slots", () => {
    expect(utcDay(new Date("2026-11-26T23:59:59.999Z"))).toBe("2026-11-26");
    expect(utcDay(new Date("2026-11-27T00:00:00Z"))).toBe("2026-11-27");
    expect(trafficKeepFrom("2026-11-26")).toBe("2024-10-26");
    expect(trafficKeepFrom("2026-03-31")).toBe("2024-03-02");
    const salt = Buffer.alloc(32, 7);
    const slot = slotOf(salt, "127.0.0.2\nChrome");
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(slot).toBeLessThan(2 ** 24);
    expect(slotOf(salt, "127.0.0.2\nChrome")).toBe(slot);
    expect(slotOf(Buffer.alloc(32, 8), "127.0.0.2\nChrome")).not.toBe(slot);
  });
});
