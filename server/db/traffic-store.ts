/**
 * What the traffic aggregates hold (requirement ANA-2; the operations that keep
 * them are repositories/traffic.ts). Nothing here names a person: a day's visitor is a
 * slot, 24 bits of a keyed hash under that day's salt, which thousands of
 * possible visitors share. The salt is never stored (server/analytics/counter.ts
 * derives it from a key kept outside the database); slots are deleted when the
 * day ends.
 */

/** The browser and device a visit is counted under (server/analytics/visit.ts reads them from its headers). */
export type BrowserFamily = "Chrome" | "Edge" | "Firefox" | "Safari" | "Opera" | "Samsung Internet" | "Other";
export type DeviceClass = "mobile" | "tablet" | "desktop";

/** How long the daily aggregates are kept. */
export const TRAFFIC_RETENTION_MONTHS = 25;
/** A visitor slot's bits: 16.7 million slots, so a day of a few thousand visitors rarely puts two in one. */
export const VISITOR_SLOT_BITS = 24;

export type ConversionKind = "demo" | "lead" | "sign-up";
export const CONVERSION_KINDS: readonly ConversionKind[] = ["demo", "lead", "sign-up"];

/** Where a visit came from: the referring host and the campaign's three tags, each "" when absent. */
export interface VisitSource {
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
}

/** One counted page view: `slot` null counts the view but no visitor. */
export interface TrafficView extends VisitSource {
  slot: number | null;
  path: string;
  device: DeviceClass;
  browser: BrowserFamily;
}

/** One conversion: `slot` null for a visitor who is not counted (Sec-GPC, a bot), whose landing page stays unknown. */
export interface TrafficConversion {
  slot: number | null;
  kind: ConversionKind;
}

/** A flush of one day's counts. */
export interface TrafficBatch {
  day: string;
  views: readonly TrafficView[];
  conversions: readonly TrafficConversion[];
}

/** A day's aggregate row: `visitors` counts the visitors whose first view of the day was this row's. */
export interface TrafficRow extends VisitSource {
  day: string;
  path: string;
  device: DeviceClass;
  browser: BrowserFamily;
  views: number;
  visitors: number;
}

/** Conversions of a day by the converting visitor's landing page and source ("" when unknown). */
export interface ConversionRow extends VisitSource {
  day: string;
  landing: string;
  kind: ConversionKind;
  count: number;
}

/** A day's visitor slot and where its visit began. */
export interface VisitorLanding extends VisitSource {
  slot: number;
  landing: string;
}


/** The key of an aggregate row within a day: every dimension, in column order. */
export function rowKey(view: Omit<TrafficView, "slot">): string {
  return JSON.stringify([view.path, view.referrer, view.source, view.medium, view.campaign, view.device, view.browser]);
}

/** A batch's views folded into rows, and each slot's first view: the one that counts its visitor if the slot is new today. */
export interface TrafficPlan {
  rows: Map<string, { view: TrafficView; views: number; firstViewSlots: number[] }>;
  visitors: VisitorLanding[];
}

/** Folds a batch for either store: one write per row and per slot, not per view. */
export function planTraffic(batch: TrafficBatch): TrafficPlan {
  const rows: TrafficPlan["rows"] = new Map();
  const visitors: VisitorLanding[] = [];
  const seen = new Set<number>();
  for (const view of batch.views) {
    const key = rowKey(view);
    let row = rows.get(key);
    if (!row) {
      row = { view, views: 0, firstViewSlots: [] };
      rows.set(key, row);
    }
    row.views += 1;
    if (view.slot !== null && !seen.has(view.slot)) {
      seen.add(view.slot);
      row.firstViewSlots.push(view.slot);
      visitors.push({ slot: view.slot, landing: view.path, referrer: view.referrer, source: view.source, medium: view.medium, campaign: view.campaign });
    }
  }
  return { rows, visitors };
}

/** The key of a conversion row within a day. */
export function conversionKey(row: Omit<ConversionRow, "day" | "count">): string {
  return JSON.stringify([row.landing, row.referrer, row.source, row.medium, row.campaign, row.kind]);
}

/** Conversions folded by landing and source, once the slots' landings are known. */
export function foldConversions(day: string, conversions: readonly TrafficConversion[], landings: ReadonlyMap<number, VisitorLanding>): ConversionRow[] {
  const folded = new Map<string, ConversionRow>();
  for (const conversion of conversions) {
    const landing = conversion.slot === null ? undefined : landings.get(conversion.slot);
    const row: ConversionRow = {
      day,
      landing: landing?.landing ?? "",
      referrer: landing?.referrer ?? "",
      source: landing?.source ?? "",
      medium: landing?.medium ?? "",
      campaign: landing?.campaign ?? "",
      kind: conversion.kind,
      count: 1,
    };
    const key = conversionKey(row);
    const existing = folded.get(key);
    if (existing) existing.count += 1;
    else folded.set(key, row);
  }
  return [...folded.values()];
}

/** The first day whose aggregates are kept on `today`: the same day of the month, 25 months earlier. */
export function trafficKeepFrom(today: string): string {
  const [year = 0, month = 1, day = 1] = today.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1 - TRAFFIC_RETENTION_MONTHS, day)).toISOString().slice(0, 10);
}
