import type { DiagramNode } from "../../content/types.ts";
import type { DiagramLayout } from "../../lib/diagram-layout.ts";
import { cx } from "../../lib/class-names.ts";

type Tone = NonNullable<DiagramNode["tone"]>;

/** One colour per role, the same in every diagram, so all diagrams read as one visual language. */
const toneClasses: Record<Tone, { box: string; label: string; detail: string }> = {
  plain: { box: "fill-white stroke-slate-300", label: "fill-slate-900", detail: "fill-slate-600" },
  source: { box: "fill-slate-50 stroke-slate-400", label: "fill-slate-900", detail: "fill-slate-600" },
  token: { box: "fill-indigo-50 stroke-indigo-500", label: "fill-indigo-950", detail: "fill-indigo-700" },
  vault: { box: "fill-ink stroke-violet-500", label: "fill-white", detail: "fill-indigo-200" },
  policy: { box: "fill-violet-50 stroke-violet-500", label: "fill-violet-950", detail: "fill-violet-700" },
  log: { box: "fill-cyan-50 stroke-cyan-700", label: "fill-cyan-950", detail: "fill-cyan-800" },
};

interface DiagramSvgProps {
  /** Unique on the page: the title, description and arrow marker ids start with it. */
  idPrefix: string;
  layout: DiagramLayout;
  title: string;
  description: string;
  className?: string;
}

/**
 * Draws a laid-out diagram. The picture is one image to assistive technology,
 * named by its title and described by its description; its connectors carry a
 * travelling token that moves only while the picture is on screen and the
 * visitor allows motion (app.css). Drawn at build time only
 * (lib/diagram-markup.server.tsx): the browser receives the finished SVG.
 */
export function DiagramSvg({ idPrefix, layout, title, description, className }: DiagramSvgProps) {
  const titleId = `${idPrefix}-title`;
  const descId = `${idPrefix}-desc`;
  const arrowId = `${idPrefix}-arrow`;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      className={cx("h-auto w-full", className)}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>
      <defs>
        <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 1 9 5 0 9z" className="fill-slate-400" />
        </marker>
      </defs>
      {layout.links.map((link) => (
        <g key={`${link.from}-${link.to}`}>
          <path d={link.d} markerEnd={`url(#${arrowId})`} className="fill-none stroke-slate-400" strokeWidth="1.5" />
          {link.pulse && <path d={link.d} pathLength={100} className="diagram-pulse fill-none stroke-accent" strokeWidth="3" />}
        </g>
      ))}
      {layout.nodes.map((node) => {
        const tone = toneClasses[node.tone ?? "plain"];
        const centre = node.x + node.width / 2;
        return (
          <g key={node.id}>
            <rect x={node.x} y={node.y} width={node.width} height={node.height} rx="12" className={tone.box} strokeWidth="1.5" />
            <text
              x={centre}
              y={node.detail ? node.y + 27 : node.y + node.height / 2 + 5}
              textAnchor="middle"
              className={cx("text-[15px] font-semibold", tone.label)}
            >
              {node.label}
            </text>
            {node.detail && (
              <text x={centre} y={node.y + 48} textAnchor="middle" className={cx("font-mono text-[12.5px]", tone.detail)}>
                {node.detail}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
