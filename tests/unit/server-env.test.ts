import { describe, expect, it } from "vitest";
import { readServerEnv } from "../../server/env.ts";

describe("readServerEnv", () => {
  it("defaults to 127.0.0.1:3000, log level info and the built client directory", () => {
    const env = readServerEnv({});
    expect(env.port).toBe(3000);
    expect(env.host).toBe("127.0.0.1");
    expect(env.logLevel).toBe("info");
    expect(env.clientDir).toMatch(/\/build\/client$/);
    expect(env.clientDir).not.toMatch(/\/server\/build\/client$/);
  });

  it("reads overrides", () => {
    expect(
      readServerEnv({
        PORT: "8080",
        HOST: "0.0.0.0",
        LOG_LEVEL: "debug",
        CLIENT_DIR: "/srv/site",
        SECURITY_MANIFEST: "/srv/security.json",
      }),
    ).toEqual({
      port: 8080,
      host: "0.0.0.0",
      logLevel: "debug",
      clientDir: "/srv/site",
      securityManifest: "/srv/security.json",
    });
  });

  it.each(["0", "1", "65535"])("accepts PORT=%s", (value) => {
    expect(readServerEnv({ PORT: value }).port).toBe(Number(value));
  });

  it.each(["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const)("accepts LOG_LEVEL=%s", (level) => {
    expect(readServerEnv({ LOG_LEVEL: level }).logLevel).toBe(level);
  });

  it("treats an empty HOST as unset", () => {
    expect(readServerEnv({ HOST: "" }).host).toBe("127.0.0.1");
  });

  it.each(["abc", "70000", "65536", "-1", "3000.5", "3000abc"])("rejects PORT=%j", (value) => {
    expect(() => readServerEnv({ PORT: value })).toThrow(/PORT/);
  });

  it.each(["loud", "INFO", "verbose"])("rejects LOG_LEVEL=%j", (value) => {
    expect(() => readServerEnv({ LOG_LEVEL: value })).toThrow(/LOG_LEVEL/);
  });

  // Bug: Number("") is 0, so an empty PORT (a common `PORT=` line in .env files) silently
  // binds a random free port, while an empty HOST falls back to the default.
  it.each(["", " "])("does not turn PORT=%j into port 0", (value) => {
    let port: number | "rejected";
    try {
      port = readServerEnv({ PORT: value }).port;
    } catch {
      port = "rejected";
    }
    expect([3000, "rejected"]).toContain(port);
  });
});
