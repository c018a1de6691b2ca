/**
 * Tab Informações (Geral), spec 3 sections 3 and 5: attendance hours and interval, time per
 * appointment, weekdays, limits, tolerance, missing validation, check-in IPs (at most 2), the
 * Google Maps embed address, reCAPTCHA keys and the logo. Each field is checked as the server
 * checks it when it loses the focus; the whole form again on save.
 */
import type { ReactNode } from 'react';
import { Button, Checkbox, Col, Divider, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { msg } from '../../../shared/messages';
import { sm } from '../messages';
import {
  checkGoogleMaps,
  checkIp,
  checkTime,
  checkWholeNumber,
  MAX_CHECKIN_IPS,
  NUMBER_LIMITS,
  VALIDATION_PERIODS,
  type NumberField,
} from '../model/settingsForm';
import { maskHHmm } from '../model/time';
import { LogoUpload } from './LogoUpload';

/** An antd rule from one of the checks (message or null). */
function check(fn: (value: string) => string | null): Rule {
  return {
    validator: (_r, value: unknown) => {
      const m = fn(typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
      return m ? Promise.reject(new Error(m)) : Promise.resolve();
    },
  };
}

function TimeField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} normalize={maskHHmm} rules={[check(checkTime)]} validateTrigger="onBlur">
      <Input inputMode="numeric" placeholder="HH:mm" maxLength={5} autoComplete="off" />
    </Form.Item>
  );
}

function NumberInput({
  name,
  label,
  extra,
  optional,
}: {
  name: NumberField;
  label: string;
  extra?: string;
  optional?: boolean;
}) {
  const max = NUMBER_LIMITS[name];
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      validateTrigger="onBlur"
      rules={[check((v) => (optional && !v.trim() ? null : checkWholeNumber(v, max)))]}
    >
      <Input inputMode="numeric" autoComplete="off" />
    </Form.Item>
  );
}

