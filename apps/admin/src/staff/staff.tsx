/** The owner's staff screen: members and roles, new members with their one-time link, deactivation, new links. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { STAFF_ROLES, StaffMemberCreate, staffMay, type StaffMember, type StaffPasswordLink, type StaffRole } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useSession } from '../api/session';
import { useCreateMember, useMembers, usePasswordLink, usePatchMember, useResetTotp } from './api';
import { RoleGate } from '../components/page-parts';
import { useToast } from '../components/toasts';
import { Button, Dialog, ErrorNotice, Field, HeaderRow, Loading, Ltr, Select } from '../components/ui';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';

export function StaffPage() {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'manageStaff'))}>{role && <StaffMembers />}</RoleGate>;
}

function RoleOptions() {
  const { t } = useI18n();
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {t(`role_${role}`)}
    </option>
  ));
}

function StaffMembers() {
  const { t } = useI18n();
  const members = useMembers();
  const passwordLink = usePasswordLink();
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<StaffPasswordLink | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('staffTitle')}</h1>
        <Button variant="primary" className="ms-auto" onClick={() => setAdding(true)}>
          {t('addStaff')}
        </Button>
      </div>
      {link && <LinkNotice link={link} onClose={() => setLink(null)} />}
      <ErrorNotice error={members.error ?? passwordLink.error} />
      {members.isPending && <Loading />}
      {members.data && (
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full text-sm">
            <thead className="bg-night text-mist">
              <HeaderRow labels={[t('name'), t('email'), t('role'), t('twoStep'), t('active'), t('actions')]} />
            </thead>
            <tbody>
              {members.data.results.map((member) => (
                <MemberRow key={member.id} member={member} onLink={() => passwordLink.mutate(member.id, { onSuccess: setLink })} />
              ))}
            </tbody>
          </table>
        </div>
      )}
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

function MemberRow({ member, onLink }: { member: StaffMember; onLink(): void }) {
  const { t } = useI18n();
  const toast = useToast();
  const patch = usePatchMember();
  const resetTotp = useResetTotp();
  const [confirmingReset, setConfirmingReset] = useState(false);
  // A new role or a deactivation changes what someone may do at once: each is said and confirmed first.
  const [asking, setAsking] = useState<{ role: StaffRole } | { is_active: false } | null>(null);
  const change = (changes: { role: StaffRole } | { is_active: boolean }) =>
    patch.mutate(
      { id: member.id, patch: changes },
      {
        onSuccess: (updated) => {
          setAsking(null);
          toast(
            'role' in changes
              ? t('roleChanged', { name: updated.name, role: t(`role_${updated.role}`) })
              : t(updated.is_active ? 'memberReactivated' : 'memberDeactivated', { name: updated.name }),
          );
        },
      },
    );
  return (
    <tr className={`border-t border-line align-top ${member.is_active ? '' : 'text-mist'}`}>
      <td className="px-3 py-2">{member.name}</td>
      <td className="px-3 py-2">
        <Ltr>{member.email}</Ltr>
      </td>
      <td className="px-3 py-2">
        <Select
          label={t('roleOf', { name: member.name })}
          hideLabel
          value={member.role}
          disabled={patch.isPending}
          onChange={(event) => setAsking({ role: event.target.value as StaffRole })}
          className="min-w-36"
        >
          <RoleOptions />
        </Select>
        <ErrorNotice error={patch.error} />
      </td>
      <td className="px-3 py-2">{member.totp_enabled ? t('on') : t('off')}</td>
      <td className="px-3 py-2">{member.is_active ? t('yes') : t('no')}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <Button
            variant={member.is_active ? 'danger' : 'quiet'}
            disabled={patch.isPending}
            onClick={() => (member.is_active ? setAsking({ is_active: false }) : change({ is_active: true }))}
          >
            {member.is_active ? t('deactivate') : t('reactivate')}
          </Button>
          <Button onClick={onLink}>{t('newPasswordLink')}</Button>
          {member.totp_enabled && <Button onClick={() => setConfirmingReset(true)}>{t('resetTwoStep')}</Button>}
        </div>
        <Dialog
          open={asking !== null}
          onOpenChange={(open) => !open && setAsking(null)}
          title={
            asking && 'role' in asking
              ? t('confirmRoleTitle', { name: member.name, role: t(`role_${asking.role}`) })
              : t('confirmDeactivateTitle', { name: member.name })
          }
        >
          <p className="mb-4 text-sm">
            {t(asking && 'role' in asking ? 'confirmRoleHint' : 'confirmDeactivateHint', { name: member.name })}
          </p>
          <ErrorNotice error={patch.error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={() => setAsking(null)}>{t('keepAsIs')}</Button>
            <Button variant="danger" disabled={patch.isPending} onClick={() => asking && change(asking)}>
              {asking && 'role' in asking ? t('changeRole') : t('deactivate')}
            </Button>
          </div>
        </Dialog>
        <Dialog open={confirmingReset} onOpenChange={setConfirmingReset} title={t('resetTwoStepTitle', { name: member.name })}>
          <p className="mb-4 text-sm">{t('resetTwoStepHint')}</p>
          <ErrorNotice error={resetTotp.error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={() => setConfirmingReset(false)}>{t('keepAsIs')}</Button>
            <Button
              variant="danger"
              disabled={resetTotp.isPending}
              onClick={() =>
                resetTotp.mutate(member.id, {
                  onSuccess: () => {
                    setConfirmingReset(false);
                    toast(t('twoStepReset', { name: member.name }));
                  },
                })
              }
            >
              {t('resetTwoStep')}
            </Button>
          </div>
        </Dialog>
      </td>
    </tr>
  );
}

function AddMember({ onCreated }: { onCreated(link: StaffPasswordLink): void }) {
  const { t } = useI18n();
  const create = useCreateMember();
  const form = useForm({
    resolver: zodResolver(StaffMemberCreate),
    defaultValues: { email: '', name: '', role: 'fulfilment' as StaffRole },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      // The API's field errors (an e-mail already in use) go under their fields.
      if (error instanceof ApiFailure)
        for (const [field, messages] of Object.entries(error.fields))
          if (field === 'email' || field === 'name' || field === 'role')
            form.setError(field, { type: 'server', message: messages.join(' ') });
    }
  });
  const fieldError = (field: 'email' | 'name', fallback: 'errorEmail' | 'errorRequired') =>
    errors[field] && (errors[field].type === 'server' ? errors[field].message : t(fallback));
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field
        label={t('email')}
        type="email"
        autoComplete="off"
        ltr
        required
        error={fieldError('email', 'errorEmail')}
        {...form.register('email')}
      />
      <Field label={t('name')} autoComplete="off" required error={fieldError('name', 'errorRequired')} {...form.register('name')} />
      <Select label={t('role')} {...form.register('role')}>
        <RoleOptions />
      </Select>
      {create.error instanceof ApiFailure && Object.keys(create.error.fields).length > 0 ? null : <ErrorNotice error={create.error} />}
      <Button variant="primary" type="submit" disabled={create.isPending}>
        {t('create')}
      </Button>
    </form>
  );
}

/** The one-time link, shown once (it is not kept anywhere) with a copy button and when it stops working. */
function LinkNotice({ link, onClose }: { link: StaffPasswordLink; onClose(): void }) {
  const { t, rich, locale } = useI18n();
  const toast = useToast();
  const copy = () =>
    navigator.clipboard.writeText(link.password_link).then(
      () => toast(t('copied')),
      () => toast(t('copyFailed'), 'info'),
    );
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-gold/50 bg-smoke p-4" aria-labelledby="password-link-title">
      <h2 id="password-link-title" className="font-semibold text-gold">
        {t('passwordLinkTitle')}
      </h2>
      <p className="text-sm">
        {rich('passwordLinkHint', { email: <Ltr>{link.member.email}</Ltr>, date: formatDate(locale, link.expires_at) })}
      </p>
      <code dir="ltr" className="block rounded bg-ink p-2 text-xs break-all select-all" data-testid="password-link">
        {link.password_link}
      </code>
      <div className="flex gap-2">
        <Button variant="primary" onClick={() => void copy()}>
          {t('copy')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
      </div>
    </section>
  );
}
