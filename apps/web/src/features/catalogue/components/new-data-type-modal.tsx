import {
  Alert,
  Autocomplete,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ENERGY_TYPE_TYPES } from '@verdant/contracts/catalogue';
import { DEFAULT_SCOPE3_CATEGORY, NUMERIC_TEXT, SCOPE3_CATEGORIES } from '@verdant/contracts/catalogue-admin';
import { CAT } from '@verdant/domain/catalogue-messages';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { showSuccessBanner } from '../../../lib/banners';
import { useCreateDataType } from '../api';
import { refusalOf } from './field-errors';

type ScopeRow = { on: boolean; rate: string; startDate: string };
const SCOPES = [1, 2, 3] as const;

/**
 * Create New Data Type (data-portal.md 5, New data type): name (unique), group, type, standard unit and source
 * notes required; type 1 uses kWh; types 1 and 4 need a scope with a factor and a start date; factors numeric
 * only; scope 3 category 3-6, default 4. The rules are told as the form is filled, and the server's answer
 * shown where it refuses.
 */
export function NewDataTypeModal({
  onClose,
  names,
  groups,
}: {
  onClose: () => void;
  names: string[];
  groups: string[];
}) {
  const [name, setName] = useState('');
  const [grouping, setGrouping] = useState('');
  const [type, setType] = useState('4');
  const [stdUnit, setStdUnit] = useState('');
  const [notes, setNotes] = useState('');
  const [category, setCategory] = useState(String(DEFAULT_SCOPE3_CATEGORY));
  const [scopes, setScopes] = useState<Record<number, ScopeRow>>({
    1: { on: false, rate: '', startDate: '' },
    2: { on: false, rate: '', startDate: '' },
    3: { on: false, rate: '', startDate: '' },
  });
  const [server, setServer] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const create = useCreateDataType();

  const typeId = Number(type);
  const unit = typeId === 1 ? 'kWh' : stdUnit;
  const chosen = SCOPES.filter((s) => scopes[s]?.on).map((s) => ({ scope: s, ...(scopes[s] as ScopeRow) }));
  const nameTaken = names.some((n) => n.toLowerCase() === name.trim().toLowerCase());
  const rateBad = chosen.some((s) => s.rate !== '' && !NUMERIC_TEXT.test(s.rate.trim()));
  const needsScope = (typeId === 1 || typeId === 4) && !chosen.some((s) => s.rate.trim() && s.startDate);
  const incomplete = chosen.some((s) => !s.rate.trim() || !s.startDate);
  const ready =
    name.trim() &&
    grouping.trim() &&
    unit.trim() &&
    notes.trim() &&
    !nameTaken &&
    !rateBad &&
    !needsScope &&
    !incomplete;

  const setScope = (s: number, patch: Partial<ScopeRow>) =>
    setScopes((all) => ({ ...all, [s]: { ...(all[s] as ScopeRow), ...patch } }));

  const submit = () =>
    create.mutate(
      {
        name: name.trim(),
        grouping: grouping.trim(),
        type: typeId,
        stdUnit: unit.trim(),
        sourceNotes: notes.trim(),
        scope3Category: Number(category),
        scopes: chosen.map((s) => ({ scope: s.scope, rate: s.rate.trim(), startDate: s.startDate })),
      },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onClose();
        },
        onError: (e) => setServer(refusalOf(e)),
      },
    );

  return (
    <Modal opened onClose={onClose} title="Create New Data Type" size="lg" centered>
      <Stack>
        <TextInput
          label="Name"
          required
          value={name}
          maxLength={100}
          error={nameTaken ? CAT.dataTypeNameTaken : server?.fields.name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Autocomplete
            label="Group"
            required
            value={grouping}
            data={groups}
            onChange={setGrouping}
            error={server?.fields.grouping}
          />
          <Select
            label="Type"
            required
            allowDeselect={false}
            value={type}
            data={ENERGY_TYPE_TYPES.map((t) => ({ value: String(t.Id), label: t.Descr }))}
            onChange={(v) => v && setType(v)}
          />
          <TextInput
            label="Standard Unit"
            required
            value={unit}
            disabled={typeId === 1}
            description={typeId === 1 ? CAT.dataTypeConsumptionKwh : undefined}
            maxLength={30}
            onChange={(e) => setStdUnit(e.currentTarget.value)}
            error={server?.fields.stdUnit}
          />
        </SimpleGrid>
        <Textarea
          label="Source notes"
          required
          autosize
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          error={server?.fields.sourceNotes}
        />
        <Text fw={600} size="sm">
          Emission factors (kg CO2e per {unit || 'standard unit'})
        </Text>
        {SCOPES.map((s) => {
          const row = scopes[s] as ScopeRow;
          return (
            <Group key={s} align="flex-end" wrap="wrap">
              <Checkbox
                label={`Scope ${s}`}
                checked={row.on}
                onChange={(e) => setScope(s, { on: e.currentTarget.checked })}
                w={90}
              />
              <TextInput
                label={`Scope ${s} factor`}
                disabled={!row.on}
                value={row.rate}
                inputMode="decimal"
                // Numeric text only (data-portal.md 5): anything else is not typed in.
                onChange={(e) => setScope(s, { rate: e.currentTarget.value.replace(/[^0-9.-]/g, '') })}
                error={
                  row.on && row.rate !== '' && !NUMERIC_TEXT.test(row.rate) ? CAT.factorRateNumber : null
                }
                w={150}
              />
              <DateField
                label={`Scope ${s} from`}
                disabled={!row.on}
                value={row.startDate || null}
                onChange={(value) => setScope(s, { startDate: value ?? '' })}
                w={170}
              />
              {s === 3 && (
                <Select
                  label="Scope 3 category"
                  disabled={!row.on}
                  allowDeselect={false}
                  value={category}
                  data={SCOPE3_CATEGORIES.map((c) => String(c))}
                  onChange={(v) => v && setCategory(v)}
                  w={150}
                />
              )}
            </Group>
          );
        })}
        {needsScope && (
          <Text size="sm" c="dimmed">
            {CAT.dataTypeScopeRequired}
          </Text>
        )}
        {server && (
          <Alert color="red" variant="light" role="alert">
            {server.message}
          </Alert>
        )}
        <FormActions onCancel={onClose} disabled={!ready} loading={create.isPending} onClick={submit}>
          Create
        </FormActions>
      </Stack>
    </Modal>
  );
}
