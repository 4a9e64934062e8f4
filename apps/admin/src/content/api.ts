/**
 * The content screens' calls (manageContent): settings, delivery, sliders and information pages; and the shop's
 * delivery lists as shoppers read them (governorates, cities, fees, rates), which phone orders use.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  City,
  Fee,
  Locale,
  Region,
  SiteConfig,
  InfoPageSlug,
  StaffCity,
  StaffCityInput,
  StaffDeliverySchedule,
  StaffInfoPage,
  StaffInfoPageSave,
  StaffRegion,
  StaffRegionDays,
  StaffSiteConfig,
  StaffSiteConfigSave,
  StaffSlider,
  StaffSliderImage,
  StaffSliderInput,
} from '@attar/contract';
import { api, queryString } from '../api/client';
import { currentAfterConflict } from '../api/versioned-write';
import { useI18n } from '../lib/i18n';

/** The content screens' queries, and the public delivery lists a change of theirs puts out of date. */
export const contentKeys = {
  siteConfig: () => ['site-config'] as const,
  staffRegions: () => ['staff-regions'] as const,
  schedule: () => ['staff-delivery-schedule'] as const,
  sliders: () => ['staff-sliders'] as const,
  sliderImages: () => [...contentKeys.sliders(), 'images'] as const,
  pages: () => ['staff-pages'] as const,
  page: (slug: InfoPageSlug) => [...contentKeys.pages(), slug] as const,
  regions: () => ['regions'] as const,
  regionsIn: (locale: Locale) => [...contentKeys.regions(), locale] as const,
  cities: () => ['cities'] as const,
  citiesOf: (locale: Locale, region: number | null) => [...contentKeys.cities(), locale, region] as const,
  fees: () => ['delivery-fee'] as const,
  fee: (region: number | null) => [...contentKeys.fees(), region] as const,
  shopRates: () => ['shop-rates'] as const,
};

/** Egypt's governorates, named in the screen's language. */
export function useRegions() {
  const { locale } = useI18n();
  return useQuery({
    queryKey: contentKeys.regionsIn(locale),
    queryFn: () => api<Region[]>('GET', '/api/region/'),
    staleTime: Infinity,
  });
}

/** A governorate's delivery fee as shoppers pay it (pounds); off until one is chosen. */
export function useDeliveryFee(region: number | null) {
  return useQuery({
    queryKey: contentKeys.fee(region),
    queryFn: () => api<Fee>('GET', `/api/fees/${queryString({ region })}`),
    enabled: region !== null,
    select: (fee) => fee.fee,
  });
}

/** The shop's rates as the storefront reads them: free delivery's threshold and the loyalty points' value. */
export function useShopRates() {
  return useQuery({ queryKey: contentKeys.shopRates(), queryFn: () => api<SiteConfig>('GET', '/api/siteconfigb/') });
}

/** A governorate's cities, named in the screen's language. */
export function useCities(region: number | null) {
  const { locale } = useI18n();
  return useQuery({
    queryKey: contentKeys.citiesOf(locale, region),
    queryFn: () => api<City[]>('GET', `/api/city/${queryString({ region })}`),
    enabled: region !== null,
    staleTime: Infinity,
  });
}

export function useSiteConfig() {
  return useQuery({ queryKey: contentKeys.siteConfig(), queryFn: () => api<StaffSiteConfig>('GET', '/api/staff/site-config/') });
}

/** 409: someone saved the settings first; the API sends them as they are now. */
export const changedSiteConfig = (error: unknown) => currentAfterConflict<StaffSiteConfig>(error, 'site_config_changed', 'site_config');

export function useSaveSiteConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffSiteConfigSave) => api<StaffSiteConfig>('PUT', '/api/staff/site-config/', body),
    onSuccess: (saved) => client.setQueryData(contentKeys.siteConfig(), saved),
  });
}

export function useStaffRegions() {
  return useQuery({ queryKey: contentKeys.staffRegions(), queryFn: () => api<StaffRegion[]>('GET', '/api/staff/regions/') });
}

