import { afterEach, describe, expect, it, vi } from "vitest";
import { readBuildEnv } from "../../app/site/build-env.ts";

describe("readBuildEnv", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe("defaults", () => {
    it("reads an empty environment as the production defaults", () => {
      const env = readBuildEnv({});
      expect(env.siteUrl).toBe("https://veilvault.example");
      expect(env.leadsUrl).toBe("/id/website/leads");
      expect(env.newsletterUrl).toBe("/id/website/newsletter");
      expect(env.allowIndexing).toBe(true);
    });

    it("treats empty strings as unset", () => {
      expect(readBuildEnv({ SITE_URL: "", LEADS_URL: "", ALLOW_INDEXING: "" })).toMatchObject({
        siteUrl: "https://veilvault.example",
        leadsUrl: "/id/website/leads",
        newsletterUrl: "/id/website/newsletter",
        allowIndexing: true,
      });
    });

    it("stamps the UTC year of the build", () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2031-12-31T23:30:00Z"));
      expect(readBuildEnv({}).buildYear).toBe(2031);
      vi.setSystemTime(new Date("2032-01-01T00:00:00Z"));
      expect(readBuildEnv({}).buildYear).toBe(2032);
    });
  });

  describe("overrides", () => {
    it("normalises a SITE_URL with a trailing slash to its origin", () => {
      expect(readBuildEnv({ SITE_URL: "https://www.veilvault.example/" }).siteUrl).toBe("https://www.veilvault.example");
    });

    it("accepts an http origin with a port", () => {
      expect(readBuildEnv({ SITE_URL: "http://localhost:5173" }).siteUrl).toBe("http://localhost:5173");
    });

    it("lower-cases the host and drops a default port", () => {
      expect(readBuildEnv({ SITE_URL: "https://Staging.Veilvault.Example:443" }).siteUrl).toBe(
        "https://staging.veilvault.example",
      );
    });

    it("keeps a same-origin LEADS_URL path and the default newsletter path", () => {
      const env = readBuildEnv({ LEADS_URL: "/api/leads" });
      expect(env.leadsUrl).toBe("/api/leads");
      expect(env.newsletterUrl).toBe("/id/website/newsletter");
    });

    it("puts the newsletter on the same origin as an absolute LEADS_URL", () => {
      const env = readBuildEnv({ LEADS_URL: "https://api.veilvault.example/id/website/leads" });
      expect(env.leadsUrl).toBe("https://api.veilvault.example/id/website/leads");
      expect(env.newsletterUrl).toBe("https://api.veilvault.example/id/website/newsletter");
      expect(new URL(env.newsletterUrl).origin).toBe(new URL(env.leadsUrl).origin);
      expect(env.trustRequestsUrl).toBe("https://api.veilvault.example/id/website/trust-requests");
    });

    it("keeps the API host's port for the newsletter", () => {
      const env = readBuildEnv({ LEADS_URL: "http://127.0.0.1:8787/v2/leads" });
      expect(env.newsletterUrl).toBe("http://127.0.0.1:8787/id/website/newsletter");
    });

    it.each([
      ["true", true],
      ["1", true],
      ["false", false],
      ["0", false],
    ] as const)("ALLOW_INDEXING=%s -> %s", (value, expected) => {
      expect(readBuildEnv({ ALLOW_INDEXING: value }).allowIndexing).toBe(expected);
    });
  });

  describe("rejections", () => {
    it.each([
      "https://veilvault.example/site",
      "https://veilvault.example/site/",
      "https://veilvault.example/?ref=x",
      "https://veilvault.example/#top",
      "ftp://veilvault.example",
      "file:///srv/site",
      "veilvault.example",
      "garbage",
      "not a url at all",
    ])("rejects SITE_URL=%j", (value) => {
      expect(() => readBuildEnv({ SITE_URL: value })).toThrow(/SITE_URL/);
    });

    it.each(["maybe", "yes", "TRUE", "no", "2"])("rejects ALLOW_INDEXING=%j", (value) => {
      expect(() => readBuildEnv({ ALLOW_INDEXING: value })).toThrow(/ALLOW_INDEXING/);
    });

    it.each(["id/website/leads", "leads", "not a url"])("rejects LEADS_URL=%j (neither a path nor an absolute URL)", (value) => {
      expect(() => readBuildEnv({ LEADS_URL: value })).toThrow(/LEADS_URL/);
    });

    // Bug: endpoint() in app/site/build-env.ts accepts any absolute URL whatever its scheme,
    // although SITE_URL is held to http(s); a browser cannot post a lead to ftp: or ws:.
    it.each(["ftp://api.veilvault.example/leads", "ws://api.veilvault.example/leads"])(
      "rejects LEADS_URL=%j (not http or https)",
      (value) => {
        expect(() => readBuildEnv({ LEADS_URL: value })).toThrow(/LEADS_URL/);
      },
    );

    it.each(["javascript:alert(1)", "mailto:leads@veilvault.example"])("rejects LEADS_URL=%j", (value) => {
      expect(() => readBuildEnv({ LEADS_URL: value })).toThrow();
    });

    // Bug: a protocol-relative URL starts with "/" so it is taken for a same-origin path: leads go
    // to another host while the newsletter is derived as same-origin, contrary to "on the same API host".
    it("keeps the newsletter beside a protocol-relative LEADS_URL, or rejects it", () => {
      let result: { leadsUrl: string; newsletterUrl: string } | "rejected";
      try {
        result = readBuildEnv({ LEADS_URL: "//api.veilvault.example/id/website/leads" });
      } catch {
        result = "rejected";
      }
      if (result !== "rejected") {
        const page = "https://veilvault.example/get-in-touch";
        expect(new URL(result.newsletterUrl, page).host).toBe(new URL(result.leadsUrl, page).host);
      }
    });
  });
});
