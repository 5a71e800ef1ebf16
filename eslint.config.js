import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "reports/"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // `const { guide, ...page } = record` is how a record sheds a part it does not pass on.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // Three programs and what they share: the web app (app/), the runtime
    // server (server/) and the build pipeline (scripts/build/), with common/
    // between them. Imports point one way only, and nothing runs a build script.
    // scripts/tools/ (benchmarks and checks) sits outside them all: it may read
    // any of them, and none of them reads it. scripts/cms/ (the editors' CMS,
    // development only) reads the app's content schemas; nothing built reads it.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "common/**/*.ts", "scripts/**/*.ts"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })] },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./server", from: ["./app", "./scripts"], message: "The server imports only common/." },
            {
              target: "./scripts/build",
              from: ["./scripts/tools", "./scripts/cms", "./server", "./tests"],
              message: "The build pipeline runs on every build: it imports app/, common/ and itself, never the toolbox, the CMS, the server or the tests.",
            },
            {
              target: ["./server/leads", "./server/newsletter", "./server/trust", "./server/outbox"],
              from: ["./server/delivery"],
              message: "Intake writes jobs to the outbox and never learns how they are sent: server/delivery reads the outbox, not the other way (server/outbox/jobs.ts).",
            },
            {
              target: "./server/analytics",
              from: ["./server/leads", "./server/newsletter", "./server/delivery", "./server/trust", "./server/console"],
              message: "Counting knows the store's traffic interface only (server/db/traffic-store.ts): the forms and the console read it, not the other way.",
            },
            {
              target: "./server/db",
              from: ["./server/leads", "./server/newsletter", "./server/outbox", "./server/limits", "./server/console", "./server/analytics", "./server/trust", "./server/delivery", "./server/cli", "./server/app.ts", "./server/main.ts", "./server/env.ts"],
              message: "server/db is the data layer under every domain: it imports common/, server/lib/ and itself, nothing of the domains.",
            },
            {
              target: "./server/lib",
              from: ["./server/db", "./server/leads", "./server/newsletter", "./server/outbox", "./server/limits", "./server/console", "./server/analytics", "./server/trust", "./server/delivery", "./server/cli"],
              message: "server/lib holds what several domains share (mailbox, link tokens, request checks): it imports only common/ and itself.",
            },
            {
              target: ["./server/leads", "./server/newsletter", "./server/outbox", "./server/limits", "./server/console", "./server/analytics", "./server/trust", "./server/delivery", "./server/lib", "./server/app.ts"],
              from: ["./server/db/sqlite", "./server/db/postgres", "./server/db/open-store.ts"],
              message: "Only server/main.ts, server/cli/ and tests open a concrete backend; everything else takes the store's contract (server/db/store.ts).",
            },
            { target: "./common", from: ["./app", "./server", "./scripts"], message: "common/ imports nothing else of ours." },
            { target: "./app", from: ["./server", "./scripts"], message: "The web app imports only itself and common/." },
            {
              target: "./app/lib",
              from: ["./app/components", "./app/routes", "./app/route-data", "./app/islands"],
              message: "lib/ is logic under the components: it never imports them.",
            },
            {
              target: "./app/components",
              from: ["./app/islands", "./app/routes", "./app/route-data"],
              message: "Components are drawn anywhere; the document and the pages decide which become islands (app/islands/), and pass them in.",
            },
            {
              target: "./app/islands",
              from: ["./app/routes", "./app/route-data"],
              message: "An island is a component and what it needs in the browser, never a page's build-time code.",
            },
          ],
        },
      ],
    },
  },
  {
    // In tests a missing element should fail loudly at the assertion, which `!` does.
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    files: ["**/*.js"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle must never pull in Node (server code and build scripts are kept out above).
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["node:*"], message: "app/ runs in browsers: no Node built-ins." }] },
      ],
    },
  },
  {
    // The server entry and modules named *.server run only in Node, while prerendering: React Router refuses to bundle a .server module for the browser.
    files: ["app/entry.server.tsx", "app/**/*.server.{ts,tsx}"],
    rules: { "no-restricted-imports": "off" },
  },
);
