import { describe, expect, it } from "vitest";
import {
  COMMON_SECURITY_HEADERS,
  NON_PAGE_CSP,
  pageContentSecurityPolicy,
  STRICT_TRANSPORT_SECURITY,
  type PagePolicyInput,
} from "../../common/security-headers.ts";

const HASH_A = "sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
const HASH_B = "sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=";
const HASH_C = "sha256-CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC=";

const DIRECTIVE_ORDER = [
  "default-src",
  "script-src",
  "style-src",
  "img-src",
  "font-src",
  "connect-src",
  "form-action",
  "frame-ancestors",
  "base-uri",
  "object-src",
  "child-src",
  "media-src",
];

/** Directive name to its source list, failing on a repeated directive. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split("; ")) {
    const [name, ...values] = part.split(" ");
    expect(name, part).toBeTruthy();
    expect(map.has(name!), `repeated ${name!}`).toBe(false);
    map.set(name!, values);
  }
  return map;
}

function sources(policy: string, name: string): string[] {
  const values = directives(policy).get(name);
  expect(values, name).toBeDefined();
  return values!;
}

const INPUTS: PagePolicyInput[] = [
  { scriptHashes: [], styleHashes: [] },
  { scriptHashes: [HASH_A], styleHashes: [HASH_B] },
  { scriptHashes: [HASH_C, HASH_A, HASH_C], styleHashes: [HASH_B, HASH_A], extraConnectOrigins: ["https://api.example"] },
];

describe("pageContentSecurityPolicy", () => {
  it("produces the exact policy for a typical build", () => {
    expect(
      pageContentSecurityPolicy({
        scriptHashes: [HASH_B, HASH_A],
        styleHashes: [HASH_C],
      }),
    ).toBe(
      "default-src 'self'; " +
        `script-src 'self' '${HASH_A}' '${HASH_B}'; ` +
        `style-src '${HASH_C}'; ` +
        "img-src 'self'; font-src 'self'; connect-src 'self'; form-action 'self'; " +
        "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; child-src 'none'; media-src 'none'",
    );
  });

  it.each(INPUTS)("lists its directives in a fixed order, default-src 'self' first (%#)", (input) => {
    const policy = pageContentSecurityPolicy(input);
    expect(policy.startsWith("default-src 'self'; ")).toBe(true);
    expect([...directives(policy).keys()]).toEqual(DIRECTIVE_ORDER);
  });

  it.each(INPUTS)("never allows unsafe-inline, unsafe-eval or wildcards (%#)", (input) => {
    const policy = pageContentSecurityPolicy(input);
    expect(policy).not.toMatch(/unsafe-|\*|data:|blob:/);
    expect(policy).not.toMatch(/;\s*$/);
  });

  it("locks down framing, base URIs and plugins", () => {
    const policy = pageContentSecurityPolicy(INPUTS[1]!);
    expect(sources(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(sources(policy, "base-uri")).toEqual(["'none'"]);
    expect(sources(policy, "object-src")).toEqual(["'none'"]);
    expect(sources(policy, "img-src")).toEqual(["'self'"]);
    expect(sources(policy, "font-src")).toEqual(["'self'"]);
    expect(sources(policy, "child-src")).toEqual(["'none'"]);
    expect(sources(policy, "media-src")).toEqual(["'none'"]);
    // WebKit logs an error for every page whose policy names manifest-src.
    expect(directives(policy).has("manifest-src")).toBe(false);
  });

  it("quotes, sorts and dedupes script hashes after 'self'", () => {
    const policy = pageContentSecurityPolicy({ scriptHashes: [HASH_C, HASH_A, HASH_C, HASH_B], styleHashes: [] });
    expect(sources(policy, "script-src")).toEqual(["'self'", `'${HASH_A}'`, `'${HASH_B}'`, `'${HASH_C}'`]);
  });

  it("quotes, sorts and dedupes style hashes, without 'self'", () => {
    const policy = pageContentSecurityPolicy({ scriptHashes: [], styleHashes: [HASH_B, HASH_A, HASH_B] });
    expect(sources(policy, "style-src")).toEqual([`'${HASH_A}'`, `'${HASH_B}'`]);
  });

  it("does not depend on the order the hashes were found in", () => {
    const one = pageContentSecurityPolicy({ scriptHashes: [HASH_A, HASH_B], styleHashes: [HASH_C, HASH_A] });
    const two = pageContentSecurityPolicy({ scriptHashes: [HASH_B, HASH_A], styleHashes: [HASH_A, HASH_C] });
    expect(one).toBe(two);
  });

  it("uses style-src 'none' when there are no style hashes", () => {
    const policy = pageContentSecurityPolicy({ scriptHashes: [HASH_A], styleHashes: [] });
    expect(sources(policy, "style-src")).toEqual(["'none'"]);
  });

  it("keeps script-src 'self' when there are no script hashes", () => {
    const policy = pageContentSecurityPolicy({ scriptHashes: [], styleHashes: [] });
    expect(sources(policy, "script-src")).toEqual(["'self'"]);
  });

  it("adds extra origins to connect-src and form-action, deduped, and nowhere else", () => {
    const origins = ["https://api.example", "https://forms.example", "https://api.example"];
    const policy = pageContentSecurityPolicy({ scriptHashes: [HASH_A], styleHashes: [], extraConnectOrigins: origins });
    expect(sources(policy, "connect-src")).toEqual(["'self'", "https://api.example", "https://forms.example"]);
    expect(sources(policy, "form-action")).toEqual(["'self'", "https://api.example", "https://forms.example"]);
    for (const [name, values] of directives(policy)) {
      if (name === "connect-src" || name === "form-action") continue;
      expect(values.join(" "), name).not.toContain("example");
    }
  });

  it("treats an empty extra origin list like none", () => {
    const input = { scriptHashes: [HASH_A], styleHashes: [HASH_B] };
    expect(pageContentSecurityPolicy({ ...input, extraConnectOrigins: [] })).toBe(pageContentSecurityPolicy(input));
  });

  it("does not mutate its inputs", () => {
    const scriptHashes = [HASH_C, HASH_A];
    const styleHashes = [HASH_B, HASH_A];
    pageContentSecurityPolicy({ scriptHashes, styleHashes });
    expect(scriptHashes).toEqual([HASH_C, HASH_A]);
    expect(styleHashes).toEqual([HASH_B, HASH_A]);
  });
});

describe("NON_PAGE_CSP", () => {
  it("allows nothing to run, load, frame it or post from it", () => {
    const map = directives(NON_PAGE_CSP);
    expect([...map.keys()][0]).toBe("default-src");
    expect(map.get("default-src")).toEqual(["'none'"]);
    expect(map.get("frame-ancestors")).toEqual(["'none'"]);
    expect(map.get("base-uri")).toEqual(["'none'"]);
    expect(map.get("form-action")).toEqual(["'none'"]);
    expect(NON_PAGE_CSP).not.toMatch(/'self'|unsafe-|sha256-|\*/);
  });
});

