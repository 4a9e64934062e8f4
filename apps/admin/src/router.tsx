/** The back office's addresses (under /admin/): sign-in and the password link outside the frame, the rest inside it. */
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Link, Navigate, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { Frame } from './components/frame';
import { Notice } from './components/ui';
import { useT } from './lib/i18n';
import { AuditSearch, BoardSearch, PrintSearch, ProductsSearch, ReturnsSearch, SetPasswordSearch, SignInSearch } from './lib/search';
import { OrdersBoard } from './routes/orders-board';
import { SignIn } from './routes/sign-in';

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

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFound });

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: SignInSearch,
  component: SignIn,
});
export const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'set-password',
  validateSearch: SetPasswordSearch,
  component: lazyRouteComponent(() => import('./routes/set-password'), 'SetPassword'),
});
// Outside the frame: the documents alone on the page (and on paper).
export const printRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'print',
  validateSearch: PrintSearch,
  component: lazyRouteComponent(() => import('./routes/print'), 'PrintOrders'),
});

const frameRoute = createRoute({ getParentRoute: () => rootRoute, id: 'frame', component: Frame });
const indexRoute = createRoute({ getParentRoute: () => frameRoute, path: '/', component: () => <Navigate to="/orders" replace /> });
export const ordersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders',
  validateSearch: BoardSearch,
  component: OrdersBoard,
});
const phoneOrderRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders/new',
  component: lazyRouteComponent(() => import('./routes/phone-order'), 'PhoneOrderPage'),
});
/** An address's `$id`: a positive whole number (anything else is not found). */
const idParams = {
  parse: (params: { id: string }) => ({ id: z.coerce.number().int().positive().parse(params.id) }),
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
};
export const orderRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders/$id',
  params: idParams,
  component: lazyRouteComponent(() => import('./routes/order-page'), 'OrderPage'),
});
export const returnsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'returns',
  validateSearch: ReturnsSearch,
  component: lazyRouteComponent(() => import('./routes/returns'), 'ReturnsQueue'),
});
const staffRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'staff',
  component: lazyRouteComponent(() => import('./routes/staff'), 'StaffPage'),
});
export const auditRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'audit',
  validateSearch: AuditSearch,
  component: lazyRouteComponent(() => import('./routes/audit'), 'AuditPage'),
});
export const productsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/products',
  validateSearch: ProductsSearch,
  component: lazyRouteComponent(() => import('./routes/products'), 'ProductsPage'),
});
const newProductRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/products/new',
  component: lazyRouteComponent(() => import('./routes/product-editor'), 'NewProductPage'),
});
export const productRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/products/$id',
  params: idParams,
  component: lazyRouteComponent(() => import('./routes/product-editor'), 'EditProductPage'),
});
const catalogueNamesRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'catalogue/names',
  component: lazyRouteComponent(() => import('./routes/catalogue-names'), 'CatalogueNamesPage'),
});
const twoStepRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'account/two-step',
  component: lazyRouteComponent(() => import('./routes/two-step'), 'TwoStep'),
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
    twoStepRoute,
  ]),
]);

export const router = createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
