/** The back office as a whole: its language, data cache, toasts and screens, for the page and for screen tests alike. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { I18nProvider } from '../lib/i18n';
import { ToastProvider } from './toasts';

export function BackOffice({ queryClient, router }: { queryClient: QueryClient; router: AnyRouter }) {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
