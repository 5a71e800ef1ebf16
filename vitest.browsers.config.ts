import { defineConfig } from "vitest/config";

/**
 * The cross-browser suite (npm run check:browsers): Firefox ESR and WebKitGTK
 * from Debian against the production build and server, which the global
 * setup starts. One file per engine, one browser session per width.
 */
export default defineConfig({
  test: {
    include: ["tests/browsers/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/browsers/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two engines at a time on a 2-core machine: each file is one browser.
    maxWorkers: 2,
  },
});
