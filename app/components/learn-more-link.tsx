import { secondaryOnInkButton } from "./ui/button-styles.ts";
import { words } from "../content/interface-words.ts";

/** 'Learn More', always to the architecture page, beside the demo button on ink bands. */
export function LearnMoreLink() {
  return (
    <a
      href="/architecture"
      className={secondaryOnInkButton}
    >
      {words("learnMore.label")}
      <span className="sr-only">{words("learnMore.about")}</span>
    </a>
  );
}
