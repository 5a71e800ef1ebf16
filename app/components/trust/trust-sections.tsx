import { FileDown as fileDownIcon, LockKeyhole as lockIcon } from "lucide";
import type { TrustPage } from "../../content/schemas/trust-page.ts";
import type { WithIconNode } from "../../content/types.ts";
import { Icon } from "../icon.tsx";
import { IconCard } from "../sections/icon-card.tsx";
import { textLink } from "../ui/button-styles.ts";

type Topic = WithIconNode<TrustPage["overview"]["topics"][number]>;

/** The product's six controls, each a card with its points. */
export function OverviewTopics({ topics, notClaimed }: { topics: readonly Topic[]; notClaimed: TrustPage["overview"]["notClaimed"] }) {
  return (
    <>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {topics.map((topic) => (
          <IconCard key={topic.id} icon={topic.icon} title={topic.title}>
            <p className="mt-2 text-base/7 text-text-muted">{topic.summary}</p>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-sm/6 text-text-muted marker:text-accent">
              {topic.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </IconCard>
        ))}
      </ul>
      <aside aria-labelledby="not-claimed-title" className="mt-10 rounded-2xl border-l-4 border-accent bg-surface-muted p-6">
        <h3 id="not-claimed-title" className="font-semibold">
          {notClaimed.title}
        </h3>
        <p className="mt-2 text-base/7 text-text-muted">{notClaimed.text}</p>
      </aside>
    </>
  );
}

function Fact({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-6">
      <h3 className="font-semibold">{title}</h3>
      <div className="mt-2 text-base/7 text-text-muted">{children}</div>
    </div>
  );
}

/** This website's data handling, as facts: each form, storage, retention, recipients, cookies, erasure. */
export function DataHandling({ content }: { content: TrustPage["dataHandling"] }) {
  return (
    <div className="mt-12 space-y-8">
      <ul className="grid gap-6 lg:grid-cols-3">
        {content.forms.map((form) => (
          <li key={form.name} className="flex flex-col rounded-2xl border border-line bg-surface p-6">
            <h3 className="font-semibold">
              <a href={form.where} className={textLink}>
                {form.name}
              </a>
            </h3>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm/6 text-text-muted marker:text-accent">
              {form.collects.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm/6 text-text">{form.why}</p>
          </li>
        ))}
      </ul>
      {/* Two columns that stack in reading order, so a long retention table leaves no card half empty beside it. */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <Fact title={content.storage.title}>{content.storage.text}</Fact>
          <div className="rounded-2xl border border-line bg-surface p-6">
            <h3 className="font-semibold">{content.retentionTitle}</h3>
            <table className="mt-3 w-full text-left text-sm/6">
              <tbody>
                {content.retention.map((row) => (
                  <tr key={row.setting} className="border-t border-line first:border-t-0">
                    <th scope="row" className="py-2 pr-4 font-normal text-text-muted">
                      {row.what}
                    </th>
                    <td className="py-2 text-right font-semibold whitespace-nowrap" data-retention-setting={row.setting}>
                      {"days" in row ? `${row.days} ${row.days === 1 ? "day" : "days"}` : `${row.months} months`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <div className="space-y-6">
          <Fact title={content.recipients.title}>
            <ul className="list-disc space-y-1 pl-5 marker:text-accent">
              {content.recipients.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Fact>
          <Fact title={content.cookies.title}>{content.cookies.text}</Fact>
          <Fact title={content.erasure.title}>{content.erasure.text}</Fact>
        </div>
      </div>
    </div>
  );
}

export interface TrustDocumentCard {
  id: string;
  title: string;
  summary: string;
  audience: string;
  /** A public document's download; a gated one's link to the request form. */
  download?: { path: string; fileName: string; type: string };
}

/** The documents: what each is, who may have it, how to get it. */
export function DocumentCards({ documents, labels }: { documents: readonly TrustDocumentCard[]; labels: { audience: string; download: string; request: string } }) {
  return (
    <ul className="mt-12 grid gap-6 lg:grid-cols-3">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-col rounded-2xl border border-line bg-surface p-6">
          <h3 className="font-semibold">{document.title}</h3>
          <p className="mt-2 text-base/7 text-text-muted">{document.summary}</p>
          <p className="mt-3 text-sm/6">
            <span className="font-semibold">{labels.audience}</span> {document.audience}
          </p>
          <div className="mt-auto pt-5">
            {document.download ? (
              <a href={document.download.path} download={document.download.fileName} type={document.download.type} className={`inline-flex items-center gap-2 font-semibold ${textLink}`}>
                <Icon node={fileDownIcon} strokeWidth={2} className="size-4" />
                {labels.download}
                <span className="sr-only">: {document.title} (PDF)</span>
              </a>
            ) : (
              <a href="#request" className={`inline-flex items-center gap-2 font-semibold ${textLink}`}>
                <Icon node={lockIcon} strokeWidth={2} className="size-4" />
                {labels.request}
                <span className="sr-only">: {document.title}</span>
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
