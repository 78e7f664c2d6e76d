import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TARGET_NAME_MIN, targetSpec } from '@verdant/contracts/targets';
import { TARGET_BASELINE_MIN_YEAR } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { MONTH_SHORT_NAMES } from '@verdant/domain/month-labels';
import { normaliseProfile } from '@verdant/domain/targets/profiles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WizardFooter, WizardReview } from '../../../components/wizard-parts';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useCreateTarget } from '../api';

type Num = number | string;
const YEAR_ENDS = [
  { value: 'CY', label: 'Calendar year' },
  { value: 'FY3', label: 'April to March' },
  { value: 'FY6', label: 'July to June' },
];
const PROFILE_LABELS = { DERIVE: 'Derive from the ledger', ENTER: 'Enter', NONE: 'None (even)' };
const num = (v: Num) => (v === '' ? Number.NaN : Number(v));

/** New Target wizard (core-portal.md 2, 5): Overview, Baseline, Profile, Targets, Review. */
export function NewTargetWizard({
  opened,
  onClose,
  existingNames,
}: {
  opened: boolean;
  onClose: () => void;
  existingNames: string[];
}) {
  const create = useCreateTarget();
  const navigate = useNavigate();
  const thisYear = new Date().getFullYear();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [baselineYear, setBaselineYear] = useState<Num>(thisYear - 1);
  const [yearEnd, setYearEnd] = useState('CY');
  const [consFrom, setConsFrom] = useState<'DERIVE' | 'ENTER'>('DERIVE');
  const [baselineCons, setBaselineCons] = useState<Num>('');
  const [profileFrom, setProfileFrom] = useState<'DERIVE' | 'ENTER' | 'NONE'>('DERIVE');
  const [profile, setProfile] = useState<Num[]>(Array(12).fill(''));
  const [targets, setTargets] = useState<{ perc: Num; year: Num }[]>([{ perc: '', year: '' }]);
  const [failure, setFailure] = useState<string | null>(null);

  const trimmed = name.trim();
  const nameError =
    trimmed.length < TARGET_NAME_MIN
      ? MSG.targetNameShort
      : existingNames.some((n) => n.toLowerCase() === trimmed.toLowerCase())
        ? MSG.targetNameExists
        : null;
  const year = num(baselineYear);
  const yearError =
    !/^\d{4}$/.test(String(baselineYear)) || year < TARGET_BASELINE_MIN_YEAR || year >= thisYear
      ? MSG.targetBaselineYear
      : null;
  const consError = consFrom === 'ENTER' && !(num(baselineCons) >= 0) ? MSG.targetBaselineCons : null;
  const normalised = normaliseProfile(profile.map(num));
  const profileError =
    profileFrom !== 'ENTER'
      ? null
      : profile.some((v) => v === '')
        ? MSG.targetProfileMissing
        : normalised.ok
          ? null
          : fill(MSG.targetProfileInvalid, { reason: normalised.reason });
  const targetErrors = targets.map((t) => ({
    perc: /^\d{1,2}$/.test(String(t.perc)) ? null : MSG.targetPerc,
    year: /^\d{4}$/.test(String(t.year)) ? null : MSG.targetYear,
  }));
  const firstYearError =
    targets[0] && num(targets[0].year) < year
      ? MSG.targetFirstYear
      : targets.length === 0
        ? MSG.targetNone
        : null;
  const valid = [
    nameError === null,
    yearError === null && consError === null,
    profileError === null,
    firstYearError === null && targetErrors.every((e) => !e.perc && !e.year),
    true,
  ];
  const spec = {
    baselineYear: year,
    baselineYearEnd: yearEnd as 'CY',
    consFrom,
    baselineCons: consFrom === 'ENTER' ? num(baselineCons) : null,
    profileFrom,
    profile: profileFrom === 'ENTER' ? profile.map(num) : null,
    targets: targets.map((t) => ({ perc: num(t.perc), year: num(t.year) })),
  };

  function close() {
    setStep(0);
    setName('');
    setConsFrom('DERIVE');
    setBaselineCons('');
    setProfileFrom('DERIVE');
    setProfile(Array(12).fill(''));
    setTargets([{ perc: '', year: '' }]);
    setFailure(null);
    onClose();
  }

  function submit() {
    setFailure(null);
    const parsed = targetSpec.safeParse(spec);
    if (!parsed.success) return setFailure(parsed.error.issues[0]?.message ?? '');
    create.mutate(
      { name: trimmed, spec },
      {
        onSuccess: (t) => {
          showSuccessBanner(fill(MSG.targetCreated, { name: t.name }));
          close();
          navigate(`/organisation/performance-against-targets?target=${t.id}`);
        },
        onError: (e) => {
          if (!isSilentError(e)) setFailure(errorMessage(e));
        },
      },
    );
  }

  const setTarget = (i: number, key: 'perc' | 'year', v: Num) =>
    setTargets(targets.map((t, j) => (j === i ? { ...t, [key]: v } : t)));
  const review: [string, string][] = [
    ['Name', trimmed],
    ['Baseline year', `${baselineYear} (${YEAR_ENDS.find((y) => y.value === yearEnd)?.label})`],
    [
      'Baseline',
      consFrom === 'ENTER'
        ? `${num(baselineCons).toLocaleString('en-NZ')} (entered)`
        : 'Derived from the ledger',
    ],
    ['Profile', PROFILE_LABELS[profileFrom]],
    ['Targets', targets.map((t) => `${t.perc}% by ${t.year}`).join(', ')],
  ];

  return (
    <Modal opened={opened} onClose={close} title="New Target" size="xl">
      <Stepper
        active={step}
        onStepClick={(s) => s < step && setStep(s)}
        size="xs"
        allowNextStepsSelect={false}
      >
        <Stepper.Step label="Overview">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={name !== '' ? nameError : null}
            data-autofocus
          />
        </Stepper.Step>
        <Stepper.Step label="Baseline">
          <Stack>
            <NumberInput
              label="Baseline year"
              required
              value={baselineYear}
              onChange={setBaselineYear}
              allowDecimal={false}
              allowNegative={false}
              error={yearError}
            />
            <div>
              <Text fz="sm" fw={500} mb={4}>
                Baseline year end
              </Text>
              <SegmentedControl value={yearEnd} onChange={setYearEnd} data={YEAR_ENDS} fullWidth />
            </div>
            <div>
              <Text fz="sm" fw={500} mb={4}>
                Baseline
              </Text>
              <SegmentedControl
                value={consFrom}
                onChange={(v) => setConsFrom(v as 'DERIVE')}
                data={[
                  { value: 'DERIVE', label: 'Derive from the ledger' },
                  { value: 'ENTER', label: 'Enter' },
                ]}
                fullWidth
              />
            </div>
            {consFrom === 'ENTER' && (
              <NumberInput
                label="Baseline (the year's total)"
                required
                value={baselineCons}
                onChange={setBaselineCons}
                min={0}
                thousandSeparator=","
                error={baselineCons !== '' ? consError : null}
              />
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Profile">
          <Stack>
            <SegmentedControl
              value={profileFrom}
              onChange={(v) => setProfileFrom(v as 'DERIVE')}
              data={Object.entries(PROFILE_LABELS).map(([value, label]) => ({ value, label }))}
              fullWidth
            />
            {profileFrom === 'ENTER' && (
              <>
                <SimpleGrid cols={{ base: 3, sm: 6 }}>
                  {MONTH_SHORT_NAMES.map((m, i) => (
                    <NumberInput
                      key={m}
                      label={m}
                      value={profile[i]}
                      min={0}
                      onChange={(v) => setProfile(profile.map((p, j) => (j === i ? v : p)))}
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
        </Stepper.Step>
        <Stepper.Step label="Targets">
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
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove target ${i + 1}`}
                        onClick={() => setTargets(targets.filter((_, j) => j !== i))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
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
                onClick={() => setTargets([...targets, { perc: '', year: '' }])}
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
        </Stepper.Step>
        <Stepper.Step label="Review">
          <WizardReview rows={review} />
        </Stepper.Step>
      </Stepper>
      <WizardFooter
        step={step}
        last={4}
        failure={failure}
        onCancel={close}
        onBack={() => setStep(step - 1)}
        onNext={() => valid[step] && setStep(step + 1)}
        nextDisabled={!valid[step]}
        onCreate={submit}
        creating={create.isPending}
      />
    </Modal>
  );
}
