/** Products and orders (spec 2 section 7): lists, forms, the product import and deletes. */
import { type Schema } from '../../shared/api/types';
import { adminBase, listParams, type Deleted, type ImportCheck, type Imported, type ListArgs, type Paged } from '../../shared/records/api';

export type Product = Schema<'ProductView'>;
export type ProductBody = Schema<'ProductBody'>;
export type Order = Schema<'OrderView'>;
export type OrderBody = Schema<'OrderBody'>;
export type OrderItem = Schema<'OrderItemView'>;
export type Loading = Schema<'LoadingView'>;
export type DeletedLoading = Schema<'DeletedLoadingView'>;
export type LoadingBody = Schema<'LoadingBody'>;
export type LoadingTruck = Schema<'LoadingTruckView'>;

export interface OrderListArgs extends ListArgs {
  /** Show the orders at 100 %. */
  complete: boolean;
}

/** An import's rows after the header, in file order (the server counts lines from there). */
export interface ProductImportArgs {
  rows: ProductBody[];
  companyId?: number;
}

const ordersApi = adminBase.enhanceEndpoints({ addTagTypes: ['Product', 'Order', 'Loading'] }).injectEndpoints({
  endpoints: (build) => ({
    products: build.query<Paged<Product>, ListArgs>({
      query: (args) => ({ url: 'product', params: listParams(args) }),
      providesTags: ['Product'],
    }),
    product: build.query<Product, number>({
      query: (id) => `product/${id}`,
      providesTags: ['Product'],
    }),
    saveProduct: build.mutation<Product, ProductBody>({
      query: (body) => ({ url: 'product/create', method: 'POST', body }),
      invalidatesTags: ['Product'],
    }),
    checkProductImport: build.mutation<ImportCheck, ProductBody[]>({
      query: (body) => ({ url: 'product/import/check', method: 'POST', body }),
    }),
    importProducts: build.mutation<Imported, ProductImportArgs>({
      query: ({ rows, companyId }) => ({
        url: 'product/import',
        method: 'POST',
        body: rows,
        params: companyId ? { companyId } : undefined,
      }),
      invalidatesTags: ['Product'],
    }),
    deleteProduct: build.mutation<Deleted, number>({
      query: (id) => ({ url: `product/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Product'],
    }),
    orders: build.query<Paged<Order>, OrderListArgs>({
      query: ({ complete, ...args }) => ({
        url: 'order',
        params: { ...listParams(args), ...(complete ? { complete: 'true' } : {}) },
      }),
      providesTags: ['Order'],
    }),
    order: build.query<Order, number>({
      query: (id) => `order/${id}`,
      providesTags: ['Order'],
    }),
    saveOrder: build.mutation<Order, OrderBody>({
      query: (body) => ({ url: 'order/save', method: 'POST', body }),
      invalidatesTags: ['Order', 'Dashboard'],
    }),
    deleteOrder: build.mutation<Deleted, number>({
      query: (id) => ({ url: `order/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Order', 'Dashboard'],
    }),
    loadings: build.query<Loading[], number>({
      query: (orderId) => `scheduling/order/${orderId}`,
      providesTags: ['Loading'],
    }),
    loadingTruck: build.query<LoadingTruck, { orderId: number; plate: string }>({
      query: ({ orderId, plate }) => `scheduling/order/${orderId}/truck/${encodeURIComponent(plate)}`,
    }),
    deletedLoadings: build.query<DeletedLoading[], number>({
      query: (orderId) => `schedulingDeleted/order/${orderId}`,
      providesTags: ['Loading'],
    }),
    saveLoadings: build.mutation<Loading[], LoadingBody[]>({
      query: (body) => ({ url: 'scheduling/save', method: 'POST', body }),
      invalidatesTags: ['Loading', 'Order', 'Dashboard'],
    }),
    deleteLoading: build.mutation<Deleted, number>({
      query: (id) => ({ url: `scheduling/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Loading', 'Order', 'Dashboard'],
    }),
    deleteOrderItem: build.mutation<Deleted, number>({
      query: (id) => ({ url: `orderItem/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Order'],
    }),
  }),
});

export const {
  useProductsQuery,
  useProductQuery,
  useSaveProductMutation,
  useCheckProductImportMutation,
  useImportProductsMutation,
  useDeleteProductMutation,
  useOrdersQuery,
  useOrderQuery,
  useSaveOrderMutation,
  useDeleteOrderMutation,
  useDeleteOrderItemMutation,
  useLoadingsQuery,
  useLoadingTruckQuery,
  useDeletedLoadingsQuery,
  useSaveLoadingsMutation,
  useDeleteLoadingMutation,
} = ordersApi;
