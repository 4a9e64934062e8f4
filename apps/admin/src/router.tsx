/** The back office's addresses (under /admin/): sign-in and the password link outside the frame, the rest inside it. */
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Link, Navigate, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { InfoPageSlug } from '@attar/contract';
import { Frame } from './frame/frame';
import { Notice } from './components/ui';
import { useT } from './lib/i18n';
import {
  AuditSearch,
  BoardSearch,
  DashboardSearch,
  LedgerSearch,
  OffersSearch,
  PrintSearch,
  ProductsSearch,
  ReturnsSearch,
  SetPasswordSearch,
  SignInSearch,
  StockSearch,
} from './lib/search';
import { CustomersSearch, ReceiptsSearch, SubscribersSearch } from './lib/search';
import { ReviewsSearch } from './reviews/reviews-search';
import { MessagesSearch } from './notifications/messages-search';
import { SearchesSearch } from './search/searches-period';
import { PromotionsSearch } from './lib/search';
import { OrdersBoard } from './orders/orders-board';
import { SignIn } from './staff/sign-in';

function NotFound() {
  const t = useT();
  return (
    <div className="flex flex-col items-start gap-3 p-6">
      <Notice tone="error">{t('notFound')}</Notice>
      <Link to="/orders" className="text-gold underline">
        {t('backToOrders')}
      </Link>
    </div>
  );
}

// Screens read their route's search and params with `getRouteApi(id)` rather than importing these routes: this module
// imports the screens, so the import would go round in a circle.
const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFound });

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: SignInSearch,
  component: SignIn,
});
const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'set-password',
  validateSearch: SetPasswordSearch,
  component: lazyRouteComponent(() => import('./staff/set-password'), 'SetPassword'),
});
// Outside the frame: the documents alone on the page (and on paper).
const printRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'print',
  validateSearch: PrintSearch,
  component: lazyRouteComponent(() => import('./orders/print'), 'PrintOrders'),
});

const frameRoute = createRoute({ getParentRoute: () => rootRoute, id: 'frame', component: Frame });
const indexRoute = createRoute({ getParentRoute: () => frameRoute, path: '/', component: () => <Navigate to="/orders" replace /> });
const ordersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders',
  validateSearch: BoardSearch,
  component: OrdersBoard,
});
const phoneOrderRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders/new',
  component: lazyRouteComponent(() => import('./orders/phone-order'), 'PhoneOrderPage'),
});
/** An address's `$id`: a positive whole number (anything else is not found). */
const idParams = {
  parse: (params: { id: string }) => ({ id: z.coerce.number().int().positive().parse(params.id) }),
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
};
const orderRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders/$id',
  params: idParams,
  component: lazyRouteComponent(() => import('./orders/order-page'), 'OrderPage'),
});
const returnsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'returns',
  validateSearch: ReturnsSearch,
  component: lazyRouteComponent(() => import('./orders/returns'), 'ReturnsQueue'),
});
const staffRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'staff',
  component: lazyRouteComponent(() => import('./staff/staff'), 'StaffPage'),
});
const auditRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'audit',
  validateSearch: AuditSearch,
  component: lazyRouteComponent(() => import('./audit/audit'), 'AuditPage'),
});
const productsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/products',
  validateSearch: ProductsSearch,
  component: lazyRouteComponent(() => import('./catalogue/products'), 'ProductsPage'),
});
const newProductRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/products/new',
  component: lazyRouteComponent(() => import('./catalogue/product-editor'), 'NewProductPage'),
});
const productRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/products/$id',
  params: idParams,
  component: lazyRouteComponent(() => import('./catalogue/product-editor'), 'EditProductPage'),
});
const catalogueCsvRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/import',
  component: lazyRouteComponent(() => import('./catalogue/catalogue-csv'), 'CatalogueCsvPage'),
});
const catalogueNamesRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/names',
  component: lazyRouteComponent(() => import('./catalogue/catalogue-names'), 'CatalogueNamesPage'),
});
const synonymsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/synonyms',
  component: lazyRouteComponent(() => import('./search/synonyms'), 'SynonymsPage'),
});
const offersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/offers',
  validateSearch: OffersSearch,
  component: lazyRouteComponent(() => import('./catalogue/offers'), 'OffersPage'),
});
const newOfferRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/offers/new',
  component: lazyRouteComponent(() => import('./catalogue/offer-editor'), 'NewOfferPage'),
});
const offerRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/offers/$id',
  params: idParams,
  component: lazyRouteComponent(() => import('./catalogue/offer-editor'), 'EditOfferPage'),
});
const stockRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'stock',
  validateSearch: StockSearch,
  component: lazyRouteComponent(() => import('./stock/stock'), 'StockPage'),
});
const productStockRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'stock/$id',
  params: idParams,
  validateSearch: LedgerSearch,
  component: lazyRouteComponent(() => import('./stock/stock'), 'ProductStockPage'),
});
const customersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'customers',
  validateSearch: CustomersSearch,
  component: lazyRouteComponent(() => import('./customers/customers'), 'CustomersPage'),
});
const customerRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'customers/$id',
  params: idParams,
  component: lazyRouteComponent(() => import('./customers/customer-page'), 'CustomerPage'),
});
const subscribersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'subscribers',
  validateSearch: SubscribersSearch,
  component: lazyRouteComponent(() => import('./newsletter/subscribers'), 'SubscribersPage'),
});
const reviewsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'reviews',
  validateSearch: ReviewsSearch,
  component: lazyRouteComponent(() => import('./reviews/reviews'), 'ReviewsPage'),
});
const messagesRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'messages',
  validateSearch: MessagesSearch,
  component: lazyRouteComponent(() => import('./notifications/messages'), 'MessagesPage'),
});
const receiptsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'receipts',
  validateSearch: ReceiptsSearch,
  component: lazyRouteComponent(() => import('./customers/receipts'), 'ReceiptsPage'),
});
const promotionsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'promotions',
  validateSearch: PromotionsSearch,
  component: lazyRouteComponent(() => import('./promotions/promotions'), 'PromotionsPage'),
});
const newPromotionRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'promotions/new',
  component: lazyRouteComponent(() => import('./promotions/promotion-editor'), 'NewPromotionPage'),
});
const promotionRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'promotions/$id',
  params: idParams,
  component: lazyRouteComponent(() => import('./promotions/promotion-editor'), 'EditPromotionPage'),
});
const dashboardRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'dashboard',
  validateSearch: DashboardSearch,
  // Lazy: the charting library stays out of the first load.
  component: lazyRouteComponent(() => import('./reports/dashboard'), 'DashboardPage'),
});
const searchesRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'searches',
  validateSearch: SearchesSearch,
  component: lazyRouteComponent(() => import('./search/searches'), 'SearchesPage'),
});
const couriersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'couriers',
  component: lazyRouteComponent(() => import('./orders/couriers'), 'CouriersPage'),
});
const twoStepRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'account/two-step',
  component: lazyRouteComponent(() => import('./staff/two-step'), 'TwoStep'),
});

