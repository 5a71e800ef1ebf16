import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { readBuildEnv } from "./app/site/build-env.ts";

// Validated once here; only these values reach the browser (app/site/config.ts).
const buildEnv = readBuildEnv(process.env);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: {
    __BUILD_ENV__: JSON.stringify(buildEnv),
  },
  build: {
    // The site is public; its build internals are not. No source maps are shipped.
    sourcemap: false,
  },
});
