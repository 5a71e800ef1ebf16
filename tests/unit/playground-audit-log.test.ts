import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { append, canonicalEntry, GENESIS_HASH, tokensDetail, verify, withValuesTokenized, type AuditEntry, type AuditEvent, type AuditLog } from "../../app/lib/playground/audit-log.ts";
import { detect, MAX_SCAN_LENGTH } from "../../app/lib/playground/detectors.ts";
import { Vault } from "../../app/lib/playground/tokens.ts";

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

const EVENTS: AuditEvent[] = [
  { at: NOW, action: "tokenize", role: "analyst", detail: "card 4830 2291 0475 1111" },
  { at: NOW + 10, action: "deny", role: "analyst", detail: "Analysts work with tokens only" },
  { at: NOW + 20, action: "reveal", role: "privacy-officer", detail: "card 4830 2291 0475 1111; purpose: DSAR #12" },
  { at: NOW + 30, action: "reveal", role: "break-glass", detail: 'email kxq@vfzrbqa.org; reason: "fraud" \u2028 ünïcode' },
  { at: NOW + 40, action: "tokenize", role: "support-agent", detail: "" },
];

async function logOf(events: readonly AuditEvent[]): Promise<AuditLog> {
  let log: AuditLog = [];
  for (const event of events) log = await append(log, event);
  return log;
}

/** The same hash, computed with Node's own crypto from the documented canonical form. */
function expectedHash(entry: AuditEntry): string {
  const canonical = `{"seq":${entry.seq},"at":${entry.at},"action":${JSON.stringify(entry.action)},"role":${JSON.stringify(entry.role)},"detail":${JSON.stringify(entry.detail)},"prevHash":"${entry.prevHash}"}`;
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}

type Field = keyof AuditEntry;
const FIELDS: readonly Field[] = ["seq", "at", "action", "role", "detail", "prevHash", "hash"];

/** A different value of the same field (or of another type: the chain must not care how it was changed). */
function tampered(entry: AuditEntry, field: Field, salt: string): AuditEntry {
  const changed: Record<Field, unknown> = {
    seq: entry.seq + 1 + salt.length,
    at: entry.at + 1 + salt.length,
    action: entry.action === "reveal" ? "deny" : "reveal",
    role: entry.role === "analyst" ? "break-glass" : "analyst",
    detail: `${entry.detail}${salt}x`,
    prevHash: entry.prevHash.replace(/^./, (char) => (char === "0" ? "1" : "0")),
    hash: entry.hash.replace(/.$/, (char) => (char === "0" ? "1" : "0")),
  };
  // A forged entry may hold anything, of any type.
  return Object.assign({}, entry, { [field]: changed[field] });
}

