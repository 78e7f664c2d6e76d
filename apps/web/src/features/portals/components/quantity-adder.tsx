import { Button, Group, Select, TextInput } from '@mantine/core';
import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import type { NewPortalQuantity } from '@verdant/contracts/portals/shapes';
import { needsAccountNumber, needsIcp, supplyOf } from '@verdant/domain/meter-creation';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { uniqueName } from '@verdant/domain/portals/url';
import { useState } from 'react';
import { useOperation } from '../../../lib/operations';
import { useOrganisationId } from '../../../lib/session-store';
import { useEnergyTypes, useUnitsOf } from '../api';

const NEW = 'new';

/**
 * Adds a quantity (data-portal.md 5, "Portals"): what it measures, its unit and a unique name (defaulted from
 * what it measures, with a (n) suffix when taken); a new data source is made for it, or an existing one chosen.
 * Add is enabled only with measuring, unit and name. A new data source of electricity or gas asks its ICP, of water
 * its account number, as the new meter wizard asks of a standard supply.
 */
export function QuantityAdder({ taken, onAdd }: { taken: string[]; onAdd: (q: NewPortalQuantity) => void }) {
  const organisationId = useOrganisationId();
  const types = useEnergyTypes();
  const [energy, setEnergy] = useState<string | null>(null);
  const units = useUnitsOf(energy ? Number(energy) : null);
  const meters = useOperation(
    dataSourcesOperations.organisationMeters,
    organisationId ? { params: { id: organisationId } } : null,
  );
  const [unit, setUnit] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [meter, setMeter] = useState<string>(NEW);
  const [account, setAccount] = useState('');
  const duplicate = taken.some((t) => t.trim().toLowerCase() === name.trim().toLowerCase());
  const grouping = (types.data ?? []).find((t) => String(t.id) === energy)?.grouping ?? null;
  const accountLabel = needsIcp(supplyOf(grouping), 'STANDARD')
    ? 'ICP'
    : needsAccountNumber(supplyOf(grouping), 'STANDARD')
      ? 'Account number'
      : null;
  const asksAccount = meter === NEW && accountLabel !== null;
  const complete = !!energy && !!unit && !!name.trim() && !duplicate && (!asksAccount || !!account.trim());
  const typeOptions = (types.data ?? [])
    .filter((t) => !t.retired)
    .map((t) => ({ value: String(t.id), label: t.energyDescr }));
  const meterOptions = [
    { value: NEW, label: 'A new data source' },
    ...(meters.data ?? [])
      .filter((m) => !m.closed && energy !== null && m.energyId === Number(energy))
      .map((m) => ({ value: String(m.id), label: `${m.name} (${m.site})` })),
  ];

  function chooseEnergy(value: string | null) {
    setEnergy(value);
    setUnit(null);
    setMeter(NEW);
    const label = typeOptions.find((t) => t.value === value)?.label ?? '';
    if (label && (name.trim() === '' || typeOptions.some((t) => name.startsWith(t.label))))
      setName(uniqueName(label, taken));
  }

  function add() {
    if (!energy || !unit || !complete) return;
    onAdd({
      meterId: meter === NEW ? null : Number(meter),
      name: name.trim(),
      energy: { id: Number(energy) },
      unit: { unitId: Number(unit) },
      ...(asksAccount ? { account: account.trim() } : {}),
    });
    setAccount('');
    setEnergy(null);
    setUnit(null);
    setName('');
    setMeter(NEW);
  }

  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label="Measuring"
        searchable
        data={typeOptions}
        value={energy}
        onChange={chooseEnergy}
        w={200}
      />
      <Select
        label="Unit"
        data={(units.data ?? []).map((u) => ({ value: String(u.unitId), label: u.name }))}
        value={unit}
        onChange={setUnit}
        disabled={!energy}
        w={110}
      />
      <TextInput
        label="Quantity name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={duplicate ? PORTAL_MSG.quantityNamesUnique : undefined}
        w={200}
      />
      <Select
        label="Data source"
        data={meterOptions}
        value={meter}
        onChange={(v) => setMeter(v ?? NEW)}
        disabled={!energy}
        w={220}
      />
      {asksAccount && (
        <TextInput
          label={accountLabel}
          description="Of the new data source"
          value={account}
          onChange={(e) => setAccount(e.currentTarget.value)}
          w={170}
        />
      )}
      <Button variant="light" onClick={add} disabled={!complete}>
        Add
      </Button>
    </Group>
  );
}
