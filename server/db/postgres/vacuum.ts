import type pg from "pg";

/** How long an erasure waits for the snapshots that still see its deleted rows to end. */
export const VACUUM_PATIENCE_MS = 30_000;
const RETRY_EVERY_MS = 250;

/**
 * Rewrites the tables into new files, leaving no deleted row's bytes in them.
 * VACUUM FULL copies a deleted row that some open snapshot of the database can
 * still see (an autovacuum ANALYZE of a catalog, a long report): it says so in
 * its verbose detail, "N dead row versions cannot be removed yet". Then it runs
 * again once they may be gone, until none is left or `patienceMs` has passed,
 * when it throws, so an erasure never reports bytes gone that are not.
 * Outside any transaction.
 */
export async function vacuumFull(pool: pg.Pool, tables: readonly string[], patienceMs = VACUUM_PATIENCE_MS): Promise<void> {
  const client = await pool.connect();
  let kept = 0;
  const onNotice = (notice: { detail?: string }) => {
    const match = /^(\d+) dead row versions cannot be removed yet/.exec(notice.detail ?? "");
    if (match) kept += Number(match[1]);
  };
  client.on("notice", onNotice);
  try {
    const started = Date.now();
    for (;;) {
      kept = 0;
      await client.query(`VACUUM (FULL, VERBOSE) ${tables.join(", ")}`);
      if (kept === 0) return;
      if (Date.now() - started > patienceMs) throw new Error(`${kept} deleted row version(s) are still seen by an open transaction after ${patienceMs} ms; run the erasure again`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    }
  } finally {
    client.off("notice", onNotice);
    client.release();
  }
}
