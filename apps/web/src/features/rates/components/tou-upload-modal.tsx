import { Alert, Button, FileButton, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useOrganisationId } from '../../../lib/session-store';
import { downloadTouTemplate, useUploadTouRates } from '../api';

/**
 * TOU rates template and upload: the template of a data source's contract for a range of months (from before
 * till, a data source required), filled in and uploaded as CSV; a refused upload shows the server's message
 * and the row it names.
 */
export function TouUploadModal({
  opened,
  onClose,
  meters,
}: {
  opened: boolean;
  onClose: () => void;
  meters: { id: number; name: string }[];
}) {
  const orgId = useOrganisationId();
  const upload = useUploadTouRates();
  const [meter, setMeter] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [till, setTill] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ message: string; rows: string[] } | null>(null);

  function close() {
    setFile(null);
    setErrors({});
    setRefusal(null);
    onClose();
  }

  async function template() {
    const next: Record<string, string> = {};
    if (!meter) next.meter = MSG.ratesMeterRequired;
    if (!from || !till || from >= till) next.till = MSG.rateDateOrder;
    setErrors(next);
    if (Object.keys(next).length > 0 || orgId === null || !meter || !from || !till) return;
    try {
      await downloadTouTemplate(orgId, Number(meter), from, till);
    } catch (e) {
      if (!isSilentError(e)) showErrorBanner(errorMessage(e));
    }
  }

  async function send() {
    if (!file) return;
    setRefusal(null);
    upload.mutate(await file.text(), {
      onSuccess: (r) => {
        showSuccessBanner(r.message);
        close();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 400)
          setRefusal({ message: e.message, rows: Object.values(e.fields).flat() });
        else if (!isSilentError(e)) showErrorBanner(errorMessage(e));
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title="TOU rates template and upload" centered size="lg">
      <Stack>
        <Text fw={600}>1. Download the template</Text>
        <Select
          label="Data source"
          placeholder="A data source with a TOU contract"
          data={meters.map((m) => ({ value: String(m.id), label: m.name }))}
          value={meter}
          onChange={setMeter}
          error={errors.meter}
          comboboxProps={{ withinPortal: true }}
        />
        <Group grow align="flex-start">
          <DateField label="Date from" value={from} onChange={setFrom} />
          <DateField label="Date till" value={till} onChange={setTill} error={errors.till} />
        </Group>
        <Group justify="flex-end">
          <Button variant="light" onClick={template}>
            Download template
          </Button>
        </Group>
        <Text fw={600}>2. Upload the filled template</Text>
        <FileButton onChange={setFile} accept=".csv,text/csv">
          {(props) => (
            <Button variant="default" {...props}>
              {file ? `Rates file: ${file.name}` : 'Choose the rates file (CSV)'}
            </Button>
          )}
        </FileButton>
        {refusal && (
          <Alert color="red" title={refusal.message} data-testid="upload-refusal">
            <List size="sm">
              {refusal.rows.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button onClick={send} disabled={!file} loading={upload.isPending}>
            Upload rates
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
