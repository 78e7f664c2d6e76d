import { Anchor, Text } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import { formatDisplayDate } from '@verdant/domain/dates';
import { Link } from 'react-router';

const dayAfter = (iso: string, days: number) => formatDisplayDate(fromDayNumber(toDayNumber(iso) + days));

/**
 * Create Replacement's stored link, both ways: a replaced meter names the meter that took over from the day
 * after its close date; the replacement names the meter it replaced.
 */
export function ReplacementLinks({ meter }: { meter: MeterDetail }) {
  const { replacedBy, replaces, meterClose, meterOpen } = meter;
  const lines = [
    replacedBy && {
      lead: 'Replaced by',
      other: replacedBy,
      tail: meterClose ? ` from ${dayAfter(meterClose, 1)}.` : '.',
    },
    replaces && {
      lead: 'Replaces',
      other: replaces,
      tail: meterOpen ? `, closed ${dayAfter(meterOpen, -1)}.` : '.',
    },
  ].filter((l) => !!l);
  if (lines.length === 0) return null;
  return (
    <div data-testid="replacement-links">
      {lines.map(({ lead, other, tail }) => (
        <Text fz="sm" key={lead}>
          {`${lead} `}
          <Anchor component={Link} to={`/data-sources/${other.id}`}>
            {`${other.name} (#${other.id})`}
          </Anchor>
          {tail}
        </Text>
      ))}
    </div>
  );
}
