import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { daySalt } from "../../server/analytics/counter.ts";
import { LINK_KEY_FILE, linkToken, loadLinkKey } from "../../server/lib/link-tokens.ts";
import { readServerEnv } from "../../server/env.ts";

/**
 * The key links and visitor salts are derived from (requirements LEAD-24,
 * ANA-11): where it is read from, and when several instances must be given it.
 */

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "veilvault-link-key-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const DATABASE_URL = "postgres://veilvault@db:5432/veilvault";

describe("the link key (ANA-11)", () => {
  it("is made once, owner-only, in the file LINK_SIGNING_KEY_FILE names, and nothing is written to DATA_DIR", () => {
    const dataDir = join(tempDir(), "data");
    const keyFile = join(tempDir(), "keys", LINK_KEY_FILE);
    const env = readServerEnv({ DATA_DIR: dataDir, LINK_SIGNING_KEY_FILE: keyFile });
    const key = loadLinkKey(env, true, true);
    expect(key).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(loadLinkKey(env, true, true)).toEqual(key);
    expect(existsSync(join(dataDir, LINK_KEY_FILE))).toBe(false);
  });

  it("is `link-signing.key` in DATA_DIR when neither LINK_SIGNING_KEY nor LINK_SIGNING_KEY_FILE is set (SQLite)", () => {
    const dataDir = tempDir();
    const key = loadLinkKey(readServerEnv({ DATA_DIR: dataDir }), false, true);
    expect(readFileSync(join(dataDir, LINK_KEY_FILE), "utf8")).toBe(key.toString("hex"));
  });

  it("must be given to instances on PostgreSQL that count visits or send mail, since each must derive the same salt and links", () => {
    expect(() => loadLinkKey(readServerEnv({ DATABASE_URL }), false, true)).toThrow(/LINK_SIGNING_KEY .*required with DATABASE_URL while ANALYTICS is on/);
    expect(() => loadLinkKey(readServerEnv({ DATABASE_URL }), true, false)).toThrow(/required with DATABASE_URL and SMTP_URL/);
    // Neither: the key never leaves the process, so any will do.
    expect(loadLinkKey(readServerEnv({ DATABASE_URL }), false, false)).toHaveLength(32);
    expect(loadLinkKey(readServerEnv({ DATABASE_URL, LINK_SIGNING_KEY: "k".repeat(32) }), true, true)).toEqual(Buffer.from("k".repeat(32)));
    // A file is read, never made: another instance's would differ.
    const keyFile = join(tempDir(), LINK_KEY_FILE);
    expect(() => loadLinkKey(readServerEnv({ DATABASE_URL, LINK_SIGNING_KEY_FILE: keyFile }), false, true)).toThrow(/does not exist/);
    writeFileSync(keyFile, "ab".repeat(32));
    expect(loadLinkKey(readServerEnv({ DATABASE_URL, LINK_SIGNING_KEY_FILE: keyFile }), false, true)).toEqual(Buffer.from("ab".repeat(32), "hex"));
  });

  it("is set one way only", () => {
    expect(() => loadLinkKey(readServerEnv({ LINK_SIGNING_KEY: "k".repeat(32), LINK_SIGNING_KEY_FILE: "/etc/veilvault/link-signing.key" }), false)).toThrow(/not both/);
  });

  it("derives a salt a day that is neither a link token nor another day's", () => {
    const key = Buffer.alloc(32, 7);
    const salt = daySalt(key, "2026-11-26");
    expect(salt).toHaveLength(32);
    expect(daySalt(key, "2026-11-26")).toEqual(salt);
    expect(daySalt(key, "2026-11-27")).not.toEqual(salt);
    expect(daySalt(Buffer.alloc(32, 8), "2026-11-26")).not.toEqual(salt);
    expect(salt.toString("base64url")).not.toBe(linkToken(key, "confirm", "2026-11-26"));
  });
});
