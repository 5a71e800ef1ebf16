import { defineConfig } from "vitest/config";
import { contentFiles } from "./scripts/build/lib/content-files-plugin.ts";

// Kept apart from vite.config.ts: the React Router plugin breaks Vitest ("can't detect preamble").
// Two projects: `unit` is pure logic (no socket, process or database), the inner
// loop of `npm run test:fast`; `service` runs the real server, databases and
// processes (faults, kill -9, full disk, fuzz, hostile clients), mostly waiting
// on them, so its files run several at a time (`check:service`).
export default defineConfig({
  // Components name their words with words(), which the content plugin puts in place, as in the build.
  plugins: [contentFiles()],
  test: {
    environment: "node",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          // Pure tests share no state but what each restores (timers, spies), so
          // the files share their workers' module graph and environments: 20 s
          // of set-up per run becomes 6 s, for about 3 s of tests.
          pool: "threads",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "service",
          include: ["tests/service/**/*.test.ts"],
          // The lead service's fuzz test forces garbage collection to see whether memory stays flat.
          execArgv: ["--expose-gc"],
          // A test's own deadline only guards against a hang: what a test promises
          // about time it measures and asserts itself. On a shared 2-core machine a
          // PostgreSQL migration or a browser's start has taken 12 to 30 s, so every
          // test and hook gets two minutes instead of Vitest's 5 s and 10 s.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll waits on a process or a background job (a drain, a count) the same way: 30 s, not 1 s.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
