import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { NewVehicleRow } from '@verdant/contracts/fleet/vehicles';
import { REPORTING_SOURCE_OPTIONS, type ReportingSource } from '@verdant/domain/meter-creation';
import { parseRegistrations } from '@verdant/domain/vehicles';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { useAssetBrowse } from '../../../components/use-asset-browse';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { lookupRegistration, useCreateVehicles, useFleetLookup } from '../api';

interface Row extends NewVehicleRow {
  status: 'loading' | 'ready' | 'exists' | 'invalid';
  message: string | null;
}
const blank = (registration: string): Row => ({
  registration,
  make: '',
  model: '',
  year: null,
  bodyShapeId: null,
  seats: null,
  transmissionTypeId: null,
  engineSize: null,
  fuelId: null,
  desiredEfficiency: null,
  status: 'loading',
  message: null,
});
const num = (v: string | number) => (v === '' ? null : Number(v));
const complete = (r: Row) =>
  r.make.trim() !== '' &&
  r.model.trim() !== '' &&
  r.year !== null &&
  Number.isInteger(r.year) &&
  r.bodyShapeId !== null &&
  r.seats !== null &&
  r.transmissionTypeId !== null &&
  r.engineSize !== null &&
  r.fuelId !== null &&
  r.desiredEfficiency !== null;

