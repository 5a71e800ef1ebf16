/**
 * A page whose words are its title, description and intro, the rest being
 * built elsewhere (/coming-soon-page), as its content file holds it.
 */
import { z } from "zod";
import { pageIntro, pageMetaText } from "./copy.ts";

export const introPageSchema = z.strictObject({ meta: pageMetaText, intro: pageIntro });

export type IntroPage = z.infer<typeof introPageSchema>;
