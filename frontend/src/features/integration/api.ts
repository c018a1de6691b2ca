/**
 * Integrações (issue 26): the carrier's or company's API keys and webhooks. Every rule (who
 * may, the scope, URL policy) is the server's.
 */
import { type Schema } from '../../shared/api/types';
import { api } from '../../app/api';

export type ApiKeyRow = Schema<'ApiKeyView'>;
export type CreatedApiKey = Schema<'CreatedApiKey'>;
export type WebhookRow = Schema<'WebhookView'>;
export type CreatedWebhook = Schema<'CreatedWebhook'>;
export type DeliveryRow = Schema<'DeliveryView'>;

const KEYS = 'ApiKey' as const;
const HOOKS = 'Webhook' as const;

const integrationApi = api.enhanceEndpoints({ addTagTypes: [KEYS, HOOKS] }).injectEndpoints({
  endpoints: (build) => ({
    apiKeys: build.query<ApiKeyRow[], void>({
      query: () => 'integration/keys',
      providesTags: [KEYS],
    }),
    createApiKey: build.mutation<CreatedApiKey, string>({
      query: (name) => ({ url: 'integration/keys', method: 'POST', body: { name } }),
      invalidatesTags: [KEYS],
    }),
    revokeApiKey: build.mutation<unknown, number>({
      query: (id) => ({ url: `integration/keys/${id}`, method: 'DELETE' }),
      invalidatesTags: [KEYS],
    }),
    webhooks: build.query<WebhookRow[], void>({
      query: () => 'integration/webhooks',
      providesTags: [HOOKS],
    }),
    createWebhook: build.mutation<CreatedWebhook, { url: string; events: string[] }>({
      query: (body) => ({ url: 'integration/webhooks', method: 'POST', body }),
      invalidatesTags: [HOOKS],
    }),
    deleteWebhook: build.mutation<unknown, number>({
      query: (id) => ({ url: `integration/webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: [HOOKS],
    }),
    deliveries: build.query<DeliveryRow[], number>({
      query: (id) => `integration/webhooks/${id}/deliveries`,
    }),
  }),
});

export const {
  useApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useWebhooksQuery,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useDeliveriesQuery,
} = integrationApi;
