import { PlaygroundLoader } from "../components/playground/playground-loader.tsx";
import { island } from "./island.tsx";

/** Holds the playground's place; the tool itself is fetched on demand once this is live (PLAY-5). */
export default island("playground", PlaygroundLoader, "load");
