import { Alert, Button, Divider, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDisplayDate } from '@verdant/domain/dates';
import { sundryHelperOffered } from '@verdant/domain/invoices/sundry';
import { useRef, useState } from 'react';
import {
  addGroup,
  addHelperSundry,
  addItem,
  bodyOf,
  type Draft,
  removeItem,
  renameGroup,
  setItem,
} from '../invoice-form';
import { AddSundryDialog } from './add-sundry-dialog';
import { AlertsRaised } from './alerts-raised';
import { HalfHourCheckPanel } from './half-hour-check';
import { invoiceFoot } from './invoice-foot';
import { InvoiceActions, InvoiceHeading } from './invoice-heading';
import { InvoiceMasthead } from './invoice-masthead';
import { ItemsSection } from './items-section';
import { keyFields } from './key-fields';
import { AlertsDialog, DeleteInvoiceDialog, SaveErrorDialog } from './save-dialogs';
import { useInvoiceEditor } from './use-invoice-editor';

/**
 * The single invoice page (data-portal.md 2.4), laid out like the paper bill it is typed from: the bill's
 * header and key fields, its Charges, Sundry items and Discounts, then GST and Total Payable at the foot.
 * The arithmetic is the domain's, the same the server checks on save.
 */
export function InvoiceEditor({ initial }: { initial: Draft }) {
  const editor = useInvoiceEditor(initial);
  const { draft, setDraft, totals, meterPath, invoicesPath, isNew, alerts } = editor;
  const [sundryOpen, setSundryOpen] = useState(false);
  const openingRef = useRef<HTMLInputElement>(null);
  const canEdit = draft.mayEdit && draft.editable;
  const dateEdit = canEdit && draft.dateEditable;
  const previous = draft.previousId ? `${invoicesPath}/${draft.previousId}` : null;
  const nextOne = draft.nextId ? `${invoicesPath}/${draft.nextId}` : null;
  const showSundryHelper = sundryHelperOffered(draft);

  // Tab order starts at 10 (spec 9) and follows the bill top to bottom: the key fields, then each section's
  // lines (numbered from their own base when the section draws them, after this function has run), then the
  // foot and Save.
  let next = 10;
  const tab = () => next++;
  const sectionBase = (i: number) => 100 + i * 5_000;
  let foot = 20_000;
  const footTab = () => foot++;

  return (
    <>
      <InvoiceHeading
        draft={draft}
        meterPath={meterPath}
        invoicesPath={invoicesPath}
        previous={previous}
        nextOne={nextOne}
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Paper
            withBorder
            shadow="sm"
            radius="sm"
            p={{ base: 'sm', sm: 'lg' }}
            maw={960}
            component="article"
            aria-label="Invoice"
          >
            <InvoiceMasthead draft={draft} totals={totals} invoicesPath={invoicesPath} />

            <Divider my="md" />
            {keyFields({ draft, canEdit, dateEdit, tab, set: editor.set, openingRef })}
            <HalfHourCheckPanel
              check={draft.halfHourCheck}
              consumption={draft.consumption}
              unitId={draft.unitId}
              dateFrom={draft.dateFrom}
              dateTill={draft.dateTill}
            />

            <Stack gap="lg" mt="xl">
              {(['charge', 'sundry', 'discount'] as const).map((section, i) => (
                <ItemsSection
                  key={section}
                  draft={draft}
                  section={section}
                  totals={totals}
                  canEdit={canEdit}
                  tabBase={sectionBase(i)}
                  onItem={(i, change) => setDraft((d) => setItem(d, i, change))}
                  onAdd={(g) => setDraft((d) => addItem(d, section, g))}
                  onRemove={(i) => setDraft((d) => removeItem(d, i))}
                  onRenameGroup={(from, to) => setDraft((d) => renameGroup(d, from, to))}
                  onAddGroup={() => setDraft((d) => addGroup(d))}
                />
              ))}
            </Stack>

            {invoiceFoot({
              draft,
              totals,
              canEdit,
              tab: footTab,
              onTax: (v) => setDraft((d) => ({ ...d, taxAmount: v })),
              onTotal: (v) => setDraft((d) => ({ ...d, visibleTotal: v })),
            })}

            <AlertsRaised
              meterId={draft.meterId}
              invoiceId={draft.id}
              unsaved={draft.alerts}
              mayEdit={draft.mayEdit}
            />

            {draft.mayEdit && (
              <Group justify="space-between" mt="xl">
                {!isNew ? (
                  <Button color="red.9" variant="outline" onClick={() => editor.setConfirmDelete(true)}>
                    Delete Invoice
                  </Button>
                ) : (
                  <span />
                )}
                <Button
                  onClick={editor.onSave}
                  loading={editor.saving && alerts === null}
                  disabled={
                    !canEdit &&
                    !(showSundryHelper && draft.items.some((i) => i.id === null && i.category === 'sundry'))
                  }
                  tabIndex={footTab()}
                >
                  Save changes
                </Button>
              </Group>
            )}
            {!draft.editable && (
              <Alert mt="md" color="gray">
                This {draft.kind} invoice is not editable here.
              </Alert>
            )}
            <Text size="xs" c="dimmed" mt="md">
              Period {formatDisplayDate(draft.dateFrom)} – {formatDisplayDate(draft.dateTill)}
            </Text>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <InvoiceActions
            draft={draft}
            meterPath={meterPath}
            invoicesPath={invoicesPath}
            previous={previous}
            nextOne={nextOne}
            canEdit={canEdit}
            showSundryHelper={showSundryHelper}
            onOpeningBalance={() => openingRef.current?.focus()}
            onAddSundry={() => setSundryOpen(true)}
          />
        </Grid.Col>
      </Grid>

      <AlertsDialog
        alerts={alerts}
        busy={editor.saving}
        onContinue={editor.commit}
        onEdit={() => editor.setAlerts(null)}
      />
      <AddSundryDialog
        opened={sundryOpen}
        onClose={() => setSundryOpen(false)}
        onAdd={(description, total) => setDraft((d) => addHelperSundry(d, description, total))}
      />
      <SaveErrorDialog
        message={editor.error}
        invoice={bodyOf(draft, false)}
        onClose={() => editor.setError(null)}
      />
      <DeleteInvoiceDialog
        opened={editor.confirmDelete}
        name={draft.invoiceNumber ?? draft.id}
        busy={editor.deleting}
        onDelete={editor.onDelete}
        onClose={() => editor.setConfirmDelete(false)}
      />
    </>
  );
}
