import { Modal, Stepper, Text } from '@mantine/core';
import { ICP_LENGTH } from '@verdant/domain/constants';
import { formatDisplayDate } from '@verdant/domain/dates';
import {
  icpValid,
  needsIcp,
  needsLandlord,
  REPORTING_SOURCE_LABELS,
  retailerSupplies,
  SITUATION_LABELS,
  STEP_CHECKS,
  type StepErrors,
  suggestMeterName,
  supplyOf,
  WIZARD_STEPS,
} from '@verdant/domain/meter-creation';
import { METER_TYPE_LABELS } from '@verdant/domain/meter-labels';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAssetBrowse } from '../../../components/use-asset-browse';
import { WizardFooter, WizardReview } from '../../../components/wizard-parts';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useWide } from '../../../lib/use-wide';
import {
  useCreateMeter,
  useEnergyTypes,
  useEnergyUnits,
  useIcpCheck,
  useMeterTypes,
  useRetailers,
} from './api';
import {
  AccountStep,
  type Draft,
  MeteringStep,
  NamingStep,
  OverviewStep,
  type SetField,
} from './new-meter-steps';

const EMPTY: Draft = {
  site: null,
  energy: null,
  grouping: null,
  reporting: 'ORGANISATION',
  level: 'STANDARD',
  openDate: null,
  icp: '',
  landlord: '',
  unit: null,
  outputUnit: null,
  meterType: null,
  retailer: null,
  nonRetailer: false,
  nonMainland: false,
  name: '',
};

const REVIEW = WIZARD_STEPS.length - 1;

/**
 * The New Meter wizard (data-portal spec 2.1 and 5): Overview, Account, Metering, Naming and Review, then
 * Create. A step is left forward only when its rules pass (the shared rules of packages/domain); earlier steps
 * can be revisited by clicking them. The created meter opens at its page.
 */
