import { site } from "../site/config.ts";
import { BrandMark } from "./brand-mark.tsx";

/** The mark and the name. The link around it carries the accessible name. */
export function SiteLogo() {
  return (
    <>
      <BrandMark className="size-8" />
      <span>{site.name}</span>
      <span className="sr-only"> home</span>
    </>
  );
}
