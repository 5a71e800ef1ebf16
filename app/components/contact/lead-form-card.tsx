import ContactFormIsland from "../../islands/contact-form.island.tsx";

/** The contact form in its card, under a heading: the contact page and the About page's #get-in-touch. */
export function LeadFormCard({ heading, intro, headingId }: { heading: string; intro?: string; headingId: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <h2 id={headingId} className="text-2xl/8 font-semibold tracking-tight">
        {heading}
      </h2>
      {intro && <p className="mt-2 text-base/7 text-text-muted">{intro}</p>}
      <div className="mt-8">
        <ContactFormIsland />
      </div>
    </div>
  );
}
