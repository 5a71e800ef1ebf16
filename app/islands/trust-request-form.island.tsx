import { TrustRequestForm } from "../components/trust/trust-request-form.tsx";
import { island } from "./island.tsx";

/** The Trust Center's request form: drawn in full by the prerender, its code fetched once the page's own islands are live. */
export default island("trust-request-form", TrustRequestForm, "idle");
