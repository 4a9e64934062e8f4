/** The owner's audit log: every staff write, filterable by who, what and when, with the values that changed. */
import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { staffMay, type AuditEntry } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useAudit, useMembers, useSession } from '../api/queries';
import { RoleGate } from '../components/frame';
import { Button, Field, Ltr, Notice, Select } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { auditRoute } from '../router';

export function AuditPage() {
  const session = useSession();
  const role = session.data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'readAudit'))}>{role && <AuditLog />}</RoleGate>;
}

/** "field: before → after" for each value that differs. */
function changes(entry: AuditEntry): [string, string, string][] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (value: unknown) =>
    value === undefined || value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => [key, show(before[key]), show(after[key])]);
}

function AuditLog() {
  const { t, locale } = useI18n();
  const search = auditRoute.useSearch();
  const navigate = useNavigate({ from: '/audit' });
  const audit = useAudit(search);
  const members = useMembers();
  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil((audit.data?.count ?? 0) / 50));

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    void navigate({
      search: {
        staff: text('staff') ? Number(text('staff')) : undefined,
        entity: text('entity'),
        action: text('action'),
        from: text('from'),
        to: text('to'),
      },
    });
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('auditTitle')}</h1>
      <form key={JSON.stringify(search)} onSubmit={filter} className="grid grid-cols-2 gap-3 md:grid-cols-6" aria-label={t('filter')}>
        <Select label={t('auditWho')} name="staff" defaultValue={search.staff ?? ''}>
          <option value="">{t('anyStaff')}</option>
          {members.data?.results.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </Select>
        <Field label={t('auditEntity')} name="entity" ltr defaultValue={search.entity ?? ''} />
        <Field label={t('auditWhat')} name="action" ltr defaultValue={search.action ?? ''} />
        <Field label={t('dateFrom')} name="from" type="date" defaultValue={search.from ?? ''} />
        <Field label={t('dateTo')} name="to" type="date" defaultValue={search.to ?? ''} />
        <div className="flex items-end">
          <Button variant="primary" type="submit">
            {t('filter')}
          </Button>
        </div>
      </form>
      {audit.error instanceof ApiFailure && <Notice tone="error">{audit.error.message}</Notice>}
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-sm">
          <thead className="bg-night text-mist">
            <tr>
              {[t('auditWhen'), t('auditWho'), t('auditWhat'), t('auditEntity'), t('auditChanges')].map((label) => (
                <th key={label} scope="col" className="px-3 py-2 text-start font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {audit.data?.results.map((entry) => (
              <tr key={entry.id} className="border-t border-line align-top">
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(locale, entry.at)}</td>
                <td className="px-3 py-2">{entry.staff?.name ?? '—'}</td>
                <td className="px-3 py-2">
                  <Ltr>{entry.action}</Ltr>
                </td>
                <td className="px-3 py-2">
                  <Ltr>
                    {entry.entity} #{entry.entity_id}
                  </Ltr>
                </td>
                <td className="px-3 py-2">
                  <ul>
                    {changes(entry).map(([field, before, after]) => (
                      <li key={field}>
                        <bdi>{t('auditChange', { field, before, after })}</bdi>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {audit.data?.count === 0 && <p className="text-mist">{t('noEntries')}</p>}
      <nav className="flex items-center gap-3" aria-label={t('pageOf', { page, pages })}>
        <Button disabled={page <= 1} onClick={() => void navigate({ search: (s) => ({ ...s, page: page - 1 }) })}>
          {t('previous')}
        </Button>
        <span className="text-sm text-mist">{t('pageOf', { page: formatNumber(locale, page), pages: formatNumber(locale, pages) })}</span>
        <Button disabled={page >= pages} onClick={() => void navigate({ search: (s) => ({ ...s, page: page + 1 }) })}>
          {t('next')}
        </Button>
      </nav>
    </div>
  );
}
