/**
 * The back office's screens, in the menu's order, each with the permission that opens it: the menu and the command
 * palette both list them from here, so a screen a role may not open is offered by neither.
 */
import { staffMay, type StaffPermission, type StaffRole } from '@attar/contract';
import type { MessageKey } from '../messages/en';

export type Screen = {
  to: string;
  /** The search it opens with, where the screen has a default view. */
  search?: Record<string, string>;
  label: MessageKey;
  /** The permission that opens it; of several, any one. */
  may?: StaffPermission | readonly StaffPermission[];
  /** A count shown beside it in the menu. */
  badge?: 'waiting' | 'dead';
};

export const SCREENS = [
  { to: '/dashboard', search: { period: '30d' }, label: 'navDashboard', may: 'readReports' },
  { to: '/searches', label: 'navSearches', may: 'readReports' },
  { to: '/orders', label: 'navOrders', badge: 'waiting' },
  { to: '/orders/new', label: 'navPhoneOrder', may: 'placePhoneOrders' },
  { to: '/couriers', label: 'navCouriers', may: ['fulfilOrders', 'settleCouriers'] },
  { to: '/returns', search: { status: 'requested' }, label: 'navReturns' },
  { to: '/staff', label: 'navStaff', may: 'manageStaff' },
  { to: '/catalogue/products', label: 'navProducts', may: 'manageCatalogue' },
  { to: '/catalogue/offers', label: 'navOffers', may: 'manageCatalogue' },
  { to: '/catalogue/names', label: 'navCatalogueNames', may: 'manageCatalogue' },
  { to: '/catalogue/synonyms', label: 'navSynonyms', may: 'manageCatalogue' },
  { to: '/catalogue/import', label: 'navCatalogueCsv', may: 'manageCatalogue' },
  { to: '/stock', label: 'navStock', may: 'adjustStock' },
  { to: '/customers', label: 'navCustomers', may: 'readCustomers' },
  { to: '/receipts', label: 'navReceipts', may: 'enterReceipts' },
  { to: '/subscribers', label: 'navSubscribers', may: 'manageSubscribers' },
  { to: '/reviews', label: 'navReviews', may: 'moderateReviews' },
  { to: '/messages', label: 'navMessages', may: 'retryMessages', badge: 'dead' },
  { to: '/promotions', label: 'navPromotions', may: 'managePromotions' },
  { to: '/content/settings', label: 'navSettings', may: 'manageContent' },
  { to: '/content/delivery', label: 'navDelivery', may: 'manageContent' },
  { to: '/content/sliders', label: 'navSliders', may: 'manageContent' },
  { to: '/content/pages', label: 'navPages', may: 'manageContent' },
  { to: '/audit', label: 'navAudit', may: 'readAudit' },
  { to: '/account/two-step', label: 'navTwoStep' },
] as const satisfies readonly Screen[];

/** The screens `role` may open, in the menu's order. */
export const screensFor = (role: StaffRole): readonly Screen[] =>
  SCREENS.filter(({ may }: Screen) => may === undefined || [may].flat().some((one) => staffMay(role, one)));
