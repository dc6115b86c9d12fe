import { useEffect, useState } from 'react';
import type { DocumentSettings } from '../../lib/api';
import { documentSettingsApi, type DocumentPreview } from '../../lib/api/document-preview';
import { useT, type MessageKey } from '../../lib/i18n';
import { Alert, Button, Card, SelectField, Table, toast } from '../../ui';
import { useBusyAction } from '../common/use-busy-action';
import { choiceOf, EMPTY_CHOICE, incomplete, settingsOf, type MappingChoice } from './mapping-choice';

/** The first part of a large file is enough to see how it reads. */
const SAMPLE_BYTES = 600_000;

/**
 * The CSV mapping screen of a statement-files connection: a sample file chosen by the person, the columns
 * picked from its header, and its first rows as Coffer reads them with that choice; saved as the
 * connection's import settings.
 */
export function CsvMappingCard({ connectionId }: { connectionId: string }) {
  const { t } = useT();
  const [saved, setSaved] = useState<DocumentSettings>({});
  const [choice, setChoice] = useState<MappingChoice>(EMPTY_CHOICE);
  const [sample, setSample] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<DocumentPreview | null>(null);
  const { busy, error, run } = useBusyAction();

  useEffect(() => {
    void documentSettingsApi.get(connectionId).then((s) => {
      setSaved(s);
      setChoice(choiceOf(s));
    }, () => undefined);
  }, [connectionId]);

  // Every change of file or choice reads the sample again (the latest answer wins).
  useEffect(() => {
    if (!sample || incomplete(choice)) return;
    let cancelled = false;
    void run(async () => {
      const answer = await documentSettingsApi.preview(connectionId, { file_name: sample.name, text: sample.text, settings: settingsOf(choice, saved) });
      if (!cancelled) setPreview(answer);
    });
    return () => {
      cancelled = true;
    };
  }, [sample, choice, saved, connectionId, run]);

  const pick = async (file: File | undefined) => {
    if (file) setSample({ name: file.name, text: await file.slice(0, SAMPLE_BYTES).text() });
  };
  const save = () =>
    run(async () => {
      const next = settingsOf(choice, saved);
      await documentSettingsApi.put(connectionId, next);
      setSaved(next);
      toast.success(t('csvMap.saved'));
    });

  return (
    <Card title={t('csvMap.title')} id="csv-mapping" data-testid="csv-mapping">
      <div className="stack">
        <p className="muted" style={{ margin: 0 }}>
          {t('csvMap.text')}
        </p>
        <label className="field">
          <span>{t('csvMap.file')}</span>
          <input type="file" accept=".csv,text/csv" onChange={(e) => void pick(e.target.files?.[0])} data-testid="csv-sample" />
        </label>
        {sample && <ColumnPickers choice={choice} columns={preview?.columns ?? []} onChange={setChoice} />}
        {incomplete(choice) && <Alert tone="info">{t('csvMap.needColumns')}</Alert>}
        {error && <Alert tone="danger">{error}</Alert>}
        {preview && <PreviewTable preview={preview} guessed={settingsOf(choice, saved).csv_mapping === undefined} />}
        <div className="row">
          <Button variant="primary" onClick={() => void save()} busy={busy} disabled={incomplete(choice)} data-testid="csv-save">
            {t('csvMap.save')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

const COLUMN_FIELDS = ['date', 'label', 'amount', 'debit', 'credit'] as const;

function ColumnPickers({ choice, columns, onChange }: { choice: MappingChoice; columns: string[]; onChange: (c: MappingChoice) => void }) {
  const { t } = useT();
  const set = (patch: Partial<MappingChoice>) => onChange({ ...choice, ...patch });
  return (
    <div className="row row-wrap" style={{ alignItems: 'flex-start' }}>
      {COLUMN_FIELDS.map((field) => (
        <SelectField key={field} label={t(`csvMap.${field}` as MessageKey)} value={choice[field]} onChange={(e) => set({ [field]: e.target.value })}>
          <option value="">{field === 'debit' || field === 'credit' ? t('csvMap.none') : t('csvMap.guess')}</option>
          {[...new Set([...columns, choice[field]].filter(Boolean))].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      ))}
      <SelectField label={t('csvMap.decimal')} value={choice.decimal} onChange={(e) => set({ decimal: e.target.value as MappingChoice['decimal'] })}>
        <option value="">{t('csvMap.guess')}</option>
        <option value=",">,</option>
        <option value=".">.</option>
      </SelectField>
      <SelectField label={t('csvMap.dateOrder')} value={choice.order} onChange={(e) => set({ order: e.target.value as MappingChoice['order'] })}>
        {(['auto', 'DMY', 'MDY'] as const).map((o) => (
          <option key={o} value={o}>
            {t(`csvMap.order.${o}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

type Row = DocumentPreview['rows'][number];

function PreviewTable({ preview, guessed }: { preview: DocumentPreview; guessed: boolean }) {
  const { t, day, money } = useT();
  if (preview.problem)
    return <Alert tone="warning">{guessed ? t('csvMap.noGuess') : t('csvMap.problem', { problem: preview.problem })}</Alert>;
  return (
    <div className="stack" data-testid="csv-preview">
      <Table<Row>
        caption={t('csvMap.previewCaption')}
        rows={preview.rows}
        rowKey={(r) => r.line}
        columns={[
          { key: 'line', header: t('csvMap.line'), render: (r) => <span className="faint">{r.line.replace(/^line /, '')}</span>, width: 60 },
          { key: 'date', header: t('csvMap.date'), render: (r) => day(r.date) },
          { key: 'label', header: t('csvMap.label'), render: (r) => r.label },
          { key: 'amount', header: t('csvMap.amount'), align: 'right', render: (r) => <span className="num">{money(Number(r.amount), r.currency)}</span> },
        ]}
      />
      <p className="faint" style={{ margin: 0, fontSize: 12.5 }}>
        {t('csvMap.rowsRead', { shown: preview.rows.length, total: preview.total_rows })}
      </p>
      {preview.rows_left_out.length > 0 && <Alert tone="warning">{t('csvMap.leftOut', { rows: preview.rows_left_out.join(' · ') })}</Alert>}
    </div>
  );
}
