import { SiteHeader } from "../components/header/site-header.tsx";
import { island } from "./island.tsx";

/** The header's menus and the mobile menu: the first thing a visitor reaches for, so live at once. */
export default island("site-header", SiteHeader, "load");
