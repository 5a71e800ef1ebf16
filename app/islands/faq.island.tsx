import { FaqAccordion } from "../components/sections/faq-accordion.tsx";
import { island } from "./island.tsx";

export default island("faq", FaqAccordion, "visible");
