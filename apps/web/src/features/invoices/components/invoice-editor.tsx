import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  type ButtonProps,
  Divider,
  Grid,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { READ_TYPE_LABELS, READ_TYPES } from '@verdant/contracts/invoices/entry';
import { formatDisplayDate } from '@verdant/domain/dates';
import { formatMoney, toCents } from '@verdant/domain/invoices/money';
import { sundryHelperOffered } from '@verdant/domain/invoices/sundry';
import { MSG } from '@verdant/domain/messages';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../../components/date-fields';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useDeleteInvoice, useSaveInvoice } from '../invoice-api';
import {
  addGroup,
  addHelperSundry,
  addItem,
  bodyOf,
  type Draft,
  pageCheck,
  removeItem,
  renameGroup,
  setField,
  setItem,
  totalsOf,
} from '../invoice-form';
import { AddSundryDialog } from './add-sundry-dialog';
import { AlertsRaised } from './alerts-raised';
import { MoneyText, NumberText } from './fields';
import { HalfHourCheckPanel } from './half-hour-check';
import { ItemsSection } from './items-section';
import { OriginalPdf } from './original-pdf';
import { AlertsDialog, SaveErrorDialog } from './save-dialogs';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="div" size="sm" fw={500} style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Group>
  );
}

/** A link to a neighbouring invoice, or a disabled button when there is none (never a dead link). */
function NavLink({
  to,
  children,
  ...rest
}: { to: string | null; children: ReactNode } & Omit<ButtonProps, 'children'>) {
  return to ? (
    <Button component={Link} to={to} {...rest}>
      {children}
    </Button>
  ) : (
    <Button disabled {...rest}>
      {children}
    </Button>
  );
}

function SumRow({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" py={2}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Box ff="monospace" fw={strong ? 700 : 400} fz={strong ? 'lg' : 'sm'} ta="right">
        {children}
      </Box>
    </Group>
  );
}

/**
 * The single invoice page (data-portal.md 2.4), laid out like the paper bill it is typed from: the bill's
 * header and key fields, its Charges, Sundry items and Discounts, then GST and Total Payable at the foot.
 * The arithmetic is the domain's, the same the server checks on save.
 */
