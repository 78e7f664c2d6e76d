import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { sitesOperations } from '@verdant/contracts/sites';
import { MSG } from '@verdant/domain/messages';
import { METER_TYPE_LABELS } from '@verdant/domain/meter-labels';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/date-fields';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useOperation } from '../../../lib/operations';
import {
  useChangeDataType,
  useCompatibleTypes,
  useCreateReplacement,
  useMoveMeter,
} from '../data-source-api';

interface DialogProps {
  meter: MeterDetail;
  opened: boolean;
  onClose: () => void;
}

function Buttons({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}

/** Move Meter: a destination site of the organisation is required. */
export function MoveMeterModal({ meter, opened, onClose }: DialogProps) {
  const [to, setTo] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const move = useMoveMeter(meter.id);
  const sites = useOperation(
    sitesOperations.list,
    opened ? { params: { id: meter.organisationId }, query: { limit: 500, sort: 'name', dir: 'asc' } } : null,
  );
  const options = (sites.data?.sites ?? []).filter((s) => s.id !== meter.site.id);
  const submit = () => {
    setTried(true);
    if (!to) return;
    move.mutate(Number(to), {
      onSuccess: (answer) => {
        showSuccessBanner(answer.message);
        setTo(null);
        setTried(false);
        onClose();
      },
      onError: (e) => showErrorBanner(errorMessage(e)),
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Move Meter" centered>
      <Stack>
        <Text fz="sm">{`${meter.localName} is on ${meter.site.name}.`}</Text>
        <Select
          label="Destination site"
          searchable
          data={options.map((s) => ({ value: String(s.id), label: s.name }))}
          value={to}
          onChange={setTo}
          error={tried && !to ? MSG.meterMoveSiteRequired : null}
          required
        />
        <Buttons onClose={onClose}>
          <Button loading={move.isPending} onClick={submit}>
            Move
          </Button>
        </Buttons>
      </Stack>
    </Modal>
  );
}

/** Change Data Type: the warning is acknowledged first; only compatible types are offered. */
export function ChangeDataTypeModal({ meter, opened, onClose }: DialogProps) {
  const [acknowledged, setAcknowledged] = useState(false);
  const [energy, setEnergy] = useState<string | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  const types = useCompatibleTypes(meter.id, opened);
  const change = useChangeDataType(meter.id);
  const chosen = types.data?.find((t) => String(t.id) === energy);
  const none = types.data !== undefined && types.data.length === 0;
  const close = () => {
    setAcknowledged(false);
    setEnergy(null);
    setUnit(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Change Data Type" centered>
      <Stack>
        {none ? (
          <Alert color="orange" variant="light" role="alert">
            {MSG.meterNoCompatibleTypes}
          </Alert>
        ) : (
          <>
            <Alert color="orange" variant="light">
              {MSG.meterChangeTypeWarning}
            </Alert>
            <Checkbox
              label="I understand"
              checked={acknowledged}
              onChange={(e) => setAcknowledged(e.currentTarget.checked)}
            />
            <Select
              label="New data type"
              disabled={!acknowledged}
              data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={energy}
              onChange={(v) => {
                setEnergy(v);
                setUnit(null);
              }}
            />
            <Select
              label="Unit"
              disabled={!acknowledged || !chosen}
              data={(chosen?.units ?? []).map((u) => ({ value: String(u.unitId), label: u.name }))}
              value={unit}
              onChange={setUnit}
            />
          </>
        )}
        <Buttons onClose={close}>
          {!none && (
            <Button
              disabled={!acknowledged || !energy || !unit}
              loading={change.isPending}
              onClick={() =>
                change.mutate(
                  { energyId: Number(energy), unitId: Number(unit) },
                  {
                    onSuccess: (m) => {
                      showSuccessBanner(`Data type changed to ${m.energy}`);
                      close();
                    },
                    onError: (e) => showErrorBanner(errorMessage(e)),
                  },
                )
              }
            >
              Change
            </Button>
          )}
        </Buttons>
      </Stack>
    </Modal>
  );
}

/** Create Replacement (electricity): closes this meter and opens a new one that inherits its details. */
export function ReplacementModal({ meter, opened, onClose }: DialogProps) {
  const [typeId, setTypeId] = useState<string | null>(null);
  const [openDate, setOpenDate] = useState<string | null>(null);
  const replace = useCreateReplacement(meter.id);
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title="Create Replacement" centered>
      <Stack>
        <Text fz="sm">
          {`${meter.localName} closes the day before the replacement opens. The new meter keeps its site, data type, retailer, identifiers, groups and alert set-ups.`}
        </Text>
        <Select
          label="Meter type of the replacement"
          data={Object.entries(METER_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          value={typeId}
          onChange={setTypeId}
        />
        <DateField label="Replacement opens on" value={openDate} onChange={setOpenDate} />
        <Buttons onClose={onClose}>
          <Button
            disabled={!typeId || !openDate}
            loading={replace.isPending}
            onClick={() =>
              replace.mutate(
                { typeId: Number(typeId), openDate: openDate ?? undefined },
                {
                  onSuccess: (answer) => {
                    showSuccessBanner(answer.message);
                    onClose();
                    navigate(`/data-sources/${answer.id}/settings`);
                  },
                  onError: (e) => showErrorBanner(errorMessage(e)),
                },
              )
            }
          >
            Create
          </Button>
        </Buttons>
      </Stack>
    </Modal>
  );
}
