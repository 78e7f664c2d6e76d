import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  NumberInput,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPaperclip, IconPencil, IconTrash, IconUnlink } from '@tabler/icons-react';
import type { ConsumptionRecord } from '@verdant/contracts/data-sources/consumption';
import { editErrors, type RecordPeriod } from '@verdant/domain/consumption-records';
import { formatDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { RowAction, RowActions } from '../../../components/row-actions';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useAttachToRecord, useDeleteConsumption, useUpdateConsumption } from './api';

export const formatUnits = (units: number) => units.toLocaleString('en-NZ', { maximumFractionDigits: 4 });

interface RowProps {
  meterId: number;
  record: ConsumptionRecord;
  around: { previous?: RecordPeriod; next?: RecordPeriod };
  meter: { meterOpen: string | null; meterClose: string | null };
  mayEdit: boolean;
}

/** One record: From, Till, Used and its attachment; editors change it in place, attach a file or delete it. */
export function RecordRow({ meterId, record, around, meter, mayEdit }: RowProps) {
  const [draft, setDraft] = useState<{
    dateFrom: string | null;
    dateTill: string | null;
    units: number | string | null;
  } | null>(null);
  const [server, setServer] = useState<Record<string, string[]>>({});
  const update = useUpdateConsumption(meterId);
  const remove = useDeleteConsumption(meterId);
  const attach = useAttachToRecord(meterId);
  const period = { dateFrom: record.dateFrom, dateTill: record.dateTill, units: record.units };
  const label = `${formatDisplayDate(record.dateFrom)} to ${formatDisplayDate(record.dateTill)}`;

  if (draft) {
    const errors = editErrors(draft, around, meter);
    const invalid = Object.keys(errors).length > 0 || !draft.dateFrom || !draft.dateTill;
    const save = () =>
      update.mutate(
        {
          id: record.id,
          body: {
            dateFrom: draft.dateFrom ?? '',
            dateTill: draft.dateTill ?? '',
            units: Number(draft.units),
          },
        },
        {
          onSuccess: (answer) => {
            showSuccessBanner(answer.message);
            setDraft(null);
          },
          onError: (error) => {
            if (error instanceof ApiError && Object.keys(error.fields).length > 0) setServer(error.fields);
            else showErrorBanner(errorMessage(error));
          },
        },
      );
    const fieldError = (key: 'dateFrom' | 'dateTill' | 'units') => errors[key] ?? server[key]?.[0];
    return (
      <Table.Tr data-record-id={record.id}>
        <Table.Td>
          <DateField
            aria-label="Date from"
            value={draft.dateFrom}
            onChange={(dateFrom) => {
              setServer({});
              setDraft({ ...draft, dateFrom });
            }}
            error={fieldError('dateFrom')}
            miw={140}
          />
        </Table.Td>
        <Table.Td>
          <DateField
            aria-label="Date till"
            value={draft.dateTill}
            onChange={(dateTill) => {
              setServer({});
              setDraft({ ...draft, dateTill });
            }}
            error={fieldError('dateTill')}
            miw={140}
          />
        </Table.Td>
        <Table.Td>
          <NumberInput
            aria-label={`Used (${record.unit})`}
            value={draft.units ?? ''}
            onChange={(v) => setDraft({ ...draft, units: v === '' ? null : v })}
            decimalScale={4}
            thousandSeparator=","
            error={fieldError('units')}
            miw={120}
          />
        </Table.Td>
        <Table.Td colSpan={2}>
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-sm" disabled={invalid} loading={update.isPending} onClick={save}>
              Save
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete consumption record',
      centered: true,
      children: (
        <Text fz="sm">{`Delete the record from ${label}? The figures are recomputed without it.`}</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(record.id, {
          onSuccess: (answer) => showSuccessBanner(answer.message),
          onError: (error) => showErrorBanner(errorMessage(error)),
        }),
    });
  const unlink = () =>
    update.mutate(
      { id: record.id, body: { ...period, attachmentId: null } },
      { onError: (error) => showErrorBanner(errorMessage(error)) },
    );

  return (
    <Table.Tr data-record-id={record.id}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(record.dateFrom)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(record.dateTill)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {`${formatUnits(record.units)} ${record.unit}`}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {record.attachmentUrl && (
            <Anchor href={record.attachmentUrl} fz="sm" download={record.attachmentFilename ?? undefined}>
              {record.attachmentFilename}
            </Anchor>
          )}
          {mayEdit && record.attachmentId !== null && (
            <Tooltip label="Remove the attachment (the file stays in Files)">
              <ActionIcon variant="subtle" aria-label={`Remove attachment of ${label}`} onClick={unlink}>
                <IconUnlink size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {mayEdit && record.attachmentId === null && (
            <FileButton
              onChange={(file) =>
                file &&
                attach.mutate(
                  { record: { id: record.id, ...period }, file },
                  {
                    onSuccess: (answer) => showSuccessBanner(answer.message),
                    onError: (error) => showErrorBanner(errorMessage(error)),
                  },
                )
              }
            >
              {(props) => (
                <Tooltip label="Attach a file">
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    aria-label={`Attach a file to ${label}`}
                    loading={attach.isPending}
                  >
                    <IconPaperclip size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          )}
        </Group>
      </Table.Td>
      {mayEdit && (
        <Table.Td>
          <RowActions>
            <RowAction
              tip="Edit"
              label={`Edit ${label}`}
              icon={IconPencil}
              onClick={() => {
                setServer({});
                setDraft({ dateFrom: record.dateFrom, dateTill: record.dateTill, units: record.units });
              }}
            />
            <RowAction
              tip="Delete"
              label={`Delete ${label}`}
              icon={IconTrash}
              danger
              onClick={confirmDelete}
              loading={remove.isPending}
            />
          </RowActions>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
