'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { DialogClose, SMALL_DIALOG_CLASS } from '../app/dialog-close';

/** The widget's texts (altcha's `Strings`), all from the message catalogues. */
const WIDGET_TEXTS = [
  'ariaLinkLabel',
  'enterCode',
  'enterCodeAria',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

/** A request the API held for a proof: its words, and how to let it go on (with the proof) or give up (null). */
export type PendingProof = { detail: string; resolve: (proof: string | null) => void };

/**
 * The proof of work a busy address is asked for before a code or a message goes out (decision 0033): when the API
 * answers 428 `challenge_required`, this dialog shows the self-hosted ALTCHA widget (the challenge comes from the shop's
 * own API, the work is done in the browser, nothing is sent elsewhere), and the request is repeated with its payload.
 * Mounted by challenge-slot.tsx only while a request waits.
 */
export function ChallengeDialog({ pending, onDone }: { pending: PendingProof; onDone: () => void }) {
  const t = useTranslations('common.challenge');
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const widget = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);

  // The widget's code loads only once a proof is asked for; its texts are the catalogue's, in the page's language.
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    void import('altcha').then(() => {
      if (cancelled) return;
      const altcha = (globalThis as unknown as { $altcha?: { i18n: { set: (name: string, value: Record<string, string>) => void } } })
        .$altcha;
      altcha?.i18n.set(locale, Object.fromEntries(WIDGET_TEXTS.map((key) => [key, t(`widget.${key}`)])));
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [ready, locale, t]);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onVerified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (!payload) return;
      pending.resolve(payload);
      onDone();
    };
    element.addEventListener('verified', onVerified);
    return () => element.removeEventListener('verified', onVerified);
  }, [pending, ready, onDone]);

  // Closed without a proof (Escape, the close button): the request gives up. After a proof, resolving again is a no-op.
  function onClose() {
    pending.resolve(null);
    onDone();
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="challenge-title"
      aria-describedby="challenge-text"
      data-testid="challenge-dialog"
      className={SMALL_DIALOG_CLASS}
    >
      <div className="relative flex flex-col items-center gap-5 px-6 pt-10 pb-7 text-center">
        <DialogClose dialog={dialog} label={t('close')} />
        <p id="challenge-title" className="eyebrow">
          {t('title')}
        </p>
        <p id="challenge-text" className="leading-relaxed">
          {pending.detail}
        </p>
        {ready ? (
          <altcha-widget
            ref={widget}
            challenge="/api/challenge/"
            language={locale}
            auto="off"
            configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
          />
        ) : (
          <p role="status">{t('widget.loading')}</p>
        )}
      </div>
    </dialog>
  );
}
