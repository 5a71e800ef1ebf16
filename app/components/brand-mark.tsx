import { useId } from "react";
import { accentGradient, brandMark, paintValue } from "../site/brand.ts";

interface BrandMarkProps {
  className?: string;
  title?: string;
}

export function BrandMark({ className, title }: BrandMarkProps) {
  // useId output contains characters such as ":" or "«" that some engines
  // mishandle inside url(#…) references; keep only what is safe in an XML id.
  const reactId = useId().replace(/[^A-Za-z0-9_-]/g, "");
  const gradientId = `vv-mark-accent-${reactId}`;
  const titleId = `vv-mark-title-${reactId}`;
  const { gradient } = brandMark;

  return (
    // Inline in HTML, where the parser gives <svg> its namespace: no xmlns.
    <svg
      viewBox={brandMark.viewBox}
      className={className}
      fill="none"
      role={title ? "img" : undefined}
      aria-labelledby={title ? titleId : undefined}
      aria-hidden={title ? undefined : true}
      focusable={title ? undefined : "false"}
    >
      {title ? <title id={titleId}>{title}</title> : null}
      <defs>
        <linearGradient
          id={gradientId}
          gradientUnits="userSpaceOnUse"
          x1={gradient.x1}
          y1={gradient.y1}
          x2={gradient.x2}
          y2={gradient.y2}
        >
          {accentGradient.map((stop) => (
            <stop key={stop.offset} offset={stop.offset} stopColor={stop.color} />
          ))}
        </linearGradient>
      </defs>
      {brandMark.elements.map((element) => (
        <path
          key={element.name}
          d={element.d}
          fill={paintValue(element.fill, gradientId)}
          fillRule={element.fillRule}
          stroke={element.stroke ? paintValue(element.stroke, gradientId) : undefined}
          strokeWidth={element.strokeWidth}
          strokeLinecap={element.strokeLinecap}
          strokeLinejoin={element.strokeLinejoin}
          opacity={element.opacity}
        />
      ))}
    </svg>
  );
}
