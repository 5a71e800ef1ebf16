import type { OperationMethods, OperationRunner } from "./operations.ts";

/**
 * Where the server's data lives: each store operation (operations.ts) as a
 * method. Each resolves only after its change is durably committed, and one
 * that deletes personal data only once the rows' bytes have left the
 * database's files too (its `compactAfter`). SQLite (sqlite/store.ts)
 * implements it for one machine; PostgreSQL (postgres/store.ts) the same
 * contract for several.
 */
export interface LeadStore extends OperationRunner, OperationMethods {
  close(): Promise<void>;
}

/** What visit counting needs of the store (server/analytics/counter.ts): the traffic operations (repositories/traffic.ts). */
export type TrafficStore = Pick<LeadStore, "recordTraffic" | "trafficRows" | "endTrafficDays">;
