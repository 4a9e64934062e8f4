/**
 * Back-in-stock alerts and the bell's notifications. Browser-only calls, each loaded the
 * first time it is needed (the form on an out-of-stock product, the bell once a shopper is signed in).
 */
import type { NotificationPage, NotificationsReadResponse, StockAlertRequest, StockAlertResponse } from '@attar/contract';
import { apiRequire } from './client';

/** Signed in: the account is told (an empty body); a guest gives an e-mail or a phone. `variant`: one size. */
export const askForStockAlert = (slug: string, body: StockAlertRequest, locale: string) =>
  apiRequire<StockAlertResponse>(`/api/products/${encodeURIComponent(slug)}/stock-alerts/`, { method: 'POST', body, locale });

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const getNotifications = (page: number, locale: string, pageSize = NOTIFICATIONS_PAGE_SIZE) =>
  apiRequire<NotificationPage>('/api/notifications/', { query: { page, page_size: pageSize }, locale });

/** How many are unread (the bell's count): the first page of one. */
export const unreadNotifications = async (locale: string) => (await getNotifications(1, locale, 1)).unread;

/** Marks the given ids read, or all of the shopper's; answers what is left unread. */
export const markNotificationsRead = async (locale: string, ids?: number[]) =>
  (await apiRequire<NotificationsReadResponse>('/api/notifications/read/', { method: 'POST', body: ids ? { ids } : {}, locale })).unread;
