import { Anchor, Text } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/meters';
import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { formatDisplayDate } from '@verdant/domain/dates';
import { Link } from 'react-router';

/**
 * Create Replacement's stored link, both ways: a replaced meter names the meter that took over from the day
 * after its close date; the replacement names the meter it replaced.
 */
export function ReplacementLinks({ meter }: { meter: MeterDetail }) {
  const { replacedBy, replaces } = meter;
  if (!replacedBy && !replaces) return null;
  const from = meter.meterClose ? formatDisplayDate(fromDayNumber(toDayNumber(meter.meterClose) + 1)) : null;
  return (
    <div data-testid="replacement-links">
      {replacedBy && (
        <Text fz="sm">
          {'Replaced by '}
          <Anchor component={Link} to={`/data-sources/${replacedBy.id}`}>
            {replacedBy.name} (#{replacedBy.id})
          </Anchor>
          {from ? ` from ${from}.` : '.'}
        </Text>
      )}
      {replaces && (
        <Text fz="sm">
          {'Replaces '}
          <Anchor component={Link} to={`/data-sources/${replaces.id}`}>
            {replaces.name} (#{replaces.id})
          </Anchor>
          {meter.meterOpen
            ? `, closed ${formatDisplayDate(fromDayNumber(toDayNumber(meter.meterOpen) - 1))}.`
            : '.'}
        </Text>
      )}
    </div>
  );
}
