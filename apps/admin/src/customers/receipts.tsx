/**
 * In-store receipts (owners and managers): one entered from the till's paper (number, date and time of sale on Cairo's
 * clock, total) or the till's CSV imported all or nothing with the problems listed line by line; either way the shop
 * makes each receipt's claim code, shown once here to be printed and handed over. The list, claimed or not, where a
 * receipt above RECEIPT_APPROVAL_ABOVE waits for a second owner or manager to approve it (decision 0034).
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ignoreShownError } from '../api/row-action';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { RECEIPT_APPROVAL_ABOVE, RECEIPT_STATES, type StaffReceipt } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useSession } from '../api/session';
import { RECEIPTS_PAGE_SIZE, useApproveReceipt, useEnterReceipt, useImportReceipts, useReceipts } from './api';
import { DataTable } from '../components/data-table';
import { ListFilters, ListHeading, PermissionGate } from '../components/list-parts';
import { ImportProblems } from '../components/import-problems';
import { useToast } from '../components/toasts';
import { FormDateTimeField } from '../components/date-fields';
import { Button, Chip, ErrorNotice, Field, Ltr, Money, Panel } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { emptyReceiptForm, importProblems, receiptBody, type ReceiptForm } from './receipt-form';

const receiptsRoute = getRouteApi('/frame/receipts');

export const ReceiptsPage = () => (
  <PermissionGate permission="enterReceipts">
    <Receipts />
  </PermissionGate>
);

type ClaimCode = { number: string; claim_code: string };

function Receipts() {
  const { t, rich } = useI18n();
  const search = receiptsRoute.useSearch();
  const navigate = useNavigate({ from: '/receipts' });
  const receipts = useReceipts(search);
  // The codes the shop just made: shown once (only their hashes are kept), to be printed and handed over.
  const [codes, setCodes] = useState<ClaimCode[]>([]);
  return (
    <div className="flex flex-col gap-4">
      <ListHeading title={t('receiptsTitle')} count={receipts.data?.count} countKey="receiptsCount" />
      <p className="text-sm text-mist">{rich('receiptApprovalRule', { amount: <Money value={RECEIPT_APPROVAL_ABOVE} /> })}</p>
      <div className="grid gap-4 xl:grid-cols-2">
        <EnterReceipt onCodes={setCodes} />
        <ImportReceipts onCodes={setCodes} />
      </div>
      {codes.length > 0 && <ClaimCodes codes={codes} onDone={() => setCodes([])} />}
      <ListFilters
        search={search}
        placeholder={t('receiptSearchPlaceholder')}
        stateLabel={t('columnState')}
        anyState={t('anyReceiptState')}
        states={RECEIPT_STATES.map((state) => ({ value: state, label: t(`receiptState_${state}`) }))}
        onApply={(update) => void navigate({ search: update })}
      />
      <ReceiptList
        receipts={receipts}
        page={search.page ?? 1}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })}
      />
    </div>
  );
}

/** The claim codes just made, with the receipt each belongs to: printed on a slip handed over with the receipt. */
function ClaimCodes({ codes, onDone }: { codes: ClaimCode[]; onDone(): void }) {
  const { t } = useI18n();
  return (
    <Panel title={t('claimCodesTitle')}>
      <p className="mb-3 text-sm text-mist">{t('claimCodesHint')}</p>
      <table className="mb-3 text-sm" data-testid="claim-codes">
        <thead>
          <tr className="text-mist">
            <th className="pe-6 text-start font-normal">{t('columnReceipt')}</th>
            <th className="text-start font-normal">{t('receiptClaimCode')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.number}>
              <td className="pe-6">
                <Ltr>{code.number}</Ltr>
              </td>
              <td className="font-mono text-lg tracking-wider">
                <Ltr>{code.claim_code}</Ltr>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex gap-2">
        <Button variant="primary" onClick={() => window.print()}>
          {t('printClaimCodes')}
        </Button>
        <Button onClick={onDone}>{t('claimCodesDone')}</Button>
      </div>
    </Panel>
  );
}

/** Approve a waiting receipt: offered to every owner and manager but the one who entered it. */
function ApproveReceipt({ receipt }: { receipt: StaffReceipt }) {
  const { t } = useI18n();
  const toast = useToast();
  const me = useSession().data?.staff.id;
  const approve = useApproveReceipt();
  if (receipt.entered_by?.id === me) return <span className="block text-xs text-mist">{t('receiptApproveNotYours')}</span>;
  return (
    <>
      <Button
        className="mt-1"
        disabled={approve.isPending}
        onClick={() =>
          void approve.mutateAsync(receipt.id).then(() => toast(t('receiptApproved', { number: receipt.number })), ignoreShownError)
        }
      >
        {t('approveReceipt')}
      </Button>
      <ErrorNotice error={approve.error} />
    </>
  );
}

/** Claimed (by whom, when), waiting for a second owner's or manager's approval, or unclaimed; and who approved it. */
function ReceiptClaim({ receipt }: { receipt: StaffReceipt }) {
  const { t, locale } = useI18n();
  return (
    <>
      {receipt.claimed_at ? (
        <>
          <Chip colours="bg-success/25 text-emerald-300">{t('receiptState_claimed')}</Chip>
          <span className="block text-xs text-mist">
            <bdi>{receipt.claimed_by?.name}</bdi> · {formatDate(locale, receipt.claimed_at)}
          </span>
        </>
      ) : receipt.awaiting_approval ? (
        <>
          <Chip colours="bg-gold/20 text-gold">{t('receiptAwaitingApproval')}</Chip>
          <ApproveReceipt receipt={receipt} />
        </>
      ) : (
        <Chip colours="bg-mist/15 text-mist">{t('receiptState_unclaimed')}</Chip>
      )}
      {receipt.approved_by && (
        <span className="block text-xs text-mist">
          {t('receiptApprovedBy')} <bdi>{receipt.approved_by.name}</bdi>
        </span>
      )}
    </>
  );
}

