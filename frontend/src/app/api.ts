/**
 * The one RTK Query API slice. Each feature adds its endpoints with `api.injectEndpoints`
 * (features/auth/api.ts, features/company/api.ts, driver/api.ts, ...), so a bundle carries
 * only the endpoints it imports.
 */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    credentials: 'same-origin',
    // Weak signal in the yards: give a slow answer time, but do not hang forever.
    timeout: 30_000,
  }),
  refetchOnReconnect: true,
  tagTypes: ['StaffSession', 'DriverSession'],
  endpoints: () => ({}),
});
