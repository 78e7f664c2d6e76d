import { ActionIcon, Anchor, Group, Indicator, Loader, Modal, Table, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarOff,
  IconChartPie,
  IconCircleCheck,
  IconDatabaseOff,
  IconFileAlert,
  IconStack2,
  IconUnlink,
} from '@tabler/icons-react';
import {
  ADMIN_CHECKS,
  type AdminCheckName,
  CHECK_TITLES,
  catalogueChecksOperations as ops,
} from '@verdant/contracts/catalogue-checks';
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router';
import { useOperation } from '../../../lib/operations';

const ICONS: Record<AdminCheckName, ComponentType<{ size?: number }>> = {
  'meters-without-data-type': IconDatabaseOff,
  'factor-gaps': IconCalendarOff,
  'composites-not-100': IconChartPie,
  'retired-type-units': IconUnlink,
  'own-sets-missing-scope': IconStack2,
  'inputs-after-close': IconFileAlert,
};

function CheckIcon({ name, onOpen }: { name: AdminCheckName; onOpen: () => void }) {
  const check = useOperation(ops.adminCheck, { params: { name } });
  const Icon = ICONS[name];
  const count = check.data?.count ?? 0;
  const label = check.data
    ? `${CHECK_TITLES[name]}: ${count === 0 ? 'none found' : `${count} found`}`
    : `${CHECK_TITLES[name]}: checking`;
  return (
    <Tooltip label={label}>
      <Indicator label={count > 99 ? '99+' : count} size={16} color="red" disabled={count === 0}>
        <ActionIcon
          variant="light"
          color={check.isError ? 'gray' : count > 0 ? 'orange' : 'green'}
          size="lg"
          aria-label={label}
          onClick={onOpen}
        >
          {check.isPending ? <Loader size={14} /> : <Icon size={18} />}
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

function CheckFound({ name }: { name: AdminCheckName }) {
  const check = useOperation(ops.adminCheck, { params: { name } });
  if (!check.data) return <Loader size="sm" />;
  if (check.data.count === 0)
    return (
      <Group gap="xs">
        <IconCircleCheck size={18} color="green" />
        <Text size="sm">Nothing found.</Text>
      </Group>
    );
  return (
    <Table aria-label={CHECK_TITLES[name]} verticalSpacing={4}>
      <Table.Tbody>
        {check.data.found.map((f) => (
          <Table.Tr key={`${f.link}-${f.label}-${f.detail}`}>
            <Table.Td>
              <Anchor component={Link} to={f.link} size="sm">
                {f.label}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{f.detail}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The six admin checks as icons (data-portal.md 6), each opening what it found with links to it. */
export function AdminChecks() {
  const [open, setOpen] = useState<AdminCheckName | null>(null);
  return (
    <>
      <Group gap="sm" aria-label="Admin checks" role="group">
        <IconAlertTriangle size={16} aria-hidden />
        <Text size="sm" c="dimmed">
          Checks
        </Text>
        {ADMIN_CHECKS.map((name) => (
          <CheckIcon key={name} name={name} onOpen={() => setOpen(name)} />
        ))}
      </Group>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? CHECK_TITLES[open] : ''}
        size="lg"
      >
        {open && <CheckFound name={open} />}
      </Modal>
    </>
  );
}
