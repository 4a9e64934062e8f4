import type { RefObject } from 'react';
import { CloseIcon } from '../icons';

/** The round close button in a modal dialog's top corner (the promotion popup, the proof-of-work check). */
export function DialogClose({ dialog, label }: { dialog: RefObject<HTMLDialogElement | null>; label: string }) {
  return (
    <button
      type="button"
      onClick={() => dialog.current?.close()}
      className="absolute end-3 top-3 grid size-10 place-items-center rounded-full text-mist hover:text-gold"
    >
      <CloseIcon size={20} />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** The classes of the shop's small centred modal dialog. */
export const SMALL_DIALOG_CLASS =
  'm-auto w-[min(92vw,26rem)] rounded-3xl border border-gold/50 bg-night p-0 text-cream shadow-2xl backdrop:bg-black/70';