export function InfoTab({ companyId, logo, saveBar }: { companyId: number; logo: string | null; saveBar: ReactNode }) {
  const form = Form.useFormInstance();
  const missingOn = Form.useWatch('enable_missing_validation', form) as boolean | undefined;
  const recaptchaOn = Form.useWatch('enableRecaptcha', form) as boolean | undefined;

  return (
    <div className="st-pane">
      <Typography.Title level={4}>{sm.tabInfoBadge}</Typography.Title>

      <Typography.Title level={5}>{sm.hoursTitle}</Typography.Title>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <TimeField name="start" label={sm.start} />
        </Col>
        <Col xs={12} md={6}>
          <TimeField name="end" label={sm.end} />
        </Col>
        <Col xs={12} md={6}>
          <TimeField name="startInterval" label={sm.startInterval} />
        </Col>
        <Col xs={12} md={6}>
          <TimeField name="endInterval" label={sm.endInterval} />
        </Col>
        <Col xs={12} md={6}>
          <TimeField name="timeAttendence" label={sm.timeAttendence} />
        </Col>
        <Col xs={24} md={18}>
          <Form.Item name="weekDays" label={sm.weekDays}>
            <Checkbox.Group options={msg.weekDays.map((label, i) => ({ label, value: i }))} />
          </Form.Item>
        </Col>
      </Row>

      <Divider />
      <Typography.Title level={5}>{sm.limitsTitle}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <NumberInput name="programmedTotal" label={sm.programmedTotal} extra={sm.programmedTotalHelp} />
        </Col>
        <Col xs={24} md={8}>
          <NumberInput name="scheduling_day_limit" label={sm.schedulingDayLimit} extra={sm.schedulingDayLimitHelp} optional />
        </Col>
        <Col xs={24} md={8}>
          <NumberInput name="hour_entry_Limit" label={sm.hourEntryLimit} />
        </Col>
        <Col xs={24} md={8}>
          <NumberInput name="queue_edit_hours_limit" label={sm.queueEditHoursLimit} />
        </Col>
        <Col xs={24} md={8}>
          <TimeField name="tolerance" label={sm.tolerance} />
        </Col>
      </Row>

      <Divider />
      <Typography.Title level={5}>{sm.missingTitle}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item name="enable_missing_validation" label={sm.missingSwitch} valuePropName="checked">
            <Switch checkedChildren={sm.yes} unCheckedChildren={sm.no} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="missing_limit"
            label={sm.missingLimit}
            validateTrigger="onBlur"
            dependencies={['enable_missing_validation']}
            rules={[
              check((v) => checkWholeNumber(v, NUMBER_LIMITS.missing_limit)),
              ({ getFieldValue }) => ({
                validator: (_r, v: string) =>
                  getFieldValue('enable_missing_validation') && Number((v ?? '').trim()) === 0
                    ? Promise.reject(new Error(sm.missingLimitRequired))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input inputMode="numeric" autoComplete="off" disabled={!missingOn} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="missing_limit_after_block"
            label={sm.missingBlockDays}
            validateTrigger="onBlur"
            rules={[check((v) => checkWholeNumber(v, NUMBER_LIMITS.missing_limit_after_block))]}
          >
            <Input inputMode="numeric" autoComplete="off" disabled={!missingOn} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="missing_validation_period" label={sm.missingPeriod}>
            <Select disabled={!missingOn} options={VALIDATION_PERIODS.map((d) => ({ value: d, label: sm.days(d) }))} />
          </Form.Item>
        </Col>
      </Row>

      <Divider />
      <Typography.Title level={5}>{sm.checkinTitle}</Typography.Title>
      <Form.List name="checkinIps">
        {(fields, { add, remove }) => (
          <div className="st-ips">
            {fields.map((field, i) => (
              <Space key={field.key} align="start">
                <Form.Item
                  name={field.name}
                  label={`${sm.checkinIp} ${i + 1}`}
                  validateTrigger="onBlur"
                  rules={[check(checkIp)]}
                >
                  <Input placeholder="200.100.10.1" autoComplete="off" style={{ width: 260 }} />
                </Form.Item>
                {fields.length > 1 && (
                  <Button
                    type="text"
                    className="st-ip-remove"
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={`${sm.checkinIpRemove} ${i + 1}`}
                    onClick={() => remove(field.name)}
                  />
                )}
              </Space>
            ))}
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add('')}
              disabled={fields.length >= MAX_CHECKIN_IPS}
            >
              {sm.checkinIpAdd}
            </Button>
            <div className="st-help">{sm.checkinIpHelp}</div>
          </div>
        )}
      </Form.List>

      <Divider />
      <Typography.Title level={5}>{sm.mapTitle}</Typography.Title>
      <Form.Item
        name="googleMaps"
        label={sm.googleMaps}
        extra={sm.googleMapsHelp}
        validateTrigger="onBlur"
        rules={[check(checkGoogleMaps)]}
      >
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} autoComplete="off" />
      </Form.Item>

      <Divider />
      <Typography.Title level={5}>{sm.recaptchaTitle}</Typography.Title>
      <Form.Item name="enableRecaptcha" label={sm.recaptchaSwitch} valuePropName="checked">
        <Switch checkedChildren={sm.yes} unCheckedChildren={sm.no} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="recaptchaSite"
            label={sm.recaptchaSite}
            dependencies={['enableRecaptcha']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, v: string) =>
                  getFieldValue('enableRecaptcha') && !(v ?? '').trim()
                    ? Promise.reject(new Error(sm.recaptchaSiteRequired))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input autoComplete="off" required={!!recaptchaOn} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="recaptchaSecret"
            label={sm.recaptchaSecret}
            dependencies={['enableRecaptcha']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, v: string) =>
                  getFieldValue('enableRecaptcha') && !(v ?? '').trim()
                    ? Promise.reject(new Error(sm.recaptchaSecretRequired))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" required={!!recaptchaOn} />
          </Form.Item>
        </Col>
      </Row>

      {saveBar}

      <Divider />
      <Typography.Title level={5}>{sm.logoTitle}</Typography.Title>
      <LogoUpload companyId={companyId} logo={logo} />
    </div>
  );
}
