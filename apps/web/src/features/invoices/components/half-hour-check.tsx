import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChartBar } from '@tabler/icons-react';
import type { HalfHourCheck } from '@verdant/contracts/invoices/alerts';
import { dayRanges, halfHourDifference } from '@verdant/domain/bill-audit/half-hour-reconciliation';
import { formatDisplayDate } from '@verdant/domain/dates';

const kwh = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 1 });
/** A signed percentage to one decimal; one that rounds to nothing is 0.0%, never -0.0% or +0.0%. */
const pct = (v: number) => {
  const shown = Math.round(v * 10) / 10;
  return shown === 0 ? '0.0%' : `${shown > 0 ? '+' : ''}${shown.toFixed(1)}%`;
};

function Figure({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ff="monospace">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The invoice beside the data source's half-hour data (docs/decisions/invoices.md, Half-hour check on the
 * invoice page): the half-hour total over the invoice's days next to the billed consumption, compared again
 * as the consumption is typed, and an alert when they differ by more than the tolerance, naming the days the
 * interval data is missing. Nothing shows when the data source has no half-hour data for the period.
 */
export function HalfHourCheckPanel({
  check,
  consumption,
  unitId,
  dateFrom,
  dateTill,
}: {
  check: HalfHourCheck | null;
  consumption: number;
  unitId: number;
  dateFrom: string | null;
  dateTill: string | null;
}) {
  if (!check) return null;
  const stale = check.dateFrom !== dateFrom || check.dateTill !== dateTill || check.unitId !== unitId;
  const now = stale
    ? check
    : halfHourDifference(consumption * check.kwhPerUnit, check.halfHourKwh, check.tolerancePercent);
  const covered = check.daysInPeriod - check.missingDays.length;
  const off = !now.withinTolerance && now.billedKwh !== 0;
  return (
    <Alert
      mt="md"
      variant="light"
      color={off ? 'orange' : 'gray'}
      icon={off ? <IconAlertTriangle size={18} /> : <IconChartBar size={18} />}
      title="Half-hour data for this period"
      role="region"
      aria-label="Half-hour data for this period"
    >
      <Stack gap={6}>
        <Group gap="lg" wrap="wrap">
          <Figure label="Billed">{`${kwh.format(now.billedKwh)} kWh`}</Figure>
          <Figure label="Half-hour total">{`${kwh.format(check.halfHourKwh)} kWh`}</Figure>
          <Figure label="Half-hour vs billed">
            {now.differencePercent === null ? '—' : pct(now.differencePercent)}
          </Figure>
          <Figure label="Days with data">{`${covered} of ${check.daysInPeriod}`}</Figure>
        </Group>
        {stale ? (
          <Text size="sm">
            {`These figures are for ${formatDisplayDate(check.dateFrom)} – ${formatDisplayDate(check.dateTill)} in the unit saved; save the invoice to compare its new period or unit.`}
          </Text>
        ) : off ? (
          <Text size="sm" fw={500}>
            {`The billed consumption and the half-hour data differ by more than ${check.tolerancePercent}%.`}
          </Text>
        ) : now.billedKwh === 0 ? (
          <Text size="sm">Type the consumption to compare it with the half-hour data.</Text>
        ) : (
          <Text size="sm">{`Within ${check.tolerancePercent}% of the half-hour data.`}</Text>
        )}
        {check.missingDays.length > 0 && (
          <Text size="sm">{`Half-hour data missing for ${dayRanges(check.missingDays)}.`}</Text>
        )}
      </Stack>
    </Alert>
  );
}
