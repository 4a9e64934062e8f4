'use client';
/**
 * The storefront's client state in one small store: toast, loading flag, notification count, the two cart panels,
 * userToken, user data and countryName. Startup: a blank black screen until a stored token is checked; a
 * valid one goes into state, a dead one (token_not_valid) is removed and the visitor logged out; then the app shows.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import type { User } from '@attar/contract';
import { verifyToken } from '@/lib/api/session';
import { TOKEN_STORAGE_KEY } from '@/lib/api/client';
import { createErrorHandler, isTokenNotValid } from '@/lib/errors';
import { isSellingCountry } from '@/lib/country';
import { showSonnerToast, type ToastLink, type ToastType } from './toaster';

export type { ToastLink, ToastType };
/** The signed-in shopper, as `GET /api/users/me/` answers. */
export type UserData = User;

type AppState = {
  toast: { message: string; type: ToastType } | null;
  loading: boolean;
  notificationCount: number;
  cartPanelVisible: boolean;
  guestCartPanelVisible: boolean;
  userToken: string | null;
  user: UserData | null;
  /** The startup token check has finished: only now does a missing userToken mean a guest. */
  sessionChecked: boolean;
  countryName: string | null;
};

/** Every change is a part of the state; the store's functions below say which. */
const applyChange = (state: AppState, change: Partial<AppState>): AppState => ({ ...state, ...change });

export type AppStore = AppState & {
  isEgypt: boolean;
  showToast: (type: ToastType, message: string, link?: ToastLink) => void;
  handleError: (error: unknown) => void;
  setLoading: (loading: boolean) => void;
  setNotificationCount: (count: number) => void;
  setCartPanelVisible: (visible: boolean) => void;
  setGuestCartPanelVisible: (visible: boolean) => void;
  login: (token: string, user?: UserData | null) => void;
  logout: () => void;
  setUser: (user: UserData) => void;
  setCountryName: (countryName: string | null) => void;
};

const AppContext = createContext<AppStore | null>(null);

/** What every product card needs, apart from the whole store: cards re-render only when the country changes. */
type Selling = Pick<AppStore, 'isEgypt' | 'showToast'>;
const SellingContext = createContext<Selling | null>(null);

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** What the token check answers for a live token (startup reads the detail to the letter; the API keeps it in English). */
const TOKEN_VALID_DETAIL = 'Token is valid';

const STARTUP_SCREEN_ID = 'startup-screen';
/**
 * Runs while the HTML is parsed, before the first paint: with a stored token, the page stays a blank black screen
 * until the check below removes this style. A guest sees the page at once.
 */
const STARTUP_SCREEN_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})){var s=document.createElement('style');s.id=${JSON.stringify(STARTUP_SCREEN_ID)};s.textContent='html{background:#000!important}body{visibility:hidden!important}';document.head.appendChild(s)}}catch(e){}`;

/** `nonce`: the page's Content-Security-Policy nonce, for the start-up screen's inline script. */
export function AppProvider({
  initialCountryName,
  nonce,
  children,
}: {
  initialCountryName: string | null;
  nonce: string | undefined;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(applyChange, {
    toast: null,
    loading: false,
    notificationCount: 0,
    cartPanelVisible: false,
    guestCartPanelVisible: false,
    userToken: null,
    user: null,
    sessionChecked: false,
    countryName: initialCountryName,
  });

  const showToast = useCallback((type: ToastType, message: string, link?: ToastLink) => {
    dispatch({ toast: { message, type } });
    void showSonnerToast(type, message, link);
  }, []);

  const login = useCallback((token: string, user: UserData | null = null) => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    dispatch({ userToken: token, user });
  }, []);

  // Stable, so a screen can load the user in an effect without running it again on every state change.
  const setUser = useCallback((user: UserData) => dispatch({ user }), []);
  // Stable too: the bell and the notifications list set the count from effects.
  const setNotificationCount = useCallback((notificationCount: number) => dispatch({ notificationCount }), []);

  const logout = useCallback(() => {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    dispatch({ userToken: null, user: null, cartPanelVisible: false });
  }, []);

  const handleError = useMemo(
    () => createErrorHandler({ showError: (message) => showToast('error', message), logout }),
    [showToast, logout],
  );

  useEffect(() => {
    const finish = () => {
      dispatch({ sessionChecked: true });
      document.getElementById(STARTUP_SCREEN_ID)?.remove();
    };
    const token = readStoredToken();
    if (!token) return finish();
    verifyToken(token)
      .then((answer) => {
        if (answer?.detail === TOKEN_VALID_DETAIL) dispatch({ userToken: token, user: null });
      })
      .catch((error: unknown) => {
        if (isTokenNotValid(error)) logout();
      })
      .finally(finish);
  }, [logout]);

  const store = useMemo<AppStore>(
    () => ({
      ...state,
      isEgypt: isSellingCountry(state.countryName),
      showToast,
      handleError,
      setLoading: (loading) => dispatch({ loading }),
      setNotificationCount,
      setCartPanelVisible: (cartPanelVisible) => dispatch({ cartPanelVisible }),
      setGuestCartPanelVisible: (guestCartPanelVisible) => dispatch({ guestCartPanelVisible }),
      login,
      logout,
      setUser,
      setCountryName: (countryName) => dispatch({ countryName }),
    }),
    [state, showToast, handleError, login, logout, setUser, setNotificationCount],
  );

  const isEgypt = store.isEgypt;
  const selling = useMemo<Selling>(() => ({ isEgypt, showToast }), [isEgypt, showToast]);

  return (
    <AppContext.Provider value={store}>
      <SellingContext.Provider value={selling}>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: STARTUP_SCREEN_SCRIPT }} />
        {children}
      </SellingContext.Provider>
    </AppContext.Provider>
  );
}

/** Whether the visitor can buy (in Egypt) and the toasts: for components that need nothing else from the store. */
export function useSelling(): Selling {
  const selling = useContext(SellingContext);
  if (!selling) throw new Error('useSelling must be used inside <AppProvider>');
  return selling;
}

export function useApp(): AppStore {
  const store = useContext(AppContext);
  if (!store) throw new Error('useApp must be used inside <AppProvider>');
  return store;
}
