/**
 * /produto/novo/{id}: a product's form (spec 2). The code is read-only; name, NCM code and group
 * (0 AGRICOLA, 1 SIDERURGICA) are edited; the server checks them again.
 */
import { Form, Input, Select } from 'antd';
import { useParams } from 'react-router';
import { useStaffGoTo } from '../auth/session';
import { FormShell } from '../../shared/records/components/FormShell';
import { useSaveAndReturn, useSaveError } from '../../shared/records/hooks';
import '../../shared/records/admin.css';
import { useProductQuery, useSaveProductMutation, type Product } from './api';
import { orderMsg, orderPaths, PRODUCT_GROUPS, PRODUCT_NAME_MAX } from './texts';
import { FormActions } from '../../shared/records/components/FormActions';

interface Values {
  code: number;
  name: string;
  group: number;
  ncmcode: string;
}

const FIELDS = ['code', 'name', 'group', 'ncmcode'] as const;

export default function ProductFormPage() {
  const id = Number(useParams().id ?? 0) || 0;
  const record = useProductQuery(id, { skip: !id });
  return (
    <FormShell
      title={orderMsg.productEditTitle}
      loading={record.isLoading}
      error={record.isError ? record.error : undefined}
      onRetry={() => void record.refetch()}
    >
      {record.data && <ProductForm product={record.data} />}
    </FormShell>
  );
}

function ProductForm({ product }: { product: Product }) {
  const [form] = Form.useForm<Values>();
  const goTo = useStaffGoTo();
  const { done, leaving } = useSaveAndReturn(orderPaths.products);
  const showError = useSaveError(form, FIELDS);
  const [save, saving] = useSaveProductMutation();
  const initial: Values = {
    code: product.code,
    name: product.name,
    group: product.group,
    ncmcode: product.ncmcode ?? '',
  };

  async function onFinish(v: Values) {
    try {
      await save({
        id: product.id,
        code: String(product.code),
        name: v.name.trim(),
        group: String(v.group),
        ncmcode: v.ncmcode.trim(),
      }).unwrap();
      done(orderMsg.edited);
    } catch (e) {
      showError(e);
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void onFinish(v)} disabled={leaving}>
      <Form.Item label={orderMsg.code} name="code">
        <Input readOnly aria-readonly />
      </Form.Item>
      <Form.Item
        label={orderMsg.name}
        name="name"
        rules={[
          { required: true, whitespace: true, message: orderMsg.nameRequired },
          { max: PRODUCT_NAME_MAX, message: orderMsg.nameMax },
        ]}
      >
        <Input maxLength={PRODUCT_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item label={orderMsg.ncm} name="ncmcode" rules={[{ pattern: /^[\d.]{0,14}$/, message: orderMsg.ncmInvalid }]}>
        <Input maxLength={14} inputMode="numeric" />
      </Form.Item>
      <Form.Item label={orderMsg.group} name="group" rules={[{ required: true }]}>
        <Select options={PRODUCT_GROUPS.map((g) => ({ value: g.value, label: g.label }))} />
      </Form.Item>
      <FormActions onBack={() => goTo(orderPaths.products)} saving={saving.isLoading} />
    </Form>
  );
}
