/** The back office's addresses (under /admin/): sign-in and password links outside the frame, the rest inside it. */
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Navigate, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { Frame } from './components/frame';
import { OrdersBoard } from './routes/orders-board';
import { SignIn } from './routes/sign-in';

const rootRoute = createRootRoute({ component: Outlet });

const signInRoute = createRoute({ getParentRoute: () => rootRoute, path: 'sign-in', component: SignIn });
const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'set-password',
  validateSearch: z.object({ token: z.string().optional() }),
  component: lazyRouteComponent(() => import('./routes/set-password'), 'SetPassword'),
});
const printRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'print',
  validateSearch: z.object({
    orders: z.string().catch(''),
    doc: z.enum(['slip', 'invoice']).catch('slip'),
    paper: z.enum(['a4', '80mm']).catch('a4'),
    lang: z.enum(['en', 'ar']).optional().catch(undefined),
  }),
  component: lazyRouteComponent(() => import('./routes/print'), 'PrintOrders'),
});

const frameRoute = createRoute({ getParentRoute: () => rootRoute, id: 'frame', component: Frame });
const indexRoute = createRoute({ getParentRoute: () => frameRoute, path: '/', component: () => <Navigate to="/orders" /> });

const optionalText = z.string().trim().max(100).optional().catch(undefined);
export const boardSearch = z.object({
  status: z.string().optional().catch(undefined),
  q: optionalText,
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  region: z.coerce.number().int().positive().optional().catch(undefined),
  payment_method: z.enum(['cod', 'card']).optional().catch(undefined),
  paid: z.enum(['yes', 'no']).optional().catch(undefined),
  promo_code: optionalText,
  sort: z.enum(['-created_at', 'created_at', '-total', 'total']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export const ordersRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders',
  validateSearch: boardSearch,
  component: OrdersBoard,
});
export const orderRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'orders/$id',
  params: {
    parse: (params) => ({ id: z.coerce.number().int().positive().parse(params.id) }),
    stringify: (params) => ({ id: String(params.id) }),
  },
  component: lazyRouteComponent(() => import('./routes/order-page'), 'OrderPage'),
});
const staffRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'staff',
  component: lazyRouteComponent(() => import('./routes/staff'), 'StaffPage'),
});
const auditRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'audit',
  validateSearch: z.object({
    staff: z.coerce.number().int().positive().optional().catch(undefined),
    entity: optionalText,
    action: optionalText,
    from: z.iso.date().optional().catch(undefined),
    to: z.iso.date().optional().catch(undefined),
    page: z.coerce.number().int().min(1).optional().catch(undefined),
  }),
  component: lazyRouteComponent(() => import('./routes/audit'), 'AuditPage'),
});
export { auditRoute, setPasswordRoute, printRoute };
const twoStepRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'account/two-step',
  component: lazyRouteComponent(() => import('./routes/two-step'), 'TwoStep'),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  setPasswordRoute,
  printRoute,
  frameRoute.addChildren([indexRoute, ordersRoute, orderRoute, staffRoute, auditRoute, twoStepRoute]),
]);

export const router = createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
