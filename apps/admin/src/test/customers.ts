/** Customers as the API answers them: what the customers' list and a customer's page start from in tests. */
import type { StaffCustomer, StaffCustomerRow } from '@attar/contract';

/** Salma: an account with a verified e-mail and mobile, points, orders and a saved address. */
export const salma: StaffCustomerRow = {
  id: 7,
  name: 'Salma Adel',
  email: 'salma@attar.example',
  phone: '+201001112223',
  email_verified: true,
  phone_verified: true,
  points: 1250,
  date_joined: '2026-03-14T09:00:00Z',
  language: 'ar',
  is_active: true,
  order_count: 3,
  lifetime_value: 1550.5,
  tags: [],
  whatsapp_opt_out: false,
};

/** Karim: signed in with Google, no mobile, nothing verified, deactivated. */
export const karim: StaffCustomerRow = {
  ...salma,
  id: 8,
  name: 'Karim Nabil',
  email: 'karim@attar.example',
  phone: null,
  email_verified: false,
  phone_verified: false,
  points: 0,
  is_active: false,
  order_count: 0,
  whatsapp_opt_out: true,
};

const cairo = { id: 1, name: 'Cairo' };

/** Salma's page: two of her three orders and her one address. */
export const salmasPage: StaffCustomer = {
  ...salma,
  orders: [
    { id: 41, order_number: 'AT100041', status: 'delivered', total: 1250.5, created_at: '2026-11-20T10:00:00Z' },
    { id: 40, order_number: 'AT100040', status: 'cancelled', total: 300, created_at: '2026-10-02T10:00:00Z' },
  ],
  addresses: [
    {
      id: 3,
      name: 'Salma Adel',
      phone: '+201001112223',
      region: cairo,
      city: { id: 11, name: 'Nasr City' },
      street: '7 Nile Street',
      building: '12',
      floor: '3',
      apartment: '9',
      landmark: '',
      is_default: true,
    },
  ],
};
