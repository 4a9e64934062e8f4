/**
 * The back office's keyboard shortcuts: Ctrl/⌘+K or `/` opens the command palette, `?` lists the shortcuts. Keys typed
 * into a field stay the field's.
 */
import { useEffect, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import type { MessageKey } from '../messages/en';
import { Dialog } from '../components/ui';

/** Where a key is typing, not a command. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The palette's shortcut as this computer's keyboard writes it. */
export const paletteKeys = () => [onMac() ? '⌘' : 'Ctrl', 'K'];

export function useShortcuts({ openPalette, openHelp }: { openPalette(): void; openHelp(): void }) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        openPalette();
      } else if (event.key === '?') {
        event.preventDefault();
        openHelp();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openPalette, openHelp]);
}

/** Keys as they are printed on the keyboard, left to right in either language. */
export function Keys({ keys }: { keys: string[] }) {
  return (
    <bdi dir="ltr" className="inline-flex gap-1">
      {keys.map((key) => (
        <kbd key={key} className="rounded border border-line bg-night px-1.5 py-0.5 font-sans text-xs text-cream">
          {key}
        </kbd>
      ))}
    </bdi>
  );
}

const SHORTCUTS: { keys: () => ReactNode; does: MessageKey }[] = [
  {
    keys: () => (
      <>
        <Keys keys={paletteKeys()} /> <Keys keys={['/']} />
      </>
    ),
    does: 'shortcutPalette',
  },
  { keys: () => <Keys keys={['↑', '↓', 'Enter']} />, does: 'shortcutChoose' },
  { keys: () => <Keys keys={['Esc']} />, does: 'shortcutClose' },
  { keys: () => <Keys keys={['?']} />, does: 'shortcutHelp' },
];

export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('shortcutsTitle')}>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.does} className="contents">
            <dt>{shortcut.keys()}</dt>
            <dd className="text-cream">{t(shortcut.does)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
