import { Alert, Checkbox, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import type { HalfHourMonth } from '@verdant/contracts/half-hour';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';
import { useEffect, useMemo, useState } from 'react';
import { Chart } from '../../components/chart';
import { errorMessage } from '../../lib/api-errors';
import { useHalfHourAvailability, useHalfHourMonth } from './api';
import { dayOption, powerFactorOption, QUALITY_LABELS, traceOption } from './charts';
import { type MonthChoice, MonthPicker } from './month-picker';
import { StatsPanel } from './stats-panel';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';

/** Notes of the month: its changeover days, and how many half hours are estimated or missing. */
function MonthNotes({ data }: { data: HalfHourMonth }) {
  const changeovers = data.days.filter((d) => d.changeover);
  return (
    <Stack gap={2}>
      <Text fz="sm" c="dimmed">{`Times are local time (${data.timeZone}).`}</Text>
      {changeovers.map((d) => (
        <Text fz="sm" key={d.date} data-testid="changeover">
          {d.changeover === 'start'
            ? `Daylight saving starts on ${weekday(d.date)} ${formatDisplayDate(d.date)}: that day has ${d.halfHours} half hours.`
            : `Daylight saving ends on ${weekday(d.date)} ${formatDisplayDate(d.date)}: that day has ${d.halfHours} half hours, one hour twice.`}
        </Text>
      ))}
      {(data.stats.estimated > 0 || data.stats.missing > 0) && (
        <Text fz="sm" data-testid="quality-note">
          {`${data.stats.estimated} half hours estimated or substituted, ${data.stats.missing} missing.`}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /data-sources/{id}/half-hour (types 1, 5 and 6): the register picker when there are several, the month by
 * year, the month's demand trace, its power factor, one day's half hours with the weekday and weekend averages,
 * and the month's statistics. Half hours are shown on the local clock.
 */
export function HalfHourTab({ meter }: { meter: MeterDetail }) {
  const availability = useHalfHourAvailability(meter.id);
  const registers = (availability.data?.registers ?? []).filter((r) => r.availability.length > 0);
  const [register, setRegister] = useState<number | null>(null);
  const current =
    registers.find((r) => r.register === register) ??
    registers.find((r) => r.direction === 'import' && r.quantity === 'kWh') ??
    registers[0];
  const latest = current?.availability[0];
  const [choice, setChoice] = useState<MonthChoice | null>(null);
  const shown =
    choice && current?.availability.some((y) => y.year === choice.year && y.months.includes(choice.month))
      ? choice
      : latest
        ? { year: latest.year, month: latest.months.at(-1) ?? 1 }
        : null;
  const month = useHalfHourMonth(
    meter.id,
    current?.register ?? null,
    shown?.year ?? null,
    shown?.month ?? null,
  );
  const data = month.data;
  const [day, setDay] = useState<string | null>(null);
  const [averages, setAverages] = useState({ weekday: true, weekend: false });
  const demandUnit = current?.quantity === 'kVArh' ? 'kVAr' : 'kW';
  const energyUnit = current?.quantity ?? 'kWh';
  const dates = useMemo(() => data?.days ?? [], [data]);
  // A new month opens on its peak day.
  useEffect(() => {
    setDay(data?.stats.peaks[0]?.date ?? data?.days[0]?.date ?? null);
  }, [data]);
  const trace = useMemo(() => (data ? traceOption(data, demandUnit) : null), [data, demandUnit]);
  const powerFactor = useMemo(() => (data ? powerFactorOption(data) : null), [data]);
  const hasPowerFactor = data?.records.some((r) => r.pf !== null) ?? false;

  if (availability.isPending) return <Loader aria-label="Loading half-hour data" />;
  if (availability.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(availability.error)}
      </Alert>
    );
  }
  if (!current || !shown) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text>{MSG.halfHourNone}</Text>
      </Paper>
    );
  }
  const chosenDay = day && data?.records.some((r) => r.date === day) ? day : null;
  const dayInfo = dates.find((d) => d.date === chosenDay);
  const dayRecords = data?.records.filter((r) => r.date === chosenDay) ?? [];
  const flagged = dayRecords.filter((r) => r.quality !== 'A' && r.quality !== ' ');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-start" gap="lg" wrap="wrap">
          {registers.length > 1 && (
            <Select
              label="Register"
              w={260}
              allowDeselect={false}
              data={registers.map((r) => ({
                value: String(r.register),
                label: `${r.label} (${r.direction} ${r.quantity})`,
              }))}
              value={String(current.register)}
              onChange={(v) => v !== null && setRegister(Number(v))}
            />
          )}
          <MonthPicker availability={current.availability} value={shown} onChange={setChoice} />
        </Group>
      </Paper>
      {month.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(month.error)}
        </Alert>
      ) : !data ? (
        <Loader aria-label="Loading the month" />
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Title order={3} fz="md" mb={4}>
              {`${formatMonth(shown.month, shown.year)}: demand every half hour`}
            </Title>
            <MonthNotes data={data} />
            {trace && (
              <Chart
                option={trace}
                height={300}
                mt="sm"
                loading={month.isFetching}
                label={`Half-hour demand in ${formatMonth(shown.month, shown.year)}, ${data.stats.halfHours} readings`}
                empty={data.stats.halfHours === 0 ? 'No readings this month.' : null}
              />
            )}
          </Paper>
          {hasPowerFactor && powerFactor && (
            <Paper withBorder radius="md" p="md">
              <Title order={3} fz="md">
                Power factor
              </Title>
              <Chart
                option={powerFactor}
                height={160}
                mt="sm"
                label={`Power factor in ${formatMonth(shown.month, shown.year)}`}
              />
            </Paper>
          )}
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <Select
                label="Day"
                w={280}
                allowDeselect={false}
                data={dates.map((d) => ({
                  value: d.date,
                  label: `${weekday(d.date)} ${formatDisplayDate(d.date)}${d.changeover ? (d.changeover === 'start' ? ' (daylight saving starts)' : ' (daylight saving ends)') : ''}`,
                }))}
                value={chosenDay}
                onChange={setDay}
              />
              <Group gap="md">
                <Checkbox
                  label="Weekday monthly average"
                  checked={averages.weekday}
                  onChange={(e) => setAverages({ ...averages, weekday: e.currentTarget.checked })}
                />
                <Checkbox
                  label="Weekend monthly average"
                  checked={averages.weekend}
                  onChange={(e) => setAverages({ ...averages, weekend: e.currentTarget.checked })}
                />
              </Group>
            </Group>
            {chosenDay && (
              <>
                <Chart
                  option={dayOption(data, chosenDay, averages, energyUnit)}
                  height={260}
                  mt="sm"
                  label={`${energyUnit} every half hour on ${formatDisplayDate(chosenDay)}`}
                />
                <Text fz="sm" c="dimmed" data-testid="day-note">
                  {`${dayInfo?.halfHours ?? dayRecords.length} half hours`}
                  {flagged.length > 0 &&
                    `; ${flagged.length} ${[...new Set(flagged.map((r) => QUALITY_LABELS[r.quality]?.toLowerCase()))].join(' or ')} (drawn in orange)`}
                  {dayRecords.some((r) => r.quality === ' ') &&
                    `; ${dayRecords.filter((r) => r.quality === ' ').length} missing`}
                </Text>
              </>
            )}
          </Paper>
          <Paper withBorder radius="md" p="md">
            <StatsPanel data={data} demandUnit={demandUnit} energyUnit={energyUnit} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
