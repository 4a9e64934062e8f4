/** Where the test run's servers listen (ports away from the development defaults 3000 and 8000). */
export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8300}`;
export const STOREFRONT_URL = `http://127.0.0.1:${process.env.E2E_WEB_PORT ?? 3300}`;
/** The back office, served by the API. */
export const ADMIN_URL = `${API_URL}/admin`;
