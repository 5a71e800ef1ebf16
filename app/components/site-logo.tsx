import { site } from "../site/config.ts";
import { BrandMark } from "./brand-mark.tsx";
import { words } from "../content/interface-words.ts";

/** The mark and the name. The link around it carries the accessible name. */
export function SiteLogo() {
  return (
    <>
      <BrandMark className="size-8" />
      <span>{site.name}</span>
      <span className="sr-only">{words("siteLogo.home")}</span>
    </>
  );
}