describe("COMMON_SECURITY_HEADERS", () => {
  it("sends HSTS for at least two years, subdomains included", () => {
    const hsts = COMMON_SECURITY_HEADERS["Strict-Transport-Security"];
    expect(hsts).toBe(STRICT_TRANSPORT_SECURITY);
    const maxAge = /(?:^|;\s*)max-age=(\d+)(?:;|$)/.exec(hsts ?? "");
    expect(maxAge).not.toBeNull();
    expect(Number(maxAge![1])).toBeGreaterThanOrEqual(63072000);
    expect(hsts?.split(/;\s*/)).toContain("includeSubDomains");
  });

  it("disables MIME sniffing", () => {
    expect(COMMON_SECURITY_HEADERS["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("denies camera, microphone, geolocation, payment and usb in Permissions-Policy", () => {
    const policy = COMMON_SECURITY_HEADERS["Permissions-Policy"] ?? "";
    const features = new Map(
      policy.split(/,\s*/).map((entry) => {
        const [feature, allowlist] = entry.split("=");
        return [feature, allowlist] as const;
      }),
    );
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(features.get(feature), feature).toBe("()");
    }
  });

  it("sets the referrer, isolation and framing headers", () => {
    expect(COMMON_SECURITY_HEADERS["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(COMMON_SECURITY_HEADERS["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(COMMON_SECURITY_HEADERS["Cross-Origin-Resource-Policy"]).toBe("same-origin");
    expect(COMMON_SECURITY_HEADERS["X-Frame-Options"]).toBe("DENY");
  });

  it("leaves Content-Security-Policy and Cache-Control to the response type", () => {
    const names = Object.keys(COMMON_SECURITY_HEADERS).map((name) => name.toLowerCase());
    expect(names).not.toContain("content-security-policy");
    expect(names).not.toContain("cache-control");
  });

  it("has values that fit in a quoted header line (no quotes, newlines or semicolon-terminated junk)", () => {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
      expect(name).toMatch(/^[A-Za-z-]+$/);
      expect(value, name).not.toMatch(/["\r\n]/);
      expect(value.trim(), name).toBe(value);
    }
  });
});
