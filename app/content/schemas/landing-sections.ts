/** The section headings every use-case landing page shares, as content/shared/landing-sections.yaml holds them. */
import { z } from "zod";
import { copy } from "./copy.ts";

export const landingSectionsSchema = z.strictObject({ worksWith: copy, results: copy, features: copy, closing: copy });

export type LandingSections = z.infer<typeof landingSectionsSchema>;
