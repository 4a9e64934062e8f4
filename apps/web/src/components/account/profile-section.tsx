import { useId, type ReactNode } from 'react';

/** A titled card of the profile page; a region named by its heading. */
export function ProfileSection({ title, level = 2, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={id}
      className={
        level === 2
          ? 'flex flex-col gap-5 rounded-2xl border border-line bg-night p-5 md:p-6'
          : 'flex flex-col gap-4 rounded-xl border border-line/70 p-4'
      }
    >
      <Heading id={id} className={level === 2 ? 'text-xl font-semibold text-cream' : 'text-base font-semibold text-cream'}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
