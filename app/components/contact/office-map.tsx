import { WORLD_MAP, WORLD_MAP_HEIGHT, WORLD_MAP_PATH, projectToMap } from "../../lib/world-map.ts";
import { site } from "../../site/config.ts";

/**
 * The world map with both offices marked. The land is a dotted image drawn at
 * build time; the pins and the arc between them are a small SVG on top,
 * placed with the same projection. The caption names the offices in words.
 */
export function OfficeMap() {
  const pins = site.offices.map((office) => ({ ...office, point: projectToMap(office.location.lon, office.location.lat) }));
  const [from, to] = pins;
  const arc =
    from && to
      ? `M${from.point.x} ${from.point.y} Q${(from.point.x + to.point.x) / 2} ${Math.min(from.point.y, to.point.y) - 170} ${to.point.x} ${to.point.y}`
      : "";
  return (
    <figure>
      <div className="relative">
        <img
          src={WORLD_MAP_PATH}
          width={WORLD_MAP.width}
          height={WORLD_MAP_HEIGHT}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-auto w-full"
        />
        <svg
          viewBox={`0 0 ${WORLD_MAP.width} ${WORLD_MAP_HEIGHT}`}
          aria-hidden="true"
          className="absolute inset-0 size-full overflow-visible"
        >
          <defs>
            <linearGradient id="office-arc" x1="0" x2="1" y1="0" y2="0">
              <stop offset="0" stopColor="#6366F1" />
              <stop offset="0.5" stopColor="#8B5CF6" />
              <stop offset="1" stopColor="#22D3EE" />
            </linearGradient>
          </defs>
          <path d={arc} fill="none" stroke="url(#office-arc)" strokeWidth="3" strokeDasharray="2 8" strokeLinecap="round" />
          {pins.map((pin) => (
            <g key={pin.id}>
              <circle cx={pin.point.x} cy={pin.point.y} r="16" fill="#22D3EE" opacity="0.18" />
              <circle cx={pin.point.x} cy={pin.point.y} r="7" fill="#22D3EE" stroke="#0B1020" strokeWidth="2" />
              <text
                x={pin.point.x}
                y={pin.point.y + 42}
                textAnchor="middle"
                fill="#F8FAFC"
                fontSize="24"
                fontWeight="600"
                className="max-sm:hidden"
              >
                {pin.city}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <figcaption className="mt-6 text-center text-sm text-on-ink-muted">
        Our offices: {pins.map((pin) => `${pin.city}, ${pin.region}`).join(" and ")}.
      </figcaption>
    </figure>
  );
}
