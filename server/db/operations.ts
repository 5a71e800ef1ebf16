/**
 * Every store operation written with the query builder, by name: each store
 * has it as a method (`store.pageLeads(…)`, made here from the name), runs it
 * through its own driver, and the SQLite worker dispatches it by name. A new
 * operation is one function in its repository file.
 */
import { leadOperations } from "./repositories/leads.ts";
import { outboxOperations } from "./repositories/outbox.ts";
import { capHitOperations } from "./repositories/cap-hits.ts";
import type { StoreOperation } from "./repositories/operation.ts";
import { subscriberOperations } from "./repositories/subscribers.ts";
import { consoleOperations } from "./repositories/console.ts";
import { trafficOperations } from "./repositories/traffic.ts";
import { trustOperations } from "./repositories/trust.ts";
import { erasureOperations } from "./repositories/erasure.ts";
import { retentionOperations } from "./repositories/retention.ts";
import { healthOperations } from "./repositories/health.ts";

export const OPERATIONS = {
  ...leadOperations,
  ...outboxOperations,
  ...capHitOperations,
  ...subscriberOperations,
  ...consoleOperations,
  ...trafficOperations,
  ...trustOperations,
  ...erasureOperations,
  ...retentionOperations,
  ...healthOperations,
} satisfies Record<string, StoreOperation<never[], unknown>>;

export type OperationName = keyof typeof OPERATIONS;
export type OperationArgs<Name extends OperationName> = (typeof OPERATIONS)[Name] extends StoreOperation<infer Args, unknown> ? Args : never;
export type OperationResult<Name extends OperationName> = (typeof OPERATIONS)[Name] extends StoreOperation<never[], infer Result> ? Result : never;

/** Runs one operation through a store's own driver. */
export interface OperationRunner {
  run<Name extends OperationName>(name: Name, ...args: OperationArgs<Name>): Promise<OperationResult<Name>>;
}

/** The operations as methods of a store, each forwarding to its `run`. */
export type OperationMethods = { readonly [Name in OperationName]: (...args: OperationArgs<Name>) => Promise<OperationResult<Name>> };

export function operationMethods(runner: OperationRunner): OperationMethods {
  const methods: Record<string, (...args: never[]) => Promise<unknown>> = {};
  // Each name's arguments are its own; `run` is typed per name, which a loop over every name cannot follow.
  const run = runner.run.bind(runner) as (name: OperationName, ...args: unknown[]) => Promise<unknown>;
  for (const name of Object.keys(OPERATIONS) as OperationName[]) methods[name] = (...args: never[]) => run(name, ...args);
  return methods as unknown as OperationMethods;
}
