import { Group, Modal, NumberInput, Stack } from '@mantine/core';
import { newNhhRate, newPpdRate } from '@verdant/contracts/rates';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useAddNhhRate, useAddPpdRate } from '../api';

type Num = number | string;
const asNumber = (v: Num) => (v === '' ? Number.NaN : Number(v));

/**
 * New NHH rate (start, end, retail and network rates, c/kWh) or new PPD rate (from, to, percent) of a
 * contract: every field required, decimals, a period overlapping a stored one refused by the server.
 */
export function PeriodRateModal({
  kind,
  contractId,
  opened,
  onClose,
}: {
  kind: 'nhh' | 'ppd';
  contractId?: number;
  opened: boolean;
  onClose: () => void;
}) {
  const nhh = useAddNhhRate();
  const ppd = useAddPpdRate();
  const [from, setFrom] = useState<string | null>(null);
  const [till, setTill] = useState<string | null>(null);
  const [first, setFirst] = useState<Num>('');
  const [second, setSecond] = useState<Num>('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close() {
    setFrom(null);
    setTill(null);
    setFirst('');
    setSecond('');
    setErrors({});
    onClose();
  }

  const done = {
    onSuccess: () => {
      showSuccessBanner(MSG.rateAdded);
      close();
    },
    onError: (e: Error) => {
      if (e instanceof ApiError && e.status === 400) setErrors({ form: e.message });
      else if (!isSilentError(e)) showErrorBanner(errorMessage(e));
    },
  };

  function save() {
    const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) =>
      setErrors(Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message])));
    if (kind === 'nhh') {
      const body = {
        startDate: from ?? '',
        endDate: till ?? '',
        retailRate: asNumber(first),
        networkRate: asNumber(second),
      };
      const parsed = newNhhRate.safeParse(body);
      if (!parsed.success) return issuesOf(parsed.error.issues);
      setErrors({});
      nhh.mutate(body, done);
    } else {
      const body = { fromDate: from ?? '', toDate: till ?? '', rate: asNumber(first) };
      const parsed = newPpdRate.safeParse(body);
      if (!parsed.success || contractId === undefined) return issuesOf(parsed.error?.issues ?? []);
      setErrors({});
      ppd.mutate({ contractId, body }, done);
    }
  }

  const [fromKey, tillKey] = kind === 'nhh' ? ['startDate', 'endDate'] : ['fromDate', 'toDate'];
  return (
    <Modal opened={opened} onClose={close} title={kind === 'nhh' ? 'New NHH rate' : 'New PPD rate'} centered>
      <Stack>
        <Group grow align="flex-start">
          <DateField label="Date from" value={from} onChange={setFrom} error={errors[fromKey]} />
          <DateField label="Date till" value={till} onChange={setTill} error={errors[tillKey]} />
        </Group>
        {kind === 'nhh' ? (
          <Group grow align="flex-start">
            <NumberInput
              label="Retail rate (c/kWh)"
              value={first}
              onChange={setFirst}
              decimalScale={4}
              min={0}
              error={errors.retailRate}
            />
            <NumberInput
              label="Network rate (c/kWh)"
              value={second}
              onChange={setSecond}
              decimalScale={4}
              min={0}
              error={errors.networkRate}
            />
          </Group>
        ) : (
          <NumberInput
            label="Discount (%)"
            value={first}
            onChange={setFirst}
            decimalScale={4}
            min={0}
            max={100}
            error={errors.rate}
          />
        )}
        {errors.form && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
            {errors.form}
          </div>
        )}
        <FormActions onCancel={close} onClick={save} loading={nhh.isPending || ppd.isPending}>
          Add rate
        </FormActions>
      </Stack>
    </Modal>
  );
}
