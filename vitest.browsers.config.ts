import { defineConfig } from "vitest/config";

// The cross-browser driver tests start real browsers: one file at a time, with time to launch them.
export default defineConfig({
  test: {
    include: ["tests/browsers/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
