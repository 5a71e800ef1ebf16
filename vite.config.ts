import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { readBuildEnv } from "./app/site/build-env.ts";
import { contentFiles } from "./scripts/build/lib/content-files-plugin.ts";
import { DEMO_PATH, DEMO_SCHEDULER_URL } from "./common/demo.ts";

// Validated once here; only these values reach the browser (app/site/config.ts).
const buildEnv = readBuildEnv(process.env);

// `npm run cms` (scripts/cms/run.ts) passes this run's editor key; nothing else adds the editor.
const cmsKey = process.env.VEILVAULT_CMS_KEY;
const cms = cmsKey === undefined ? [] : [(await import("./scripts/cms/admin-plugin.ts")).cmsAdmin({ key: cmsKey })];

/** The demo buttons' redirect, which the Node server answers in production (server/analytics), for `npm run dev` and the CMS preview. */
const demoRedirect: Plugin = {
  name: "veilvault-demo-redirect",
  configureServer(server) {
    server.middlewares.use(DEMO_PATH, (_request, response) => {
      response.writeHead(302, { Location: DEMO_SCHEDULER_URL }).end();
    });
  },
};

export default defineConfig({
  plugins: [contentFiles(), ...cms, demoRedirect, tailwindcss(), reactRouter()],
  define: {
    __BUILD_ENV__: JSON.stringify(buildEnv),
  },
  server: {
    fs: {
      // The development server sends any file under the project to whoever reaches its port (EDIT-6), so the
      // lead database and the keys beside it are refused. Setting the list replaces Vite's own: its first six are Vite 8.3's.
      deny: [".env", ".env.*", "*.{crt,pem,key,p12,pfx,cer,der}", ".npmrc", ".yarnrc.yml", "**/.git/**", `${fileURLToPath(new URL("data", import.meta.url))}/**`, "*.{sqlite,sqlite-wal,sqlite-shm,sqlite-journal,db}"],
    },
  },
  build: {
    // The site is public; its build internals are not. No source maps are shipped.
    sourcemap: false,
  },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // React Router's default, restated: setting `output` replaces it.
            entryFileNames: "assets/[name]-[hash].js",
            codeSplitting: {
              groups: [
                {
                  // Our components and helpers (app/ and common/) that two or more routes share, and
                  // what they import (React, the router, the icons), load as one
                  // chunk. Left to itself the bundler cut them into about twenty
                  // files of 80 B to 9 KB, and a phone paid for each request on
                  // the main thread (measured: 20 ms sending fifteen of them at
                  // once, 80 ms at Lighthouse's 4x slowdown) and a round trip for
                  // each level of imports. One chunk also compresses better: the
                  // largest routes lost 1.2-1.6 KiB of brotli JS, the smallest
                  // gained at most 1.2 KiB. Code only one route uses stays in
                  // that route's chunk; the lazy contact form stays lazy
                  // ($initial: statically imported only).
                  name: "app",
                  test: /[\\/](app|common|node_modules[\\/](lucide|react|react-dom|react-router|scheduler))[\\/]/,
                  tags: ["$initial"],
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
    },
  },
});
