/**
 * The command palette (Ctrl/⌘+K or `/`): one field that finds an order by number, name or phone, a customer by name,
 * phone or e-mail, a product by name in either language or SKU, and any screen the role may open; arrows move, Enter
 * opens. Loaded on first use: it is not in the back office's first load.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { StaffRole } from '@attar/contract';
import { displayPhone } from '@attar/contract/rules';
import { PALETTE_MIN_LENGTH, usePaletteSearch } from './palette-api';
import { useI18n } from '../lib/i18n';
import { usePaused } from '../lib/paused';
import { translator } from '../lib/translate';
import type { MessageKey } from '../messages/en';
import { screensFor } from './screens';
import { Keys } from './shortcuts';
import { DialogLayer, Ltr, Money, StatusChip } from '../components/ui';

/** The palette asks the API once typing pauses this long. */
const TYPING_PAUSE_MS = 150;

type Choice = { id: string; group: MessageKey; content: ReactNode; open(): void };

/** A screen's name matches in either language: staff type the words they know. */
const screenMatches = (label: MessageKey, text: string) =>
  !text || [translator('en')(label), translator('ar')(label)].some((name) => name.toLowerCase().includes(text.toLowerCase()));

export default function CommandPalette({
  role,
  open,
  onOpenChange,
}: {
  role: StaffRole;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { locale, t, rich } = useI18n();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const asked = usePaused(text.trim(), TYPING_PAUSE_MS);
  const finds = usePaletteSearch(role, asked);
  const [active, setActive] = useState(0);
  const listId = useId();

  const go = (to: string, params?: Record<string, string>, search?: Record<string, string>) => () => {
    onOpenChange(false);
    setText('');
    void navigate({ to, params, search } as Parameters<typeof navigate>[0]);
  };
  const name = (row: { name_en: string; name_ar: string }) => (locale === 'ar' ? row.name_ar : row.name_en);
  const choices: Choice[] = [
    ...finds.orders.map((order) => ({
      id: `order-${order.id}`,
      group: 'paletteOrders' as const,
      content: (
        <>
          <Ltr>{order.order_number}</Ltr>
          <span className="truncate">{order.customer_name}</span>
          <span className="text-mist">
            <Ltr>{displayPhone(order.customer_phone)}</Ltr>
          </span>
          <span className="ms-auto flex items-center gap-2">
            <StatusChip status={order.status} />
            <Money value={order.total} />
          </span>
        </>
      ),
      open: go('/orders/$id', { id: String(order.id) }),
    })),
    ...finds.customers.map((customer) => ({
      id: `customer-${customer.id}`,
      group: 'paletteCustomers' as const,
      content: (
        <>
          <span className="truncate">{customer.name}</span>
          <span className="truncate text-mist">
            <Ltr>{customer.phone ? displayPhone(customer.phone) : customer.email}</Ltr>
          </span>
        </>
      ),
      open: go('/customers/$id', { id: String(customer.id) }),
    })),
    ...finds.products.map((product) => ({
      id: `product-${product.id}`,
      group: 'paletteProducts' as const,
      content: (
        <>
          <span className="truncate">{name(product)}</span>
          <span className="ms-auto">
            <Money value={product.price} />
          </span>
        </>
      ),
      open: go('/catalogue/products/$id', { id: String(product.id) }),
    })),
    ...screensFor(role)
      .filter((screen) => screenMatches(screen.label, text.trim()))
      .map((screen) => ({
        id: `screen-${screen.to}`,
        group: 'paletteScreens' as const,
        content: <span>{t(screen.label)}</span>,
        open: go(screen.to, undefined, screen.search),
      })),
  ];
  const current = Math.min(active, Math.max(choices.length - 1, 0));
  useEffect(() => setActive(0), [asked]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (choices.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + choices.length) % choices.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choices[current]!.open();
    }
  }

  const groups = (['paletteOrders', 'paletteCustomers', 'paletteProducts', 'paletteScreens'] as const)
    .map((group) => ({ group, members: choices.filter((choice) => choice.group === group) }))
    .filter(({ members }) => members.length > 0);
  const optionId = (choice: Choice) => `${listId}-${choice.id}`;
  const searching = text.trim().length >= PALETTE_MIN_LENGTH && (finds.pending || asked !== text.trim());

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogLayer className="fixed start-1/2 top-[10vh] z-50 flex max-h-[80vh] w-[min(40rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border border-line bg-smoke shadow-2xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
        <RadixDialog.Title className="sr-only">{t('paletteTitle')}</RadixDialog.Title>
        <input
          role="combobox"
          aria-expanded={choices.length > 0}
          aria-controls={listId}
          aria-activedescendant={choices[current] ? optionId(choices[current]) : undefined}
          aria-autocomplete="list"
          aria-label={t('paletteTitle')}
          placeholder={t('palettePlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="w-full border-b border-line bg-night px-4 py-3 text-base text-cream outline-none placeholder:text-mist"
        />
        <div id={listId} role="listbox" aria-label={t('paletteTitle')} className="overflow-y-auto p-2">
          {groups.map(({ group, members }) => (
            <div key={group} role="group" aria-labelledby={`${listId}-${group}`} className="mb-2">
              <p id={`${listId}-${group}`} className="px-2 py-1 text-xs font-semibold text-mist">
                {t(group)}
              </p>
              {members.map((choice) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the field's arrows and Enter choose; a click is the mouse's way
                <div
                  key={choice.id}
                  id={optionId(choice)}
                  role="option"
                  aria-selected={choice === choices[current]}
                  tabIndex={-1}
                  onClick={choice.open}
                  onMouseMove={() => setActive(choices.indexOf(choice))}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm text-cream aria-selected:bg-night aria-selected:text-gold"
                >
                  {choice.content}
                </div>
              ))}
            </div>
          ))}
        </div>
        <p role="status" className="border-t border-line px-4 py-2 text-xs text-mist">
          {searching
            ? t('paletteSearching')
            : choices.length === 0
              ? rich('paletteNothing', { text: <bdi>{text.trim()}</bdi> })
              : rich('paletteHint', {
                  arrows: <Keys keys={['↑', '↓']} />,
                  enter: <Keys keys={['Enter']} />,
                  escape: <Keys keys={['Esc']} />,
                })}
        </p>
      </DialogLayer>
    </RadixDialog.Root>
  );
}
