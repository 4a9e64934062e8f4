/**
 * The signed-in frame: header (language, who is signed in, sign out), navigation by role (a side bar on a desktop, a
 * drawer on a phone), and the guard that sends a visitor without a session to sign-in and a member who must turn on
 * two-step sign-in to that page first.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { Link, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { StaffRole } from '@attar/contract';
import { useSession, useSignOut } from '../api/session';
import { useDeadMessageCount } from '../notifications/api';
import { useWaitingCount } from '../orders/api';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { loadCatalogue } from '../lib/translate';
import type { PluralKey } from '../messages/en';
import { NewOrderAlert } from './new-order-alert';
import { screensFor } from './screens';
import { Keys, paletteKeys, ShortcutsHelp, useShortcuts } from './shortcuts';
import { LanguageToggle } from '../components/page-parts';
import { Button, DialogLayer, ErrorNotice, Loading } from '../components/ui';

/** A count beside a menu item: the number on screen, what it counts said to screen readers; nothing at zero. */
function CountBadge({ count, label, colours }: { count: number; label: PluralKey; colours: string }) {
  const { locale, t } = useI18n();
  if (!count) return null;
  return (
    <span className={`ms-auto rounded-full px-2 py-0.5 text-xs font-bold ${colours}`}>
      <span aria-hidden="true">{formatNumber(locale, count)}</span>
      <span className="sr-only">{t(label, { count })}</span>
    </span>
  );
}

const WaitingBadge = () => <CountBadge count={useWaitingCount().data ?? 0} label="waitingBadge" colours="bg-gold text-ink" />;
/** Order messages that failed for good: someone should look, and send them again. */
const DeadMessagesBadge = () => (
  <CountBadge count={useDeadMessageCount().data ?? 0} label="deadMessagesBadge" colours="bg-danger text-ink" />
);

function Navigation({ role, onNavigate }: { role: StaffRole; onNavigate?: () => void }) {
  const { t } = useI18n();
  const item = 'flex min-h-10 items-center gap-2 rounded-md px-3 py-2 text-cream hover:bg-smoke';
  const active = { className: `${item} bg-smoke text-gold`, 'aria-current': 'page' as const };
  return (
    <nav aria-label={t('menu')} className="flex flex-col gap-1">
      {screensFor(role).map((screen) => (
        <Link key={screen.to} to={screen.to} search={screen.search} className={item} activeProps={active} onClick={onNavigate}>
          {t(screen.label)}
          {screen.badge === 'waiting' && <WaitingBadge />}
          {screen.badge === 'dead' && <DeadMessagesBadge />}
        </Link>
      ))}
    </nav>
  );
}

/** The navigation on a phone: a drawer from the start edge (focus kept inside, Escape closes). */
function NavigationDrawer({ role }: { role: StaffRole }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger asChild>
        <Button className="lg:hidden">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 5h14M3 10h14M3 15h14" />
          </svg>
          {t('menu')}
        </Button>
      </RadixDialog.Trigger>
      <DialogLayer
        overlayClassName="lg:hidden"
        className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 border-e border-line bg-night p-4 lg:hidden"
      >
        <div className="flex items-center justify-between">
          <RadixDialog.Title className="font-semibold text-gold">{t('menu')}</RadixDialog.Title>
          <RadixDialog.Close asChild>
            <Button>{t('close')}</Button>
          </RadixDialog.Close>
        </div>
        <Navigation role={role} onNavigate={() => setOpen(false)} />
      </DialogLayer>
    </RadixDialog.Root>
  );
}

// The palette finds screens by their name in either language: both languages' texts come with it.
const CommandPalette = lazy(() =>
  Promise.all([import('./command-palette'), loadCatalogue('en'), loadCatalogue('ar')]).then(([palette]) => palette),
);

/** The palette (loaded the first time it opens), the shortcuts' list, and the keys and button that open them. */
function Finder({ role }: { role: StaffRole }) {
  const { t } = useI18n();
  const [palette, setPalette] = useState<'never' | 'open' | 'closed'>('never');
  const [help, setHelp] = useState(false);
  const openPalette = useCallback(() => setPalette('open'), []);
  const openHelp = useCallback(() => setHelp(true), []);
  useShortcuts({ openPalette, openHelp });
  return (
    <>
      <Button onClick={openPalette} aria-keyshortcuts="Control+K Meta+K /" title={t('shortcutPalette')}>
        {t('paletteOpen')} <Keys keys={paletteKeys()} />
      </Button>
      {palette !== 'never' && (
        <Suspense fallback={null}>
          <CommandPalette role={role} open={palette === 'open'} onOpenChange={(open) => setPalette(open ? 'open' : 'closed')} />
        </Suspense>
      )}
      <ShortcutsHelp open={help} onOpenChange={setHelp} />
    </>
  );
}

export function Frame() {
  const { t } = useI18n();
  const session = useSession();
  const signOut = useSignOut();
  const onTwoStepPage = useRouterState({ select: (state) => state.location.pathname.endsWith('/account/two-step') });
  if (session.isPending) return <Loading />;
  if (session.isError)
    return (
      <div className="flex flex-col items-start gap-3 p-6">
        <ErrorNotice error={session.error} />
        <Button onClick={() => void session.refetch()}>{t('retry')}</Button>
      </div>
    );
  if (!session.data) return <Navigate to="/sign-in" replace />;
  if (session.data.must_enrol_totp && !onTwoStepPage) return <Navigate to="/account/two-step" replace />;
  const { staff } = session.data;
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr] lg:grid-rows-[auto_1fr]">
      {/* The first stop for the keyboard: past the header and the menu, straight to the screen's own work. */}
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-gold px-3 py-2 font-semibold text-ink focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
      >
        {t('skipToContent')}
      </a>
      <header className="no-print flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line bg-night px-4 py-3 lg:col-span-2">
        <NavigationDrawer role={staff.role} />
        <span className="text-lg font-semibold text-gold">{t('appName')}</span>
        <Finder role={staff.role} />
        <NewOrderAlert />
        <span className="text-sm text-mist sm:ms-auto">
          {staff.name} · {t(`role_${staff.role}`)}
        </span>
        <div className="flex flex-wrap gap-2">
          <LanguageToggle />
          <Button onClick={() => signOut.mutate(false)} disabled={signOut.isPending}>
            {t('signOut')}
          </Button>
          <Button onClick={() => signOut.mutate(true)} disabled={signOut.isPending}>
            {t('signOutEverywhere')}
          </Button>
        </div>
      </header>
      <aside className="no-print hidden border-e border-line bg-night p-3 lg:block">
        <Navigation role={staff.role} />
      </aside>
      <main id="content" tabIndex={-1} className="min-w-0 p-4 outline-none lg:p-6">
        <Outlet />
      </main>
    </div>
  );
}
