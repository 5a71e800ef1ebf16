import { describe, expect, it } from "vitest";
import {
  CONSENT_MAX_AGE_MS,
  CONSENT_POLICY_VERSION,
  CONSENT_RECORD_KEY,
  readConsent,
  writeConsent,
  type ConsentChoice,
} from "../../app/lib/consent.ts";
import { COOKIE_CONSENT_ACCEPTED, COOKIE_CONSENT_KEY, COOKIE_CONSENT_REJECTED } from "../../app/lib/constants.ts";
import { headBootScript } from "../../app/lib/boot-script.ts";
import { minifiedHeadScript } from "../../scripts/build/lib/head-script.ts";
import { WEB_FONT_CLASS } from "../../app/lib/web-font.ts";

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

/** An in-memory stand-in for localStorage (only the two methods the module uses). */
class MemoryStorage {
  readonly items = new Map<string, string>();

  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [key, value] of Object.entries(initial)) this.items.set(key, value);
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

class ThrowingStorage {
  getItem(): string | null {
    throw new Error("SecurityError: storage is blocked");
  }

  setItem(): void {
    throw new Error("QuotaExceededError");
  }
}

function record(choice: unknown, at: unknown, version: unknown = CONSENT_POLICY_VERSION): string {
  return JSON.stringify({ choice, at, version });
}

function stored(value: string, recordJson: string): MemoryStorage {
  return new MemoryStorage({ [COOKIE_CONSENT_KEY]: value, [CONSENT_RECORD_KEY]: recordJson });
}

type StorageLike = MemoryStorage | ThrowingStorage | null;

interface ConsentCase {
  name: string;
  /** A fresh storage per use: reading may write a record. */
  storage: () => StorageLike;
  expected: ConsentChoice | null;
}

const CASES: ConsentCase[] = [
  { name: "empty storage", storage: () => new MemoryStorage(), expected: null },
  { name: "acceptance without a record (earlier site)", storage: () => new MemoryStorage({ [COOKIE_CONSENT_KEY]: "true" }), expected: "accepted" },
  { name: "rejection without a record (earlier site)", storage: () => new MemoryStorage({ [COOKIE_CONSENT_KEY]: "false" }), expected: "rejected" },
  { name: "value with an empty record", storage: () => stored("true", ""), expected: "accepted" },
  { name: "unknown value without a record", storage: () => new MemoryStorage({ [COOKIE_CONSENT_KEY]: "yes" }), expected: null },
  {
    name: "record without a value",
    storage: () => new MemoryStorage({ [CONSENT_RECORD_KEY]: record("accepted", NOW - 1000) }),
    expected: null,
  },
  { name: "record disagrees with the value", storage: () => stored("true", record("rejected", NOW - 1000)), expected: null },
  { name: "record disagrees the other way", storage: () => stored("false", record("accepted", NOW - 1000)), expected: null },
  { name: "old policy version", storage: () => stored("true", record("accepted", NOW - 1000, "2023-01-01")), expected: null },
  { name: "version missing", storage: () => stored("true", JSON.stringify({ choice: "accepted", at: NOW })), expected: null },
  { name: "record older than the maximum age", storage: () => stored("true", record("accepted", NOW - CONSENT_MAX_AGE_MS - 1)), expected: null },
  { name: "record dated in the future", storage: () => stored("false", record("rejected", NOW + 60_000)), expected: null },
  { name: "malformed JSON record", storage: () => stored("true", "{not json"), expected: null },
  { name: "record is JSON null", storage: () => stored("true", "null"), expected: null },
  { name: "record is a number", storage: () => stored("true", "42"), expected: null },
  { name: "record is an array", storage: () => stored("true", "[]"), expected: null },
  { name: "record date is a string", storage: () => stored("true", record("accepted", String(NOW))), expected: null },
  { name: "record choice is unknown", storage: () => stored("true", record("maybe", NOW)), expected: null },
  { name: "value is neither 'true' nor 'false'", storage: () => stored("yes", record("accepted", NOW)), expected: null },
  { name: "getItem throws", storage: () => new ThrowingStorage(), expected: null },
  { name: "null storage", storage: () => null, expected: null },
  { name: "valid acceptance", storage: () => stored("true", record("accepted", NOW - 1000)), expected: "accepted" },
  { name: "valid rejection", storage: () => stored("false", record("rejected", NOW - 1000)), expected: "rejected" },
  { name: "acceptance made this instant", storage: () => stored("true", record("accepted", NOW)), expected: "accepted" },
  {
    name: "rejection exactly at the maximum age",
    storage: () => stored("false", record("rejected", NOW - CONSENT_MAX_AGE_MS)),
    expected: "rejected",
  },
];

