import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { IntakeAddress, IntakeAddressList } from '@verdant/contracts/email-processing/intake-addresses';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useSaveIntakeAddress } from '../intake-addresses-api';

type Errors = Partial<Record<'address' | 'allowedSenders' | 'actingUserId' | 'form', string>>;

/**
 * The server's field errors beside their fields: an allowed sender's error ('allowedSenders.2') names its line
 * in the box, one sender a line.
 */
function fieldErrors(failure: ApiError): Errors {
  const out: Errors = {};
  for (const [key, messages] of Object.entries(failure.fields)) {
    const message = messages[0] ?? failure.message;
    const line = /^allowedSenders\.(\d+)$/.exec(key);
    if (line) out.allowedSenders ??= `Line ${Number(line[1]) + 1}: ${message}`;
    else if (key === 'address' || key === 'allowedSenders' || key === 'actingUserId') out[key] = message;
    else out.form = message;
  }
  return out;
}

/** Adding or changing an intake address: the address, its allowed senders, receipts, active, the acting person. */
export function IntakeAddressForm({
  address,
  people,
  onDone,
}: {
  address?: IntakeAddress;
  people: IntakeAddressList['people'];
  onDone: () => void;
}) {
  const save = useSaveIntakeAddress();
  const [value, setValue] = useState(address?.address ?? '');
  const [senders, setSenders] = useState((address?.allowedSenders ?? []).join('\n'));
  const [receipts, setReceipts] = useState(address?.sendReceipt ?? false);
  const [active, setActive] = useState(address?.active ?? true);
  const [acting, setActing] = useState<string | null>(address ? String(address.actingUser.id) : null);
  const [errors, setErrors] = useState<Errors>({});
  const clear = (k: keyof Errors) => setErrors(({ [k]: _, ...rest }) => rest);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const allowedSenders = senders
      .split(/[\n,;]+/)
      .map((s) => s.trim())
      .filter((s) => s !== '');
    save.mutate(
      {
        addressId: address?.id,
        body: {
          address: value,
          allowedSenders,
          sendReceipt: receipts,
          active,
          ...(acting ? { actingUserId: Number(acting) } : {}),
        },
      },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onDone();
        },
        onError: (failure) => {
          if (isSilentError(failure)) return;
          if (failure instanceof ApiError && Object.keys(failure.fields).length > 0)
            setErrors(fieldErrors(failure));
          else setErrors({ form: errorMessage(failure) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Intake address"
          description="Retailers send their invoices here"
          placeholder="invoices@example.com"
          required
          data-autofocus
          value={value}
          error={errors.address ?? errors.form}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            clear('address');
            clear('form');
          }}
        />
        <Textarea
          label="Allowed senders"
          description="One a line: an address, or a whole domain written @example.com. Mail from anyone else is rejected."
          autosize
          minRows={3}
          maxRows={10}
          value={senders}
          error={errors.allowedSenders}
          onChange={(e) => {
            setSenders(e.currentTarget.value);
            clear('allowedSenders');
          }}
        />
        <Select
          label="Acts for"
          description="The person recorded as entering the invoices it reads"
          placeholder="You"
          data={people.map((p) => ({ value: String(p.id), label: p.name }))}
          value={acting}
          onChange={(v) => {
            setActing(v);
            clear('actingUserId');
          }}
          error={errors.actingUserId}
          searchable
        />
        <Switch
          label="Send the sender a receipt of what was accepted and parked"
          checked={receipts}
          onChange={(e) => setReceipts(e.currentTarget.checked)}
        />
        <Switch
          label="Active (takes mail)"
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        <FormActions onCancel={onDone} type="submit" loading={save.isPending}>
          Save
        </FormActions>
      </Stack>
    </form>
  );
}
