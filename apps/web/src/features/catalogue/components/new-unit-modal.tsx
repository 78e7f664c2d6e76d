import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { NUMERIC_TEXT } from '@verdant/contracts/catalogue-admin';
import { CAT } from '@verdant/domain/catalogue-messages';
import { fill } from '@verdant/domain/messages';
import { useState } from 'react';
import { FormActions, FormError } from '../../../components/form-actions';
import { showSuccessBanner } from '../../../lib/banners';
import { useCreateUnit } from '../api';
import { refusalOf } from './field-errors';

/** The spec's unit checks, told while typing (data-portal.md 5, New unit). */
export function unitProblems(name: string, factor: string, existing: string[]) {
  const n = name.trim();
  const f = factor.trim();
  return {
    name: !n
      ? CAT.unitNameBlank
      : existing.some((e) => e.toLowerCase() === n.toLowerCase())
        ? fill(CAT.unitNameTaken, { name: n })
        : null,
    factor: !f
      ? CAT.unitFactorMissing
      : !NUMERIC_TEXT.test(f)
        ? CAT.unitFactorNumber
        : Number(f) === 0
          ? CAT.unitFactorZero
          : null,
  };
}

/** Create New Unit: standard quantity = quantity x factor; the factor numeric, optionally negative, never 0. */
export function NewUnitModal({
  dataType,
  onClose,
}: {
  dataType: { id: number; energyDescr: string; stdUnit: string; units: { name: string }[] };
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [factor, setFactor] = useState('');
  const [source, setSource] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateUnit(dataType.id);
  const problems = unitProblems(
    name,
    factor,
    dataType.units.map((u) => u.name),
  );
  const submit = () => {
    setTouched(true);
    if (problems.name || problems.factor) return;
    create.mutate(
      { name: name.trim(), conversionToStandard: factor.trim(), sourceInfo: source.trim() || null },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onClose();
        },
        onError: (e) => setError(refusalOf(e).message),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Create New Unit of ${dataType.energyDescr}`} centered>
      <Stack>
        <TextInput
          label="Name"
          required
          value={name}
          maxLength={30}
          error={touched || name ? problems.name : null}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label={`Factor (1 unit = factor x ${dataType.stdUnit})`}
          required
          value={factor}
          inputMode="decimal"
          error={touched || factor ? problems.factor : null}
          onChange={(e) => setFactor(e.currentTarget.value.replace(/[^0-9.-]/g, ''))}
        />
        <Textarea label="Source" autosize value={source} onChange={(e) => setSource(e.currentTarget.value)} />
        <FormError>{error}</FormError>
        <FormActions onCancel={onClose} loading={create.isPending} onClick={submit}>
          Create
        </FormActions>
      </Stack>
    </Modal>
  );
}
