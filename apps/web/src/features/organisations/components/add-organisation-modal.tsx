import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createOrganisationRequest } from '@verdant/contracts/organisations';
import { DEFAULT_FINANCIAL_REPORTING_ID } from '@verdant/domain/constants';
import { DEFAULT_TIME_ZONE } from '@verdant/domain/time-zone';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { setSessionOrganisation } from '../../../lib/session-store';
import { switchOrganisation } from '../api';
import {
  type Choice,
  useChoices,
  useCreateOrganisation,
  useEnergyUnitChoices,
  useLoadChoices,
} from '../organisation-api';
import { zones } from './time-zone-section';

interface Values {
  name: string;
  timeZone: string;
  orgtypeId: string | null;
  finrepId: string | null;
  reportingUnitId: string | null;
  loadId: string | null;
  graphingOrder: string | null;
}

/** The zone the person adding it is in, when the browser names one of the list; else New Zealand's. */
function browserZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zones(DEFAULT_TIME_ZONE).some((z) => z.value === zone) ? zone : DEFAULT_TIME_ZONE;
}

const EMPTY: Omit<Values, 'timeZone'> = {
  name: '',
  orgtypeId: null,
  finrepId: String(DEFAULT_FINANCIAL_REPORTING_ID),
  reportingUnitId: null,
  loadId: null,
  graphingOrder: null,
};

const asId = (v: string | null) => (v === null ? null : Number(v));

/** Add Organisation (product administrators): creates it, then switches the session to it. */
export function AddOrganisationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Organisation" size="lg" centered>
      {opened && <AddOrganisationForm onClose={onClose} />}
    </Modal>
  );
}

function AddOrganisationForm({ onClose }: { onClose: () => void }) {
  const create = useCreateOrganisation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, timeZone: browserZone() }));
  const zoneOptions = useMemo(() => zones(values.timeZone), [values.timeZone]);
  const [error, setError] = useState<string | null>(null);
  const [zoneError, setZoneError] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);
  const lists: { key: Exclude<keyof Values, 'name'>; label: string; choices: Choice[] }[] = [
    { key: 'orgtypeId', label: 'Type', choices: useChoices('organisation-types').data ?? [] },
    { key: 'finrepId', label: 'Financial Reporting', choices: useChoices('financial-reporting').data ?? [] },
    {
      key: 'reportingUnitId',
      label: 'Energy Unit for Reporting',
      choices: useEnergyUnitChoices().data ?? [],
    },
    { key: 'loadId', label: 'Load Unit for Reporting', choices: useLoadChoices().data ?? [] },
    {
      key: 'graphingOrder',
      label: 'Year Order for Reporting',
      choices: useChoices('year-orders').data ?? [],
    },
  ];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      orgtypeId: asId(values.orgtypeId),
      finrepId: asId(values.finrepId) ?? DEFAULT_FINANCIAL_REPORTING_ID,
      reportingUnitId: asId(values.reportingUnitId),
      loadId: asId(values.loadId),
      graphingOrder: asId(values.graphingOrder),
      timeZone: values.timeZone,
    };
    const parsed = createOrganisationRequest.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    create.mutate(body, {
      onSuccess: async (answer) => {
        setSwitching(true);
        try {
          const switched = await switchOrganisation(answer.data.id);
          await queryClient.cancelQueries();
          queryClient.removeQueries();
          setSessionOrganisation(switched.data);
          showSuccessBanner(answer.message);
          onClose();
          navigate('/organisation/settings');
        } catch (failure) {
          if (!isSilentError(failure)) setError(errorMessage(failure));
        } finally {
          setSwitching(false);
        }
      },
      onError: (failure) => {
        if (isSilentError(failure)) return;
        const zone = failure instanceof ApiError ? failure.fields.timeZone?.[0] : undefined;
        if (zone) setZoneError(zone);
        else
          setError(
            failure instanceof ApiError
              ? (failure.fields.name?.[0] ?? failure.message)
              : errorMessage(failure),
          );
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={values.name}
          error={error}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setValues((v) => ({ ...v, name }));
            setError(null);
          }}
        />
        <Select
          label="Time zone"
          description="Its days, months and today; Organisation Settings can change it later."
          data={zoneOptions}
          value={values.timeZone}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone of that name"
          error={zoneError}
          onChange={(timeZone) => {
            if (!timeZone) return;
            setValues((v) => ({ ...v, timeZone }));
            setZoneError(null);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {lists.map((list) => (
            <Select
              key={list.key}
              label={list.label}
              data={list.choices}
              value={values[list.key]}
              clearable={list.key !== 'finrepId'}
              allowDeselect={list.key !== 'finrepId'}
              onChange={(value) => setValues((v) => ({ ...v, [list.key]: value }))}
              comboboxProps={{ withinPortal: true }}
            />
          ))}
        </SimpleGrid>
        <FormActions onCancel={onClose} type="submit" loading={create.isPending || switching}>
          Add Organisation
        </FormActions>
      </Stack>
    </form>
  );
}
