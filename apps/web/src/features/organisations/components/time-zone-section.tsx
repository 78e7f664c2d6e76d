import { Alert, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Organisation } from '@verdant/contracts/organisations';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { SettingsSection } from '../../../components/settings-section';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { movingHalfHours, useSaveTimeZone } from '../organisation-api';

/** The zones offered: the IANA list the browser knows (the server checks against its own). */
export function zones(current: string) {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...list, 'UTC', current])]
    .sort()
    .map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
}

const count = (n: number) => n.toLocaleString('en-NZ');

/**
 * Organisation Settings, Time zone (docs/decisions/organisations.md, Time zone): the organisation's days, months
 * and "today", and the clock its half hours are stored on. An administrator changes it and chooses what becomes
 * of the stored half hours: left on their dates, or moved to the new clock by a job.
 */
export function TimeZoneSection({ organisation }: { organisation: Organisation }) {
  const save = useSaveTimeZone();
  const queryClient = useQueryClient();
  const options = useMemo(() => zones(organisation.timeZone), [organisation.timeZone]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [move, setMove] = useState<'keep' | 'move'>('keep');
  const moving = movingHalfHours(organisation);
  const last = organisation.timeZoneMove;
  const wasMoving = useRef(moving);
  useEffect(() => {
    // The move has ended: every figure and "today" follow the new zone.
    if (wasMoving.current && !moving) void queryClient.invalidateQueries();
    wasMoving.current = moving;
  }, [moving, queryClient]);

  const close = () => {
    setChosen(null);
    setMove('keep');
  };
  const change = () => {
    if (!chosen) return;
    save.mutate(
      { zone: chosen, moveHalfHours: move === 'move' },
      {
        onSuccess: (saved) => {
          close();
          if (!movingHalfHours(saved)) showSuccessBanner(`The time zone is now ${saved.timeZone}.`);
        },
        onError: (e) => {
          if (!isSilentError(e)) showErrorBanner(errorMessage(e));
        },
      },
    );
  };

  return (
    <SettingsSection
      title="Time zone"
      description="The organisation's days, months and today, and the clock its half-hour data is stored on."
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Time zone"
          data={options}
          value={organisation.timeZone}
          onChange={(z) => z && z !== organisation.timeZone && setChosen(z)}
          searchable
          allowDeselect={false}
          disabled={!organisation.mayEdit || moving}
          w={{ base: '100%', xs: 320 }}
          comboboxProps={{ withinPortal: true }}
          // The question hands the focus back here when it closes: the list stays shut until clicked or keyed.
          openOnFocus={false}
          nothingFoundMessage="No time zone of that name"
        />
      </Group>
      {moving && last && (
        <Alert color="blue" variant="light" role="status">
          {`Moving the half-hour data from the clock of ${last.fromZone} to that of ${last.toZone}; the time zone changes when it is done.`}
        </Alert>
      )}
      {last?.status === 'failed' && last.error && (
        <Alert color="red" variant="light">
          {last.error}
        </Alert>
      )}
      {last?.status === 'finished' && last.toZone === organisation.timeZone && (
        <Text fz="sm" c="dimmed">
          {`The half-hour data was moved from the clock of ${last.fromZone}: ${count(last.days)} days on ${count(last.meters)} data sources.`}
        </Text>
      )}
      <Modal
        opened={chosen !== null}
        onClose={close}
        title={`Change the time zone to ${chosen ?? ''}`}
        centered
        size="lg"
      >
        <Stack>
          <Text fz="sm">
            {`Days, months and today follow the new zone. Half-hour data is stored on the organisation's clock (${organisation.timeZone} now): choose what becomes of it.`}
          </Text>
          <Radio.Group value={move} onChange={(v) => setMove(v as 'keep' | 'move')} name="half-hours">
            <Stack gap="sm">
              <Radio
                value="keep"
                label="Keep the half-hour data on its dates"
                description="Right when it was loaded on the right days and times."
              />
              <Radio
                value="move"
                label="Move the half-hour data to the new clock"
                description="Right when it was loaded on the wrong clock (an Australian NEM12 file placed on New Zealand days). Each half hour moves by the difference of the two clocks; the change takes effect when the move is done."
              />
            </Stack>
          </Radio.Group>
          <FormActions onCancel={close} onClick={change} loading={save.isPending}>
            Change the time zone
          </FormActions>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
