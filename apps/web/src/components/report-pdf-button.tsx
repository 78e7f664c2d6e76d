import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { reportsOperations } from '@verdant/contracts/reports';
import type { RunReport } from '@verdant/contracts/reports/run';
import { useState } from 'react';
import { errorMessage } from '../lib/api-errors';
import { saveFile } from '../lib/download';
import { call } from '../lib/operations';

/** Runs a report of the catalogue as a PDF now and hands the file to the browser (the benchmark's, say). */
export function ReportPdfButton({
  label,
  body,
  filename,
}: {
  label: string;
  /** Null: not ready to run (no asset chosen yet). */
  body: RunReport | null;
  filename: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!body) return;
    setBusy(true);
    try {
      saveFile(await call(reportsOperations.run, { body }), filename);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} />}
      disabled={!body}
      loading={busy}
      onClick={run}
    >
      {label}
    </Button>
  );
}
