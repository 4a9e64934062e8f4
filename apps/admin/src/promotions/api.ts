/** The promotions' calls (managePromotions): the codes, their limits, and the storefront's popup. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, StaffPopupChoice, StaffPromotion, StaffPromotionCreate, StaffPromotionSave } from '@attar/contract';
import { api, queryString } from '../api/client';
import { currentAfterConflict, useVersionedWrite } from '../api/versioned-write';
import type { PromotionsSearch } from '../lib/search';

/** The promotions' queries; a key is the prefix of those beneath it. */
export const promotionKeys = {
  lists: () => ['staff-promotions'] as const,
  list: (filters: PromotionsSearch) => [...promotionKeys.lists(), filters] as const,
  promotions: () => ['staff-promotion'] as const,
  promotion: (id: number) => [...promotionKeys.promotions(), id] as const,
};

export const PROMOTIONS_PAGE_SIZE = 25;

/** The promotion codes, newest first, as the list's address searches and filters them. */
export function useStaffPromotions(filters: PromotionsSearch) {
  const { q, ...rest } = filters;
  return useQuery({
    queryKey: promotionKeys.list(filters),
    queryFn: () =>
      api<Paginated<StaffPromotion>>(
        'GET',
        `/api/staff/promotions/${queryString({ search: q, ...rest, page_size: PROMOTIONS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useStaffPromotion(id: number) {
  return useQuery({ queryKey: promotionKeys.promotion(id), queryFn: () => api<StaffPromotion>('GET', `/api/staff/promotions/${id}/`) });
}

/** 409: someone saved the promotion first; the API sends it as it is now. */
export const changedPromotion = (error: unknown) => currentAfterConflict<StaffPromotion>(error, 'promotion_changed', 'promotion');

const usePromotionWrite = <Input>(write: (input: Input) => Promise<StaffPromotion>) =>
  useVersionedWrite(promotionKeys.promotion, promotionKeys.lists(), changedPromotion, write);

export const useCreatePromotion = () =>
  usePromotionWrite((body: StaffPromotionCreate) => api<StaffPromotion>('POST', '/api/staff/promotions/', body));

/** Every field and the limits, on the version the form was loaded with. */
export const useSavePromotion = () =>
  usePromotionWrite(({ id, body }: { id: number; body: StaffPromotionSave }) =>
    api<StaffPromotion>('PUT', `/api/staff/promotions/${id}/`, body),
  );

/** Turns the code off at once, on the version shown. */
export const useDeactivatePromotion = () =>
  usePromotionWrite(({ id, version }: { id: number; version: number }) =>
    api<StaffPromotion>('POST', `/api/staff/promotions/${id}/deactivate/`, { version }),
  );

/** The promotion the storefront's popup shows, or none; every code's mark follows. */
export function useChoosePopup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: StaffPopupChoice) => api<StaffPopupChoice>('PUT', '/api/staff/promotions/popup/', choice),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: promotionKeys.lists() });
      void client.invalidateQueries({ queryKey: promotionKeys.promotions() });
    },
  });
}