export function NewMeterWizard({
  organisationId,
  onClose,
  opened = true,
}: {
  organisationId: number;
  onClose: () => void;
  opened?: boolean;
}) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [tried, setTried] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const wide = useWide();
  const navigate = useNavigate();
  const set: SetField = (key, value) => setDraft((d) => ({ ...d, [key]: value }));

  const sites = useAssetBrowse('site', opened);
  const types = useEnergyTypes(opened);
  const type = types.data?.find((t) => t.id === draft.energy);
  const supply = supplyOf(type?.grouping);
  const units = useEnergyUnits(draft.energy);
  const meterTypes = useMeterTypes(draft.energy, draft.level);
  const retailers = useRetailers(opened);
  const create = useCreateMeter(organisationId);

  const withIcp = needsIcp(supply, draft.level);
  const icpComplete = withIcp && draft.icp.length === ICP_LENGTH;
  const typedInvalid = icpComplete && !icpValid(draft.icp);
  const check = useIcpCheck(icpComplete && !typedInvalid ? draft.icp : null, supply === 'electricity');
  const icpChecked = !withIcp || (check.data?.icp === draft.icp && check.data.valid);

  // The units and meter types of a newly chosen activity or level: keep a valid choice, else take the usual one.
  useEffect(() => {
    const list = units.data;
    if (!list?.length) return;
    const standard = list.find((u) => u.conversionToStandard === 1) ?? list[0];
    setDraft((d) => ({
      ...d,
      unit: list.some((u) => u.unitId === d.unit) ? d.unit : (standard?.unitId ?? null),
      outputUnit: list.some((u) => u.unitId === d.outputUnit) ? d.outputUnit : (standard?.unitId ?? null),
    }));
  }, [units.data]);
  useEffect(() => {
    const list = meterTypes.data;
    if (!list?.length) return;
    setDraft((d) =>
      list.some((t) => t.Id === d.meterType)
        ? d
        : { ...d, meterType: Number(list.find((t) => t.Id === 2)?.Id ?? list[0]?.Id) },
    );
  }, [meterTypes.data]);

  const siteOptions = (sites.data?.pages ?? [])
    .flatMap((p) => p.results)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const siteName = siteOptions.find((s) => s.value === String(draft.site))?.label ?? '';
  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.unitId), label: u.name }));
  const retailerList = (retailers.data ?? []).filter((r) => retailerSupplies(r.type, supply));
  const suggestion = suggestMeterName({
    address: check.data?.icp === draft.icp ? check.data.address : null,
    siteName,
    activity: type?.energyDescr,
    account: draft.level === 'CHECK' ? null : draft.icp,
  });

  const full = { ...draft, grouping: type?.grouping ?? null };
  const errorsOf = (s: number): StepErrors => {
    const rules = STEP_CHECKS[s];
    return rules ? rules(full) : {};
  };
  const shown = (s: number) => (tried.includes(s) ? errorsOf(s) : {});
  const canLeave = (s: number) => Object.keys(errorsOf(s)).length === 0 && (s !== 1 || icpChecked);

  const close = () => {
    setStep(0);
    setDraft(EMPTY);
    setTried([]);
    setFailure(null);
    onClose();
  };

  const next = () => {
    if (!canLeave(step)) {
      setTried((t) => [...t, step]);
      return;
    }
    if (step + 1 === 3 && draft.name.trim() === '') set('name', suggestion);
    setStep(step + 1);
  };

  const onActivity = (energy: number | null) =>
    setDraft((d) => ({ ...d, energy, unit: null, outputUnit: null, meterType: null, retailer: null }));

  const submit = () => {
    setFailure(null);
    create.mutate(
      {
        name: draft.name.trim(),
        icp: draft.level === 'CHECK' ? '' : draft.icp,
        site: draft.site,
        energy: draft.energy,
        unit: draft.unit,
        outputUnit: draft.outputUnit,
        level: draft.level,
        meterType: draft.meterType,
        landlord: needsLandlord(draft.level) ? draft.landlord : null,
        reporting: draft.reporting,
        openDate: draft.openDate,
        retailer: draft.nonRetailer ? null : draft.retailer,
        nonMainland: draft.nonMainland,
        nonRetailer: draft.nonRetailer,
      },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          close();
          navigate(`/data-sources/${answer.id}`);
        },
        onError: (error) => {
          if (!isSilentError(error)) setFailure(errorMessage(error));
        },
      },
    );
  };

  const unitName = (id: number | null) => units.data?.find((u) => u.unitId === id)?.name ?? '';
  const review: [string, string][] = [
    ['Site', siteName],
    ['Activity', type?.energyDescr ?? ''],
    ['Reporting source', draft.reporting ? REPORTING_SOURCE_LABELS[draft.reporting] : ''],
    ['Level', SITUATION_LABELS[draft.level]],
    ['Open date', draft.openDate ? formatDisplayDate(draft.openDate) : ''],
    [withIcp ? 'ICP' : 'Account', draft.level === 'CHECK' ? '' : draft.icp],
    ...(needsLandlord(draft.level) ? [['Landlord', draft.landlord] as [string, string]] : []),
    ['Off the mainland', draft.nonMainland ? 'Yes' : 'No'],
    ['Unit', unitName(draft.unit)],
    ['Unit for reporting', unitName(draft.outputUnit)],
    ['Meter type', draft.meterType ? (METER_TYPE_LABELS[draft.meterType] ?? '') : ''],
    [
      'Retailer',
      draft.nonRetailer
        ? 'Not bought from a retailer'
        : (retailerList.find((r) => r.retailerId === draft.retailer)?.retailerDescr ?? ''),
    ],
    ['Name', draft.name.trim()],
  ];

  const steps = [
    <OverviewStep
      key="overview"
      draft={draft}
      set={set}
      errors={shown(0)}
      sites={siteOptions}
      types={types.data ?? []}
      onActivity={onActivity}
    />,
    <AccountStep
      key="account"
      draft={draft}
      set={set}
      errors={shown(1)}
      supply={supply}
      icp={{
        checking: check.isFetching,
        answer: check.data?.icp === draft.icp ? check.data : undefined,
        typedInvalid,
      }}
    />,
    <MeteringStep
      key="metering"
      draft={draft}
      set={set}
      errors={shown(2)}
      supply={supply}
      units={unitOptions}
      meterTypes={meterTypes.data ?? []}
      retailers={retailerList}
    />,
    <NamingStep key="naming" draft={draft} set={set} errors={shown(3)} suggestion={suggestion} />,
    <WizardReview key="review" rows={review} />,
  ];

  return (
    <Modal opened={opened} onClose={close} title="New Meter" size="xl" fullScreen={!wide}>
      <Stepper
        active={step}
        onStepClick={(s) => s < step && setStep(s)}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={wide ? 32 : 26}
      >
        {WIZARD_STEPS.map((label, i) => (
          <Stepper.Step key={label} label={wide ? label : undefined} aria-label={label}>
            {!wide && (
              <Text fw={600} mb="sm">
                {`Step ${i + 1} of ${WIZARD_STEPS.length}: ${label}`}
              </Text>
            )}
            {steps[i]}
          </Stepper.Step>
        ))}
      </Stepper>
      <WizardFooter
        step={step}
        last={REVIEW}
        failure={failure}
        onCancel={close}
        onBack={() => setStep(step - 1)}
        onNext={next}
        nextDisabled={step === 1 && withIcp && check.isFetching}
        onCreate={submit}
        creating={create.isPending}
      />
    </Modal>
  );
}
