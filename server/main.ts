import { readFile } from "node:fs/promises";
import { buildApp } from "./app.ts";
import { readServerEnv } from "./env.ts";
import { HTTP_TIMEOUTS } from "./http-limits.ts";
import { RETENTION_EVERY_MS, retentionCutoffs } from "./db/retention.ts";
import { openLeadStore } from "./db/open-store.ts";
import { loadLinkKey } from "./lib/link-tokens.ts";
import { enabledChannels } from "./delivery/config.ts";
import { loadTrustLibrary } from "./trust/documents.ts";

const env = readServerEnv(process.env);
const channels = enabledChannels(env.delivery);
const linkKey = loadLinkKey(env, channels.includes("confirmation-email"), env.analytics);
const store = await openLeadStore(env);
const retentionPolicy = env.retentionPolicy;
// Retention runs at every start and every hour; `npm run leads -- prune` runs it on demand.
const pruned = await store.sweepRetention(retentionCutoffs(new Date(), retentionPolicy));
const app = await buildApp({
  clientDir: env.clientDir,
  securityManifest: env.securityManifest,
  logLevel: env.logLevel,
  trustProxyHops: env.trustProxyHops,
  connectionLimits: env.connectionLimits,
  traffic: env.analytics ? {} : false,
  leads: {
    store,
    siteUrl: env.siteUrl,
    allowedOrigins: env.allowedOrigins,
    ratePerMinute: env.leadRatePerMinute,
    minFillMs: env.leadMinFillMs,
    delivery: env.delivery,
    linkKey,
    trust: { library: loadTrustLibrary(env.privateDir), caps: env.trustRequestCaps },
  },
  ...(env.tls ? { https: { cert: await readFile(env.tls.certFile), key: await readFile(env.tls.keyFile) } } : {}),
});

// Finish in-flight requests before exiting on a deploy or Ctrl-C, but not
// for ever: a client that stalls must not keep the old process alive.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    const deadline = setTimeout(() => {
      app.log.warn({ afterMs: HTTP_TIMEOUTS.shutdownMs }, "shutdown deadline: closing the remaining connections");
      app.server.closeAllConnections();
      // Closing the store cannot hang, but if anything else does, stop anyway.
      setTimeout(() => process.exit(1), 1_000).unref();
    }, HTTP_TIMEOUTS.shutdownMs);
    deadline.unref();
    void app.close().then(() => process.exit(0));
  });
}

app.log.info({ pruned, ...retentionPolicy }, "lead retention applied");
const retention = setInterval(() => {
  store.sweepRetention(retentionCutoffs(new Date(), retentionPolicy)).then(
    (counts) => app.log.info({ pruned: counts }, "lead retention applied"),
    (error: unknown) => app.log.warn({ err: error }, "lead retention could not run; it runs again within the hour"),
  );
}, RETENTION_EVERY_MS);
retention.unref();
app.addHook("onClose", (_instance, done) => {
  clearInterval(retention);
  done();
});
// Which deliveries are on; a lead with none configured is only stored (see `npm run leads -- export`).
app.log.info({ channels }, "lead delivery channels");
if (!channels.includes("confirmation-email")) app.log.warn("SMTP_URL is unset: newsletter sign-ups stay pending, no confirmation is sent");
// Only these (and, on a loopback address, its local names) may post leads: a wrong SITE_URL shows here.
app.log.info({ origins: [new URL(env.siteUrl).origin, ...env.allowedOrigins] }, "lead posts accepted from");
await app.listen({ host: env.host, port: env.port });
