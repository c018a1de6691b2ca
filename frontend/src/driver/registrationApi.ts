/** The registration wizard's calls (no session until the personal step is saved). */
import { api } from '../app/api';
import type { Schema } from '../shared/api/types';
import type { registerBody, truckBody } from './registration';

const registrationApi = api.enhanceEndpoints({ addTagTypes: ['DriverTrucks'] }).injectEndpoints({
  endpoints: (build) => ({
    registrationBrands: build.query<Schema<'BrandView'>[], void>({
      query: () => 'driver/app/truck-brands',
    }),
    registrationModels: build.query<Schema<'ModelView'>[], number>({
      query: (brandId) => `driver/app/truck-models/${brandId}`,
    }),
    registrationImplementTypes: build.query<Schema<'ImplementTypeView'>[], void>({
      query: () => 'truck/implement-types',
    }),
    isTruck: build.query<Schema<'IsTruckView'>, string>({
      query: (plate) => `truck/isTruck/${encodeURIComponent(plate)}`,
    }),
    registerDriver: build.mutation<Schema<'RegisteredDriverView'>, ReturnType<typeof registerBody>>({
      query: (body) => ({ url: 'driver/app/register', method: 'POST', body }),
    }),
    rebindTruck: build.mutation<Schema<'TruckView'>, ReturnType<typeof truckBody>>({
      query: (body) => ({ url: 'truck/rebind', method: 'PATCH', body }),
      invalidatesTags: ['DriverTrucks'],
    }),
  }),
});

export const {
  useRegistrationBrandsQuery,
  useRegistrationModelsQuery,
  useRegistrationImplementTypesQuery,
  useLazyIsTruckQuery,
  useRegisterDriverMutation,
  useRebindTruckMutation,
} = registrationApi;
