import { Alert, Button, FileButton, Group, Loader, Modal, Select, Stack, Stepper, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { IMPORT_FORMAT_LABELS, IMPORT_FORMATS, type MeterLoadPreview } from '@verdant/contracts/imports';
import { IMPORT_MAX_MB } from '@verdant/domain/constants';
import { mappingProblems, type ReadingsMapping } from '@verdant/domain/imports/csv-mapping';
import type { ImportFormat } from '@verdant/domain/imports/types';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { usePreview, useUploadLoad } from '../api';
import { LoadResult } from './load-result';
import { MappingStep, mappingInput } from './mapping-step';

const DETECT = 'detect';

/**
 * Upload data: choose a file (its format is detected from its first bytes, or chosen), map a CSV of readings'
 * columns (remembered per organisation), upload, and watch the load until it ends.
 */
export function UploadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const preview = usePreview();
  const upload = useUploadLoad();
  const [file, setFile] = useState<File | null>(null);
  const [seen, setSeen] = useState<MeterLoadPreview | null>(null);
  const [chosen, setChosen] = useState<string>(DETECT);
  const [mapping, setMapping] = useState<ReadingsMapping | null>(null);
  const [step, setStep] = useState(0);
  const [uuid, setUuid] = useState<string | null>(null);

  const format: ImportFormat | null = chosen === DETECT ? (seen?.format ?? null) : (chosen as ImportFormat);
  const needsMapping = format === 'csv-readings';
  const mappingOk = mapping !== null && mappingProblems(mapping, seen?.headers ?? []).length === 0;

  function reset() {
    setFile(null);
    setSeen(null);
    setChosen(DETECT);
    setMapping(null);
    setStep(0);
    setUuid(null);
    preview.reset();
    upload.reset();
  }
  function close() {
    reset();
    onClose();
  }

  function choose(next: File | null) {
    setFile(next);
    setSeen(null);
    setMapping(null);
    if (!next) return;
    preview.mutate(next, {
      onSuccess: (p) => {
        setSeen(p);
        setMapping(p.mapping);
      },
    });
  }

  function send() {
    if (!file) return;
    upload.mutate(
      {
        file,
        format: chosen === DETECT ? null : (chosen as ImportFormat),
        mapping: needsMapping && mapping ? mappingInput(mapping) : null,
      },
      {
        onSuccess: (r) => {
          setUuid(r.data.uuid);
          setStep(2);
        },
        onError: (e) => {
          if (!isSilentError(e)) showErrorBanner(errorMessage(e));
        },
      },
    );
  }

  const next = () => (needsMapping ? setStep(1) : send());
  return (
    <Modal opened={opened} onClose={close} title="Upload data" centered size="xl">
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="File">
          <Stack mt="md">
            <Text fz="sm" c="dimmed">
              {`NEM12, EIEP3, EIEP13A, Green Button XML, CSV readings, invoice or consumption CSVs and Portfolio Manager's Meter Entries (XLSX or CSV), up to ${IMPORT_MAX_MB} MB. A file lands whole, or not at all with a report of the rows refused.`}
            </Text>
            <FileButton onChange={choose}>
              {(props) => (
                <Button variant="default" leftSection={<IconFileUpload size={16} />} {...props}>
                  {file ? `Data file: ${file.name}` : 'Choose the data file'}
                </Button>
              )}
            </FileButton>
            {preview.isPending && <Loader size="sm" aria-label="Reading the file" />}
            {preview.isError && <Alert color="red">{errorMessage(preview.error)}</Alert>}
            <Select
              label="Format"
              data={[
                {
                  value: DETECT,
                  label: seen?.format
                    ? `Detect from the file (${IMPORT_FORMAT_LABELS[seen.format]})`
                    : 'Detect from the file',
                },
                ...IMPORT_FORMATS.map((f) => ({ value: f, label: IMPORT_FORMAT_LABELS[f] })),
              ]}
              value={chosen}
              onChange={(v) => setChosen(v ?? DETECT)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            {seen && !format && (
              <Alert color="yellow" variant="light">
                The format of this file was not recognised: choose it above.
              </Alert>
            )}
            <FormActions
              onCancel={close}
              onClick={next}
              disabled={!file || !seen || !format}
              loading={upload.isPending && !needsMapping}
            >
              {needsMapping ? 'Next: columns' : 'Upload'}
            </FormActions>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Columns">
          <Stack mt="md">
            {seen && mapping && (
              <MappingStep
                headers={seen.headers}
                rows={seen.rows}
                mapping={mapping}
                remembered={seen.remembered}
                onChange={setMapping}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(0)}>
                Back
              </Button>
              <Button onClick={send} disabled={!mappingOk} loading={upload.isPending}>
                Upload
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Load">
          <Stack mt="md">
            {uuid && <LoadResult uuid={uuid} linkToPage />}
            <Group justify="flex-end">
              <Button variant="default" onClick={reset}>
                Upload another file
              </Button>
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
