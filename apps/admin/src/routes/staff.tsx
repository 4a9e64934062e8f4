/** The owner's staff screen: members and roles, new members with their one-time link, deactivation, new links. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { STAFF_ROLES, StaffMemberCreate, staffMay, type StaffPasswordLink, type StaffRole } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useCreateMember, useMembers, usePasswordLink, usePatchMember, useSession } from '../api/queries';
import { RoleGate } from '../components/frame';
import { Button, Dialog, Field, Ltr, Notice, Select } from '../components/ui';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';

export function StaffPage() {
  const session = useSession();
  const role = session.data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'manageStaff'))}>{role && <StaffMembers />}</RoleGate>;
}

function StaffMembers() {
  const { t } = useI18n();
  const members = useMembers();
  const patch = usePatchMember();
  const passwordLink = usePasswordLink();
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<StaffPasswordLink | null>(null);
  const error = [patch.error, passwordLink.error].find((e) => e instanceof ApiFailure);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('staffTitle')}</h1>
        <Button variant="primary" className="ms-auto" onClick={() => setAdding(true)}>
          {t('addStaff')}
        </Button>
      </div>
      {error && <Notice tone="error">{error.message}</Notice>}
      {link && <LinkNotice link={link} onClose={() => setLink(null)} />}
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-sm">
          <thead className="bg-night text-mist">
            <tr>
              {[t('name'), t('email'), t('role'), t('twoStep'), t('active'), t('actions')].map((label) => (
                <th key={label} scope="col" className="px-3 py-2 text-start font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {members.data?.results.map((member) => (
              <tr key={member.id} className="border-t border-line">
                <td className="px-3 py-2">{member.name}</td>
                <td className="px-3 py-2">
                  <Ltr>{member.email}</Ltr>
                </td>
                <td className="px-3 py-2">
                  <Select
                    label={t('role')}
                    className="[&_label]:sr-only"
                    value={member.role}
                    onChange={(e) => patch.mutate({ id: member.id, patch: { role: e.target.value as StaffRole } })}
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`role_${role}`)}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className="px-3 py-2">{member.totp_enabled ? t('on') : t('off')}</td>
                <td className="px-3 py-2">{member.is_active ? t('yes') : t('no')}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button onClick={() => patch.mutate({ id: member.id, patch: { is_active: !member.is_active } })}>
                      {member.is_active ? t('deactivate') : t('reactivate')}
                    </Button>
                    <Button onClick={() => passwordLink.mutate(member.id, { onSuccess: setLink })}>{t('newPasswordLink')}</Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog open={adding} onOpenChange={setAdding} title={t('addStaff')}>
        <AddMember
          onCreated={(created) => {
            setAdding(false);
            setLink(created);
          }}
        />
      </Dialog>
    </div>
  );
}

function AddMember({ onCreated }: { onCreated(link: StaffPasswordLink): void }) {
  const { t } = useI18n();
  const create = useCreateMember();
  const form = useForm({
    resolver: zodResolver(StaffMemberCreate),
    defaultValues: { email: '', name: '', role: 'fulfilment' as StaffRole },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      if (error instanceof ApiFailure)
        for (const [field, messages] of Object.entries(error.fields)) form.setError(field as 'email', { message: messages.join(' ') });
    }
  });
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field label={t('email')} type="email" ltr error={form.formState.errors.email?.message} {...form.register('email')} />
      <Field label={t('name')} error={form.formState.errors.name?.message} {...form.register('name')} />
      <Select label={t('role')} {...form.register('role')}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`role_${role}`)}
          </option>
        ))}
      </Select>
      {create.error instanceof ApiFailure && !Object.keys(create.error.fields).length && (
        <Notice tone="error">{create.error.message}</Notice>
      )}
      <Button variant="primary" type="submit" disabled={create.isPending}>
        {t('create')}
      </Button>
    </form>
  );
}

/** The one-time link, shown once with a copy button. */
function LinkNotice({ link, onClose }: { link: StaffPasswordLink; onClose(): void }) {
  const { t, locale } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-gold/50 bg-smoke p-4"
      aria-live="polite"
      aria-label={t('passwordLinkTitle')}
    >
      <h2 className="font-semibold text-gold">{t('passwordLinkTitle')}</h2>
      <p className="text-sm">{t('passwordLinkHint', { email: link.member.email, date: formatDate(locale, link.expires_at) })}</p>
      <code dir="ltr" className="block break-all rounded bg-ink p-2 text-xs" data-testid="password-link">
        {link.password_link}
      </code>
      <div className="flex gap-2">
        <Button
          onClick={() =>
            void navigator.clipboard.writeText(link.password_link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('copied') : t('copy')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
      </div>
    </section>
  );
}
