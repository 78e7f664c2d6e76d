import { Anchor, Breadcrumbs, Button, type ButtonProps, Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Draft } from '../invoice-form';

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

/** Where the invoice sits: the breadcrumbs, then Previous, the invoice's name, Next and All. */
export function InvoiceHeading({
  draft,
  meterPath,
  invoicesPath,
  previous,
  nextOne,
}: {
  draft: Draft;
  meterPath: string;
  invoicesPath: string;
  previous: string | null;
  nextOne: string | null;
}) {
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
          {draft.id === null ? 'New invoice' : draft.invoiceNumber || `Invoice ${draft.id}`}
        </Text>
        <NavLink to={nextOne} variant="subtle" size="compact-sm">
          Next ›
        </NavLink>
        <Button component={Link} to={invoicesPath} variant="subtle" size="compact-sm">
          All
        </Button>
      </Group>
    </>
  );
}

/** The side column: the writing actions for an editor, the neighbours, Opening Balance and Add Sundry. */
export function InvoiceActions({
  draft,
  meterPath,
  invoicesPath,
  previous,
  nextOne,
  canEdit,
  showSundryHelper,
  onOpeningBalance,
  onAddSundry,
}: {
  draft: Draft;
  meterPath: string;
  invoicesPath: string;
  previous: string | null;
  nextOne: string | null;
  canEdit: boolean;
  showSundryHelper: boolean;
  onOpeningBalance: () => void;
  onAddSundry: () => void;
}) {
  return (
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
        <Button variant="default" size="xs" onClick={onOpeningBalance}>
          {draft.openingBalance && draft.openingBalance !== '0.00' ? 'Edit' : 'Add'} Opening Balance
        </Button>
      )}
      {showSundryHelper && draft.mayEdit && (
        <Button variant="default" size="xs" onClick={onAddSundry}>
          Add Sundry
        </Button>
      )}
    </Stack>
  );
}
