import { SimpleGrid, TextInput } from '@mantine/core';
import { TEMPLATE_FIELDS, type TemplateField } from '@verdant/domain/email-processing/template-read';

export interface TemplateDraft {
  senders: string;
  patterns: Partial<Record<TemplateField, string>>;
}

const HINTS: Record<TemplateField, string> = {
  identify: 'Text that shows the bill is this retailer’s',
  account: 'Required: the account number (first group)',
  invoiceNumber: 'Required: the invoice number',
  invoiceDate: 'yyyy-MM-dd or dd/MM/yyyy',
  dateFrom: 'Required: the period’s first day',
  dateTill: 'Required: the period’s last day',
  consumption: 'The quantity billed',
  gst: 'The GST amount',
  totalPayable: 'Required: the total payable',
  line: 'Each charge line: description, then amount',
};

/** The patterns of a template, one field each (a regular expression whose first group is the value). */
export function TemplateForm({
  draft,
  onChange,
}: {
  draft: TemplateDraft;
  onChange: (d: TemplateDraft) => void;
}) {
  return (
    <>
      <TextInput
        label="Senders"
        description="Addresses or @domains, separated by commas"
        value={draft.senders}
        onChange={(e) => onChange({ ...draft, senders: e.currentTarget.value })}
        mb="sm"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {TEMPLATE_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={field}
            description={HINTS[field]}
            value={draft.patterns[field] ?? ''}
            onChange={(e) =>
              onChange({ ...draft, patterns: { ...draft.patterns, [field]: e.currentTarget.value } })
            }
            styles={{ input: { fontFamily: 'monospace' } }}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

/** The draft as the calls take it: empty patterns left out, senders split. */
export function bodyOf(draft: TemplateDraft) {
  return {
    senders: draft.senders
      .split(/[,;\s]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    patterns: Object.fromEntries(Object.entries(draft.patterns).filter(([, v]) => v && v.trim() !== '')),
  };
}
