import { ImageCarousel } from "../components/carousel/image-carousel.tsx";
import { island } from "./island.tsx";

/** Moves on its own only once live; until then the first slide shows. */
export default island("image-carousel", ImageCarousel, "visible");
