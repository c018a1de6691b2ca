/** The driver's profile, trucks and history calls (spec 3 section 7, "Driver trucks"). */
import { api } from '../app/api';
import type { Schema } from '../shared/api/types';
import type { truckBody } from './registration';

export type DriverProfile = Schema<'DriverView'>;
export type DriverLog = Schema<'DriverLogView'>;

const profileApi = api.enhanceEndpoints({ addTagTypes: ['DriverProfile', 'DriverTrucks'] }).injectEndpoints({
  endpoints: (build) => ({
    driverProfile: build.query<DriverProfile, void>({
      query: () => 'driver/app/profile',
      providesTags: ['DriverProfile'],
    }),
    driverTruck: build.query<Schema<'TruckView'>, number>({
      query: (id) => `truck/${id}`,
      providesTags: ['DriverProfile'],
    }),
    unbindTruck: build.mutation<Schema<'TruckUnbound'>, number>({
      query: (id) => ({ url: 'truck/unbind', method: 'PATCH', body: { truck: { id } } }),
      invalidatesTags: ['DriverTrucks'],
    }),
    editTruck: build.mutation<Schema<'TruckView'>, ReturnType<typeof truckBody> & { id: number }>({
      query: (body) => ({ url: 'truck/app/edit', method: 'POST', body }),
      invalidatesTags: ['DriverProfile', 'DriverTrucks'],
    }),
    driverLogs: build.query<DriverLog[], { id: number; startDate: string; endDate: string }>({
      query: ({ id, startDate, endDate }) => ({ url: `log-driver/${id}`, params: { startDate, endDate } }),
    }),
  }),
});

export const {
  useDriverProfileQuery,
  useDriverTruckQuery,
  useUnbindTruckMutation,
  useEditTruckMutation,
  useDriverLogsQuery,
  useLazyDriverLogsQuery,
} = profileApi;
