/**
 * The shop's tables, one file per domain that writes them. Money is integer piastres (1 LE = 100 piastres); the
 * database refuses negative money and stock, so no code path can oversell or underprice.
 */
export * from './staff';
export * from './audit';
export * from './media';
export * from './catalog';
export * from './stock';
export * from './content';
export * from './promotions';
export * from './newsletter';
export * from './synonyms';
export * from './search-analytics';
export * from './accounts';
export * from './codes';
export * from './delivery';
export * from './ratelimit';
export * from './cart';
export * from './favourites';
export * from './checkout';
export * from './orders';
export * from './confirmations';
export * from './payments';
export * from './returns';
export * from './reviews';
export * from './stock-alerts';
export * from './notifications';
export * from './messages';
export * from './couriers';
export * from './whatsapp';
export * from './saved-views';
export * from './tags';
export * from './payment-links';