const column = createColumnHelper<StaffReceipt>();

function ReceiptList({ receipts, page, onPage }: { receipts: ReturnType<typeof useReceipts>; page: number; onPage(page: number): void }) {
  const { t, locale } = useI18n();
  const columns = useMemo(
    () => [
      column.accessor('number', {
        header: t('columnReceipt'),
        cell: (info) => <Ltr>{info.getValue()}</Ltr>,
        meta: { cellClassName: 'font-medium' },
      }),
      column.accessor('purchased_at', {
        header: t('columnSoldAt'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'whitespace-nowrap text-mist' },
      }),
      column.accessor('total', { header: t('columnTotal'), cell: (info) => <Money value={info.getValue()} /> }),
      column.accessor('points', {
        header: t('columnPoints'),
        cell: (info) => formatNumber(locale, info.getValue()),
        meta: { cellClassName: 'tabular-nums', optional: true },
      }),
      column.display({ id: 'claim', header: t('columnClaim'), cell: (info) => <ReceiptClaim receipt={info.row.original} /> }),
      column.accessor((receipt) => receipt.entered_by?.name ?? '—', {
        id: 'entered_by',
        header: t('columnEnteredBy'),
        meta: { optional: true },
      }),
    ],
    [t, locale],
  );
  return (
    <DataTable
      label={t('receiptsTitle')}
      tableId="receipts"
      columns={columns}
      rows={receipts.data?.results}
      empty={t('noReceipts')}
      error={receipts.error}
      onRetry={() => void receipts.refetch()}
      retrying={receipts.isFetching}
      paging={{ page, pageSize: RECEIPTS_PAGE_SIZE, count: receipts.data?.count, onPage }}
      rowTestId="receipt-row"
    />
  );
}

const RECEIPT_FIELDS = ['number', 'purchased_at', 'total'] as const;

function EnterReceipt({ onCodes }: { onCodes(codes: ClaimCode[]): void }) {
  const { t } = useI18n();
  const toast = useToast();
  const enter = useEnterReceipt();
  const form = useForm<ReceiptForm>({ defaultValues: emptyReceiptForm() });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const checked = receiptBody(values);
    if (checked.errors) {
      for (const [field, key] of Object.entries(checked.errors))
        form.setError(field as keyof ReceiptForm, { type: 'client', message: key });
      return;
    }
    try {
      const receipt = await enter.mutateAsync(checked.body);
      toast(t('receiptSaved', { number: receipt.number, count: receipt.points }));
      onCodes([{ number: receipt.number, claim_code: receipt.claim_code }]);
      form.reset(emptyReceiptForm());
    } catch (error) {
      if (error instanceof ApiFailure)
        for (const [field, messages] of Object.entries(error.fields))
          if ((RECEIPT_FIELDS as readonly string[]).includes(field))
            form.setError(field as keyof ReceiptForm, { type: 'server', message: messages.join(' ') });
    }
  });
  // A client problem is a message key (it follows a change of language); the API's is already in words.
  const message = (field: keyof ReceiptForm) =>
    errors[field] && (errors[field].type === 'server' ? errors[field].message : t(errors[field].message as Parameters<typeof t>[0]));
  return (
    <Panel title={t('enterReceipt')}>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('receiptNumber')}
          autoComplete="off"
          spellCheck={false}
          ltr
          error={message('number')}
          {...form.register('number')}
        />
        <FormDateTimeField label={t('receiptSoldAt')} control={form.control} name="purchased_at" error={message('purchased_at')} />
        <Field label={t('receiptTotal')} inputMode="decimal" ltr error={message('total')} {...form.register('total')} />
        {enter.error instanceof ApiFailure && Object.keys(enter.error.fields).length > 0 ? null : <ErrorNotice error={enter.error} />}
        <div className="sm:col-span-2">
          <Button variant="primary" type="submit" disabled={enter.isPending}>
            {t('saveReceipt')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function ImportReceipts({ onCodes }: { onCodes(codes: ClaimCode[]): void }) {
  const { t, rich } = useI18n();
  const toast = useToast();
  const upload = useImportReceipts();
  const [missingFile, setMissingFile] = useState(false);
  const problems = importProblems(upload.error);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const file = new FormData(formElement).get('file');
    setMissingFile(!(file instanceof File) || file.size === 0);
    if (!(file instanceof File) || file.size === 0) return;
    upload.mutate(await file.text(), {
      onSuccess: ({ imported, receipts }) => {
        toast(t('receiptsImported', { count: imported }));
        onCodes(receipts);
        formElement.reset();
      },
    });
  };
  return (
    <Panel title={t('importReceipts')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-mist">
          {rich('importReceiptsHint', { columns: <Ltr>number, date, total</Ltr>, example: <Ltr>2026-11-25 14:30</Ltr> })}
        </p>
        <Field
          label={t('receiptFile')}
          name="file"
          type="file"
          accept=".csv,text/csv"
          error={missingFile ? t('errorCsvFile') : undefined}
        />
        <div>
          <Button variant="primary" type="submit" disabled={upload.isPending}>
            {t('importFile')}
          </Button>
        </div>
        {problems ? (
          <div role="alert" className="flex flex-col gap-2">
            <p className="text-sm text-danger">{t('importProblems')}</p>
            <ImportProblems problems={problems} />
          </div>
        ) : (
          <ErrorNotice error={upload.error} />
        )}
      </form>
    </Panel>
  );
}
