/** A list page's title and its count line, which heads the cards (h2, so their h3 names follow in order). */
export function ListHeading({ title, count }: { title: string; count: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
      <h1 className="text-2xl font-semibold text-cream md:text-3xl">{title}</h1>
      <h2 className="tabular text-sm font-normal text-mist" aria-live="polite">
        {count}
      </h2>
    </div>
  );
}
