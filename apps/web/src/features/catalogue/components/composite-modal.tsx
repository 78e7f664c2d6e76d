import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CAT } from '@verdant/domain/catalogue-messages';
import { fill } from '@verdant/domain/messages';
import { useState } from 'react';
import { FormActions, FormError } from '../../../components/form-actions';
import { showSuccessBanner } from '../../../lib/banners';
import { useCommons, useCommonTypes, useCreateComposite } from '../api';
import { refusalOf } from './field-errors';

type Part = { energy: string | null; percentage: number | string };

/**
 * New composite factor (data-portal.md 5, Composite factor): a name of at least 3 characters and at least 2
 * components, each at least 1 %, totalling 100. Creating closes the dialog (data-portal.md 4).
 */
export function CompositeModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [unit, setUnit] = useState<string | null>('kWh');
  const [parts, setParts] = useState<Part[]>([
    { energy: null, percentage: '' },
    { energy: null, percentage: '' },
  ]);
  const [error, setError] = useState<string | null>(null);
  const commons = useCommons(true).data ?? [];
  const types = useCommonTypes(unit).data ?? [];
  const create = useCreateComposite();
  const total = parts.reduce((sum, p) => sum + Math.round(Number(p.percentage || 0) * 10_000), 0) / 10_000;
  const problem =
    name.trim().length < 3
      ? CAT.compositeNameShort
      : parts.filter((p) => p.energy).length < 2
        ? CAT.compositeTwoComponents
        : parts.some((p) => Number(p.percentage || 0) < 1)
          ? CAT.compositeComponentMin
          : total !== 100
            ? fill(CAT.compositeTotal, { total })
            : null;
  const set = (i: number, patch: Partial<Part>) =>
    setParts((all) => all.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const submit = () =>
    create.mutate(
      {
        name: name.trim(),
        components: parts.map((p) => ({ energy: Number(p.energy), percentage: Number(p.percentage) })),
      },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onClose();
        },
        onError: (e) => setError(refusalOf(e).message),
      },
    );
  return (
    <Modal opened onClose={onClose} title="New composite factor" size="lg" centered>
      <Stack>
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <Select
          label="Measured in"
          description="Components are mixed in this unit; each must have it"
          allowDeselect={false}
          value={unit}
          data={commons.map((c) => c.Id)}
          onChange={(v) => {
            setUnit(v);
            setParts((all) => all.map((p) => ({ ...p, energy: null })));
          }}
        />
        {parts.map((p, i) => (
          // Rows have no identity of their own but their position.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={i} align="flex-end" wrap="nowrap">
            <Select
              label={`Component ${i + 1}`}
              searchable
              value={p.energy}
              data={types.map((t) => ({ value: String(t.id), label: `${t.energyDescr} (${t.grouping})` }))}
              onChange={(v) => set(i, { energy: v })}
              style={{ flex: 1 }}
            />
            <NumberInput
              label="%"
              min={0}
              max={100}
              decimalScale={4}
              value={p.percentage}
              onChange={(v) => set(i, { percentage: v })}
              w={110}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove component ${i + 1}`}
              disabled={parts.length <= 2}
              onClick={() => setParts((all) => all.filter((_, j) => j !== i))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => setParts((all) => [...all, { energy: null, percentage: '' }])}
          >
            Add component
          </Button>
          <Text size="sm" c={total === 100 ? 'teal' : 'dimmed'}>
            Total {total} %
          </Text>
        </Group>
        {problem && (
          <Text size="sm" c="dimmed">
            {problem}
          </Text>
        )}
        <FormError>{error}</FormError>
        <FormActions
          onCancel={onClose}
          disabled={problem !== null}
          loading={create.isPending}
          onClick={submit}
        >
          Create
        </FormActions>
      </Stack>
    </Modal>
  );
}
