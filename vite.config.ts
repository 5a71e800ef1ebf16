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
    // (React Router's own browser build is not published: pages hydrate islands, scripts/build/lib/islands.ts.)
    sourcemap: false,
  },
});