describe("PLAY-7 audit log", () => {
  it("chains each entry to the one before with SHA-256 over the documented canonical form", async () => {
    const log = await logOf(EVENTS);
    expect(log).toHaveLength(EVENTS.length);
    for (const [index, entry] of log.entries()) {
      expect(entry.seq).toBe(index);
      expect(entry.prevHash).toBe(index === 0 ? GENESIS_HASH : log[index - 1]!.hash);
      expect(entry.hash).toMatch(/^[\da-f]{64}$/);
      expect(entry.hash).toBe(expectedHash(entry));
      expect(canonicalEntry(entry)).not.toContain('"hash"');
    }
    expect(GENESIS_HASH).toBe("0".repeat(64));
    expect(await verify(log)).toEqual({ ok: true });
    expect(await verify([])).toEqual({ ok: true });
  });

  it("serialises in the fixed key order, whatever order the entry was built in", () => {
    const entry = { prevHash: GENESIS_HASH, detail: "d", role: "analyst", action: "deny", at: 5, seq: 0 } as const;
    expect(canonicalEntry(entry)).toBe(`{"seq":0,"at":5,"action":"deny","role":"analyst","detail":"d","prevHash":"${GENESIS_HASH}"}`);
  });

  it("is append-only: appending leaves the old log as it was, and entries cannot be changed in place", async () => {
    const before = await logOf(EVENTS.slice(0, 2));
    const after = await append(before, EVENTS[2]!);
    expect(before).toHaveLength(2);
    expect(after).toHaveLength(3);
    expect(Object.isFrozen(after)).toBe(true);
    expect(Object.isFrozen(after[0])).toBe(true);
    expect(() => {
      (after[0] as AuditEntry).detail = "rewritten";
    }).toThrow(TypeError);
  });

  it("detects a change to any field of any entry, at that entry", async () => {
    const log = await logOf(EVENTS);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: log.length - 1 }), fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 }), async (index, field, salt) => {
        const changed = log.map((entry, position) => (position === index ? tampered(entry, field, salt) : entry));
        expect(await verify(changed)).toEqual({ ok: false, brokenAt: index });
      }),
    );
  });

  it("detects a rewritten entry whose hash was recomputed, at the next entry or against the kept head", async () => {
    const log = await logOf(EVENTS);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: log.length - 1 }), fc.string({ minLength: 1, maxLength: 8 }), async (index, forged) => {
        const original = log[index]!;
        const rewritten = { ...original, detail: `${original.detail}${forged}` };
        const rehashed = { ...rewritten, hash: createHash("sha256").update(canonicalEntry(rewritten)).digest("hex") };
        const changed = log.map((entry, position) => (position === index ? rehashed : entry));
        const head = log.at(-1)!.hash;
        expect(await verify(changed, head)).toEqual({ ok: false, brokenAt: index + 1 });
      }),
    );
  });

  it("detects reordering and removal", async () => {
    const log = await logOf(EVENTS);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: log.length - 2 }), fc.integer({ min: 1, max: log.length - 1 }), async (first, distance) => {
        const second = Math.min(first + distance, log.length - 1);
        const swapped = [...log];
        [swapped[first], swapped[second]] = [log[second]!, log[first]!];
        expect(await verify(swapped)).toEqual({ ok: false, brokenAt: first });
        const removed = log.filter((_, position) => position !== first);
        expect(await verify(removed)).toEqual({ ok: false, brokenAt: first });
      }),
    );
  });

  it("detects entries cut from the end only against the head hash kept elsewhere", async () => {
    const log = await logOf(EVENTS);
    const head = log.at(-1)!.hash;
    const truncated = log.slice(0, 3);
    expect(await verify(truncated)).toEqual({ ok: true });
    expect(await verify(truncated, head)).toEqual({ ok: false, brokenAt: 3 });
    expect(await verify(log, head)).toEqual({ ok: true });
    expect(await verify([], GENESIS_HASH)).toEqual({ ok: true });
  });

  it("names types and tokens, never the values, for a tokenize and a reveal", async () => {
    const text = "Card 4111 1111 1111 1111, mail asha@example.org, Aadhaar 2345 6789 0124.";
    const findings = detect(text, NOW);
    const vault = new Vault();
    const { replacements } = await vault.tokenize(text, findings, "random");
    let log = await append([], { at: NOW, action: "tokenize", role: "analyst", detail: tokensDetail(replacements) });
    log = await append(log, { at: NOW + 1, action: "reveal", role: "privacy-officer", detail: tokensDetail(replacements.slice(0, 1)) });
    const exported = JSON.stringify(log);
    for (const finding of findings) expect(exported).not.toContain(finding.value);
    expect(log[0]!.detail).toBe(replacements.map((replacement) => `${replacement.type} ${replacement.token}`).join("; "));
  });
});

describe("PLAY-7 a stated purpose or reason as the log keeps it", () => {
  it("tokenizes every value the detectors find, keeps the words around them, and each token is of the value's type", () => {
    const purpose = "DSAR from jane.roe@example.com, called from +44 7700 900456 about card 4111 1111 1111 1111 and Aadhaar 2345 6789 0124";
    const found = detect(purpose, NOW);
    expect(found.map((finding) => finding.type)).toEqual(["email", "phone", "card", "aadhaar"]);
    const logged = withValuesTokenized(purpose, NOW);
    for (const finding of found) expect(logged).not.toContain(finding.value);
    expect(logged).toMatch(/^DSAR from \S+@\S+, called from \+44 \d{4} \d{6} about card \d{4} \d{4} \d{4} 1111 and Aadhaar \d{4} \d{4} \d{4}$/);
    expect(detect(logged, NOW).map((finding) => finding.type)).toContain("email");
  });

  it("leaves text without values as it is, and tokenizes afresh each time", () => {
    expect(withValuesTokenized("Answering a data subject access request #12", NOW)).toBe("Answering a data subject access request #12");
    const purpose = "Reply to jane.roe@example.com";
    expect(withValuesTokenized(purpose, NOW)).not.toBe(withValuesTokenized(purpose, NOW));
  });

  it("never keeps text beyond what the detectors scan", () => {
    const value = "jane.roe@example.com";
    const long = `${"a ".repeat(MAX_SCAN_LENGTH / 2)}${value}`;
    const logged = withValuesTokenized(long, NOW);
    expect(logged).not.toContain(value);
    expect(logged.length).toBe(MAX_SCAN_LENGTH + 1);
    expect(logged.endsWith("…")).toBe(true);
  });

  it("holds for any text around a value (property)", () => {
    const words = fc.stringMatching(/^[A-Za-z ,.#]{0,40}$/);
    fc.assert(
      fc.property(words, words, (before, after) => {
        const value = "jane.roe@example.com";
        return !withValuesTokenized(`${before} ${value} ${after}`, NOW).includes(value);
      }),
      { numRuns: 300 },
    );
  });
});
