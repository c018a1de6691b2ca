/**
 * /caminhao/novo and /caminhao/novo/{id}: the truck form (spec 2 "Trucks"). The plate keeps
 * letters and digits only; choosing an implement type fills and disables axles, gross and net
 * capacity from the server's implement table (the server stores the same numbers). Brand, then
 * model; colour; active; the company (administrators), the shipping company (not for a
 * Transportadora, whose trucks are its own), the driver and the truck's contacts.
 */
import { FormActions } from '../../shared/records/components/FormActions';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useStaffGoTo } from '../auth/session';
import { readApiError } from '../../shared/apiError';
import { CompanyPicker } from '../../shared/records/components/CompanyPicker';
import { RecordFormPage } from '../../shared/records/components/RecordFormPage';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { useSaveAndReturn, useSaveError, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { antdRules } from '../../shared/records/validation';
import '../../shared/records/admin.css';
import './trucks.css';
import { contactBody, contactRows, type ContactRow } from './drivers';
import { ContactTable } from '../../shared/records/components/ContactTable';
import { implementFill, normalizePlate, normalizeRenavam, truckLimits, truckMsg, truckPaths, truckRules } from './trucks';
import { useAllBrandsQuery } from './api';
import {
  useImplementTypesQuery,
  useModelsOfBrandQuery,
  useSaveTruckMutation,
  useTruckDriversQuery,
  useTruckQuery,
  type Truck,
} from './truckApi';

interface Values {
  licensePlate: string;
  renavam: string;
  owner: string;
  brandId: number | null;
  modelId: number | null;
  color: string;
  implementType: string | null;
  shaftQuantity: number | null;
  grossCapacity: number | null;
  netCapacity: number | null;
  isEnabled: boolean;
  companyId: number | null;
  shippingCompanyId: number | null;
  driverId: number | null;
  contact: ContactRow[];
}

const FIELDS = [
  'licensePlate',
  'renavam',
  'owner',
  'brandId',
  'modelId',
  'color',
  'implementType',
  'companyId',
  'shippingCompanyId',
  'driverId',
] as const;
const RENAME = { vehicleModel: 'modelId', _company: 'companyId', shippingCompany: 'shippingCompanyId', driver: 'driverId' };
const DEFAULT_COLOR = '#ffffff';

function initialValues(t: Truck | undefined): Values {
  return {
    licensePlate: t?.licensePlate ?? '',
    renavam: t?.renavam ?? '',
    owner: t?.owner ?? '',
    brandId: t?.vehicleModel?.truckBrand.id ?? null,
    modelId: t?.vehicleModel?.id ?? null,
    color: t?.color ?? DEFAULT_COLOR,
    implementType: t?.implementType ?? null,
    shaftQuantity: t?.shaftQuantity ?? null,
    grossCapacity: t?.grossCapacity ?? null,
    netCapacity: t?.netCapacity ?? null,
    isEnabled: t?.isEnabled ?? true,
    companyId: t?.company.id ?? null,
    shippingCompanyId: t?.shippingCompany?.id ?? null,
    driverId: t?.driver?.id ?? null,
    contact: contactRows(t?.contact),
  };
}

export default function TruckFormPage() {
  return (
    <RecordFormPage<Truck> title={(id) => (id ? truckMsg.editTitle : truckMsg.newTitle)} useRecord={useTruckQuery}>
      {(id, record) => <TruckForm id={id} record={record} />}
    </RecordFormPage>
  );
}

function TruckForm({ id, record }: { id: number; record: Truck | undefined }) {
  const [form] = Form.useForm<Values>();
  const goTo = useStaffGoTo();
  const session = useSession();
  const [save, { isLoading }] = useSaveTruckMutation();
  const { done, leaving } = useSaveAndReturn(truckPaths.list);
  const showError = useSaveError(form, FIELDS, RENAME);
  const everyCompany = !!session?.screens.seesEveryCompany;
  const ownShipping = !!session?.screens.ownShippingCompany;

  const brandId = Form.useWatch('brandId', form);
  const chosenCompany = Form.useWatch('companyId', form);
  const companyId = everyCompany ? (chosenCompany ?? record?.company.id ?? null) : (session?.company?.id ?? null);
  const brands = useAllBrandsQuery();
  const models = useModelsOfBrandQuery(brandId ?? 0, { skip: !brandId });
  const table = useImplementTypesQuery();
  const drivers = useTruckDriversQuery(companyId ?? 0, { skip: !companyId });

  async function onFinish(v: Values) {
    try {
      await save({
        id,
        licensePlate: normalizePlate(v.licensePlate),
        renavam: v.renavam.trim(),
        owner: v.owner.trim(),
        implementType: v.implementType,
        vehicleModel: v.modelId ? { id: v.modelId, truckBrand: v.brandId ? { id: v.brandId } : null } : null,
        color: v.color || null,
        isEnabled: v.isEnabled,
        company: companyId ? { id: companyId } : null,
        shippingCompany: !ownShipping && v.shippingCompanyId ? { id: v.shippingCompanyId } : null,
        driver: v.driverId ? { id: v.driverId } : null,
        contact: v.contact.map(contactBody),
      }).unwrap();
      done(id ? truckMsg.edited : truckMsg.saved);
    } catch (e) {
      // A 409 (the plate taken) reads as the server says it (spec 2 section 8).
      showError(e, readApiError(e).statusCode === 409 ? (text) => text : undefined);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues(record)}
      onFinish={(v) => void onFinish(v)}
      disabled={leaving}
      onValuesChange={(changed: Partial<Values>) => {
        if ('implementType' in changed) form.setFieldsValue(implementFill(table.data ?? [], changed.implementType));
        if ('brandId' in changed) form.setFieldsValue({ modelId: null });
        if ('companyId' in changed) form.setFieldsValue({ shippingCompanyId: null, driverId: null });
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            label={truckMsg.plate}
            name="licensePlate"
            required
            normalize={normalizePlate}
            rules={antdRules(truckRules.licensePlate)}
          >
            {/* No maxLength: a pasted 'abc-1d23' is 8 characters before the separators go. */}
            <Input autoFocus={!id} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={truckMsg.renavam} name="renavam" required normalize={normalizeRenavam} rules={antdRules(truckRules.renavam)}>
            <Input maxLength={truckLimits.renavam} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={truckMsg.owner} name="owner" rules={antdRules(truckRules.owner)}>
            <Input maxLength={truckLimits.owner} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={truckMsg.brand} name="brandId">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={brands.isFetching}
              placeholder={truckMsg.chooseBrand}
              aria-label={truckMsg.brand}
              options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={truckMsg.model} name="modelId" required rules={[{ required: true, message: truckMsg.modelRequired }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={models.isFetching}
              disabled={!brandId}
              placeholder={brandId ? truckMsg.chooseModel : truckMsg.chooseBrandFirst}
              aria-label={truckMsg.model}
              options={(brandId ? (models.data ?? []) : []).map((m) => ({ value: m.id, label: m.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={truckMsg.color} name="color">
            <input type="color" className="t-color" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item
            label={truckMsg.implementType}
            name="implementType"
            required
            rules={[{ required: true, message: truckMsg.implementRequired }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={table.isFetching}
              placeholder={truckMsg.chooseImplement}
              aria-label={truckMsg.implementType}
              options={(table.data ?? []).map((t) => ({ value: t.name, label: t.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={truckMsg.axles} name="shaftQuantity" tooltip={truckMsg.filledByType}>
            <InputNumber disabled style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={truckMsg.gross} name="grossCapacity" tooltip={truckMsg.filledByType}>
            <InputNumber disabled decimalSeparator="," style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={truckMsg.net} name="netCapacity" tooltip={truckMsg.filledByType}>
            <InputNumber disabled decimalSeparator="," style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {everyCompany && (
          <Col xs={24} md={8}>
            <CompanyPicker selected={record ? { id: record.company.id, name: record.company.name } : null} />
          </Col>
        )}
        {!ownShipping && (
          <Col xs={24} md={8}>
            <Form.Item label={adminMsg.shippingCompany} name="shippingCompanyId">
              <RemoteSelect
                resource="shipping-company"
                companyId={companyId ?? undefined}
                disabled={!companyId}
                selected={record?.shippingCompany ? { id: record.shippingCompany.id, name: record.shippingCompany.name } : null}
                placeholder={companyId ? adminMsg.chooseShippingPlaceholder : truckMsg.chooseCompanyFirst}
                ariaLabel={adminMsg.shippingCompany}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={8}>
          <Form.Item label={truckMsg.driver} name="driverId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={drivers.isFetching}
              disabled={!companyId}
              placeholder={companyId ? truckMsg.chooseDriver : truckMsg.chooseCompanyFirst}
              aria-label={truckMsg.driver}
              options={[
                ...(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name })),
                ...(record?.driver && !(drivers.data ?? []).some((d) => d.id === record.driver?.id)
                  ? [{ value: record.driver.id, label: record.driver.name }]
                  : []),
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={truckMsg.enabled} name="isEnabled" valuePropName="checked">
        <Switch aria-label={truckMsg.enabled} />
      </Form.Item>
      <Form.Item name="contact" noStyle>
        <ContactTable editable />
      </Form.Item>
      <FormActions onBack={() => goTo(truckPaths.list)} saving={isLoading} />
    </Form>
  );
}
