/** Users and profiles (spec 1 "Users and profiles"): list, read, save, delete. */
import { adminBase, listParams, type Deleted, type ListArgs, type Paged } from '../admin/api';

export interface UserView {
  id: number;
  name: string;
  email: string;
  role: string;
  cpf: string | null;
  fone: string | null;
  receivesEmail: boolean;
  isEnabled: boolean;
  isRoot: boolean;
  useTerms: boolean;
  company: { id: number; name: string; company: string } | null;
  shippingCompany: { id: number; code: number | null; name: string } | null;
}

/** `POST /users/save`: `id` absent creates; an empty password keeps the stored one. */
export interface UserBody {
  id?: number;
  shippingCompany: { id: number } | null;
  company: { id: number } | null;
  name: string;
  email: string;
  role: string;
  cpf: string;
  fone: string;
  password: string;
  receivesEmail: boolean;
  isEnabled: boolean;
  isRoot: boolean;
  /** A Transportadora's contact authorizations (profile form). */
  hasSMS?: boolean;
  hasWhats?: boolean;
  hasEmail?: boolean;
}

export const usersApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<Paged<UserView>, ListArgs>({
      query: (args) => ({ url: 'users', params: listParams(args) }),
      providesTags: ['User'],
    }),
    user: build.query<UserView, number>({
      query: (id) => `users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    saveUser: build.mutation<UserView, UserBody>({
      query: (body) => ({ url: 'users/save', method: 'POST', body }),
      invalidatesTags: ['User', 'ShippingCompany', 'StaffSession'],
    }),
    deleteUser: build.mutation<Deleted, number>({
      query: (id) => ({ url: `users/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['User', 'ShippingCompany'],
    }),
  }),
});

export const { useUsersQuery, useUserQuery, useSaveUserMutation, useDeleteUserMutation } = usersApi;
