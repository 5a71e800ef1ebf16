import { NewsletterForm } from "../components/footer/newsletter-form.tsx";
import { island } from "./island.tsx";

/** The footer's newsletter box: its code is fetched when a visitor reaches into it; an early submit waits for it, then goes. */
export default island("newsletter-form", NewsletterForm, "interaction");
