/** A list page's title and its count line. */
export function ListHeading({ title, count }: { title: string; count: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
      <h1 className="text-2xl font-semibold text-cream md:text-3xl">{title}</h1>
      <p className="tabular text-sm text-mist" aria-live="polite">
        {count}
      </p>
    </div>
  );
}
