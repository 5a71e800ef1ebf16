import { ContactForm } from "../components/contact/contact-form.tsx";
import { island } from "./island.tsx";

/** The contact form: drawn in full by the prerender, its code fetched once the page's own islands are live. */
export default island("contact-form", ContactForm, "idle");