/** The New Vehicle(s) wizard (core-portal 2, 5): Overview, then one row per registration, loaded one by one. */
export function NewVehiclesWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [purchaseDate, setPurchaseDate] = useState<string | null>(null);
  const [reporting, setReporting] = useState<ReportingSource | null>('ORGANISATION');
  const [text, setText] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const sites = useAssetBrowse('site', opened, { open: true });
  const fuels = useFleetLookup('vehicle-fuels');
  const bodies = useFleetLookup('body-shapes');
  const transmissions = useFleetLookup('transmissions');
  const create = useCreateVehicles();
  const parsed = parseRegistrations(text);
  const dateValid = purchaseDate !== null && /^\d{4}-\d{2}-\d{2}$/.test(purchaseDate);
  const overviewValid =
    siteId !== null &&
    dateValid &&
    reporting !== null &&
    parsed.registrations.length > 0 &&
    parsed.invalid.length === 0;
  const options = (list: typeof fuels) =>
    (list.data ?? []).map((i) => ({ value: String(i.Id), label: i.Descr }));
  const siteOptions = (sites.data?.pages ?? [])
    .flatMap((p) => p.results)
    .map((s) => ({ value: String(s.id), label: s.name }));

  const close = () => {
    setStep(0);
    setRows([]);
    setText('');
    onClose();
  };
  const set = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  const toVehicles = () => {
    const list = parsed.registrations.map(blank);
    setRows(list);
    setStep(1);
    list.forEach((r, i) => {
      lookupRegistration(r.registration, purchaseDate)
        .then((answer) =>
          set(i, {
            status: !answer.valid ? 'invalid' : answer.exists ? 'exists' : 'ready',
            message: answer.message,
          }),
        )
        .catch((error: unknown) => set(i, { status: 'invalid', message: errorMessage(error) }));
    });
  };

  const adding = rows.filter((r) => r.status === 'ready');
  const save = () => {
    if (!siteId || !purchaseDate || !reporting) return;
    create.mutate(
      {
        siteId: Number(siteId),
        body: {
          purchaseDate,
          reporting,
          list: adding.map(({ status: _s, message: _m, ...row }) => row),
        },
      },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            const first = Object.entries(error.fields)[0];
            showErrorBanner(first ? `${first[1][0]}` : errorMessage(error));
          } else showErrorBanner(errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="New Vehicle(s)" size="80%">
      <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} size="sm">
        <Stepper.Step label="Overview" description="Site, date and registrations">
          <Stack gap="sm" mt="md">
            <Select
              label="Site"
              data={siteOptions}
              value={siteId}
              onChange={setSiteId}
              // No list to open until the sites have come (an empty list box is no list).
              disabled={!sites.isSuccess}
              placeholder={sites.isSuccess ? undefined : 'Loading sites…'}
              searchable
              required
            />
            <DateField label="Purchase date" value={purchaseDate} onChange={setPurchaseDate} required />
            <Select
              label="Reporting"
              data={REPORTING_SOURCE_OPTIONS}
              value={reporting}
              onChange={(v) => setReporting(v as ReportingSource | null)}
              required
            />
            <Textarea
              label="Registrations"
              description="Separate registrations with commas, semicolons or spaces"
              value={text}
              onChange={(e) => setText(e.currentTarget.value.toUpperCase())}
              autosize
              minRows={2}
              error={
                parsed.invalid.length > 0
                  ? `A registration may contain only letters and digits (at most 8): ${parsed.invalid.join(', ')}`
                  : parsed.duplicates.length > 0
                    ? `Entered more than once (added once): ${parsed.duplicates.join(', ')}`
                    : undefined
              }
            />
            <Group justify="flex-end">
              <Button onClick={toVehicles} disabled={!overviewValid}>
                Next
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Vehicles" description="Make, model and fuel">
          <Stack gap="sm" mt="md">
            {rows.map((r, i) => (
              <Paper key={r.registration} withBorder p="sm" data-registration={r.registration}>
                <Group gap="xs" mb={r.status === 'ready' ? 'xs' : 0}>
                  <Text fw={600}>{r.registration}</Text>
                  {r.status === 'loading' && <Loader size="xs" aria-label={`Looking up ${r.registration}`} />}
                </Group>
                {(r.status === 'exists' || r.status === 'invalid') && (
                  <Alert color="orange" p="xs">
                    {r.message}
                  </Alert>
                )}
                {r.status === 'ready' && (
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
                    <TextInput
                      label="Make"
                      value={r.make}
                      onChange={(e) => set(i, { make: e.currentTarget.value })}
                      required
                    />
                    <TextInput
                      label="Model"
                      value={r.model}
                      onChange={(e) => set(i, { model: e.currentTarget.value })}
                      required
                    />
                    <NumberInput
                      label="Year"
                      value={r.year ?? ''}
                      onChange={(v) => set(i, { year: num(v) })}
                      allowDecimal={false}
                      required
                    />
                    <Select
                      label="Body"
                      data={options(bodies)}
                      value={r.bodyShapeId === null ? null : String(r.bodyShapeId)}
                      onChange={(v) => set(i, { bodyShapeId: v ? Number(v) : null })}
                      required
                    />
                    <NumberInput
                      label="Seats"
                      value={r.seats ?? ''}
                      onChange={(v) => set(i, { seats: num(v) })}
                      allowDecimal={false}
                      min={0}
                      required
                    />
                    <Select
                      label="Transmission"
                      data={options(transmissions)}
                      value={r.transmissionTypeId === null ? null : String(r.transmissionTypeId)}
                      onChange={(v) => set(i, { transmissionTypeId: v ? Number(v) : null })}
                      required
                    />
                    <NumberInput
                      label="Engine size (L)"
                      value={r.engineSize ?? ''}
                      onChange={(v) => set(i, { engineSize: num(v) })}
                      decimalScale={3}
                      min={0}
                      required
                    />
                    <Select
                      label="Fuel"
                      data={options(fuels)}
                      value={r.fuelId === null ? null : String(r.fuelId)}
                      onChange={(v) => set(i, { fuelId: v ? Number(v) : null })}
                      required
                    />
                    <NumberInput
                      label="Efficiency (per 100 km)"
                      value={r.desiredEfficiency ?? ''}
                      onChange={(v) => set(i, { desiredEfficiency: num(v) })}
                      decimalScale={2}
                      min={0}
                      required
                    />
                  </SimpleGrid>
                )}
              </Paper>
            ))}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                Back
              </Button>
              <Button
                onClick={save}
                loading={create.isPending}
                disabled={
                  adding.length === 0 || !adding.every(complete) || rows.some((r) => r.status === 'loading')
                }
              >
                {`Add ${adding.length} vehicle${adding.length === 1 ? '' : 's'}`}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
