import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type CombinedAccountDraft,
  combinedAccountErrors,
  defaultWaterNames,
  REPORTING_SOURCE_OPTIONS,
  type ReportingSource,
  waterMeterNumbers,
} from '@verdant/domain/meter-creation';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormError } from '../../../components/form-actions';
import { useAssetBrowse } from '../../../components/use-asset-browse';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useWide } from '../../../lib/use-wide';
import { useCreateCombinedAccount } from './api';

const EMPTY: CombinedAccountDraft = {
  site: null,
  account: '',
  waterMeterName: '',
  waterMeterNumber: '',
  wastewaterMeterName: '',
  wastewaterMeterNumber: '',
  openDate: null,
  reporting: 'ORGANISATION',
};

/**
 * New combined water/wastewater account (data-portal spec 5): one council account, a water supply meter and a
 * wastewater meter, created together. The names follow the account until the user changes them; equal meter
 * numbers are told apart by (W) and (WW), which the dialog says before saving.
 */
export function NewCombinedAccountDialog({
  organisationId,
  onClose,
  opened = true,
}: {
  organisationId: number;
  onClose: () => void;
  opened?: boolean;
}) {
  const [draft, setDraft] = useState<CombinedAccountDraft>(EMPTY);
  const [namesTouched, setNamesTouched] = useState({ water: false, wastewater: false });
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const wide = useWide();
  const sites = useAssetBrowse('site', opened);
  const create = useCreateCombinedAccount(organisationId);
  const set = <K extends keyof CombinedAccountDraft>(key: K, value: CombinedAccountDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const siteOptions = (sites.data?.pages ?? [])
    .flatMap((p) => p.results)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const errors = tried ? combinedAccountErrors(draft) : {};
  const { notice } = waterMeterNumbers(draft.waterMeterNumber, draft.wastewaterMeterNumber);

  const setAccount = (account: string) => {
    const names = defaultWaterNames(account);
    setDraft((d) => ({
      ...d,
      account,
      waterMeterName: namesTouched.water ? d.waterMeterName : account.trim() ? names.water : '',
      wastewaterMeterName: namesTouched.wastewater
        ? d.wastewaterMeterName
        : account.trim()
          ? names.wastewater
          : '',
    }));
  };

  const close = () => {
    setDraft(EMPTY);
    setNamesTouched({ water: false, wastewater: false });
    setTried(false);
    setFailure(null);
    onClose();
  };

  const submit = () => {
    setTried(true);
    setFailure(null);
    if (Object.keys(combinedAccountErrors(draft)).length > 0) return;
    create.mutate(draft, {
      onSuccess: (answer) => {
        showSuccessBanner(answer.notice ? `${answer.message} ${answer.notice}` : answer.message);
        close();
      },
      onError: (error) => {
        if (!isSilentError(error)) setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New Combined Water/Wastewater Account"
      size="lg"
      fullScreen={!wide}
    >
      <Stack gap="sm">
        <Select
          label="Site"
          required
          allowDeselect={false}
          searchable
          data={siteOptions}
          value={draft.site === null ? null : String(draft.site)}
          onChange={(v) => set('site', v === null ? null : Number(v))}
          error={errors.site}
        />
        <TextInput
          label="Account"
          required
          value={draft.account}
          onChange={(e) => setAccount(e.currentTarget.value)}
          error={errors.account}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Water meter name"
            required
            value={draft.waterMeterName}
            onChange={(e) => {
              setNamesTouched((t) => ({ ...t, water: true }));
              set('waterMeterName', e.currentTarget.value);
            }}
            error={errors.waterMeterName}
          />
          <TextInput
            label="Water meter number"
            required
            value={draft.waterMeterNumber}
            onChange={(e) => set('waterMeterNumber', e.currentTarget.value)}
            error={errors.waterMeterNumber}
          />
          <TextInput
            label="Wastewater meter name"
            required
            value={draft.wastewaterMeterName}
            onChange={(e) => {
              setNamesTouched((t) => ({ ...t, wastewater: true }));
              set('wastewaterMeterName', e.currentTarget.value);
            }}
            error={errors.wastewaterMeterName}
          />
          <TextInput
            label="Wastewater meter number"
            required
            value={draft.wastewaterMeterNumber}
            onChange={(e) => set('wastewaterMeterNumber', e.currentTarget.value)}
            error={errors.wastewaterMeterNumber}
          />
        </SimpleGrid>
        {notice && (
          <Alert color="blue" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            label="Open date"
            required
            value={draft.openDate}
            onChange={(v) => set('openDate', v)}
            error={errors.openDate}
          />
          <Select
            label="Reporting source"
            required
            allowDeselect={false}
            data={REPORTING_SOURCE_OPTIONS}
            value={draft.reporting}
            onChange={(v) => set('reporting', v as ReportingSource | null)}
            error={errors.reporting}
          />
        </SimpleGrid>
        <FormError>{failure}</FormError>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
