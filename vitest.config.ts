import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin breaks Vitest ("can't detect preamble").
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    // The lead service's fuzz test forces garbage collection to see whether memory stays flat.
    execArgv: ["--expose-gc"],
  },
});
