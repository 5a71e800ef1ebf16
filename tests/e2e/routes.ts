import { pages } from "../../app/site/pages.ts";

/** Every page of the route table, as the browser tests visit them. */
export const pagePaths: string[] = pages.map((page) => page.path);
