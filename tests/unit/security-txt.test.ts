import { describe, expect, it } from "vitest";
import { absoluteUrl, site } from "../../app/site/config.ts";
import { openPgpPublicKey, securityTxt } from "../../scripts/build/lib/security-txt.ts";
import { legalDocument } from "../../app/content/pages.server.ts";
import { renderLegalDocument } from "../../app/lib/legal-document.server.ts";
import { isPagePath } from "../../app/site/pages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date(Date.UTC(2025, 5, 15, 12, 34, 56, 789));

/** Field name to its values, in order. */
function fields(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of text.split("\n").slice(0, -1)) {
    const match = /^([A-Za-z][A-Za-z-]*): (\S.*)$/.exec(line);
    expect(match, line).not.toBeNull();
    map.set(match![1]!, [...(map.get(match![1]!) ?? []), match![2]!]);
  }
  return map;
}

function field(text: string, name: string): string {
  const values = fields(text).get(name);
  expect(values, name).toHaveLength(1);
  return values![0]!;
}

describe("securityTxt", () => {
  const text = securityTxt(NOW);

  it("has only `Field: value` lines and ends with a newline", () => {
    expect(text.endsWith("\n")).toBe(true);
    expect(text.endsWith("\n\n")).toBe(false);
    expect(text).not.toContain("\r");
    expect(fields(text).size).toBeGreaterThan(0);
  });

  it("gives the security address as a mailto: Contact", () => {
    expect(site.email.security).toBe("security@veilvault.example");
    expect(field(text, "Contact")).toBe(`mailto:${site.email.security}`);
  });

  it("expires 180 days later, in ISO 8601 UTC without milliseconds", () => {
    const expires = field(text, "Expires");
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(expires).toBe("2025-12-12T12:34:56Z");
    expect(Date.parse(expires)).toBe(Math.floor((NOW.getTime() + 180 * DAY_MS) / 1000) * 1000);
  });

  it("drops the milliseconds when they are zero too", () => {
    const expires = field(securityTxt(new Date(Date.UTC(2024, 0, 1))), "Expires");
    expect(expires).toBe("2024-06-29T00:00:00Z");
  });

  it("crosses a year boundary correctly", () => {
    expect(field(securityTxt(new Date("2025-11-01T08:00:00.000Z")), "Expires")).toBe("2026-04-30T08:00:00Z");
  });

  it("expires in the future but within a year (RFC 9116)", () => {
    const expires = Date.parse(field(text, "Expires"));
    expect(expires).toBeGreaterThan(NOW.getTime());
    expect(expires - NOW.getTime()).toBeLessThan(365 * DAY_MS);
  });

  it("names its canonical URL on the site", () => {
    const canonical = field(text, "Canonical");
    expect(canonical).toBe(`${site.url}/.well-known/security.txt`);
    expect(canonical).toBe(absoluteUrl("/.well-known/security.txt"));
    expect(new URL(canonical).pathname).toBe("/.well-known/security.txt");
  });

  it("states English as the preferred language", () => {
    expect(field(text, "Preferred-Languages")).toBe("en");
  });

  it("has each field once, Contact first", () => {
    const map = fields(text);
    expect([...map.keys()][0]).toBe("Contact");
    for (const [name, values] of map) expect(values, name).toHaveLength(1);
  });

  it("depends only on the date it is given", () => {
    expect(securityTxt(new Date(NOW))).toBe(text);
  });
});

describe("securityTxt's policy fields (TRUST-2, RFC 9116)", () => {
  const text = securityTxt(NOW);
  const policy = legalDocument("vulnerability-disclosure");
  const sections = renderLegalDocument(policy.body).sections.map((section) => section.id);

  it("names the disclosure policy, a page of the site, as its Policy", () => {
    const url = new URL(field(text, "Policy"));
    expect(url.href).toBe(absoluteUrl("/trust/vulnerability-disclosure"));
    expect(isPagePath(url.pathname)).toBe(true);
  });

  it("names the policy's acknowledgments section, which exists, as its Acknowledgments", () => {
    const url = new URL(field(text, "Acknowledgments"));
    expect(url.pathname).toBe("/trust/vulnerability-disclosure");
    expect(sections).toContain(url.hash.slice(1));
  });

  it("has a policy with scope, how to report, safe harbour, response times and what is out of scope", () => {
    for (const id of ["scope", "out-of-scope", "how-to-report", "safe-harbour", "what-to-expect", "acknowledgments"]) {
      expect(sections.some((section) => section.startsWith(id)), id).toBe(true);
    }
    expect(policy.body).toContain(site.email.security);
    expect(policy.body).toMatch(/OpenPGP key/);
  });
});

describe("the security team's OpenPGP key (TRUST-2)", () => {
  const block = ["-----BEGIN PGP PUBLIC KEY BLOCK-----", "", "mDMEZ0test", "=abcd", "-----END PGP PUBLIC KEY BLOCK-----"].join("\n");

  it("is named as Encryption only when the deployment gives one", () => {
    expect(fields(securityTxt(NOW)).has("Encryption")).toBe(false);
    expect(field(securityTxt(NOW, { encrypted: true }), "Encryption")).toBe(absoluteUrl("/.well-known/openpgp-key.asc"));
  });

  it("publishes one armoured public key block, and refuses anything else", () => {
    expect(openPgpPublicKey(`\n${block}\n\n`)).toBe(`${block}\n`);
    expect(() => openPgpPublicKey("not a key")).toThrow(/one ASCII-armoured OpenPGP public key block/);
    expect(() => openPgpPublicKey(`${block}\n${block}`)).toThrow(/one ASCII-armoured/);
    expect(() => openPgpPublicKey(block.replace("mDMEZ0test", "-----BEGIN PGP PRIVATE KEY BLOCK-----"))).toThrow();
  });
});
