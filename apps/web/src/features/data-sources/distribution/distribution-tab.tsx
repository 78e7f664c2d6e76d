import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  distributionUpdate,
  type EnergyDistribution,
  percentUnits,
} from '@verdant/contracts/data-sources/distribution';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';
import { useState } from 'react';
import { Link } from 'react-router';
import { MonthField } from '../../../components/date-fields';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import type { TabProps } from '../tab-props';
import { useDistribution, useSaveDistribution } from './api';

type Shares = Record<number, { percCons: number; percNote: number }>;

const sharesOf = (d: EnergyDistribution): Shares =>
  Object.fromEntries(d.entities.map((e) => [e.entityId, { percCons: e.percCons, percNote: e.percNote }]));
const total = (shares: Shares, key: 'percCons' | 'percNote') =>
  Object.values(shares).reduce((sum, s) => sum + percentUnits(s[key]), 0) / 10_000;
const fromLabel = (validFrom: string | null) =>
  validFrom === null ? 'From the first month' : `From ${formatMonth(validFrom)}`;

function PercentCell({
  value,
  label,
  editable,
  onChange,
}: {
  value: number;
  label: string;
  editable: boolean;
  onChange: (v: number) => void;
}) {
  if (!editable) return <Text fz="sm" ta="right">{`${value}%`}</Text>;
  return (
    <NumberInput
      aria-label={label}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
      min={0}
      max={100}
      decimalScale={4}
      clampBehavior="strict"
      suffix="%"
      size="xs"
      w={96}
      ml="auto"
    />
  );
}

function DistributionForm({ meterId, data }: { meterId: number; data: EnergyDistribution }) {
  const save = useSaveDistribution(meterId);
  const [shares, setShares] = useState<Shares>(() => sharesOf(data));
  const [fromMonth, setFromMonth] = useState<'start' | 'month'>('start');
  const [month, setMonth] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = data.mayEdit;
  // The two choices do not fit side by side on a phone.
  const wide = useMediaQuery('(min-width: 30em)', true);
  const cons = total(shares, 'percCons');
  const note = total(shares, 'percNote');
  const set = (entityId: number, key: 'percCons' | 'percNote', value: number) =>
    setShares((s) => ({ ...s, [entityId]: { percCons: 0, percNote: 0, ...s[entityId], [key]: value } }));

  function submit() {
    const body = {
      entities: data.entities.map((e) => ({
        entityId: e.entityId,
        ...(shares[e.entityId] ?? { percCons: 0, percNote: 0 }),
      })),
      validFrom: fromMonth === 'month' ? (month && /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : '') : null,
    };
    const parsed = distributionUpdate.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.dateFormat);
      return;
    }
    setError(null);
    save.mutate(body, {
      onSuccess: (saved) => {
        setShares(sharesOf(saved));
        showSuccessBanner('Distribution saved');
      },
      onError: (e) => {
        if (!isSilentError(e)) showErrorBanner(errorMessage(e));
      },
    });
  }

  return (
    <Stack gap="sm">
      {/* Fits a phone: the site sits under the entity's name, so only the two percentages need their width. */}
      <ScrollTable label="Distribution table" minWidth={300}>
        <Table verticalSpacing="xs" aria-label="Distribution">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Entity (site)</Table.Th>
              <Table.Th ta="right">Percentage of consumption</Table.Th>
              <Table.Th ta="right">Percentage of note</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.entities.map((e) => (
              <Table.Tr key={e.entityId} data-entity-id={e.entityId}>
                <Table.Td>
                  <Anchor component={Link} to={`/entities/${e.entityId}`} fz="sm">
                    {e.entityName}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {e.siteName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PercentCell
                    label={`Percentage of consumption for ${e.entityName}`}
                    value={shares[e.entityId]?.percCons ?? 0}
                    editable={editable}
                    onChange={(v) => set(e.entityId, 'percCons', v)}
                  />
                </Table.Td>
                <Table.Td>
                  <PercentCell
                    label={`Percentage of note for ${e.entityName}`}
                    value={shares[e.entityId]?.percNote ?? 0}
                    editable={editable}
                    onChange={(v) => set(e.entityId, 'percNote', v)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right" c={cons > 100 ? 'red' : undefined} data-testid="total-cons">
                {`${cons}%`}
              </Table.Th>
              <Table.Th ta="right" c={note > 100 ? 'red' : undefined} data-testid="total-note">
                {`${note}%`}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
      {cons > 100 && (
        <Text c="red" fz="sm">
          {MSG.distributionOver100}
        </Text>
      )}
      {note > 100 && (
        <Text c="red" fz="sm">
          {MSG.distributionNoteOver100}
        </Text>
      )}
      {editable && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              Applies
            </Text>
            <SegmentedControl
              orientation={wide ? 'horizontal' : 'vertical'}
              aria-label="Applies from"
              value={fromMonth}
              onChange={(v) => setFromMonth(v as 'start' | 'month')}
              data={[
                { value: 'start', label: 'From the first month' },
                { value: 'month', label: 'From a month on' },
              ]}
            />
          </Stack>
          {fromMonth === 'month' && (
            <MonthField label="First month" value={month} onChange={setMonth} w={160} />
          )}
          <Button onClick={submit} loading={save.isPending} disabled={cons > 100 || note > 100}>
            Save Distribution
          </Button>
        </Group>
      )}
      {error && (
        <Text c="red" fz="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** /data-sources/{id}/configuration: the entities sharing this data source's consumption and note. */
export function DistributionTab({ meter }: TabProps) {
  const distribution = useDistribution(meter.id);
  if (distribution.isPending) return <Loader aria-label="Loading distribution" />;
  if (distribution.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(distribution.error)}
      </Alert>
    );
  }
  const d = distribution.data;
  const earlier = d.periods.filter((p) => p.validFrom !== d.validFrom);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Distribution</Text>
          <Text fz="sm" c="dimmed">
            {d.periods.length ? `In force: ${fromLabel(d.validFrom).toLowerCase()}` : 'Not distributed'}
          </Text>
        </Group>
        <Text fz="sm" c="dimmed" mb="sm">
          The share of this data source's consumption (and so its cost and emissions) that each entity
          reports.
        </Text>
        {d.entities.length === 0 ? (
          <Text fz="sm">{`There are no entities at ${meter.site.name} to distribute this data source to.`}</Text>
        ) : (
          <DistributionForm key={JSON.stringify(d)} meterId={meter.id} data={d} />
        )}
      </Paper>
      {earlier.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            Other periods
          </Text>
          <Stack gap="xs">
            {earlier.map((p) => (
              <Text key={p.validFrom ?? 'start'} fz="sm">
                <Text span fw={500} fz="sm">{`${fromLabel(p.validFrom)}: `}</Text>
                {p.entities.length
                  ? p.entities.map((e) => `${e.entityName} ${e.percCons}% / ${e.percNote}%`).join(', ')
                  : 'no shares'}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
