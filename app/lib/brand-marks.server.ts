import { siAnthropic, siGooglegemini, siHuggingface, siLangchain, siMeta, siMistralai, siNvidia, siOllama } from "simple-icons";
import type { BrandMark } from "../content/types.ts";

/**
 * Model and AI-platform vendors whose marks the landing pages show as 'works
 * with': Veilvault tokenizes data before any model sees it, so it sits in
 * front of whichever of these a team uses. Never presented as customers
 * (requirements UC-10, FIG-3). Read at build time from simple-icons; the browser
 * gets the paths as page data.
 */
export const aiVendorMarks: BrandMark[] = [siAnthropic, siGooglegemini, siMeta, siMistralai, siHuggingface, siOllama, siLangchain, siNvidia].map(
  ({ title, path }) => ({ title, path }),
);
