import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Col, Form, Row, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../../../features/auth/session';
import { readApiError } from '../../../shared/apiError';
import { TOAST_SECONDS } from '../../../shared/messages';
import { decodeCsv } from '../csv';
import { useSaveAndReturn, useSession } from '../hooks';
import { adminMsg } from '../messages';
import type { ImportCheck, Imported } from '../api';
import { errorLine } from '../importErrors';
import { PageHeader } from './PageHeader';
import { RemoteSelect } from './RemoteSelect';
import { StaffTable } from '../../ui/StaffTable';

const PREVIEW_PAGE_SIZE = 10;

/** What one kind of import brings to the screen: its parser, preview columns and template. */
export interface ImportSpec<R extends { line: number }> {
  /** CSV text -> rows (the header and rows with an empty code left out). */
  parse: (text: string) => { rows: R[]; skipped: number };
  /** The preview's columns between the line and the status. */
  columns: ColumnsType<R>;
  /** The file's columns, in order, for the help text. */
  columnNames: readonly string[];
  /** A template to download: its file name and rows (header first). */
  template?: { fileName: string; rows: readonly (readonly string[])[] };
}

/** A CSV file's text from rows (`;`, what spreadsheet programs in Brazil open directly). */
function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (c: string) => (/[";\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return '\uFEFF' + rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n';
}

/**
 * The CSV import screens (/cliente/novo, /transportadora/novo, /produto/novo): pick a file, see the parsed
 * rows checked by the server with the import's own rules (each bad row marked with its
 * message, only good rows counted), then send them all at once. Nothing is saved while any
 * row is bad; should the import still refuse a row, its 'Linha N: ...' is shown and marked.
 */
export function ImportPage<R extends { line: number }>({
  spec,
  title,
  listPath,
  onImport,
  onCheck,
}: {
  spec: ImportSpec<R>;
  title: string;
  listPath: string;
  onImport: (rows: R[], companyId?: number) => Promise<Imported>;
  onCheck: (rows: R[]) => Promise<ImportCheck>;
}) {
  const { message } = App.useApp();
  const goTo = useStaffGoTo();
  const session = useSession();
  const pickCompany = !!session?.screens.seesEveryCompany;
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [parsed, setParsed] = useState<{ rows: R[]; skipped: number } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<ImportCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [page, setPage] = useState(1);
  const { done, leaving } = useSaveAndReturn(listPath);

  const badLine = serverError ? errorLine(serverError) : null;
  const problems = useMemo(
    () => new Map((verdict?.rows ?? []).filter((r) => r.message).map((r) => [r.line, r.message as string])),
    [verdict],
  );
  const help = adminMsg.importHelp(spec.columnNames.join(', '));
  const templateUrl = useMemo(
    () =>
      spec.template ? URL.createObjectURL(new Blob([toCsv(spec.template.rows)], { type: 'text/csv;charset=utf-8' })) : null,
    [spec.template],
  );

  async function read(file: File) {
    setFileName(file.name);
    setServerError(null);
    setReadError(null);
    setPage(1);
    setVerdict(null);
    let result: { rows: R[]; skipped: number };
    try {
      result = spec.parse(decodeCsv(await file.arrayBuffer()));
      setParsed(result);
    } catch {
      setParsed(null);
      setReadError(adminMsg.importReadError);
      return;
    }
    if (!result.rows.length) return;
    setChecking(true);
    try {
      const checked = await onCheck(result.rows);
      setVerdict(checked);
      const first = checked.rows.findIndex((r) => r.message);
      if (first >= 0) setPage(Math.floor(first / PREVIEW_PAGE_SIZE) + 1);
    } catch (e) {
      const err = readApiError(e);
      setServerError(Object.values(err.fields)[0] ?? err.message);
    } finally {
      setChecking(false);
    }
  }

  async function send() {
    if (!parsed?.rows.length) return;
    if (pickCompany && !companyId) {
      setServerError(adminMsg.chooseCompany);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const res = await onImport(parsed.rows, pickCompany ? (companyId ?? undefined) : undefined);
      void message.info(adminMsg.importDone(res.created, res.updated), TOAST_SECONDS);
      done();
    } catch (e) {
      const err = readApiError(e);
      const text = Object.values(err.fields)[0] ?? err.message;
      setServerError(text);
      const line = errorLine(text);
      const index = line ? parsed.rows.findIndex((r) => r.line === line) : -1;
      if (index >= 0) setPage(Math.floor(index / PREVIEW_PAGE_SIZE) + 1);
      void message.error(adminMsg.importFailed + text, TOAST_SECONDS);
    } finally {
      setBusy(false);
    }
  }

  const columns = useMemo<ColumnsType<R>>(
    () => [
      { title: adminMsg.importLine, dataIndex: 'line', key: 'line', width: 70 },
      ...spec.columns,
      {
        title: adminMsg.importStatus,
        key: 'status',
        render: (_: unknown, r: R) => {
          const problem = problems.get(r.line);
          if (problem) return <Typography.Text type="danger">{problem}</Typography.Text>;
          return verdict ? adminMsg.importRowReady : '';
        },
      },
    ],
    [problems, verdict, spec.columns],
  );
  const ready = verdict?.ready ?? 0;
  const bad = problems.size;

  return (
    <div className="a-page">
      <PageHeader title={title} />
      <div className="a-card">
        <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
        <Row gutter={16} align="bottom">
          {pickCompany && (
            <Col xs={24} md={10}>
              <Form layout="vertical" component="div">
                <Form.Item label={adminMsg.importCompany} htmlFor="import-company" required>
                  <RemoteSelect
                    id="import-company"
                    resource="company"
                    value={companyId}
                    onChange={(v) => setCompanyId(v)}
                    placeholder={adminMsg.chooseCompanyPlaceholder}
                  />
                </Form.Item>
              </Form>
            </Col>
          )}
          <Col xs={24} md={pickCompany ? 14 : 24}>
            <FilePicker
              fileName={fileName}
              disabled={busy || leaving}
              template={templateUrl && spec.template ? { url: templateUrl, fileName: spec.template.fileName } : null}
              onFile={(file) => void read(file)}
            />
          </Col>
        </Row>
        {readError && <Alert className="a-notice" type="error" showIcon title={readError} role="alert" />}
        {serverError && <Alert className="a-notice" type="error" showIcon title={serverError} role="alert" />}
        {parsed && (
          <>
            <ImportSummary rows={parsed.rows.length} skipped={parsed.skipped} ready={ready} bad={bad} checking={checking || !verdict} />
            <StaffTable<R>
              label={title}
              rowKey="line"
              size="small"
              columns={columns}
              dataSource={parsed.rows}
              scroll={{ x: 800 }}
              locale={{ emptyText: adminMsg.noResults }}
              rowClassName={(r) => (r.line === badLine || problems.has(r.line) ? 'a-row-error' : '')}
              pagination={{ current: page, pageSize: PREVIEW_PAGE_SIZE, showSizeChanger: false, onChange: setPage }}
            />
          </>
        )}
        <Space className="a-form-actions">
          <Button onClick={() => goTo(listPath)}>{adminMsg.back}</Button>
          <Button
            type="primary"
            onClick={() => void send()}
            loading={busy}
            disabled={!parsed?.rows.length || !verdict || bad > 0 || checking || leaving}
          >
            {adminMsg.importSave}
          </Button>
        </Space>
      </div>
    </div>
  );
}

/** A plain file input behind a button, the template's link and the chosen file's name. */
function FilePicker({
  fileName,
  disabled,
  template,
  onFile,
}: {
  fileName: string | null;
  disabled: boolean;
  template: { url: string; fileName: string } | null;
  onFile: (file: File) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Space wrap className="a-notice">
      {/* A plain file input (antd Upload would add ~18 KB gz for one button). */}
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv,text/plain"
        className="a-sr-only"
        tabIndex={-1}
        aria-label={adminMsg.importPick}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      <Button icon={<UploadOutlined aria-hidden />} disabled={disabled} onClick={() => fileInput.current?.click()}>
        {adminMsg.importPick}
      </Button>
      {template && (
        <a href={template.url} download={template.fileName}>
          <DownloadOutlined aria-hidden /> {adminMsg.importTemplate}
        </a>
      )}
      {fileName && (
        <span>
          <FileTextOutlined aria-hidden /> {adminMsg.importFile(fileName)}
        </span>
      )}
    </Space>
  );
}

/** How many rows were read, whether they are being checked, and how many are bad or skipped. */
function ImportSummary({
  rows,
  skipped,
  ready,
  bad,
  checking,
}: {
  rows: number;
  skipped: number;
  ready: number;
  bad: number;
  checking: boolean;
}) {
  return (
    <Alert
      className="a-notice"
      type={!rows || bad ? 'warning' : 'info'}
      showIcon
      role="status"
      title={
        !rows
          ? adminMsg.importEmpty
          : checking
            ? adminMsg.importChecking
            : adminMsg.importRows(ready)
      }
      description={
        [bad ? adminMsg.importBadRows(bad) : null, skipped ? adminMsg.importSkipped(skipped) : null]
          .filter(Boolean)
          .join(' ') || undefined
      }
    />
  );
}
