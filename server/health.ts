import type { FastifyInstance } from "fastify";

/** How long one storage check answers for every /healthz request that follows it. */
export const HEALTH_REUSE_MS = 1_000;
/** A storage check slower than this counts as down: a load balancer gives up after a few seconds anyway. */
export const HEALTH_TIMEOUT_MS = 2_000;
const RETRY_AFTER_SECONDS = 5;

/**
 * Whether storage answers, asked at most once a `reuseMs`: callers share the
 * check in flight, and reuse its result until `reuseMs` after it settled, so
 * a burst of health checks (or anyone hammering the public endpoint) costs the
 * database one query a second, not one each. A failed or timed-out check is
 * reported to `onFailure` once, not once per caller.
 */
export function sharedCheck(
  check: () => Promise<void>,
  options: { reuseMs: number; timeoutMs: number; onFailure: (error: unknown) => void },
): () => Promise<boolean> {
  let last: { settledAt?: number; result: Promise<boolean> } | undefined;
  return () => {
    if (last && (last.settledAt === undefined || performance.now() - last.settledAt < options.reuseMs)) return last.result;
    const current: { settledAt?: number; result: Promise<boolean> } = {
      result: withTimeout(check(), options.timeoutMs).then(
        () => true,
        (error: unknown) => {
          options.onFailure(error);
          return false;
        },
      ),
    };
    void current.result.then(() => (current.settledAt = performance.now()));
    last = current;
    return current.result;
  };
}

async function withTimeout(check: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`storage did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz` for load balancers (requirement LEAD-14): `200 {"status":"ok"}`
 * while storage answers, `503 {"status":"unavailable"}` with Retry-After when
 * it does not. Nothing else: it is public, and any figure about the outbox
 * (a newsletter confirmation queued or not) would tell a stranger whether an
 * address is already subscribed. Operators read the outbox with
 * `npm run leads -- outbox` on the host.
 */
export function registerHealthRoute(app: FastifyInstance, ping: (() => Promise<void>) | undefined): void {
  const storageAnswers = ping
    ? sharedCheck(ping, {
        reuseMs: HEALTH_REUSE_MS,
        timeoutMs: HEALTH_TIMEOUT_MS,
        onFailure: (error) => app.log.error({ err: error }, "health check: storage unreachable"),
      })
    : () => Promise.resolve(true);

  app.get("/healthz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (await storageAnswers()) return { status: "ok" };
    return reply.code(503).header("Retry-After", String(RETRY_AFTER_SECONDS)).send({ status: "unavailable" });
  });
}
