import { Link } from "react-router";
import { secondaryOnInkButton } from "./ui/button-styles.ts";

/** 'Learn More', always to the architecture page, beside the demo button on ink bands. */
export function LearnMoreLink() {
  return (
    <Link
      to="/architecture"
      className={secondaryOnInkButton}
    >
      Learn More
      <span className="sr-only"> about our architecture</span>
    </Link>
  );
}
