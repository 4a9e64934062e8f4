export * from './common';
export * from './catalog';
export * from './content';
export * from './analytics';
export * from './accounts';
export * from './cart';
export * from './checkout';
export * from './staff';
