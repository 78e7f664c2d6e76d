import { Alert, Autocomplete, Modal, Select, Stepper, Text, TextInput } from '@mantine/core';
import { IconMinus } from '@tabler/icons-react';
import { ENTITY_TYPE_LABELS, ENTITY_TYPES, type EntityType } from '@verdant/contracts/entities';
import { fill, MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useReferenceList } from '../../../components/reference-lists';
import { useAssetBrowse } from '../../../components/use-asset-browse';
import { WizardFooter, WizardReview } from '../../../components/wizard-parts';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { useCreateEntity, useFacilities, usePumpMeters } from '../api';
import classes from './new-entity-wizard.module.css';

interface Draft {
  name: string;
  siteId: string | null;
  type: EntityType | null;
  facility: string;
  buildsegId: string | null;
  entdescId: string | null;
  head: string;
  powerMeterId: string | null;
  flowMeterId: string | null;
}

const EMPTY: Draft = {
  name: '',
  siteId: null,
  type: null,
  facility: '',
  buildsegId: null,
  entdescId: null,
  head: '',
  powerMeterId: null,
  flowMeterId: null,
};

const STEPS = { overview: 0, details: 1, specifics: 2, review: 3 } as const;
const toOptions = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));

/** New Entity: Overview, Details, Specifics (pumps only) and Review; a step advances only when valid. */
export function NewEntityWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const sites = useAssetBrowse('site', opened, { open: true });
  const siteId = draft.siteId ? Number(draft.siteId) : null;
  const facilities = useFacilities(siteId);
  const meters = usePumpMeters(draft.type === 'PUMP' ? siteId : null);
  const occupancies = useReferenceList('building-segmentations');
  const functions = useReferenceList('entity-descriptors');
  const create = useCreateEntity();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const isPump = draft.type === 'PUMP';
  const siteOptions = (sites.data?.pages ?? [])
    .flatMap((p) => p.results)
    .map((s) => ({
      value: String(s.id),
      label: s.name,
    }));
  const siteName = siteOptions.find((s) => s.value === draft.siteId)?.label ?? '';
  const noPower = isPump && meters.data !== undefined && meters.data.power.length === 0;
  const noFlow = isPump && meters.data !== undefined && meters.data.flow.length === 0;
  const pumpBlocked = noPower
    ? fill(MSG.pumpNoPowerMeters, { site: siteName })
    : noFlow
      ? fill(MSG.pumpNoFlowMeters, { site: siteName })
      : null;
  const headValid = /^\d*$/.test(draft.head.trim());

  const valid = [
    draft.name.trim() !== '' && draft.siteId !== null && draft.type !== null && pumpBlocked === null,
    draft.facility.trim() !== '' &&
      draft.buildsegId !== null &&
      (draft.type !== 'STANDARD' || draft.entdescId !== null),
    !isPump ||
      (headValid && draft.powerMeterId !== null && draft.flowMeterId !== null && pumpBlocked === null),
    true,
  ];

  const close = () => {
    setStep(0);
    setDraft(EMPTY);
    setFailure(null);
    onClose();
  };

  const next = () => {
    if (!valid[step]) return;
    setStep(step === STEPS.details && !isPump ? STEPS.review : step + 1);
  };
  const back = () => setStep(step === STEPS.review && !isPump ? STEPS.details : Math.max(0, step - 1));

  const submit = () => {
    setFailure(null);
    create.mutate(
      {
        name: draft.name.trim(),
        siteId,
        type: draft.type,
        facility: draft.facility.trim(),
        buildsegId: draft.buildsegId ? Number(draft.buildsegId) : null,
        entdescId: draft.entdescId ? Number(draft.entdescId) : null,
        head: isPump ? draft.head.trim() || null : null,
        powerMeterId: isPump && draft.powerMeterId ? Number(draft.powerMeterId) : null,
        flowMeterId: isPump && draft.flowMeterId ? Number(draft.flowMeterId) : null,
      },
      {
        onSuccess: ({ data }) => {
          close();
          navigate(`/entities/${data.id}`);
        },
        onError: (error) => {
          if (!isSilentError(error)) setFailure(errorMessage(error));
        },
      },
    );
  };

  const label = (list: { Id: number; Descr: string }[] | undefined, id: string | null) =>
    list?.find((i) => String(i.Id) === id)?.Descr ?? '-';
  const meterName = (id: string | null) => meters.data?.all.find((m) => String(m.id) === id)?.name ?? '-';
  const review: [string, string][] = [
    ['Name', draft.name.trim()],
    ['Site', siteName],
    ['Type', draft.type ? ENTITY_TYPE_LABELS[draft.type] : '-'],
    ['Facility', draft.facility.trim()],
    ['Occupancy', label(occupancies.data, draft.buildsegId)],
    ['Function', label(functions.data, draft.entdescId)],
    ...(isPump
      ? ([
          ['Pump head', draft.head.trim() ? `${draft.head.trim()} m` : '-'],
          ['Power meter', meterName(draft.powerMeterId)],
          ['Flow meter', meterName(draft.flowMeterId)],
        ] as [string, string][])
      : []),
  ];

  return (
    <Modal opened={opened} onClose={close} title="New Entity" size="xl">
      <Stepper
        active={step}
        onStepClick={(s) => s < step && setStep(s)}
        size="sm"
        allowNextStepsSelect={false}
        wrap={false}
        classNames={{
          step: classes.step,
          stepBody: classes.stepBody,
          stepDescription: classes.stepDescription,
          separator: classes.separator,
        }}
      >
        <Stepper.Step label="Overview" description="Name, site and type">
          <TextInput
            label="Name"
            required
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            data-autofocus
          />
          <Select
            label="Site"
            required
            searchable
            data={siteOptions}
            value={draft.siteId}
            onChange={(v) =>
              setDraft((d) => ({ ...d, siteId: v, facility: '', powerMeterId: null, flowMeterId: null }))
            }
            mt="sm"
          />
          <Select
            label="Type"
            required
            data={ENTITY_TYPES.map((t) => ({ value: t, label: ENTITY_TYPE_LABELS[t] }))}
            value={draft.type}
            onChange={(v) => set('type', v as EntityType | null)}
            mt="sm"
          />
          {pumpBlocked && (
            <Alert color="red" variant="light" mt="md" role="alert">
              {pumpBlocked}
            </Alert>
          )}
        </Stepper.Step>
        <Stepper.Step label="Details" description="Facility and occupancy">
          <Autocomplete
            label="Facility"
            description="Choose one at the site or type a new name; a new facility is created."
            required
            data={(facilities.data ?? []).map((f) => f.name)}
            value={draft.facility}
            onChange={(v) => set('facility', v)}
          />
          <Select
            label="Occupancy"
            required
            searchable
            data={(occupancies.data ?? []).map((o) => ({ value: String(o.Id), label: o.Descr }))}
            value={draft.buildsegId}
            onChange={(v) => set('buildsegId', v)}
            mt="sm"
          />
          <Select
            label="Function"
            required={draft.type === 'STANDARD'}
            description={draft.type === 'STANDARD' ? undefined : 'Optional for this type'}
            searchable
            clearable
            data={(functions.data ?? []).map((o) => ({ value: String(o.Id), label: o.Descr }))}
            value={draft.entdescId}
            onChange={(v) => set('entdescId', v)}
            mt="sm"
          />
        </Stepper.Step>
        <Stepper.Step
          label="Specifics"
          description={isPump ? 'Pump head and meters' : 'Pumps only (skipped)'}
          color={isPump ? undefined : 'gray'}
          completedIcon={isPump ? undefined : <IconMinus size={16} aria-label="Skipped" />}
        >
          {pumpBlocked && (
            <Alert color="red" variant="light" mb="md" role="alert">
              {pumpBlocked}
            </Alert>
          )}
          <TextInput
            label="Pump head (metres)"
            inputMode="numeric"
            value={draft.head}
            onChange={(e) => set('head', e.currentTarget.value)}
            error={headValid ? null : MSG.entityHeadDigits}
          />
          <Select
            label="Power meter"
            required
            data={toOptions(meters.data?.power)}
            value={draft.powerMeterId}
            onChange={(v) => set('powerMeterId', v)}
            mt="sm"
          />
          <Select
            label="Flow meter"
            required
            data={toOptions(meters.data?.flow)}
            value={draft.flowMeterId}
            onChange={(v) => set('flowMeterId', v)}
            mt="sm"
          />
        </Stepper.Step>
        <Stepper.Step label="Review" description="Check and create">
          <WizardReview rows={review} label="New entity summary" />
        </Stepper.Step>
      </Stepper>
      {!valid[step] && step === STEPS.overview && pumpBlocked === null && (
        <Text fz="xs" c="dimmed" mt="sm">
          Name, site and type are required.
        </Text>
      )}
      <WizardFooter
        step={step}
        last={STEPS.review}
        failure={failure}
        onCancel={close}
        onBack={back}
        onNext={next}
        nextDisabled={!valid[step]}
        onCreate={submit}
        creating={create.isPending}
      />
    </Modal>
  );
}
