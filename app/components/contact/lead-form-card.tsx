import type { ReactNode } from "react";

/** The contact form (`form`, its island) in its card, under a heading: the contact page and the About page's #get-in-touch. */
export function LeadFormCard({ heading, intro, headingId, form }: { heading: string; intro?: string; headingId: string; form: ReactNode }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <h2 id={headingId} className="text-2xl/8 font-semibold tracking-tight">
        {heading}
      </h2>
      {intro && <p className="mt-2 text-base/7 text-text-muted">{intro}</p>}
      <div className="mt-8">
        {form}
      </div>
    </div>
  );
}