describe("constants", () => {
  it("match CONSENT-2, CONSENT-3 and FIG-13", () => {
    expect(COOKIE_CONSENT_KEY).toBe("cookie-consent");
    expect(COOKIE_CONSENT_ACCEPTED).toBe("true");
    expect(COOKIE_CONSENT_REJECTED).toBe("false");
    expect(CONSENT_RECORD_KEY).not.toBe(COOKIE_CONSENT_KEY);
    // "asked again after 6 months": between 180 and 184 days.
    expect(CONSENT_MAX_AGE_MS).toBeGreaterThanOrEqual(180 * 86_400_000);
    expect(CONSENT_MAX_AGE_MS).toBeLessThanOrEqual(184 * 86_400_000);
  });
});

describe("readConsent", () => {
  it.each(CASES.map((c) => [c.name, c.storage, c.expected] as const))("%s -> %s", (_name, storage, expected) => {
    expect(readConsent(storage(), NOW)).toBe(expected);
  });

  it.each([
    ["true", "accepted"],
    ["false", "rejected"],
  ] as const)("writes the record of a stored '%s' that has none, dated now", (value, choice) => {
    const storage = new MemoryStorage({ [COOKIE_CONSENT_KEY]: value });
    expect(readConsent(storage, NOW)).toBe(choice);
    expect(JSON.parse(storage.items.get(CONSENT_RECORD_KEY) ?? "")).toEqual({ choice, at: NOW, version: CONSENT_POLICY_VERSION });
    expect(storage.items.get(COOKIE_CONSENT_KEY)).toBe(value);
    // From then on it ages like any other choice.
    expect(readConsent(storage, NOW + CONSENT_MAX_AGE_MS + 1)).toBeNull();
  });

  it("asks when the record of an earlier site's choice cannot be written", () => {
    const storage = new MemoryStorage({ [COOKIE_CONSENT_KEY]: "true" });
    storage.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    expect(readConsent(storage, NOW)).toBeNull();
  });

  it("returns null for undefined storage", () => {
    expect(readConsent(undefined, NOW)).toBeNull();
  });
});

describe("writeConsent", () => {
  it.each([
    ["accepted", "true"],
    ["rejected", "false"],
  ] as const)("stores %s as '%s' with a record", (choice, value) => {
    const storage = new MemoryStorage();
    writeConsent(storage, choice, NOW);
    expect(storage.items.get("cookie-consent")).toBe(value);
    const raw = storage.items.get(CONSENT_RECORD_KEY);
    expect(raw).toBeDefined();
    expect(JSON.parse(raw ?? "")).toEqual({ choice, at: NOW, version: CONSENT_POLICY_VERSION });
    expect([...storage.items.keys()].sort()).toEqual([CONSENT_RECORD_KEY, "cookie-consent"].sort());
  });

  it.each(["accepted", "rejected"] as const)("round-trips %s through readConsent", (choice) => {
    const storage = new MemoryStorage();
    writeConsent(storage, choice, NOW);
    expect(readConsent(storage, NOW)).toBe(choice);
    expect(readConsent(storage, NOW + CONSENT_MAX_AGE_MS)).toBe(choice);
    expect(readConsent(storage, NOW + CONSENT_MAX_AGE_MS + 1)).toBeNull();
  });

  it("overwrites an earlier choice", () => {
    const storage = new MemoryStorage();
    writeConsent(storage, "accepted", NOW - 5000);
    writeConsent(storage, "rejected", NOW);
    expect(storage.items.get("cookie-consent")).toBe("false");
    expect(readConsent(storage, NOW)).toBe("rejected");
  });

  it("ignores a throwing setItem", () => {
    expect(() => {
      writeConsent(new ThrowingStorage(), "accepted", NOW);
    }).not.toThrow();
  });

  it("ignores missing storage", () => {
    expect(() => {
      writeConsent(null, "rejected", NOW);
      writeConsent(undefined, "accepted", NOW);
    }).not.toThrow();
  });
});