export function InvoiceEditor({ initial }: { initial: Draft }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [alerts, setAlerts] = useState<Draft['alerts'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [sundryOpen, setSundryOpen] = useState(false);
  const openingRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const save = useSaveInvoice();
  const remove = useDeleteInvoice();
  const totals = useMemo(() => totalsOf(draft), [draft]);
  const canEdit = draft.mayEdit && draft.editable;
  const dateEdit = canEdit && draft.dateEditable;
  const meterPath = `/data-sources/${draft.meterId}`;
  const invoicesPath = `${meterPath}/invoices`;
  const isNew = draft.id === null;
  const previous = draft.previousId ? `${invoicesPath}/${draft.previousId}` : null;
  const nextOne = draft.nextId ? `${invoicesPath}/${draft.nextId}` : null;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => setField(d, key, value));

  // Tab order starts at 10 (spec 9) and follows the bill top to bottom.
  let next = 10;
  const tab = () => next++;

  const commit = async () => {
    try {
      const res = await save.mutateAsync(bodyOf(draft, false));
      setAlerts(null);
      const id = res.savedInvoice?.id;
      showSuccessBanner(MSG.invoiceSaved);
      if (id !== undefined) navigate(`${invoicesPath}/${id}`, { replace: isNew });
    } catch (e) {
      setAlerts(null);
      setError(errorMessage(e));
    }
  };
  const onSave = async () => {
    const message = pageCheck(draft);
    if (message) return setError(message);
    try {
      const dry = await save.mutateAsync(bodyOf(draft, true));
      if (dry.alerts.length > 0) return setAlerts(dry.alerts);
      await commit();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const onDelete = async () => {
    if (draft.id === null) return;
    try {
      await remove.mutateAsync(draft.id);
      showSuccessBanner(MSG.invoiceDeleted);
      navigate(invoicesPath);
    } catch (e) {
      setConfirmDelete(false);
      setError(errorMessage(e));
    }
  };

  const unit = draft.energyUnits.find((u) => u.id === draft.unitId)?.text ?? '';
  const retailer = draft.retailers.find((r) => r.id === draft.retailerId)?.text ?? null;
  const showSundryHelper = sundryHelperOffered(draft);

  const side = (
    <Stack gap={6} component="nav" aria-label="Invoice actions">
      {/* The writing actions only for those who may edit this data source (an observer reads the bill). */}
      {draft.mayEdit && (
        <>
          <Button component={Link} to={`${meterPath}/new-invoice`} variant="light" size="xs">
            New Invoice
          </Button>
          <Button component={Link} to={`${invoicesPath}?show=reversal`} variant="default" size="xs">
            New Reversal
          </Button>
          <Button component={Link} to={`${invoicesPath}?show=replacement`} variant="default" size="xs">
            Replace Invoice
          </Button>
          <Button component={Link} to={`${invoicesPath}?show=decommission`} variant="default" size="xs">
            Decommission
          </Button>
          <Button variant="default" size="xs" disabled>
            Export
          </Button>
          <Divider my={4} />
        </>
      )}
      <NavLink to={previous} variant="default" size="xs">
        Previous
      </NavLink>
      <NavLink to={nextOne} variant="default" size="xs">
        Next
      </NavLink>
      <Button component={Link} to={invoicesPath} variant="default" size="xs">
        All
      </Button>
      {canEdit && (
        <Button variant="default" size="xs" onClick={() => openingRef.current?.focus()}>
          {draft.openingBalance && draft.openingBalance !== '0.00' ? 'Edit' : 'Add'} Opening Balance
        </Button>
      )}
      {showSundryHelper && draft.mayEdit && (
        <Button variant="default" size="xs" onClick={() => setSundryOpen(true)}>
          Add Sundry
        </Button>
      )}
    </Stack>
  );

  return (
    <>
      <nav aria-label="Breadcrumbs">
        <Breadcrumbs mb="xs" fz="sm" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          <Anchor component={Link} to="/dashboard">
            Home
          </Anchor>
          <Anchor component={Link} to="/organisation">
            {draft.organisationName}
          </Anchor>
          <Anchor component={Link} to={`/sites/${draft.siteId}`}>
            {draft.siteName}
          </Anchor>
          <Anchor component={Link} to={meterPath}>
            {draft.localNameValue}
          </Anchor>
          <Anchor component={Link} to={invoicesPath}>
            Invoices
          </Anchor>
        </Breadcrumbs>
      </nav>
      <Group gap={4} mb="md" role="navigation" aria-label="Invoices of this data source">
        <NavLink to={previous} variant="subtle" size="compact-sm">
          ‹ Previous
        </NavLink>
        <Text fw={700} px="sm" aria-current="page">
          {isNew ? 'New invoice' : draft.invoiceNumber || `Invoice ${draft.id}`}
        </Text>
        <NavLink to={nextOne} variant="subtle" size="compact-sm">
          Next ›
        </NavLink>
        <Button component={Link} to={invoicesPath} variant="subtle" size="compact-sm">
          All
        </Button>
      </Group>

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
            {/* The bill's masthead: who it is for on the left, the bill itself on the right. */}
            <Group justify="space-between" align="flex-start" gap="lg">
              <Stack gap={2} style={{ flex: '1 1 18rem' }}>
                <Title order={1} fz={22}>
                  {draft.localNameValue}
                </Title>
                <Fact label="Site">{draft.siteName}</Fact>
                <Fact label={draft.meterCollectionLabel}>{draft.meterCollectionValue}</Fact>
                <Fact label="Meter">{draft.localNameValue}</Fact>
                <Fact label={draft.userCodeLabel}>{draft.userCodeValue}</Fact>
                <Fact label="Bill Type">{draft.billType}</Fact>
                <Fact label="Entered By">{draft.enteredBy}</Fact>
                <Fact label="Original PDF">
                  <OriginalPdf
                    href={draft.originalInvoice}
                    invoiceId={draft.id}
                    meterId={draft.meterId}
                    isNew={isNew}
                    mayEdit={draft.mayEdit}
                    invoicesPath={invoicesPath}
                  />
                </Fact>
              </Stack>
              <Stack gap={2} align="flex-end" style={{ flex: '0 1 16rem' }}>
                <Text fz={28} fw={300} tt="uppercase" lts={2}>
                  Tax invoice
                </Text>
                <Text size="sm" c="dimmed">
                  {retailer ?? 'Retailer not set'}
                </Text>
                {/* As on the paper bill: what is payable, and by when, at the top. */}
                <Text size="xs" c="dimmed" mt={6}>
                  Total Payable
                </Text>
                <Text fz={24} fw={700} ff="monospace" lh={1.1}>
                  {formatMoney(
                    draft.edited ? (toCents(draft.visibleTotal) ?? totals.totalCents) : totals.totalCents,
                  )}
                </Text>
                {draft.dateDue && <Text size="sm">Due {formatDisplayDate(draft.dateDue)}</Text>}
                {draft.kind !== 'normal' && (
                  <Text size="sm" fw={600} tt="capitalize">
                    {draft.kind}
                  </Text>
                )}
                {draft.reversed && (
                  <Text size="sm" c="orange.8" fw={600}>
                    Reversed
                  </Text>
                )}
              </Stack>
            </Group>

            <Divider my="md" />
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
              <TextInput
                label="Invoice Number"
                value={draft.invoiceNumber ?? ''}
                readOnly={!canEdit}
                tabIndex={tab()}
                onChange={(e) => set('invoiceNumber', e.currentTarget.value || null)}
              />
              <DateField
                label="Invoice Date"
                value={draft.invoiceDate}
                readOnly={!canEdit}
                tabIndex={tab()}
                onChange={(v) => set('invoiceDate', v)}
              />
              <DateField
                label="Due Date"
                value={draft.dateDue}
                readOnly={!canEdit}
                tabIndex={tab()}
                onChange={(v) => set('dateDue', v)}
              />
              <DateField
                label="Invoice Period from"
                value={draft.dateFrom}
                readOnly={!dateEdit}
                tabIndex={tab()}
                onChange={(v) => set('dateFrom', v)}
              />
              <DateField
                label="Invoice Period till"
                value={draft.dateTill}
                readOnly={!dateEdit}
                tabIndex={tab()}
                onChange={(v) => set('dateTill', v)}
              />
              <NativeSelect
                label="Reading Type"
                value={draft.readType}
                disabled={!canEdit}
                tabIndex={tab()}
                data={READ_TYPES.map((r) => ({ value: r, label: READ_TYPE_LABELS[r] }))}
                onChange={(e) => set('readType', e.currentTarget.value as Draft['readType'])}
              />
              <NumberText
                label={`Consumption in ${unit || 'units'}`}
                value={draft.consumption}
                readOnly={!canEdit}
                tabIndex={tab()}
                onValue={(v) => set('consumption', v ?? 0)}
              />
              <NativeSelect
                label="Energy unit"
                value={String(draft.unitId)}
                disabled={!canEdit}
                tabIndex={tab()}
                data={draft.energyUnits.map((u) => ({ value: String(u.id), label: u.text }))}
                onChange={(e) => set('unitId', Number(e.currentTarget.value))}
              />
              <NativeSelect
                label="Retailer"
                value={draft.retailerId === null ? '' : String(draft.retailerId)}
                disabled={!canEdit}
                tabIndex={tab()}
                data={[
                  { value: '', label: 'Not set' },
                  ...draft.retailers.map((r) => ({ value: String(r.id), label: r.text })),
                ]}
                onChange={(e) =>
                  set('retailerId', e.currentTarget.value ? Number(e.currentTarget.value) : null)
                }
              />
              <Stack gap={2}>
                <Text size="sm" fw={500} id="items-are">
                  Items are
                </Text>
                <SegmentedControl
                  aria-labelledby="items-are"
                  size="xs"
                  disabled={!canEdit}
                  value={draft.itemTotalsIncludeTax ? 'incl' : 'excl'}
                  data={[
                    { value: 'excl', label: 'GST excl' },
                    { value: 'incl', label: 'GST incl' },
                  ]}
                  onChange={(v) => set('itemTotalsIncludeTax', v === 'incl')}
                />
              </Stack>
              <Stack gap={2}>
                <Text size="sm" fw={500} id="discount-applied">
                  Discount applied
                </Text>
                <SegmentedControl
                  aria-labelledby="discount-applied"
                  size="xs"
                  disabled={!canEdit || draft.itemTotalsIncludeTax}
                  value={draft.discountAfterTax && !draft.itemTotalsIncludeTax ? 'after' : 'before'}
                  data={[
                    { value: 'before', label: 'before GST' },
                    { value: 'after', label: 'after GST' },
                  ]}
                  onChange={(v) => set('discountAfterTax', v === 'after')}
                />
              </Stack>
              <MoneyText
                ref={openingRef}
                label="Opening Balance"
                value={draft.openingBalance}
                readOnly={!canEdit}
                tabIndex={tab()}
                onValue={(v) => set('openingBalance', v)}
              />
            </SimpleGrid>
            <HalfHourCheckPanel
              check={draft.halfHourCheck}
              consumption={draft.consumption}
              unitId={draft.unitId}
              dateFrom={draft.dateFrom}
              dateTill={draft.dateTill}
            />

            <Stack gap="lg" mt="xl">
              {(['charge', 'sundry', 'discount'] as const).map((section) => (
                <ItemsSection
                  key={section}
                  draft={draft}
                  section={section}
                  totals={totals}
                  canEdit={canEdit}
                  tab={tab}
                  onItem={(i, change) => setDraft((d) => setItem(d, i, change))}
                  onAdd={(g) => setDraft((d) => addItem(d, section, g))}
                  onRemove={(i) => setDraft((d) => removeItem(d, i))}
                  onRenameGroup={(from, to) => setDraft((d) => renameGroup(d, from, to))}
                  onAddGroup={() => setDraft((d) => addGroup(d))}
                />
              ))}
            </Stack>

            {/* The foot of the bill: the sums, GST and what is payable. */}
            <Group justify="flex-end" mt="xl">
              <Stack gap={2} w={{ base: '100%', xs: 360 }} component="section" aria-label="Totals">
                <SumRow label="Charges">{formatMoney(totals.chargesCents)}</SumRow>
                <SumRow label="Sundry items">{formatMoney(totals.sundriesCents)}</SumRow>
                <SumRow label="Discounts">{formatMoney(totals.discountsCents)}</SumRow>
                <SumRow
                  label={`GST (${draft.taxPercentage}%)${draft.itemTotalsIncludeTax ? ' included' : ''}`}
                >
                  {draft.edited && canEdit ? (
                    <MoneyText
                      aria-label="GST"
                      w={140}
                      styles={{ input: { textAlign: 'right' } }}
                      value={draft.taxAmount}
                      tabIndex={tab()}
                      description={`Calculated ${formatMoney(totals.taxCents)}`}
                      onValue={(v) => setDraft((d) => ({ ...d, taxAmount: v }))}
                    />
                  ) : (
                    formatMoney(totals.taxCents)
                  )}
                </SumRow>
                <SumRow label="Opening Balance">{formatMoney(toCents(draft.openingBalance) ?? 0)}</SumRow>
                <Divider />
                <SumRow label="Total Payable" strong>
                  {draft.edited && canEdit ? (
                    <MoneyText
                      aria-label="Total Payable"
                      w={140}
                      styles={{ input: { textAlign: 'right', fontWeight: 700 } }}
                      value={draft.visibleTotal}
                      tabIndex={tab()}
                      description={`Calculated ${formatMoney(totals.totalCents)}`}
                      onValue={(v) => setDraft((d) => ({ ...d, visibleTotal: v }))}
                    />
                  ) : (
                    formatMoney(totals.totalCents)
                  )}
                </SumRow>
              </Stack>
            </Group>

            <AlertsRaised
              meterId={draft.meterId}
              invoiceId={draft.id}
              unsaved={draft.alerts}
              mayEdit={draft.mayEdit}
            />

            {draft.mayEdit && (
              <Group justify="space-between" mt="xl">
                {!isNew ? (
                  <Button color="red.9" variant="outline" onClick={() => setConfirmDelete(true)}>
                    Delete Invoice
                  </Button>
                ) : (
                  <span />
                )}
                <Button
                  onClick={onSave}
                  loading={save.isPending && alerts === null}
                  disabled={
                    !canEdit &&
                    !(showSundryHelper && draft.items.some((i) => i.id === null && i.category === 'sundry'))
                  }
                  tabIndex={tab()}
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
        <Grid.Col span={{ base: 12, md: 3 }}>{side}</Grid.Col>
      </Grid>

      <AlertsDialog
        alerts={alerts}
        busy={save.isPending}
        onContinue={commit}
        onEdit={() => setAlerts(null)}
      />
      <AddSundryDialog
        opened={sundryOpen}
        onClose={() => setSundryOpen(false)}
        onAdd={(description, total) => setDraft((d) => addHelperSundry(d, description, total))}
      />
      <SaveErrorDialog message={error} invoice={bodyOf(draft, false)} onClose={() => setError(null)} />
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete Invoice" centered>
        <Stack>
          <Text size="sm">
            Delete invoice {draft.invoiceNumber ?? draft.id}? Its figures leave the data source's totals.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button color="red.9" onClick={onDelete} loading={remove.isPending}>
              Delete Invoice
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
