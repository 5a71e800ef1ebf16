import { isbot } from "isbot";
import type { BrowserFamily, DeviceClass } from "../db/traffic-store.ts";

/**
 * What one counted request says about its visit, and nothing more
 * (requirement ANA-2): no address, no user agent, no query string beyond
 * the campaign's three tags. Every function here reads a header or a URL
 * once, from the front, so a hostile client's long value costs linear time.
 */

/** The headers counting reads: Node's lower-case names, one value each (or a list, as Node gives repeats). */
export type VisitHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** Longer user agents are cut before they are read: a family shows in the first few hundred characters. */
const USER_AGENT_READ_LENGTH = 512;
/** UTM values and referrer hosts are kept to this many characters. */
export const DIMENSION_MAX_LENGTH = 100;

function header(headers: VisitHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** The browser family, in the order that tells them apart: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const FAMILIES: readonly [marker: readonly string[], family: BrowserFamily][] = [
  [["Edg/", "EdgA/", "EdgiOS/"], "Edge"],
  [["OPR/", "Opera"], "Opera"],
  [["SamsungBrowser/"], "Samsung Internet"],
  [["Firefox/", "FxiOS/"], "Firefox"],
  [["Chrome/", "CriOS/", "Chromium/"], "Chrome"],
  [["Safari/"], "Safari"],
];

export function browserFamily(userAgent: string): BrowserFamily {
  const text = userAgent.slice(0, USER_AGENT_READ_LENGTH);
  for (const [markers, family] of FAMILIES) if (markers.some((marker) => text.includes(marker))) return family;
  return "Other";
}

export function deviceClass(userAgent: string): DeviceClass {
  const text = userAgent.slice(0, USER_AGENT_READ_LENGTH);
  if (text.includes("iPad") || text.includes("Tablet") || (text.includes("Android") && !text.includes("Mobile"))) return "tablet";
  if (text.includes("Mobi") || text.includes("iPhone") || text.includes("Android")) return "mobile";
  return "desktop";
}

/**
 * Why a request is not counted, or undefined when it is (requirement ANA-3):
 * HEAD, a browser's prefetch or prerender (Sec-Purpose, or the older Purpose
 * and X-Moz), a bot or a client with no user agent, a visitor who asked not
 * to be sold or shared (Sec-GPC: 1). Bots are told apart before GPC: a GPC
 * visitor's conversion still counts (without a landing page), and a bot that
 * sends Sec-GPC must not pass for one.
 */
export function notCounted(method: string, headers: VisitHeaders): "head" | "prefetch" | "gpc" | "bot" | undefined {
  if (method !== "GET") return "head";
  const purpose = `${header(headers, "sec-purpose")} ${header(headers, "purpose")} ${header(headers, "x-moz")}`.toLowerCase();
  if (purpose.includes("prefetch") || purpose.includes("prerender")) return "prefetch";
  const userAgent = header(headers, "user-agent").slice(0, USER_AGENT_READ_LENGTH);
  if (!userAgent.trim() || isbot(userAgent)) return "bot";
  if (header(headers, "sec-gpc").trim() === "1") return "gpc";
  return undefined;
}

/** Lower case, printable ASCII only, trimmed and cut: a campaign tag or host as the console shows it. */
export function dimension(value: string | null | undefined): string {
  if (!value) return "";
  let result = "";
  for (const character of value.slice(0, DIMENSION_MAX_LENGTH * 4)) {
    const code = character.charCodeAt(0);
    if (code > 0x20 && code < 0x7f) result += character;
    else if (code === 0x20 && result) result += " ";
    if (result.length >= DIMENSION_MAX_LENGTH) break;
  }
  return result.trim().toLowerCase();
}

/** The referring site's host without "www.", or "" for none, our own site, or anything that is not an http(s) URL. */
export function referrerHost(headers: VisitHeaders, ownHosts: Pick<ReadonlySet<string>, "has">): string {
  const referer = header(headers, "referer");
  if (!referer) return "";
  let url: URL;
  try {
    url = new URL(referer.slice(0, 2048));
  } catch {
    return "";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "";
  const host = url.hostname.toLowerCase();
  const bare = host.startsWith("www.") ? host.slice(4) : host;
  if (ownHosts.has(host) || ownHosts.has(bare)) return "";
  return dimension(bare);
}

export interface Campaign {
  source: string;
  medium: string;
  campaign: string;
}

/** The three UTM tags of a query string ("?utm_source=…"), each normalised; the rest of the query is not read. */
export function campaignOf(search: string): Campaign {
  if (!search.includes("utm_")) return { source: "", medium: "", campaign: "" };
  const query = new URLSearchParams(search.slice(0, 4096));
  return { source: dimension(query.get("utm_source")), medium: dimension(query.get("utm_medium")), campaign: dimension(query.get("utm_campaign")) };
}
