import type { FormEventHandler } from 'react';

export type NewsletterFieldsProps = {
  texts: { emailLabel: string; emailPlaceholder: string; subscribe: string };
  /** Absent: the form as the server sends it, waiting for its code (newsletter-signup.tsx), field and button disabled. */
  live?: { email: string; onEmailChange: (email: string) => void; onSubmit: FormEventHandler<HTMLFormElement>; sending: boolean };
};

/** The footer newsletter form's markup, the same whether waiting for its code or working (newsletter-form.tsx). */
export function NewsletterFields({ texts, live }: NewsletterFieldsProps) {
  return (
    <form onSubmit={live?.onSubmit} noValidate={false} className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        {texts.emailLabel}
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        autoComplete="email"
        disabled={!live}
        value={live?.email}
        onChange={live && ((event) => live.onEmailChange(event.target.value))}
        placeholder={texts.emailPlaceholder}
        className="h-11 min-w-0 flex-1 rounded-full border border-line bg-ink px-4 text-sm text-cream placeholder:text-mist/80 focus:border-gold focus:outline-none"
      />
      <button type="submit" disabled={!live || live.sending} className="btn-gold h-11">
        {texts.subscribe}
      </button>
    </form>
  );
}
