import { Modal, Stepper, TextInput } from '@mantine/core';
import { targetSpec } from '@verdant/contracts/targets';
import { fill, MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WizardFooter, WizardReview } from '../../../components/wizard-parts';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { useCreateTarget } from '../api';
import { blankTargetForm, checkTargetForm, reviewRows, type TargetForm } from './target-form';
import { BaselineStep, ProfileStep, TargetsStep } from './target-steps';

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
  const thisYear = Number(useOrganisationToday().slice(0, 4));
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<TargetForm>(() => blankTargetForm(thisYear));
  const [failure, setFailure] = useState<string | null>(null);
  const patch = (change: Partial<TargetForm>) => setForm((f) => ({ ...f, ...change }));
  const check = checkTargetForm(form, existingNames, thisYear);
  const { valid, spec } = check;

  function close() {
    setStep(0);
    // The baseline year and its year end stay as they were for the next target.
    setForm((f) => ({ ...blankTargetForm(thisYear), baselineYear: f.baselineYear, yearEnd: f.yearEnd }));
    setFailure(null);
    onClose();
  }

  function submit() {
    setFailure(null);
    const parsed = targetSpec.safeParse(spec);
    if (!parsed.success) return setFailure(parsed.error.issues[0]?.message ?? '');
    create.mutate(
      { name: check.trimmed, spec },
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
            value={form.name}
            onChange={(e) => patch({ name: e.currentTarget.value })}
            error={form.name !== '' ? check.nameError : null}
            data-autofocus
          />
        </Stepper.Step>
        <Stepper.Step label="Baseline">
          <BaselineStep form={form} patch={patch} yearError={check.yearError} consError={check.consError} />
        </Stepper.Step>
        <Stepper.Step label="Profile">
          <ProfileStep
            form={form}
            patch={patch}
            profileError={check.profileError}
            normalised={check.normalised}
          />
        </Stepper.Step>
        <Stepper.Step label="Targets">
          <TargetsStep
            form={form}
            patch={patch}
            targetErrors={check.targetErrors}
            firstYearError={check.firstYearError}
          />
        </Stepper.Step>
        <Stepper.Step label="Review">
          <WizardReview rows={reviewRows(form)} />
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
