import type { PagePath } from "../site/pages.ts";
import type { PageIntroContent } from "./types.ts";

/**
 * Pages whose opening band is written here. The home page and the use-case
 * landing pages open with heroes of their own (content/home.ts,
 * content/landing-pages.ts); the regulation and SOC 2 pages keep their intro in
 * their own record (content/regulations/*.yaml, content/soc-2.ts).
 */
export type IntroPath = Exclude<PagePath, "/" | `/use-cases/${string}` | `/compliance/${string}`>;


export const pageIntros = {
  "/use-case": {
    eyebrow: "Use cases",
    heading: "Privacy that works where your data does",
    intro:
      "General platforms, logistics networks, hospitals and security teams handle different data under different rules. Here is how each of them uses tokens, policy and audit to keep sensitive fields out of places they do not belong.",
    actions: true,
  },
  "/compliance": {
    eyebrow: "Compliance Hub",
    heading: "One vault, many regulations",
    intro:
      "GDPR, India's DPDP Act, HIPAA, CCPA and PCI DSS ask overlapping questions: where is personal data, who can see it, and can you prove it. Start with the regulation you answer to.",
    actions: true,
  },
  "/features": {
    eyebrow: "Platform",
    heading: "Core Features",
    intro:
      "An encrypted vault, tokens that keep your formats working, classification that finds sensitive fields, access rules down to the field, and a log that cannot be quietly edited.",
    actions: true,
  },
  "/architecture": {
    eyebrow: "Architecture",
    heading: "Explore Our Architecture",
    intro:
      "Sensitive values enter through APIs and connectors, are tokenized in real time, and rest in an isolated vault. Every request to see them passes a policy check and leaves an audit record.",
    actions: true,
  },
  "/playground": {
    eyebrow: "Playground",
    heading: "Try Veilvault in your browser",
    intro:
      "Find personal data in a text, swap it for tokens that keep its shape, decide who may see it again, and check the log that records every step. It all runs on this page: nothing you type is sent anywhere or stored.",
    actions: false,
  },
  "/company": {
    eyebrow: "Company",
    heading: "About Us",
    intro:
      "We build privacy infrastructure for teams that handle personal and health data, so that protecting people's information is part of how systems work rather than a review at the end.",
  },
  "/get-in-touch": {
    eyebrow: "Contact",
    heading: "Get In Touch",
    intro:
      "Tell us about the data you hold, the regulations you answer to and the AI work you are planning. The team in San Francisco or Bengaluru will come back to you to set up the right conversation.",
  },
  "/privacy-policy": {
    eyebrow: "Legal",
    heading: "Privacy Policy",
    intro:
      "Effective 20th March 2025. What this website and our contact service collect about you, why, how long we keep it, and how to use your rights.",
  },
  "/terms-of-service": {
    eyebrow: "Legal",
    heading: "Terms and Conditions",
    intro: "Effective 15th April 2025. The terms on which you may use the Veilvault website.",
  },
  "/cookie-policy": {
    eyebrow: "Legal",
    heading: "Cookie Policy",
    intro:
      "Last updated January 1, 2024. Which cookies and similar browser storage this site uses, why, and how to change your choice.",
  },
  "/coming-soon-page": {
    heading: "Coming Soon",
    intro:
      "Our blog, news, events and careers pages are being written. Until they are ready, the rest of the site explains how Veilvault works.",
  },
} as const satisfies Record<IntroPath, PageIntroContent>;