// As written, and as every built page holds it: minified (scripts/build/lib/head-script.ts).
describe.each([
  ["headBootScript", headBootScript],
  ["headBootScript, minified as built", minifiedHeadScript(headBootScript)],
])("%s", (_name, script) => {
  interface FakeRoot {
    classList: { add: (name: string) => void };
    dataset: Record<string, string | undefined>;
  }

  interface BootResult {
    classes: string[];
    dataset: Record<string, string | undefined>;
  }

  interface BootLocation {
    location: { hash: string; origin?: string };
    performance?: { getEntriesByType: (type: string) => { type: string }[] };
    addEventListener?: (type: string, listener: () => void) => void;
  }
  type BootWindow = BootLocation & ({ localStorage: StorageLike } | { readonly localStorage: never });

  function runBoot(win: BootWindow, now: number = NOW, referrer = ""): BootResult {
    const classes: string[] = [];
    const root: FakeRoot = { classList: { add: (name) => void classes.push(name) }, dataset: {} };
    // The brief's harness: run the inline <head> script exactly as the browser would, with fakes.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const boot = new Function("document", "window", "Date", script) as (
      document: { documentElement: FakeRoot; referrer: string },
      window: BootWindow,
      date: { now: () => number },
    ) => void;
    boot({ documentElement: root, referrer }, win, { now: () => now });
    return { classes, dataset: root.dataset };
  }

  it.each(CASES.map((c) => [c.name, c.storage, c.expected] as const))(
    "%s: asks exactly when readConsent returns null (%s)",
    (_name, storage, expected) => {
      expect(readConsent(storage(), NOW)).toBe(expected);
      const forBoot = storage();
      const { classes, dataset } = runBoot({ localStorage: forBoot, location: { hash: "" } });
      expect(classes).toEqual(["js"]);
      if (expected === null) expect(dataset.consent).toBe("ask");
      else expect(dataset.consent).toBeUndefined();
      // Both leave the same record behind.
      const forRead = storage();
      readConsent(forRead, NOW);
      if (forBoot instanceof MemoryStorage && forRead instanceof MemoryStorage) {
        expect(Object.fromEntries(forBoot.items)).toEqual(Object.fromEntries(forRead.items));
      }
    },
  );

  it.each([
    ["", false],
    ["#", false],
    ["#faqs", true],
  ] as const)("lays out every block at once when the page opens at hash '%s': %s", (hash, renderAll) => {
    const listeners = new Map<string, () => void>();
    const { dataset } = runBoot({
      localStorage: new MemoryStorage(),
      location: { hash },
      addEventListener: (type, listener) => listeners.set(type, listener),
    });
    expect("renderAll" in dataset).toBe(renderAll);
    // With an anchor, the visitor's first scrolling input is marked, so the anchor is never forced on them again.
    expect([...listeners.keys()].sort()).toEqual(renderAll ? ["keydown", "pointerdown", "touchstart", "wheel"] : []);
    listeners.get("wheel")?.();
    expect("visitorScrolled" in dataset).toBe(renderAll);
  });

  it.each([
    ["a first visit", "", "navigate", false],
    ["a link from another site", "https://elsewhere.example/veilvault", "navigate", false],
    ["a link from a site whose name starts like ours", "https://veilvault.example.evil/", "navigate", false],
    ["a link from one of our pages", "https://veilvault.example/features", "navigate", true],
    ["a reload", "", "reload", true],
    ["back or forward", "", "back_forward", true],
  ] as const)("draws in Inter from the first paint only where its file is expected in the cache: %s", (_name, referrer, type, expected) => {
    const win: BootWindow = {
      localStorage: new MemoryStorage(),
      location: { hash: "", origin: "https://veilvault.example" },
      performance: { getEntriesByType: (entryType) => (entryType === "navigation" ? [{ type }] : []) },
    };
    const { classes } = runBoot(win, NOW, referrer);
    expect(classes).toEqual(expected ? ["js", WEB_FONT_CLASS] : ["js"]);
  });

  it("marks js and asks when touching window.localStorage throws", () => {
    const blocked: BootWindow = {
      location: { hash: "" },
      get localStorage(): never {
        throw new Error("SecurityError: The operation is insecure.");
      },
    };
    const { classes, dataset } = runBoot(blocked);
    expect(classes).toEqual(["js"]);
    expect(dataset.consent).toBe("ask");
  });

  it("uses the injected clock: a valid record becomes stale after the maximum age", () => {
    const storage = stored("true", record("accepted", NOW));
    expect(runBoot({ localStorage: storage, location: { hash: "" } }, NOW + CONSENT_MAX_AGE_MS).dataset.consent).toBeUndefined();
    expect(runBoot({ localStorage: storage, location: { hash: "" } }, NOW + CONSENT_MAX_AGE_MS + 1).dataset.consent).toBe("ask");
    expect(runBoot({ localStorage: storage, location: { hash: "" } }, NOW - 1).dataset.consent).toBe("ask");
  });

  it("does not use the real clock", () => {
    // A record from 2025 checked in the year 2000: in the future, so ask, whatever today is.
    const storage = stored("true", record("accepted", NOW));
    expect(runBoot({ localStorage: storage, location: { hash: "" } }, Date.UTC(2000, 0, 1)).dataset.consent).toBe("ask");
    expect(readConsent(storage, Date.UTC(2000, 0, 1))).toBeNull();
  });
});

describe("minifiedHeadScript", () => {
  it("shortens the head script by over a third, to one line without comments", () => {
    const minified = minifiedHeadScript(headBootScript);
    expect(minified.length).toBeLessThan((headBootScript.length * 2) / 3);
    expect(minified).not.toMatch(/\n|\/\/|\/\*/);
  });
});
