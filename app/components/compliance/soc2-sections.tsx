import type { KeyFigure, ReportTypeCard, Soc2CriterionCard, WithIconNode } from "../../content/types.ts";
import { IconCard } from "../sections/icon-card.tsx";
import { BulletList } from "./bullet-list.tsx";
import { words } from "../../content/interface-words.ts";

/** 'Understanding SOC 2': the explanation beside its three key figures. */
export function UnderstandingSoc2({ paragraphs, figures }: { paragraphs: string[]; figures: KeyFigure[] }) {
  return (
    <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
      <div className="flex max-w-prose flex-col gap-4 text-base/7 text-text-muted sm:text-lg/8">
        {paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
      <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse rounded-2xl border border-line bg-surface-muted p-6">
            <dt className="mt-1 text-base/7 text-text-muted">{figure.label}</dt>
            <dd className="text-4xl font-semibold tracking-tight text-accent tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The five Trust Services Criteria, each with its four key controls. */
export function CriteriaCards({ criteria }: { criteria: WithIconNode<Soc2CriterionCard>[] }) {
  return (
    <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {criteria.map((criterion) => (
        <IconCard key={criterion.title} icon={criterion.icon} title={criterion.title} size="large">
          <p className="mt-2 text-base/7 text-text-muted">{criterion.description}</p>
          <h4 className="mt-5 border-t border-line pt-5 text-sm font-semibold tracking-wide text-accent-strong uppercase">
            {words("soc2Page.keyControls")}
          </h4>
          <BulletList items={criterion.controls} className="mt-3" />
        </IconCard>
      ))}
    </ul>
  );
}

/** Type I and Type II side by side, with their timelines and focus. */
export function ReportTypeCards({ reports }: { reports: ReportTypeCard[] }) {
  return (
    <ul className="mt-12 grid gap-6 md:grid-cols-2">
      {reports.map((report) => (
        <li key={report.type} className="flex flex-col rounded-2xl border border-line bg-surface p-6 sm:p-8">
          <h3 className="text-h3 font-semibold">
            <span className="sr-only">SOC 2 </span>
            {report.type}
          </h3>
          <p className="mt-3 flex-1 text-base/7 text-text-muted">{report.description}</p>
          <dl className="mt-6 grid gap-4 border-t border-line pt-6 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-semibold tracking-wide text-accent-strong uppercase">{words("soc2Page.timeline")}</dt>
              <dd className="mt-1 text-lg/7 font-semibold">{report.timeline}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold tracking-wide text-accent-strong uppercase">{words("soc2Page.focus")}</dt>
              <dd className="mt-1 text-lg/7 font-semibold">{report.focus}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The business and the security benefits, as two lists. */
export function BenefitLists({ business, security }: { business: string[]; security: string[] }) {
  const lists = [
    { id: "business-benefits", title: words("soc2Page.businessBenefits"), items: business },
    { id: "security-benefits", title: words("soc2Page.securityBenefits"), items: security },
  ];
  return (
    <div className="mt-12 grid gap-6 md:grid-cols-2">
      {lists.map((list) => (
        <section key={list.id} aria-labelledby={list.id} className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
          <h3 id={list.id} className="text-h3 font-semibold">
            {list.title}
          </h3>
          <BulletList items={list.items} className="mt-5" />
        </section>
      ))}
    </div>
  );
}