// Content and settings.
const settingsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'content/settings',
  component: lazyRouteComponent(() => import('./content/settings'), 'SettingsPage'),
});
const deliveryRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'content/delivery',
  component: lazyRouteComponent(() => import('./content/delivery'), 'DeliveryPage'),
});
const slidersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'content/sliders',
  component: lazyRouteComponent(() => import('./content/sliders'), 'SlidersPage'),
});
const newSliderRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'content/sliders/new',
  component: lazyRouteComponent(() => import('./content/sliders'), 'NewSliderPage'),
});
const sliderRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'content/sliders/$id',
  params: idParams,
  component: lazyRouteComponent(() => import('./content/sliders'), 'EditSliderPage'),
});
const infoPagesRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'content/pages',
  component: lazyRouteComponent(() => import('./content/info-pages'), 'InfoPagesPage'),
});
/** An information page's `$slug`: one of the five (anything else is not found). */
const infoPageRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'content/pages/$slug',
  params: {
    parse: (params: { slug: string }) => ({ slug: InfoPageSlug.parse(params.slug) }),
    stringify: (params: { slug: InfoPageSlug }) => ({ slug: params.slug }),
  },
  component: lazyRouteComponent(() => import('./content/info-pages'), 'InfoPageEditorPage'),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  setPasswordRoute,
  printRoute,
  frameRoute.addChildren([
    indexRoute,
    ordersRoute,
    phoneOrderRoute,
    orderRoute,
    returnsRoute,
    staffRoute,
    auditRoute,
    productsRoute,
    newProductRoute,
    productRoute,
    catalogueNamesRoute,
    synonymsRoute,
    catalogueCsvRoute,
    offersRoute,
    newOfferRoute,
    offerRoute,
    stockRoute,
    productStockRoute,
    customersRoute,
    customerRoute,
    subscribersRoute,
    reviewsRoute,
    messagesRoute,
    receiptsRoute,
    promotionsRoute,
    newPromotionRoute,
    promotionRoute,
    settingsRoute,
    deliveryRoute,
    slidersRoute,
    newSliderRoute,
    sliderRoute,
    infoPagesRoute,
    infoPageRoute,
    dashboardRoute,
    searchesRoute,
    couriersRoute,
    twoStepRoute,
  ]),
]);

export const router = createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
