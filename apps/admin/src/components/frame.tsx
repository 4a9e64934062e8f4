/**
 * The signed-in frame: header (language, who is signed in, sign out), navigation by role, and the guard that sends a
 * visitor without a session to sign-in and an owner or manager without two-step sign-in to turn it on.
 */
import { Link, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { staffMay, type StaffSession } from '@attar/contract';
import { useBoard, useSession, useSignOut } from '../api/queries';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { Button, Notice } from './ui';

export function LanguageToggle() {
  const { locale, setLocale, t } = useI18n();
  return (
    <Button aria-label={t('languageLabel')} lang={locale === 'ar' ? 'en' : 'ar'} onClick={() => setLocale(locale === 'ar' ? 'en' : 'ar')}>
      {t('language')}
    </Button>
  );
}

function WaitingBadge() {
  const { locale, t } = useI18n();
  const board = useBoard({ status: 'placed' });
  const waiting = board.data?.waiting ?? 0;
  if (!waiting) return null;
  return (
    <span
      className="ms-auto rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-ink"
      aria-label={t('waitingBadge', { count: waiting })}
    >
      {formatNumber(locale, waiting)}
    </span>
  );
}

function Navigation({ session, onNavigate }: { session: StaffSession; onNavigate(): void }) {
  const { t } = useI18n();
  const role = session.staff.role;
  const item = 'flex items-center gap-2 rounded-md px-3 py-2 text-cream hover:bg-smoke';
  const active = { className: `${item} bg-smoke text-gold` };
  return (
    <nav aria-label={t('menu')} className="flex flex-col gap-1">
      <Link to="/orders" className={item} activeProps={active} onClick={onNavigate}>
        {t('navOrders')}
        <WaitingBadge />
      </Link>
      {staffMay(role, 'manageStaff') && (
        <Link to="/staff" className={item} activeProps={active} onClick={onNavigate}>
          {t('navStaff')}
        </Link>
      )}
      {staffMay(role, 'readAudit') && (
        <Link to="/audit" className={item} activeProps={active} onClick={onNavigate}>
          {t('navAudit')}
        </Link>
      )}
      <Link to="/account/two-step" className={item} activeProps={active} onClick={onNavigate}>
        {t('navTwoStep')}
      </Link>
    </nav>
  );
}

export function Frame() {
  const { t } = useI18n();
  const session = useSession();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (session.isPending) return <p className="p-6 text-mist">{t('loading')}</p>;
  if (session.isError) return <p className="p-6 text-danger">{t('genericError')}</p>;
  if (!session.data) return <Navigate to="/sign-in" />;
  if (session.data.must_enrol_totp && !pathname.endsWith('/account/two-step')) return <Navigate to="/account/two-step" />;
  const { staff } = session.data;
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr] lg:grid-rows-[auto_1fr]">
      <header className="no-print flex flex-wrap items-center gap-3 border-b border-line bg-night px-4 py-3 lg:col-span-2">
        <Button className="lg:hidden" aria-expanded={menuOpen} aria-controls="side-nav" onClick={() => setMenuOpen(!menuOpen)}>
          {t('menu')}
        </Button>
        <span className="text-lg font-semibold text-gold">{t('appName')}</span>
        <span className="ms-auto text-sm text-mist">
          {staff.name} · {t(`role_${staff.role}`)}
        </span>
        <LanguageToggle />
        <Button onClick={() => signOut.mutate(false)}>{t('signOut')}</Button>
        <Button onClick={() => signOut.mutate(true)}>{t('signOutEverywhere')}</Button>
      </header>
      <aside id="side-nav" className={`no-print border-line bg-night p-3 lg:block lg:border-e ${menuOpen ? 'block' : 'hidden'}`}>
        <Navigation session={session.data} onNavigate={() => setMenuOpen(false)} />
      </aside>
      <main className="min-w-0 p-4 lg:p-6">
        <Outlet />
      </main>
    </div>
  );
}

/** What a role may not open: the same message wherever (the API refuses it with 403 anyway). */
export function RoleGate({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  const { t } = useI18n();
  return allowed ? children : <Notice tone="error">{t('noAccess')}</Notice>;
}
