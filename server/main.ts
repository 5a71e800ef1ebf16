import { readFile } from "node:fs/promises";
import { buildApp } from "./app.ts";
import { readServerEnv } from "./env.ts";
import { retentionCutoff } from "./leads/retention.ts";
import { openLeadStore } from "./leads/open-store.ts";

const env = readServerEnv(process.env);
const store = await openLeadStore(env);
// Retention runs at every start; `npm run leads -- prune` runs it on demand.
const pruned = await store.pruneLeads(retentionCutoff(new Date(), env.leadRetentionDays));
const app = await buildApp({
  clientDir: env.clientDir,
  securityManifest: env.securityManifest,
  logLevel: env.logLevel,
  trustProxyHops: env.trustProxyHops,
  leads: {
    store,
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

app.log.info({ pruned, retentionDays: env.leadRetentionDays }, "lead retention applied");
await app.listen({ host: env.host, port: env.port });