/** A write to the governorates or their cities: the list is loaded again, and so are the lists phone orders use. */
function useDeliveryWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contentKeys.staffRegions() });
      void client.invalidateQueries({ queryKey: contentKeys.regions() });
      void client.invalidateQueries({ queryKey: contentKeys.cities() });
      void client.invalidateQueries({ queryKey: contentKeys.fees() });
    },
  });
}

export const useSetFee = () =>
  useDeliveryWrite(({ region, fee }: { region: number; fee: number }) =>
    api<StaffRegion>('PUT', `/api/staff/regions/${region}/fee/`, { fee }),
  );

export const useSetRegionDays = () =>
  useDeliveryWrite(({ region, days }: { region: number; days: StaffRegionDays }) =>
    api<StaffRegion>('PUT', `/api/staff/regions/${region}/days/`, days),
  );

export function useDeliverySchedule() {
  return useQuery({ queryKey: contentKeys.schedule(), queryFn: () => api<StaffDeliverySchedule>('GET', '/api/staff/delivery-schedule/') });
}

export function useSaveDeliverySchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: StaffDeliverySchedule) => api<StaffDeliverySchedule>('PUT', '/api/staff/delivery-schedule/', schedule),
    onSuccess: (saved) => client.setQueryData(contentKeys.schedule(), saved),
  });
}

export const useAddCity = () =>
  useDeliveryWrite(({ region, body }: { region: number; body: StaffCityInput }) =>
    api<StaffCity>('POST', `/api/staff/regions/${region}/cities/`, body),
  );

export const useRenameCity = () =>
  useDeliveryWrite(({ id, body }: { id: number; body: StaffCityInput }) => api<StaffCity>('PUT', `/api/staff/cities/${id}/`, body));

/** Only a city no saved address uses: otherwise a 409 `city_in_use` says how many do. */
export const useRemoveCity = () => useDeliveryWrite((id: number) => api<void>('DELETE', `/api/staff/cities/${id}/`));

export function useStaffSliders() {
  return useQuery({ queryKey: contentKeys.sliders(), queryFn: () => api<StaffSlider[]>('GET', '/api/staff/sliders/') });
}

export function useSliderImages() {
  return useQuery({ queryKey: contentKeys.sliderImages(), queryFn: () => api<StaffSliderImage[]>('GET', '/api/staff/sliders/images/') });
}

function useSliderWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.sliders() }) });
}

export const useCreateSlider = () => useSliderWrite((body: StaffSliderInput) => api<StaffSlider>('POST', '/api/staff/sliders/', body));

export const useSaveSlider = () =>
  useSliderWrite(({ id, body }: { id: number; body: StaffSliderInput }) => api<StaffSlider>('PUT', `/api/staff/sliders/${id}/`, body));

export const useSliderActive = () =>
  useSliderWrite(({ id, active }: { id: number; active: boolean }) =>
    api<StaffSlider>('PATCH', `/api/staff/sliders/${id}/`, { is_active: active }),
  );

export const useDeleteSlider = () => useSliderWrite((id: number) => api<void>('DELETE', `/api/staff/sliders/${id}/`));

/** Every slider's id, in the new order. */
export const useReorderSliders = () => useSliderWrite((ids: number[]) => api<StaffSlider[]>('POST', '/api/staff/sliders/order/', { ids }));

export function useInfoPages() {
  return useQuery({ queryKey: contentKeys.pages(), queryFn: () => api<StaffInfoPage[]>('GET', '/api/staff/pages/') });
}

export function useInfoPage(slug: InfoPageSlug) {
  return useQuery({ queryKey: contentKeys.page(slug), queryFn: () => api<StaffInfoPage>('GET', `/api/staff/pages/${slug}/`) });
}

/** 409: someone saved the page first; the API sends it as it is now. */
export const changedInfoPage = (error: unknown) => currentAfterConflict<StaffInfoPage>(error, 'page_changed', 'page');

export function useSaveInfoPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: InfoPageSlug; body: StaffInfoPageSave }) =>
      api<StaffInfoPage>('PUT', `/api/staff/pages/${slug}/`, body),
    onSuccess: (saved) => {
      client.setQueryData(contentKeys.page(saved.slug), saved);
      void client.invalidateQueries({ queryKey: contentKeys.pages(), exact: true });
    },
  });
}
