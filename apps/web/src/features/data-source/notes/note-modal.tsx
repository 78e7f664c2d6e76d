import { Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  type MeterNote,
  meterNoteInput,
  NOTE_KIND_LABELS,
  NOTE_TEXT_MAX,
  type NoteKind,
} from '@verdant/contracts/meter-notes';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useSaveNote } from './api';

const today = () => new Date().toISOString().slice(0, 10);

interface NoteModalProps {
  meterId: number;
  /** The note to change; null for a new one. */
  note: MeterNote | null;
  onClose: () => void;
}

/**
 * New Note / Edit Note: ongoing (a start date only) or for a period (start and end); a note bound to an
 * invoice keeps the invoice's period and its type cannot change ('types disabled').
 */
export function NoteModal({ meterId, note, onClose }: NoteModalProps) {
  const save = useSaveNote(meterId);
  const boundToInvoice = note?.kind === 'INVOICE';
  const [kind, setKind] = useState<NoteKind>(note?.kind ?? 'NO_END');
  const [dateFrom, setDateFrom] = useState<string | null>(note?.dateFrom ?? today());
  const [dateTill, setDateTill] = useState<string | null>(note?.dateTill ?? null);
  const [text, setText] = useState(note?.text ?? '');
  const [gapFiller, setGapFiller] = useState(note?.invoiceGapFiller ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const kinds: NoteKind[] = boundToInvoice ? ['NO_END', 'HAS_END', 'INVOICE'] : ['NO_END', 'HAS_END'];

  function submit() {
    const body = {
      dateFrom: dateFrom ?? '',
      dateTill: kind === 'HAS_END' || boundToInvoice ? dateTill : null,
      text,
      invoiceGapFiller: boundToInvoice ? false : gapFiller,
      meterId,
      invoiceId: note?.invoiceId ?? null,
    };
    const found: Record<string, string> = {};
    if (kind === 'HAS_END' && !body.dateTill) found.dateTill = MSG.noteEndRequired;
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
              <Radio key={k} value={k} label={NOTE_KIND_LABELS[k]} disabled={boundToInvoice} />
            ))}
          </Stack>
        </Radio.Group>
        {boundToInvoice && (
          <Text fz="sm" c="dimmed">
            {`Invoice ${note?.invoiceNumber ?? note?.invoiceId}: the note covers the invoice's period.`}
          </Text>
        )}
        <Group grow align="flex-start">
          <DateField
            label="Date from"
            required={!boundToInvoice}
            readOnly={boundToInvoice}
            value={dateFrom}
            onChange={setDateFrom}
            error={errors.dateFrom}
          />
          {(kind === 'HAS_END' || boundToInvoice) && (
            <DateField
              label="Date till"
              required={!boundToInvoice}
              readOnly={boundToInvoice}
              value={dateTill}
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
        {!boundToInvoice && (
          <Checkbox
            label={MSG.noteNonInvoicing}
            checked={gapFiller}
            onChange={(event) => setGapFiller(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {note ? 'Save Note' : 'Add Note'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
