import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { type EmissionFactor, NUMERIC_TEXT } from '@verdant/contracts/catalogue-admin';
import { CAT } from '@verdant/domain/catalogue-messages';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions, FormError } from '../../../components/form-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { showSuccessBanner } from '../../../lib/banners';
import { useFactorSources, useFactors, useSaveFactor } from '../api';
import { refusalOf } from './field-errors';

const scopeLabel = (f: Pick<EmissionFactor, 'scopeId' | 'basis'>) =>
  f.scopeId === 2
    ? `Scope 2 (${f.basis === 'residual-mix' ? 'residual mix' : 'location'})`
    : `Scope ${f.scopeId}`;
const editable = (f: EmissionFactor) => f.edition === null || f.edition.status === 'draft';

/** The emission factor editor: create if no id, update if id (data-portal.md 4); the rate numeric text only. */
function FactorModal({
  dataTypeId,
  source,
  factor,
  onClose,
}: {
  dataTypeId: number;
  source: number;
  factor: EmissionFactor | null;
  onClose: () => void;
}) {
  const [scope, setScope] = useState(String(factor?.scopeId ?? 1));
  const [basis, setBasis] = useState<string>(factor?.basis ?? 'location');
  const [rate, setRate] = useState(factor ? String(factor.rate) : '');
  const [from, setFrom] = useState(factor?.startDate ?? '');
  const [till, setTill] = useState(factor?.endDate ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFactor(dataTypeId, source);
  const rateError = rate !== '' && !NUMERIC_TEXT.test(rate) ? CAT.factorRateNumber : null;
  const submit = () =>
    save.mutate(
      {
        factorId: factor?.emissionFactorId ?? null,
        body: {
          scopeId: Number(scope) as 1 | 2 | 3,
          basis: scope === '2' ? (basis as 'location' | 'residual-mix') : null,
          rate,
          startDate: from,
          endDate: till || null,
          reason: reason.trim() || null,
        },
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
    <Modal opened onClose={onClose} title={factor ? 'Edit emission factor' : 'New emission factor'} centered>
      <Stack>
        <SimpleGrid cols={2}>
          <Select
            label="Scope"
            allowDeselect={false}
            value={scope}
            data={['1', '2', '3']}
            onChange={(v) => v && setScope(v)}
          />
          {scope === '2' && (
            <Select
              label="Basis"
              allowDeselect={false}
              value={basis}
              data={[
                { value: 'location', label: 'Location-based' },
                { value: 'residual-mix', label: 'Residual mix' },
              ]}
              onChange={(v) => v && setBasis(v)}
            />
          )}
        </SimpleGrid>
        <TextInput
          label="Rate (kg CO2e per standard unit)"
          required
          inputMode="decimal"
          value={rate}
          error={rateError}
          onChange={(e) => setRate(e.currentTarget.value.replace(/[^0-9.-]/g, ''))}
          data-autofocus
        />
        <SimpleGrid cols={2}>
          <DateField label="From" required value={from || null} onChange={(value) => setFrom(value ?? '')} />
          <DateField label="Till" clearable value={till || null} onChange={(value) => setTill(value ?? '')} />
        </SimpleGrid>
        <TextInput
          label="Reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <FormError>{error}</FormError>
        <FormActions
          onCancel={onClose}
          disabled={!rate || !from || rateError !== null}
          loading={save.isPending}
          onClick={submit}
        >
          Save
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** A data type's factors in one source, every edition, with the hand-entered ones editable. */
export function FactorEditor({ dataTypeId }: { dataTypeId: number }) {
  const sources = useFactorSources(true).data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const source = chosen ?? (sources.find((s) => s.isDefault)?.id.toString() || null);
  const factors = useFactors(dataTypeId, source === null ? null : Number(source));
  const [editing, setEditing] = useState<EmissionFactor | 'new' | null>(null);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Factor source"
          allowDeselect={false}
          value={source}
          data={sources.map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={setChosen}
          w={360}
        />
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing('new')}
          disabled={!source}
        >
          Add factor
        </Button>
      </Group>
      {factors.data && factors.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No factors in this source: emissions of this data type are unknown.
        </Text>
      ) : (
        <ScrollTable label="Emission factors" minWidth={640}>
          <Table striped aria-label="Emission factors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Scope</Table.Th>
                <Table.Th>Rate</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>Till</Table.Th>
                <Table.Th>Edition</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(factors.data ?? []).map((f) => (
                <Table.Tr key={f.emissionFactorId}>
                  <Table.Td>{scopeLabel(f)}</Table.Td>
                  <Table.Td>{f.rate}</Table.Td>
                  <Table.Td>{f.startDate}</Table.Td>
                  <Table.Td>{f.endDate ?? 'open'}</Table.Td>
                  <Table.Td>
                    {f.edition ? (
                      <Badge variant="light" color={f.edition.status === 'published' ? 'teal' : 'gray'}>
                        {f.edition.name} · {f.edition.status}
                      </Badge>
                    ) : (
                      'By hand'
                    )}
                  </Table.Td>
                  <Table.Td>{f.version}</Table.Td>
                  <Table.Td>
                    {editable(f) && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconPencil size={12} />}
                        onClick={() => setEditing(f)}
                        aria-label={`Edit the ${scopeLabel(f)} factor from ${f.startDate}`}
                      >
                        Edit
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {editing && source && (
        <FactorModal
          dataTypeId={dataTypeId}
          source={Number(source)}
          factor={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
