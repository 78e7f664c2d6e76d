import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { GroupDetail } from '@verdant/contracts/groupings';
import { COST_EXCL_GST } from '@verdant/domain/gst-labels';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';
import { axisScale, columnScale, formatMoney, formatQuantity } from '@verdant/domain/unit-scaling';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { useState } from 'react';
import { Link } from 'react-router';
import { Chart, registerChartParts } from '../../../components/chart';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { InlineField } from '../../../components/inline-field';
import { RowAction } from '../../../components/row-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useInclusion, useMemberDetails, useMembership, useRenameGroup } from '../group-api';

// The chart kinds and components this screen draws (components/chart.tsx registers only the renderer).
registerChartParts([BarChart, GridComponent, TooltipComponent]);

const NOUN = { site: 'site', meter: 'data source' } as const;

/** Overview: the group's last twelve months from the ledger, drawn and tabled. */
export function GroupOverview({ group }: { group: GroupDetail }) {
  const largest = Math.max(0, ...group.months.map((m) => m.cons));
  const axis = axisScale(largest, 'kWh');
  const energy = columnScale(
    group.months.map((m) => m.cons),
    'kWh',
  );
  const emissions = columnScale(
    group.months.map((m) => m.co2e),
    'kg CO2e',
  );
  return (
    <Stack gap="md">
      <Group gap="lg">
        {(
          [
            ['Consumption', formatQuantity(group.totals.cons, 'kWh')],
            [COST_EXCL_GST, formatMoney(group.totals.cost)],
            ['Emissions', formatQuantity(group.totals.co2e, 'kg CO2e')],
            ['Members', String(group.memberCount)],
          ] as const
        ).map(([label, value]) => (
          <Paper key={label} withBorder p="sm" miw={140}>
            <Text fz="xs" c="dimmed">
              {label === 'Members' ? label : `${label} (12 months)`}
            </Text>
            <Text fw={600}>{value}</Text>
          </Paper>
        ))}
      </Group>
      <Chart
        label={`Monthly consumption of ${group.name}`}
        height={260}
        empty={largest === 0 ? 'No consumption in the last twelve months' : null}
        option={{
          grid: {
            left: 4,
            right: 8,
            top: 16,
            bottom: 4,
            outerBoundsMode: 'same',
            outerBoundsContain: 'axisLabel',
          },
          tooltip: { trigger: 'axis', valueFormatter: (v) => formatQuantity(Number(v ?? 0), 'kWh') },
          xAxis: { type: 'category', data: group.months.map((m) => formatMonth(m.month)) },
          yAxis: { type: 'value', axisLabel: { formatter: (v: number) => axis.format(v) } },
          series: [{ name: 'Consumption', type: 'bar', data: group.months.map((m) => m.cons) }],
        }}
      />
      <ScrollTable label="Monthly figures" minWidth={480}>
        <Table striped aria-label="Monthly figures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th ta="right">{`Consumption (${energy.unit})`}</Table.Th>
              <Table.Th ta="right">{COST_EXCL_GST}</Table.Th>
              <Table.Th ta="right">{`Emissions (${emissions.unit})`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>
                  {formatMonth(m.month)}
                  {m.incomplete && (
                    <Tooltip label={MSG.incompleteMonth}>
                      <Text span c="orange" ml={4} aria-label={MSG.incompleteMonth}>
                        ⚠
                      </Text>
                    </Tooltip>
                  )}
                </Table.Td>
                <Table.Td ta="right">{energy.format(m.cons)}</Table.Td>
                <Table.Td ta="right">{formatMoney(m.cost)}</Table.Td>
                <Table.Td ta="right">{emissions.format(m.co2e)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <FactorEditionsNote editions={group.editions} />
    </Stack>
  );
}

/** Members: the ones the caller may see, with their figures; editors add and remove. */
export function GroupMembers({ group }: { group: GroupDetail }) {
  const { type, id } = group;
  const details = useMemberDetails(type, id);
  const inclusion = useInclusion(type, id, group.mayEdit);
  const membership = useMembership(type, id);
  const [adding, setAdding] = useState<string | null>(null);
  const noun = NOUN[type];
  const candidates = (inclusion.data?.assets ?? []).filter((a) => !a.joined);

  function change(assetId: number, join: boolean, name: string) {
    membership.mutate(
      { assetId, join },
      {
        onSuccess: (answer) => {
          setAdding(null);
          showSuccessBanner(
            join
              ? answer.movedFrom
                ? `${name} moved from ${answer.movedFrom.name} to ${group.name}`
                : `${name} added to ${group.name}`
              : `${name} removed from ${group.name}`,
          );
        },
        onError: (error) => {
          if (!isSilentError(error)) showErrorBanner(errorMessage(error));
        },
      },
    );
  }

  const members = details.data?.members ?? [];
  const memberEnergy = columnScale(
    members.map((m) => m.cons),
    'kWh',
  );
  return (
    <Stack gap="md">
      {group.mayEdit && (
        <Group align="flex-end" gap="sm">
          <Select
            label={`Add a ${noun}`}
            placeholder={`Choose a ${noun}`}
            searchable
            data={candidates.map((a) => ({
              value: String(a.id),
              label: a.relatedIds.length > 0 ? `${a.name} (moves from its group)` : a.name,
            }))}
            value={adding}
            onChange={setAdding}
            w={320}
            maw="100%"
          />
          <Button
            disabled={adding === null}
            loading={membership.isPending}
            onClick={() => {
              const asset = candidates.find((a) => String(a.id) === adding);
              if (asset) change(asset.id, true, asset.name);
            }}
          >
            Add
          </Button>
        </Group>
      )}
      {details.isPending ? (
        <Text c="dimmed">Loading members…</Text>
      ) : members.length === 0 ? (
        <Text c="dimmed">No members you can see.</Text>
      ) : (
        <ScrollTable label="Members" minWidth={560}>
          <Table striped aria-label="Members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                {type === 'meter' && <Table.Th>Site</Table.Th>}
                {type === 'meter' && <Table.Th>Measuring</Table.Th>}
                <Table.Th ta="right">{`Consumption (${memberEnergy.unit})`}</Table.Th>
                <Table.Th ta="right">{COST_EXCL_GST}</Table.Th>
                {group.mayEdit && (
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={type === 'site' ? `/sites/${m.id}` : `/data-sources/${m.id}`}
                    >
                      {m.name}
                    </Anchor>
                  </Table.Td>
                  {type === 'meter' && <Table.Td>{m.siteName}</Table.Td>}
                  {type === 'meter' && <Table.Td>{m.measuring}</Table.Td>}
                  <Table.Td ta="right">{memberEnergy.format(m.cons)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.cost)}</Table.Td>
                  {group.mayEdit && (
                    <Table.Td>
                      <RowAction
                        tip="Remove"
                        label={`Remove ${m.name}`}
                        onClick={() => change(m.id, false, m.name)}
                        icon={IconTrash}
                        danger
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}

/** Details: the name (saved 500 ms after typing, only for editors) and the grouping. */
export function GroupDetails({ group }: { group: GroupDetail }) {
  const rename = useRenameGroup(group.type, group.id);
  return (
    <Paper withBorder p="md" maw={560}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Group details
        </Title>
        <InlineField
          label="Name"
          name="name"
          value={group.name}
          readOnly={!group.mayEdit}
          validate={(v) => ((v ?? '').trim().length < 3 ? MSG.nameTooShort : null)}
          onSave={(v) => rename.mutateAsync((v ?? '').trim())}
        />
        <Text fz="sm">
          Grouping:{' '}
          {group.grouping ? (
            <Anchor component={Link} to={`/${group.type}-groupings/${group.grouping.id}`}>
              {group.grouping.name}
            </Anchor>
          ) : (
            'none (uncontrolled)'
          )}
        </Text>
        <Text fz="sm">Members: {NOUN[group.type]}s</Text>
      </Stack>
    </Paper>
  );
}
