'use client';
/**
 * Client state of spec §3 in one small store: toast, loading flag, notification count, the two cart panels,
 * userToken, user data and countryName. Startup (spec §4): without a stored token the app renders at once; a stored
 * token is used right away and verified in the background, and a dead one logs the visitor out.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { apiRequest, TOKEN_STORAGE_KEY } from '@/lib/api/client';
import { createErrorHandler, isTokenNotValid } from '@/lib/errors';
import { isSellingCountry } from '@/lib/country';
import { showSonnerToast, type ToastType } from './toaster';

export type { ToastType };
/** The signed-in shopper; filled by the accounts flow. */
export type UserData = { id: number; name: string; email: string; phone: string; points: number };

type AppState = {
  toast: { message: string; type: ToastType } | null;
  loading: boolean;
  notificationCount: number;
  cartPanelVisible: boolean;
  guestCartPanelVisible: boolean;
  userToken: string | null;
  user: UserData | null;
  countryName: string | null;
};

type Action =
  | { type: 'toast'; message: string; toastType: ToastType }
  | { type: 'loading'; loading: boolean }
  | { type: 'notifications'; count: number }
  | { type: 'cartPanel'; visible: boolean }
  | { type: 'guestCartPanel'; visible: boolean }
  | { type: 'login'; token: string; user: UserData | null }
  | { type: 'logout' }
  | { type: 'country'; countryName: string | null };

function reducer(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'toast':
      return { ...state, toast: { message: action.message, type: action.toastType } };
    case 'loading':
      return { ...state, loading: action.loading };
    case 'notifications':
      return { ...state, notificationCount: action.count };
    case 'cartPanel':
      return { ...state, cartPanelVisible: action.visible };
    case 'guestCartPanel':
      return { ...state, guestCartPanelVisible: action.visible };
    case 'login':
      return { ...state, userToken: action.token, user: action.user };
    case 'logout':
      return { ...state, userToken: null, user: null, cartPanelVisible: false };
    case 'country':
      return { ...state, countryName: action.countryName };
  }
}

export type AppStore = AppState & {
  isEgypt: boolean;
  showToast: (type: ToastType, message: string) => void;
  handleError: (error: unknown) => void;
  setLoading: (loading: boolean) => void;
  setNotificationCount: (count: number) => void;
  setCartPanelVisible: (visible: boolean) => void;
  setGuestCartPanelVisible: (visible: boolean) => void;
  login: (token: string, user?: UserData | null) => void;
  logout: () => void;
  setCountryName: (countryName: string | null) => void;
};

const AppContext = createContext<AppStore | null>(null);

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

type VerifyAnswer = { detail?: string; code?: string };

export function AppProvider({ initialCountryName, children }: { initialCountryName: string | null; children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, {
    toast: null,
    loading: false,
    notificationCount: 0,
    cartPanelVisible: false,
    guestCartPanelVisible: false,
    userToken: null,
    user: null,
    countryName: initialCountryName,
  });

  const showToast = useCallback((type: ToastType, message: string) => {
    dispatch({ type: 'toast', message, toastType: type });
    void showSonnerToast(type, message);
  }, []);

  const login = useCallback((token: string, user: UserData | null = null) => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    dispatch({ type: 'login', token, user });
  }, []);

  const logout = useCallback(() => {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    dispatch({ type: 'logout' });
  }, []);

  const handleError = useMemo(
    () => createErrorHandler({ showError: (message) => showToast('error', message), logout }),
    [showToast, logout],
  );

  useEffect(() => {
    const token = readStoredToken();
    if (!token) return;
    dispatch({ type: 'login', token, user: null });
    apiRequest<VerifyAnswer>('/api/users/token/verify/', { method: 'POST', body: { access_token: token } }).catch(
      (error: unknown) => {
        if (isTokenNotValid(error)) logout();
      },
    );
  }, [logout]);

  const store = useMemo<AppStore>(
    () => ({
      ...state,
      isEgypt: isSellingCountry(state.countryName),
      showToast,
      handleError,
      setLoading: (loading) => dispatch({ type: 'loading', loading }),
      setNotificationCount: (count) => dispatch({ type: 'notifications', count }),
      setCartPanelVisible: (visible) => dispatch({ type: 'cartPanel', visible }),
      setGuestCartPanelVisible: (visible) => dispatch({ type: 'guestCartPanel', visible }),
      login,
      logout,
      setCountryName: (countryName) => dispatch({ type: 'country', countryName }),
    }),
    [state, showToast, handleError, login, logout],
  );

  return <AppContext.Provider value={store}>{children}</AppContext.Provider>;
}

export function useApp(): AppStore {
  const store = useContext(AppContext);
  if (!store) throw new Error('useApp must be used inside <AppProvider>');
  return store;
}
