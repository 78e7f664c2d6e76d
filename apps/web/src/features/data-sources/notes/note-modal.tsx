import { Checkbox, Group, Modal, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  type MeterNote,
  meterNoteInput,
  NOTE_KIND_LABELS,
  NOTE_TEXT_MAX,
  type NoteKind,
} from '@verdant/contracts/data-sources/notes';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { useRecentInvoices, useSaveNote } from './api';

interface NoteModalProps {
  meterId: number;
  /** The note to change; null for a new one. */
  note: MeterNote | null;
  /** A new note bound to this invoice from the start (the invoice list's note icon). */
  invoiceId?: number | null;
  onClose: () => void;
}

/**
 * New Note / Edit Note: ongoing (a start date only), for a period (start and end), or bound to one of the data
 * source's recent invoices (GET /meters/{id}/recent-invoices), whose period it takes. A note bound to an
 * invoice, or opened from one, cannot change its type ('types disabled').
 */
export function NoteModal({ meterId, note, invoiceId = null, onClose }: NoteModalProps) {
  const save = useSaveNote(meterId);
  const today = useOrganisationToday();
  const preset = note === null ? invoiceId : null;
  const boundToInvoice = note?.kind === 'INVOICE';
  const [kind, setKind] = useState<NoteKind>(note?.kind ?? (preset !== null ? 'INVOICE' : 'NO_END'));
  const [invoice, setInvoice] = useState<number | null>(note?.invoiceId ?? preset);
  const [dateFrom, setDateFrom] = useState<string | null>(note?.dateFrom ?? today);
  const [dateTill, setDateTill] = useState<string | null>(note?.dateTill ?? null);
  const [text, setText] = useState(note?.text ?? '');
  const [gapFiller, setGapFiller] = useState(note?.invoiceGapFiller ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const choosing = note === null && kind === 'INVOICE';
  const recent = useRecentInvoices(meterId, preset, choosing);
  const chosen = recent.data?.find((i) => i.id === invoice);
  const kinds: NoteKind[] =
    note === null || boundToInvoice ? ['NO_END', 'HAS_END', 'INVOICE'] : ['NO_END', 'HAS_END'];
  const typesDisabled = boundToInvoice || preset !== null;
  const invoiceBound = kind === 'INVOICE';

  function submit() {
    const body = {
      dateFrom: (choosing ? chosen?.dateFrom : dateFrom) ?? '',
      dateTill:
        kind === 'HAS_END' || invoiceBound ? ((choosing ? chosen?.dateTill : dateTill) ?? null) : null,
      text,
      invoiceGapFiller: invoiceBound ? false : gapFiller,
      meterId,
      invoiceId: invoiceBound ? invoice : null,
    };
    const found: Record<string, string> = {};
    if (kind === 'HAS_END' && !body.dateTill) found.dateTill = MSG.noteEndRequired;
    if (invoiceBound && body.invoiceId === null) found.invoiceId = MSG.noteInvoiceRequired;
    const parsed = meterNoteInput.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: note?.id ?? null, body },
      {
        onSuccess: () => {
          showSuccessBanner(note ? 'Note updated' : 'Note added');
          onClose();
        },
        onError: (error) => {
          if (!isSilentError(error)) showErrorBanner(errorMessage(error));
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={note ? 'Edit Note' : 'New Note'} centered size="lg">
      <Stack>
        <Radio.Group
          label="Type"
          value={kind}
          onChange={(v) => {
            setKind(v as NoteKind);
            setErrors({});
          }}
        >
          <Stack gap="xs" mt={6}>
            {kinds.map((k) => (
              <Radio key={k} value={k} label={NOTE_KIND_LABELS[k]} disabled={typesDisabled} />
            ))}
          </Stack>
        </Radio.Group>
        {boundToInvoice && (
          <Text fz="sm" c="dimmed">
            {`Invoice ${note?.invoiceNumber ?? note?.invoiceId}: the note covers the invoice's period.`}
          </Text>
        )}
        {choosing && (
          <Select
            label="Invoice"
            description="The note covers the invoice's period."
            required
            searchable
            placeholder={recent.isPending ? 'Loading invoices…' : 'Choose an invoice'}
            data={(recent.data ?? []).map((i) => ({
              value: String(i.id),
              label: `${i.invoiceNumber ?? `Invoice ${i.id}`} · ${formatDisplayDate(i.dateFrom)} to ${formatDisplayDate(i.dateTill)}`,
            }))}
            value={invoice === null ? null : String(invoice)}
            onChange={(v) => setInvoice(v === null ? null : Number(v))}
            disabled={preset !== null}
            error={errors.invoiceId}
            nothingFoundMessage="No invoices"
          />
        )}
        <Group grow align="flex-start">
          <DateField
            label="Date from"
            required={!invoiceBound}
            readOnly={invoiceBound}
            value={choosing ? (chosen?.dateFrom ?? null) : dateFrom}
            onChange={setDateFrom}
            error={errors.dateFrom}
          />
          {(kind === 'HAS_END' || invoiceBound) && (
            <DateField
              label="Date till"
              required={!invoiceBound}
              readOnly={invoiceBound}
              value={choosing ? (chosen?.dateTill ?? null) : dateTill}
              onChange={setDateTill}
              error={errors.dateTill}
            />
          )}
        </Group>
        <Textarea
          label="Note"
          required
          autosize
          minRows={3}
          maxLength={NOTE_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={errors.text}
          data-autofocus
        />
        {!invoiceBound && (
          <Checkbox
            label={MSG.noteNonInvoicing}
            checked={gapFiller}
            onChange={(event) => setGapFiller(event.currentTarget.checked)}
          />
        )}
        <FormActions onCancel={onClose} onClick={submit} loading={save.isPending}>
          {note ? 'Save Note' : 'Add Note'}
        </FormActions>
      </Stack>
    </Modal>
  );
}
