import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { CreationData, QueuedRun, Report } from '@verdant/contracts/reports';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { LEVEL_LABELS, type Level, OUTPUT_LABELS, type Output } from '@verdant/domain/reports/report-types';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showInfoBanner, showSuccessBanner } from '../../../lib/banners';
import { useWide } from '../../../lib/use-wide';
import { emailReport, runReport, saveFavourite, useAvailableAssets, useCreationData } from '../api';
import { scheduleReport } from '../emailed-api';
import { EmailFields } from './email-fields';
import { FavouriteFields, type FavouriteValue } from './favourite-fields';
import { PeriodFields, type PeriodValue } from './period-fields';
import { initialSchedule, onOf, ScheduleFields, type ScheduleValue } from './schedule-fields';
import { SettingFields, type SettingValues } from './setting-fields';

/**
 * The Create Report modal (data-portal.md 2.7, 5 Graphs and reports): an asset of a level the report runs
 * for, the period its type asks for, the output, and the report's additional settings with their hints.
 */
export function CreateReportModal({ report, onClose }: { report: Report; onClose: () => void }) {
  const data = useCreationData(report.id);
  // Full screen on a phone, as the GHG charts' modals are.
  const wide = useWide();
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Create Report: ${report.name}`}
      size="lg"
      centered
      fullScreen={!wide}
    >
      <QueryState query={data}>{(d) => <ReportForm data={d} onClose={onClose} />}</QueryState>
    </Modal>
  );
}

const initialPeriod = (d: CreationData): PeriodValue => ({
  start: d.defaults.start?.slice(0, d.report.type === 'VariableLength' ? 10 : 7) ?? null,
  end: d.defaults.end?.slice(0, d.report.type === 'VariableLength' ? 10 : 7) ?? null,
});

function ReportForm({ data, onClose }: { data: CreationData; onClose: () => void }) {
  const report = data.report;
  const [level, setLevel] = useState<Level>(report.target[0] as Level);
  const assets = useAvailableAssets(report.id, level);
  const [assetId, setAssetId] = useState<string | null>(null);
  const [period, setPeriod] = useState<PeriodValue>(() => initialPeriod(data));
  const [output, setOutput] = useState<Output>(report.output[0] as Output);
  const [settings, setSettings] = useState<SettingValues>(() =>
    Object.fromEntries(report.additionalSettings.map((s) => [s.name, s.defaultValue])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [queued, setQueued] = useState<QueuedRun | null>(null);
  const [favourite, setFavourite] = useState<FavouriteValue>({ name: '', relative: null });
  const [saving, setSaving] = useState(false);
  const [address, setAddress] = useState('');
  const [sending, setSending] = useState(false);
  const [schedule, setSchedule] = useState<ScheduleValue>(() =>
    initialSchedule(data.relativePeriods[0]?.value ?? null),
  );
  const [scheduling, setScheduling] = useState(false);
  const whole = level === 'organisation' || level === 'none';

  // A level of one asset (the organisation) chooses it; another level starts with none chosen.
  useEffect(() => {
    setAssetId(whole ? 'whole' : null);
  }, [whole]);

  const request = () => ({
    id: report.id,
    output,
    asset: { type: level, id: whole ? null : Number(assetId) },
    start: toDate(period.start),
    end: toDate(period.end),
    settings,
  });

  async function run() {
    if (!whole && assetId === null) {
      setProblem(REPORT_MSG.assetRequired);
      return;
    }
    setProblem(null);
    setRunning(true);
    showInfoBanner(REPORT_MSG.downloadBegins);
    try {
      const queued = await runReport(report.name, request());
      if (queued) setQueued(queued);
      else onClose();
    } catch (error) {
      if (!isSilentError(error)) setProblem(errorMessage(error));
    } finally {
      setRunning(false);
    }
  }

  async function send() {
    if (!whole && assetId === null) {
      setProblem(REPORT_MSG.assetRequired);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const sent = await emailReport({ ...request(), address });
      showSuccessBanner(`${sent.message} to ${sent.recipients.join(', ')}`);
    } catch (error) {
      if (!isSilentError(error)) setProblem(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  async function plan() {
    if (!whole && assetId === null) {
      setProblem(REPORT_MSG.assetRequired);
      return;
    }
    setProblem(null);
    setScheduling(true);
    try {
      const saved = await scheduleReport({
        ...request(),
        address,
        frequency: schedule.frequency,
        on: onOf(schedule),
        relative: schedule.relative,
        holdPercent: Number(schedule.holdPercent) || 0,
        holdDays: Number(schedule.holdDays) || 0,
        skipWhenEmpty: schedule.skipWhenEmpty,
      });
      showSuccessBanner(`${saved.message}: ${saved.data.when}`);
    } catch (error) {
      if (!isSilentError(error)) setProblem(errorMessage(error));
    } finally {
      setScheduling(false);
    }
  }

  async function keep() {
    if (!whole && assetId === null) {
      setProblem(REPORT_MSG.assetRequired);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = await saveFavourite({
        ...request(),
        favouriteName: favourite.name.trim(),
        relative: favourite.relative,
      });
      showSuccessBanner(saved.message);
    } catch (error) {
      if (!isSilentError(error)) setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {report.description}
      </Text>
      <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
        <Select
          label="Level"
          data={report.target.map((l) => ({ value: l, label: LEVEL_LABELS[l as Level] }))}
          value={level}
          onChange={(v) => v && setLevel(v as Level)}
          allowDeselect={false}
          miw={180}
        />
        <Select
          label="Asset"
          required
          searchable
          disabled={whole}
          placeholder={assets.isPending ? 'Loading…' : 'Choose an asset'}
          data={
            whole
              ? [{ value: 'whole', label: assets.data?.[0]?.name ?? 'The organisation' }]
              : (assets.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))
          }
          value={assetId}
          onChange={setAssetId}
          nothingFoundMessage="No asset of this level"
          miw={220}
        />
      </Group>
      <PeriodFields type={report.type} value={period} onChange={setPeriod} />
      <Select
        label="Output"
        data={report.output.map((o) => ({ value: o, label: OUTPUT_LABELS[o as Output] }))}
        value={output}
        onChange={(v) => v && setOutput(v as Output)}
        allowDeselect={false}
      />
      <SettingFields settings={report.additionalSettings} value={settings} onChange={setSettings} />
      {report.restrictions.favourite && (
        <FavouriteFields
          value={favourite}
          onChange={setFavourite}
          relativePeriods={data.relativePeriods}
          onSave={keep}
          saving={saving}
        />
      )}
      {report.restrictions.email && (
        <EmailFields value={address} onChange={setAddress} onSend={send} sending={sending}>
          {report.restrictions.schedule && (
            <ScheduleFields
              value={schedule}
              onChange={setSchedule}
              relativePeriods={data.relativePeriods}
              onSchedule={plan}
              scheduling={scheduling}
              disabled={address.trim().length < 5}
            />
          )}
        </EmailFields>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {queued && (
        <Alert color="blue" role="status">
          {queued.message}{' '}
          <Anchor component={Link} to={`/tools/jobs/${queued.jobId}`}>
            Open the job
          </Anchor>
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={run} loading={running}>
          Run now
        </Button>
      </Group>
    </Stack>
  );
}

/** A month field's yyyy-MM as its first day; a date as it is; anything else as typed (the API refuses it). */
function toDate(value: string | null): string | null {
  if (value === null || value === '') return null;
  return /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
}
