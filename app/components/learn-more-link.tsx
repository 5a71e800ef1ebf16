import { Link } from "react-router";

/** 'Learn More', always to the architecture page, beside the demo button on ink bands. */
export function LearnMoreLink() {
  return (
    <Link
      to="/architecture"
      className="inline-flex h-[46px] items-center justify-center rounded-full border border-line-ink px-6 text-[0.9375rem] font-semibold text-on-ink hover:border-on-ink-muted"
    >
      Learn More
      <span className="sr-only"> about our architecture</span>
    </Link>
  );
}
