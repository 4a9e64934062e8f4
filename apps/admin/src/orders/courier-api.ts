/** The couriers screen's calls (decision 0049): orders waiting for a courier, hand-over, pickup, settlement, report. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StaffCourierReport,
  StaffHandOverRequest,
  StaffHandOverResult,
  StaffOrderBoard,
  StaffPickupRequest,
  StaffSettlementImport,
  StaffSettlementResult,
} from '@attar/contract';
import { api, queryString } from '../api/client';
import { orderKeys } from './api';

/** The couriers screen's queries; `all()` is the prefix of every one. */
export const courierKeys = {
  all: () => ['couriers'] as const,
  waiting: () => [...courierKeys.all(), 'waiting'] as const,
  reports: () => [...courierKeys.all(), 'report'] as const,
  report: (days: number) => [...courierKeys.reports(), days] as const,
};

/** Confirmed and packed orders, the ones a courier may take. */
export function useWaitingForCourier() {
  return useQuery({
    queryKey: courierKeys.waiting(),
    queryFn: () => api<StaffOrderBoard>('GET', `/api/staff/orders/${queryString({ status: 'confirmed,packed', page_size: 100 })}`),
  });
}

export function useHandOver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffHandOverRequest) => api<StaffHandOverResult>('POST', '/api/staff/couriers/hand-over/', input),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: courierKeys.all() });
      await client.invalidateQueries({ queryKey: orderKeys.orders() });
    },
  });
}

export function usePickup() {
  return useMutation({
    mutationFn: (input: StaffPickupRequest) => api<{ pickup_id: string }>('POST', '/api/staff/couriers/pickups/', input),
  });
}

export function useImportSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffSettlementImport) => api<StaffSettlementResult>('POST', '/api/staff/couriers/settlements/', input),
    onSettled: () => client.invalidateQueries({ queryKey: courierKeys.reports() }),
  });
}

export function useCourierReport(days: number, enabled: boolean) {
  return useQuery({
    queryKey: courierKeys.report(days),
    queryFn: () => api<StaffCourierReport>('GET', `/api/staff/couriers/report/${queryString({ days })}`),
    enabled,
  });
}

/** The waybills of handed-over orders, one PDF the browser opens to print. */
export const waybillUrl = (orderIds: number[]) => `/api/staff/couriers/waybill/?orders=${orderIds.join(',')}`;
