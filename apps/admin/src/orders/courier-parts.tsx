/**
 * An order's hand-over to Bosta on its page (decision 0049): hand it over when it is confirmed or packed, where the
 * hand-over stands (waiting for Bosta with its attempts and last error, created with its tracking number, failed and
 * ready to ask again), where the parcel is, and its waybill to print.
 */
import { staffMay, type StaffOrder, type StaffRole } from '@attar/contract';
import { useHandOver, waybillUrl } from './courier-api';
import { useI18n } from '../lib/i18n';
import { Button, ErrorNotice, Ltr, Notice, Panel, buttonClass } from '../components/ui';

export function CourierPanel({ order, role }: { order: StaffOrder; role: StaffRole }) {
  const { t } = useI18n();
  const handOver = useHandOver();
  const delivery = order.courier_delivery ?? null;
  const ready = order.status === 'confirmed' || order.status === 'packed';
  const mayAsk = staffMay(role, 'fulfilOrders') && ready && (delivery === null || delivery.status === 'failed');
  if (!delivery && !mayAsk) return null;
  return (
    <Panel title={t('courierPanelTitle')}>
      {delivery && (
        <div className="flex flex-col gap-1 text-sm" data-testid="courier-delivery">
          <p>
            <span className="text-mist">{t('courierHandOver')}: </span>
            {t(`courierStatus_${delivery.status}`)}
            {delivery.attempts > 0 && ` · ${t('courierAttempts', { count: delivery.attempts })}`}
          </p>
          {delivery.tracking_number && (
            <p>
              <span className="text-mist">{t('trackingNumber')}: </span>
              {order.courier?.tracking_url ? (
                <a href={order.courier.tracking_url} target="_blank" rel="noreferrer" className="underline">
                  <Ltr>{delivery.tracking_number}</Ltr>
                </a>
              ) : (
                <Ltr>{delivery.tracking_number}</Ltr>
              )}
            </p>
          )}
          {delivery.parcel_state && (
            <p>
              <span className="text-mist">{t('courierParcel')}: </span>
              {t(`parcelState_${delivery.parcel_state}`)}
            </p>
          )}
          {delivery.last_error && delivery.status !== 'created' && (
            <Notice tone="error">
              {t('courierLastError')} <Ltr>{delivery.last_error}</Ltr>
            </Notice>
          )}
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {mayAsk && (
          <Button variant="primary" disabled={handOver.isPending} onClick={() => handOver.mutate({ courier: 'bosta', orders: [order.id] })}>
            {t(delivery ? 'courierAskAgain' : 'couriersHandOver')}
          </Button>
        )}
        {delivery?.tracking_number && (
          <a className={buttonClass()} href={waybillUrl([order.id])} target="_blank" rel="noreferrer">
            {t('couriersWaybill')}
          </a>
        )}
      </div>
      {handOver.error ? <ErrorNotice error={handOver.error} /> : null}
      {handOver.data?.failed.map((failure) => (
        <Notice key={failure.id} tone="error">
          {failure.detail}
        </Notice>
      ))}
    </Panel>
  );
}
