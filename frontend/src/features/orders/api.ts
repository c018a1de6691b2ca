/** Products and orders (spec 2 section 7): the lists and deletes. */
import { api } from '../../app/api';
import { listParams, type Deleted, type ListArgs, type Paged } from '../../shared/records/api';

const ordersBase = api.enhanceEndpoints({ addTagTypes: ['Product', 'Order'] as const });

export interface Product {
  id: number;
  code: number;
  name: string;
  group: 0 | 1;
  /** AGRICOLA or SIDERURGICA: the same label the form shows. */
  groupName: string;
  ncmcode: string | null;
  company: { id: number; name: string };
}

export interface Order {
  id: number;
  code: string;
  customer: { id: number; code: number; name: string; city: string | null };
  company: { id: number; name: string };
  qtyTransported: number;
  ordered: number;
  delivered: number;
  /** Derived percent, as text. */
  status: string;
  enable: boolean;
  createAt: string;
}

export interface OrderListArgs extends ListArgs {
  /** Show the orders at 100 %. */
  complete: boolean;
}

export const ordersApi = ordersBase.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<Paged<Product>, ListArgs>({
      query: (args) => ({ url: 'product', params: listParams(args) }),
      providesTags: ['Product'],
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
    deleteOrder: build.mutation<Deleted, number>({
      query: (id) => ({ url: `order/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Order'],
    }),
  }),
});

export const { useProductsQuery, useDeleteProductMutation, useOrdersQuery, useDeleteOrderMutation } = ordersApi;
