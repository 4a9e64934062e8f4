/**
 * The toast after an order step that may still be taken back (decision 0059): what was done, and Undo for the minute
 * the API allows. Self-contained on sonner in the orders room, so a shared undo toast can replace it in one place:
 * `UndoToaster` once on the page, and `useUndoToast` where the step is taken.
 */
import type { ReactNode } from 'react';
import { Toaster, toast } from 'sonner';
import type { StaffOrder } from '@attar/contract';
import { UNDO_SECONDS } from '@attar/contract/rules';
import { direction, errorMessage, useI18n } from '../lib/i18n';
import { Ltr } from '../components/ui';
import { useUndoOrderStep } from './api';

const TOAST_CLASSES = {
  toast: 'flex w-full items-center gap-3 rounded-md border border-success bg-smoke px-4 py-3 text-sm text-cream shadow-xl',
  error: 'border-danger',
  title: 'font-medium',
  actionButton: 'ms-auto shrink-0 rounded border border-gold px-3 py-1 font-semibold text-gold hover:bg-gold/10',
};

/** Where the undo toasts appear: the screen's bottom end corner, in the screen's direction. */
export function UndoToaster() {
  const { locale } = useI18n();
  return (
    <Toaster
      position={locale === 'ar' ? 'bottom-left' : 'bottom-right'}
      dir={direction(locale)}
      // sonner sets a system font on its list; the toasts take the back office's.
      style={{ fontFamily: 'inherit' }}
      toastOptions={{ unstyled: true, classNames: TOAST_CLASSES }}
    />
  );
}

/**
 * Shows what a step did (`message`) with Undo, for a step whose order says it may be taken back (`undo`): the toast stays
 * the minute the API allows (the API refuses after it, whatever this clock says). Undone, it says where the order is back to;
 * refused (a message went out meanwhile, or too late), it says why.
 */
export function useUndoToast(order: Pick<StaffOrder, 'id'>) {
  const { t, rich } = useI18n();
  const undo = useUndoOrderStep(order.id);
  return (message: ReactNode, updated: StaffOrder) => {
    const id = toast(message, {
      duration: UNDO_SECONDS * 1000,
      action: {
        label: t('undo'),
        onClick: (event) => {
          // The toast stays to say how the undo ended (sonner closes it on its action otherwise).
          event.preventDefault();
          undo.mutate({ version: updated.version }, {
            onSuccess: (back) => {
              toast(rich('undoDone', { number: <Ltr>{back.order_number}</Ltr>, status: t(`status_${back.status}`) }), { id, action: null });
            },
            onError: (error) => {
              toast.error(errorMessage(t, error), { id, action: null });
            },
          });
        },
      },
    });
  };
}
