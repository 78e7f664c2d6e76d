import { Button, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MONTH_SHORT_NAMES } from '@verdant/domain/month-labels';
import type { normaliseProfile } from '@verdant/domain/targets/profiles';
import { RowAction } from '../../../components/row-actions';
import { type Num, PROFILE_LABELS, type TargetForm, YEAR_ENDS } from './target-form';

interface StepProps {
  form: TargetForm;
  patch: (change: Partial<TargetForm>) => void;
}

/** Baseline: its year, the year's end, and the baseline derived from the ledger or entered. */
export function BaselineStep({
  form,
  patch,
  yearError,
  consError,
}: StepProps & { yearError: string | null; consError: string | null }) {
  // Three year ends do not fit side by side on a phone: they stack.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Stack>
      <NumberInput
        label="Baseline year"
        required
        value={form.baselineYear}
        onChange={(v) => patch({ baselineYear: v })}
        allowDecimal={false}
        allowNegative={false}
        error={yearError}
      />
      <div>
        <Text fz="sm" fw={500} mb={4}>
          Baseline year end
        </Text>
        <SegmentedControl
          value={form.yearEnd}
          onChange={(v) => patch({ yearEnd: v })}
          data={YEAR_ENDS}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth
        />
      </div>
      <div>
        <Text fz="sm" fw={500} mb={4}>
          Baseline
        </Text>
        <SegmentedControl
          value={form.consFrom}
          onChange={(v) => patch({ consFrom: v as 'DERIVE' })}
          data={[
            { value: 'DERIVE', label: 'Derive from the ledger' },
            { value: 'ENTER', label: 'Enter' },
          ]}
          fullWidth
        />
      </div>
      {form.consFrom === 'ENTER' && (
        <NumberInput
          label="Baseline (the year's total)"
          required
          value={form.baselineCons}
          onChange={(v) => patch({ baselineCons: v })}
          min={0}
          thousandSeparator=","
          error={form.baselineCons !== '' ? consError : null}
        />
      )}
    </Stack>
  );
}

/** Profile: derived, entered month by month (shown normalised to 100), or none (even). */
export function ProfileStep({
  form,
  patch,
  profileError,
  normalised,
}: StepProps & { profileError: string | null; normalised: ReturnType<typeof normaliseProfile> }) {
  const { profile } = form;
  return (
    <Stack>
      <SegmentedControl
        value={form.profileFrom}
        onChange={(v) => patch({ profileFrom: v as 'DERIVE' })}
        data={Object.entries(PROFILE_LABELS).map(([value, label]) => ({ value, label }))}
        fullWidth
      />
      {form.profileFrom === 'ENTER' && (
        <>
          <SimpleGrid cols={{ base: 3, sm: 6 }}>
            {MONTH_SHORT_NAMES.map((m, i) => (
              <NumberInput
                key={m}
                label={m}
                value={profile[i]}
                min={0}
                onChange={(v) => patch({ profile: profile.map((p, j) => (j === i ? v : p)) })}
              />
            ))}
          </SimpleGrid>
          {profileError ? (
            <Text fz="sm" c="red">
              {profileError}
            </Text>
          ) : normalised.ok ? (
            <Text fz="sm" c="dimmed">
              {`Normalised to 100: ${normalised.profile.map((v) => v.toFixed(1)).join(', ')}`}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** Targets: a reduction and the year it is due by, as many as wanted. */
export function TargetsStep({
  form,
  patch,
  targetErrors,
  firstYearError,
}: StepProps & {
  targetErrors: { perc: string | null; year: string | null }[];
  firstYearError: string | null;
}) {
  const { targets } = form;
  const setTarget = (i: number, key: 'perc' | 'year', v: Num) =>
    patch({ targets: targets.map((t, j) => (j === i ? { ...t, [key]: v } : t)) });
  return (
    <Stack>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reduction (%)</Table.Th>
            <Table.Th>By year</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {targets.map((t, i) => (
            <Table.Tr key={i.toString()}>
              <Table.Td>
                <NumberInput
                  aria-label={`Reduction ${i + 1} (%)`}
                  value={t.perc}
                  onChange={(v) => setTarget(i, 'perc', v)}
                  allowDecimal={false}
                  error={t.perc !== '' ? targetErrors[i]?.perc : null}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`By year ${i + 1}`}
                  value={t.year}
                  onChange={(v) => setTarget(i, 'year', v)}
                  allowDecimal={false}
                  error={t.year !== '' ? targetErrors[i]?.year : null}
                />
              </Table.Td>
              <Table.Td>
                <RowAction
                  tip="Remove target"
                  label={`Remove target ${i + 1}`}
                  onClick={() => patch({ targets: targets.filter((_, j) => j !== i) })}
                  icon={IconTrash}
                  danger
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => patch({ targets: [...targets, { perc: '', year: '' }] })}
        >
          Add target
        </Button>
      </Group>
      {firstYearError && targets[0]?.year !== '' && (
        <Text fz="sm" c="red">
          {firstYearError}
        </Text>
      )}
    </Stack>
  );
}
