/**
 * /marca/novo, /marca/{id}, /modelo/novo, /modelo/{id}: the brand and model forms (spec 2
 * "Brands and models"). The name's rules are the server's (required, at most 80; the input
 * stops at 50); a model needs its brand.
 */
import { FormActions } from '../../shared/records/components/FormActions';
import { Form, Input, Select } from 'antd';
import { useParams } from 'react-router';
import { useStaffGoTo } from '../auth/session';
import { FormShell } from '../../shared/records/components/FormShell';
import { useSaveAndReturn, useSaveError } from '../../shared/records/hooks';
import '../../shared/records/admin.css';
import { catalogMsg, catalogPaths, CATALOG_NAME_INPUT } from './catalog';
import { truckPaths } from './trucks';
import {
  useAllBrandsQuery,
  useBrandQuery,
  useModelQuery,
  useSaveBrandMutation,
  useSaveModelMutation,
  type Brand,
  type Model,
} from './api';

interface Values {
  name: string;
  brandId?: number;
}

const FIELDS = ['name', 'brandId'] as const;
const RENAME = { truckBrand: 'brandId' };

function useId(): number {
  const { id } = useParams();
  return Number(id ?? 0) || 0;
}

export function BrandFormPage() {
  const id = useId();
  const record = useBrandQuery(id, { skip: !id });
  return (
    <FormShell
      title={id ? catalogMsg.brandEditTitle : catalogMsg.brandNewTitle}
      loading={!!id && record.isLoading}
      error={!!id && record.isError ? record.error : undefined}
      onRetry={() => void record.refetch()}
    >
      <CatalogForm kind="brand" id={id} record={id ? record.data : undefined} />
    </FormShell>
  );
}

export function ModelFormPage() {
  const id = useId();
  const record = useModelQuery(id, { skip: !id });
  return (
    <FormShell
      title={id ? catalogMsg.modelEditTitle : catalogMsg.modelNewTitle}
      loading={!!id && record.isLoading}
      error={!!id && record.isError ? record.error : undefined}
      onRetry={() => void record.refetch()}
    >
      <CatalogForm kind="model" id={id} record={id ? record.data : undefined} />
    </FormShell>
  );
}

function CatalogForm({ kind, id, record }: { kind: 'brand' | 'model'; id: number; record?: Brand | Model }) {
  const [form] = Form.useForm<Values>();
  const goTo = useStaffGoTo();
  const listPath = kind === 'brand' ? catalogPaths.brands : catalogPaths.models;
  const { done, leaving } = useSaveAndReturn(listPath);
  // The spec sends the new-brand form's Voltar to the truck list (spec 2 "Brands and models").
  const backPath = kind === 'brand' && !id ? truckPaths.list : listPath;
  const showError = useSaveError(form, FIELDS, RENAME);
  const [saveBrand, brandSaving] = useSaveBrandMutation();
  const [saveModel, modelSaving] = useSaveModelMutation();
  const brands = useAllBrandsQuery(undefined, { skip: kind !== 'model' });
  const initial: Values = {
    name: record?.name ?? '',
    brandId: record && 'truckBrand' in record ? record.truckBrand.id : undefined,
  };

  async function onFinish(v: Values) {
    try {
      if (kind === 'brand') await saveBrand({ id, name: v.name.trim() }).unwrap();
      else await saveModel({ id, name: v.name.trim(), truckBrand: { id: v.brandId ?? null } }).unwrap();
      done();
    } catch (e) {
      showError(e);
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void onFinish(v)} disabled={leaving}>
      {kind === 'model' && (
        <Form.Item label={catalogMsg.brand} name="brandId" rules={[{ required: true, message: catalogMsg.brandRequired }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={brands.isFetching}
            placeholder={catalogMsg.chooseBrand}
            options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          />
        </Form.Item>
      )}
      <Form.Item
        label={catalogMsg.name}
        name="name"
        rules={[{ required: true, whitespace: true, message: catalogMsg.nameRequired }]}
      >
        <Input maxLength={CATALOG_NAME_INPUT} autoFocus={!id} />
      </Form.Item>
      <FormActions onBack={() => goTo(backPath)} saving={brandSaving.isLoading || modelSaving.isLoading} />
    </Form>
  );
}
