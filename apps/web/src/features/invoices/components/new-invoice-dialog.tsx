import { Button, Group, Modal, NativeSelect, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { useNewInvoiceDefaults } from '../invoice-api';

export interface NewInvoiceChoice {
  dateFrom: string;
  dateTill: string;
  invoiceDate: string | null;
  basedOn: number | null;
}

/**
 * The New Invoice dialog (spec 5): the period, prefilled from the first gap (or the month after the last
 * invoice), the invoice date, and the earlier invoice whose lines the new one starts from.
 */
export function NewInvoiceDialog({
  meterId,
  opened,
  onClose,
  onCreate,
}: {
  meterId: number;
  opened: boolean;
  onClose: () => void;
  onCreate: (choice: NewInvoiceChoice) => void;
}) {
  const defaults = useNewInvoiceDefaults(meterId);
  const d = defaults.data;
  const [from, setFrom] = useState<string | null>(null);
  const [till, setTill] = useState<string | null>(null);
  const [invoiceDate, setInvoiceDate] = useState<string | null>(null);
  const [basedOn, setBasedOn] = useState<string>('');
  useEffect(() => {
    if (!d) return;
    setFrom((v) => v ?? d.startDate);
    setTill((v) => v ?? d.endDate);
  }, [d]);

  const fromError = from && d?.meterOpen && from < d.meterOpen ? MSG.invoiceStartsBeforeOpen : undefined;
  const tillError =
    till && d?.meterClose && till > d.meterClose
      ? MSG.invoiceEndsAfterClose
      : from && till && till < from
        ? MSG.invoicePeriod
        : undefined;
  const ready = !!from && !!till && !fromError && !tillError;

  return (
    <Modal opened={opened} onClose={onClose} title="New Invoice" centered>
      <Stack>
        {d && d.gaps.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Invoice(s) missing
            </Text>
            <Group gap={6}>
              {d.gaps.slice(0, 6).map((g) => (
                <UnstyledButton
                  key={g.from}
                  fz="sm"
                  c="blue.8"
                  td="underline"
                  onClick={() => {
                    setFrom(g.from);
                    setTill(g.till);
                  }}
                >
                  {formatDisplayDate(g.from)} – {formatDisplayDate(g.till)}
                </UnstyledButton>
              ))}
            </Group>
          </Stack>
        )}
        <DateField label="Start date" value={from} onChange={setFrom} error={fromError} required />
        <DateField label="End date" value={till} onChange={setTill} error={tillError} required />
        <DateField label="Invoice date" value={invoiceDate} onChange={setInvoiceDate} />
        <NativeSelect
          label="Based on"
          description="The new invoice starts with this invoice's lines"
          value={basedOn}
          onChange={(e) => setBasedOn(e.currentTarget.value)}
          data={[
            { value: '', label: 'The previous invoice' },
            ...(d?.previous ?? []).map((p) => ({
              value: String(p.id),
              label: `${p.invoiceNumber ?? `Invoice ${p.id}`} (${formatDisplayDate(p.dateFrom)} – ${formatDisplayDate(p.dateTill)})`,
            })),
          ]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!ready}
            onClick={() =>
              from &&
              till &&
              onCreate({
                dateFrom: from,
                dateTill: till,
                invoiceDate,
                basedOn: basedOn ? Number(basedOn) : null,
              })
            }
          >
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
