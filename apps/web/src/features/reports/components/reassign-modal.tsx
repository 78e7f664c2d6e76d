import { Alert, Modal, Select, Stack, Text } from '@mantine/core';
import type { EmailedReport } from '@verdant/contracts/reports/emailed';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { reassignReports, useReportOwners } from '../emailed-api';

/**
 * Reassign (data-portal.md 2.9, an administrator's): every emailed report of one owner given to another editor
 * or administrator of the organisation (POST /admin/reassign-reports?from=&to=).
 */
export function ReassignModal({ rows, onClose }: { rows: EmailedReport[]; onClose: () => void }) {
  const owners = useReportOwners(true);
  const current = [...new Map(rows.map((r) => [r.ownerId, r.owner])).entries()];
  const [from, setFrom] = useState<string | null>(current[0] ? String(current[0][0]) : null);
  const [to, setTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const count = rows.filter((r) => String(r.ownerId) === from).length;

  async function move() {
    if (from === null || to === null) return;
    setProblem(null);
    setMoving(true);
    try {
      const done = await reassignReports(Number(from), Number(to), []);
      showSuccessBanner(done.message);
      onClose();
    } catch (error) {
      if (!isSilentError(error)) setProblem(errorMessage(error));
    } finally {
      setMoving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Reassign emailed reports" centered>
      <Stack gap="sm">
        <Select
          label="From"
          data={current.map(([id, name]) => ({ value: String(id), label: name }))}
          value={from}
          onChange={setFrom}
          allowDeselect={false}
        />
        <Select
          label="To"
          placeholder={owners.isPending ? 'Loading…' : 'Choose the new owner'}
          data={(owners.data ?? [])
            .filter((o) => String(o.id) !== from)
            .map((o) => ({ value: String(o.id), label: `${o.name} (${o.email})` }))}
          value={to}
          onChange={setTo}
          searchable
        />
        <Text fz="sm" c="dimmed">
          {`${count} emailed report${count === 1 ? '' : 's'} will be sent as the new owner sees the data.`}
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          onClick={move}
          loading={moving}
          disabled={from === null || to === null || count === 0}
        >
          Reassign
        </FormActions>
      </Stack>
    </Modal>
  );
}
