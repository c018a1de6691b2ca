/** Users and profiles (spec 1 "Users and profiles"): list, read, save, delete. */
import { type Schema } from '../../shared/api/types';
import { adminBase, listParams, type Deleted, type ListArgs, type Paged } from '../../shared/records/api';

export type UserView = Schema<'UserView'>;

/** `POST /users/save`: `id` absent creates; an empty password keeps the stored one. */
export type UserBody = Schema<'UserBody'>;

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
