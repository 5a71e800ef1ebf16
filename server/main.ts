import { readFile } from "node:fs/promises";
import { buildApp } from "./app.ts";
import { readServerEnv } from "./env.ts";
import { SqliteLeadStore } from "./leads/sqlite-store.ts";

const env = readServerEnv(process.env);
const app = await buildApp({
  clientDir: env.clientDir,
  securityManifest: env.securityManifest,
  logLevel: env.logLevel,
  trustProxyHops: env.trustProxyHops,
  leads: {
    store: new SqliteLeadStore(env.dataDir),
    siteUrl: env.siteUrl,
    allowedOrigins: env.allowedOrigins,
    ratePerMinute: env.leadRatePerMinute,
    minFillMs: env.leadMinFillMs,
  },
  ...(env.tls ? { https: { cert: await readFile(env.tls.certFile), key: await readFile(env.tls.keyFile) } } : {}),
});

// Finish in-flight requests before exiting on a deploy or Ctrl-C.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ host: env.host, port: env.port });
