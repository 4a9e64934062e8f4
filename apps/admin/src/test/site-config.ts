/** The site's settings as the API answers them: what the settings screen and its rules start from in tests. */
import type { StaffSiteConfig } from '@attar/contract';

export const siteConfig: StaffSiteConfig = {
  free_shipping_after: 1500,
  gift_wrap_fee: 25,
  point_value: 0.1,
  spend_per_point: 10,
  returns_window_days: 14,
  search_retention_days: 90,
  cod_confirm_rule: 'none',
  cod_confirm_above: 0,
  cod_confirm_flag_hours: 6,
  cod_confirm_cancel_hours: 24,
  payment_link_hours: 24,
  store_name_en: 'Attar',
  store_name_ar: 'عطّار',
  store_address_en: '12 Baghdad Street',
  store_address_ar: '١٢ شارع بغداد',
  store_maps_url: 'https://maps.example/attar',
  phone: '+201001234567',
  email: 'care@attar.example',
  whatsapp_url: '',
  messenger_url: 'https://m.me/attar.eg',
  facebook_url: 'https://www.facebook.com/attar.eg',
  instagram_url: 'https://www.instagram.com/attar.eg',
  tiktok_url: 'https://www.tiktok.com/@attar.eg',
  version: 3,
};
