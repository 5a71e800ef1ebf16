import { ConsentBanner } from "../components/consent-banner.tsx";
import { island } from "./island.tsx";

/** The consent banner and the footer's "Cookie settings": shown before the first paint by the head script, answered at once. */
export default island("consent-banner", ConsentBanner, "load");
