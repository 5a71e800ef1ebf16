/**
 * Every store operation written with the query builder, by name: the stores
 * run them (`store.run(name, …args)`), the SQLite worker dispatches them by
 * name, and a new operation is one function in its repository file.
 */
import { leadOperations } from "./repositories/leads.ts";
import type { StoreOperation } from "./repositories/operation.ts";

export const OPERATIONS = {
  ...leadOperations,
} satisfies Record<string, StoreOperation<never[], unknown>>;

export type OperationName = keyof typeof OPERATIONS;
export type OperationArgs<Name extends OperationName> = (typeof OPERATIONS)[Name] extends StoreOperation<infer Args, unknown> ? Args : never;
export type OperationResult<Name extends OperationName> = (typeof OPERATIONS)[Name] extends StoreOperation<never[], infer Result> ? Result : never;

/** Runs one operation through a store's own driver. */
export interface OperationRunner {
  run<Name extends OperationName>(name: Name, ...args: OperationArgs<Name>): Promise<OperationResult<Name>>;
}
