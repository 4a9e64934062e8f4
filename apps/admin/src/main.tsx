import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiFailure } from './api/client';
import { onApiError } from './api/session';
import { BackOffice } from './components/back-office';
import { rememberedLocale } from './lib/i18n';
import { loadCatalogue } from './lib/translate';
import { router } from './router';
import './styles.css';

const queryClient: QueryClient = new QueryClient({
  // A 401 anywhere ends the session on screen too: the frame then goes to sign-in.
  queryCache: new QueryCache({ onError: (error) => onApiError(queryClient, error) }),
  mutationCache: new MutationCache({ onError: (error) => onApiError(queryClient, error) }),
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip may.
      retry: (count, error) => !(error instanceof ApiFailure && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

// The first screen is drawn in the remembered language, whose texts come first.
void loadCatalogue(rememberedLocale()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BackOffice queryClient={queryClient} router={router} />
    </StrictMode>,
  ),
);
