import type { SocialProfile } from "../../site/config.ts";

/** Simple monochrome glyphs for the three networks, drawn in the line-icon style. */
export function SocialIcon({ network }: { network: SocialProfile["network"] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {network === "x" && (
        <>
          <path d="M4 4l11.7 16H20L8.3 4H4z" />
          <path d="M4 20l6.8-6.8M13.2 10.8L20 4" />
        </>
      )}
      {network === "linkedin" && (
        <>
          <rect x="3" y="3" width="18" height="18" rx="3" />
          <path d="M8 10.5V17M8 7.2v.1M12 17v-6.5M12 13.2c0-1.6 1.1-2.7 2.5-2.7S17 11.6 17 13.2V17" />
        </>
      )}
      {network === "instagram" && (
        <>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <path d="M17.5 6.5v.01" />
        </>
      )}
    </svg>
  );
}
