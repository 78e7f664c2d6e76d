import {
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type AdminDataType, SCOPE3_CATEGORIES } from '@verdant/contracts/catalogue-admin';
import { useState } from 'react';
import { FormError } from '../../../components/form-actions';
import { showSuccessBanner } from '../../../lib/banners';
import { useCompositeDetails, useUpdateDataType } from '../api';
import { FactorEditor } from './factor-editor';
import { refusalOf } from './field-errors';
import { NewUnitModal } from './new-unit-modal';

/** An expanded row of the admin list: the data type's fields, its units, its components and its factors. */
export function DataTypeEditor({ type, groups }: { type: AdminDataType; groups: string[] }) {
  const [name, setName] = useState(type.energyDescr);
  const [grouping, setGrouping] = useState(type.grouping);
  const [notes, setNotes] = useState(type.source_notes ?? '');
  const [retired, setRetired] = useState(type.retired);
  const [category, setCategory] = useState<string | null>(
    type.scope3Category === null ? null : String(type.scope3Category),
  );
  const [defaultUnit, setDefaultUnit] = useState<string | null>(
    type.defaultUnit === null ? null : String(type.defaultUnit),
  );
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateDataType(type.id);
  const details = useCompositeDetails(type.composite ? type.id : null).data;
  const save = () =>
    update.mutate(
      {
        name: name.trim(),
        grouping: grouping.trim(),
        sourceNotes: notes.trim(),
        retired,
        scope3Category: category === null ? null : Number(category),
        defaultUnit: defaultUnit === null ? null : Number(defaultUnit),
        reportingGroupId: type.reportingGroupId,
      },
      {
        onSuccess: (answer) => {
          setError(null);
          showSuccessBanner(answer.message);
        },
        onError: (e) => setError(refusalOf(e).message),
      },
    );
  return (
    <Stack gap="md" p="sm">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TextInput label="Data Type" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Autocomplete label="Group" value={grouping} data={groups} onChange={setGrouping} />
        <Select
          label="Default unit"
          value={defaultUnit}
          data={type.units.map((u) => ({ value: String(u.unitId), label: u.name }))}
          onChange={setDefaultUnit}
        />
        <Select
          label="Scope 3 category"
          clearable
          value={category}
          data={SCOPE3_CATEGORIES.map(String)}
          onChange={setCategory}
        />
        <Checkbox
          label="Retired"
          mt={{ md: 'xl' }}
          checked={retired}
          onChange={(e) => setRetired(e.currentTarget.checked)}
        />
      </SimpleGrid>
      <Textarea
        label="Source notes"
        autosize
        minRows={2}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <FormError>{error}</FormError>
      <Group>
        <Button size="xs" onClick={save} loading={update.isPending}>
          Save
        </Button>
      </Group>
      <Group justify="space-between">
        <Text size="sm">
          <b>Units:</b>{' '}
          {type.units.map((u) => `${u.name} (= ${u.conversionToStandard} ${type.stdUnit})`).join(', ')}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setAdding(true)}
        >
          Create New Unit
        </Button>
      </Group>
      {details && (
        <Text size="sm">
          <b>Components:</b>{' '}
          {details.components.map((c) => `${c.percentage} % ${c.energy.energyDescr}`).join(', ')}
        </Text>
      )}
      {!type.composite && <FactorEditor dataTypeId={type.id} />}
      {adding && <NewUnitModal dataType={type} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
