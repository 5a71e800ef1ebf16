/**
 * How the site lists a use-case landing page (UC-13): the `navigation` part of
 * content/use-cases/<slug>.yaml. The route table (app/site/pages.ts) reads it
 * from every file of the folder, so adding a file adds a page: its address is
 * /use-cases/<slug>, and it is in the sitemap, llms.txt and the Markdown twins
 * whatever this part says.
 *
 * - `label`: the page's name wherever the site links it by name (the menu,
 *   llms.txt).
 * - `showInMenu`: whether the header's Use Cases menu, and the mobile menu,
 *   list it under Solutions. Off unless set, so a campaign page is reached only
 *   through its own links, the sitemap and llms.txt.
 * - `blurb`: the line under the label in the menu; a page shown there needs one.
 * - `order`: where the page comes among the landing pages, in the menu, the
 *   sitemap and llms.txt: lower first; pages without one follow, by file name.
 *
 * The Use Cases hub (/use-case) lists no landing page, shown in the menu or not:
 * its tabs are scenarios, and the menu is where landing pages are listed.
 */
import { z } from "zod";
import { copy } from "./copy-text.ts";

export const landingNavigationSchema = z
  .strictObject({
    label: copy,
    blurb: copy.describe("One short line; needed when the page shows in the menu").optional(),
    showInMenu: z.boolean().default(false),
    order: z.int().min(1).optional(),
  })
  .superRefine((navigation, context) => {
    if (navigation.showInMenu && navigation.blurb === undefined) {
      context.addIssue({ code: "custom", path: ["blurb"], message: "is missing: a page shown in the menu needs the line under its name" });
    }
  });

export type LandingNavigation = z.infer<typeof landingNavigationSchema>;

/** A file of content/use-cases as the route table reads it: its name (`<slug>.yaml`) and its navigation. */
export interface LandingFile {
  name: string;
  navigation: LandingNavigation;
}
