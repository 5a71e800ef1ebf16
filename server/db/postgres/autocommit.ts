import type { CompiledQuery } from "kysely";
import type { QueryResult } from "../query.ts";

/**
 * Guards an operation run outside a transaction: past `writes` statements
 * that are not a SELECT, it throws before sending, for then the statements
 * before would have committed without the rest.
 */
export function guardWrites(name: string, writes: number, execute: (compiled: CompiledQuery) => Promise<QueryResult>) {
  let written = 0;
  return (compiled: CompiledQuery): Promise<QueryResult> => {
    if (compiled.query.kind !== "SelectQueryNode" && ++written > writes) {
      return Promise.reject(new Error(`${name} runs without a transaction on PostgreSQL, so it may write with ${writes} statement${writes === 1 ? "" : "s"} only`));
    }
    return execute(compiled);
  };
}
