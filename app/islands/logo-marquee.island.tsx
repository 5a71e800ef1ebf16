import { LogoMarquee } from "../components/sections/logo-marquee.tsx";
import { island } from "./island.tsx";

export default island("logo-marquee", LogoMarquee, "visible");
