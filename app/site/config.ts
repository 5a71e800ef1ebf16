import { readBuildEnv, type BuildEnv } from "./build-env.ts";
import { DEMO_MINUTES, DEMO_PATH, DEMO_SCHEDULER_URL } from "../../common/demo.ts";

declare const __BUILD_ENV__: BuildEnv | undefined;

// In the browser bundle Vite replaces __BUILD_ENV__ with the validated values;
// in Node (scripts, unit tests) it is undeclared and the environment is read here.
const env: BuildEnv =
  typeof __BUILD_ENV__ !== "undefined" ? __BUILD_ENV__ : readBuildEnv(typeof process === "undefined" ? {} : process.env);

export interface Office {
  id: "us" | "in";
  country: string;
  city: string;
  region: string;
  mapsUrl: string;
  /** Where the office is, in degrees, for the contact page's map. */
  location: { lat: number; lon: number };
}

export interface SocialProfile {
  network: "x" | "linkedin" | "instagram";
  label: string;
  url: string;
}

function mapsSearch(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The company's identity: the one place that names it, links it and locates it. */
export const site = {
  name: "Veilvault",
  legalName: "Veilvault",
  tagline: "The data privacy vault for the agentic era",
  description:
    "Veilvault is a data privacy vault that tokenizes personal and health data, enforces access policy at runtime and keeps AI workflows free of raw PII, for teams under GDPR, DPDP, HIPAA, PCI DSS and CCPA.",
  url: env.siteUrl,
  locale: "en_IN",
  language: "en",
  themeColor: "#0B1020",
  email: {
    privacy: "privacy@veilvault.example",
    contact: "hello@veilvault.example",
    security: "security@veilvault.example",
  },
  demo: {
    /** Where the demo buttons link: the server's counting redirect to `scheduler` (common/demo.ts). */
    url: DEMO_PATH,
    scheduler: DEMO_SCHEDULER_URL,
    minutes: DEMO_MINUTES,
  },
  social: [
    { network: "x", label: "Veilvault on X", url: "https://x.com/veilvault" },
    { network: "linkedin", label: "Veilvault on LinkedIn", url: "https://www.linkedin.com/company/veilvault" },
    { network: "instagram", label: "Veilvault on Instagram", url: "https://www.instagram.com/veilvault" },
  ] as const satisfies readonly SocialProfile[],
  offices: [
    {
      id: "us",
      country: "USA",
      city: "San Francisco",
      region: "California, United States",
      mapsUrl: mapsSearch("San Francisco, California, United States"),
      location: { lat: 37.77, lon: -122.42 },
    },
    {
      id: "in",
      country: "India",
      city: "Bengaluru",
      region: "Karnataka, India",
      mapsUrl: mapsSearch("Bengaluru, Karnataka, India"),
      location: { lat: 12.97, lon: 77.59 },
    },
  ] as const satisfies readonly Office[],
  endpoints: {
    leads: env.leadsUrl,
    newsletter: env.newsletterUrl,
    trustRequests: env.trustRequestsUrl,
  },
  allowIndexing: env.allowIndexing,
  buildYear: env.buildYear,
} as const;

/** Absolute URL on the public site for a path such as "/features". */
export function absoluteUrl(path: string): string {
  return path === "/" ? `${site.url}/` : `${site.url}${path}`;
}
