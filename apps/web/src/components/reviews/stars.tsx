/**
 * Five stars filled to `rating` (an average fills part of one), drawn for the eye only: the words beside them say the
 * rating. Server and client components alike. The filled row starts where the reading does (right in Arabic).
 */
const ROW = '★★★★★';

export function Stars({ rating, max, className = 'text-base' }: { rating: number; max: number; className?: string }) {
  return (
    <span aria-hidden="true" className={`relative inline-block leading-none tracking-[0.1em] whitespace-nowrap text-line ${className}`}>
      {ROW}
      <span className="absolute inset-y-0 start-0 overflow-hidden text-gold" style={{ width: `${(rating / max) * 100}%` }}>
        {ROW}
      </span>
    </span>
  );
}
