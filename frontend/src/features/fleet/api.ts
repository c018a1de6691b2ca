/** Truck brands and models (spec 2 "Brands and models"): the administrator's catalog. */
import { type Schema } from '../../shared/api/types';
import { adminBase, listParams, type Deleted, type ListArgs, type Paged } from '../../shared/records/api';

export type Brand = Schema<'BrandView'>;
export type Model = Schema<'ModelView'>;
export type BrandBody = Schema<'BrandBody'>;
export type ModelBody = Schema<'ModelBody'>;

const catalogApi = adminBase.enhanceEndpoints({ addTagTypes: ['TruckBrand', 'TruckModel'] }).injectEndpoints({
  endpoints: (build) => ({
    brands: build.query<Paged<Brand>, ListArgs>({
      query: (args) => ({ url: 'truck-brand', params: listParams(args) }),
      providesTags: ['TruckBrand'],
    }),
    allBrands: build.query<Brand[], void>({
      query: () => 'truck-brand/',
      providesTags: ['TruckBrand'],
    }),
    brand: build.query<Brand, number>({
      query: (id) => `truck-brand/${id}`,
      providesTags: ['TruckBrand'],
    }),
    saveBrand: build.mutation<Brand, BrandBody>({
      query: (body) => ({ url: 'truck-brand/save', method: 'POST', body }),
      invalidatesTags: ['TruckBrand', 'TruckModel'],
    }),
    deleteBrand: build.mutation<Deleted, number>({
      query: (id) => ({ url: `truck-brand/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['TruckBrand', 'TruckModel'],
    }),
    models: build.query<Paged<Model>, ListArgs>({
      query: (args) => ({ url: 'truck-model', params: listParams(args) }),
      providesTags: ['TruckModel'],
    }),
    model: build.query<Model, number>({
      query: (id) => `truck-model/${id}`,
      providesTags: ['TruckModel'],
    }),
    saveModel: build.mutation<Model, ModelBody>({
      query: (body) => ({ url: 'truck-model/save', method: 'POST', body }),
      invalidatesTags: ['TruckModel'],
    }),
    deleteModel: build.mutation<Deleted, number>({
      query: (id) => ({ url: `truck-model/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['TruckModel'],
    }),
  }),
});

export const {
  useBrandsQuery,
  useAllBrandsQuery,
  useBrandQuery,
  useSaveBrandMutation,
  useDeleteBrandMutation,
  useModelsQuery,
  useModelQuery,
  useSaveModelMutation,
  useDeleteModelMutation,
} = catalogApi;
