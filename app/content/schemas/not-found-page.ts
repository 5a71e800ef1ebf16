/**
 * The page unknown addresses get (served with status 404), as
 * content/not-found.yaml holds it: its words and the pages it suggests, which
 * are named as the route table names them.
 */
import { z } from "zod";
import { copy, pagePath } from "./copy.ts";

export const notFoundPageSchema = z.strictObject({
  /** For the browser tab and shared links only: the page is noindex, like the newsletter pages. */
  title: copy,
  description: copy,
  eyebrow: copy,
  heading: copy,
  intro: copy,
  links: z.array(pagePath).min(1),
});

export type NotFoundPage = z.infer<typeof notFoundPageSchema>;
