import { Select } from '@mantine/core';
import type { ReferenceList } from '@verdant/contracts/reference';
import { useState } from 'react';
import { errorMessage, isSilentError } from '../lib/api-errors';
import { useReferenceList } from './reference-lists';

interface LookupSelectProps {
  label: string;
  list: ReferenceList;
  value: number | null;
  readOnly: boolean;
  clearable?: boolean;
  required?: boolean;
  onSave: (value: number | null) => Promise<unknown>;
}

/** A reference-list choice that saves as soon as it changes, and goes back with the server's message on failure. */
export function LookupSelect({
  label,
  list,
  value,
  readOnly,
  clearable = true,
  required,
  onSave,
}: LookupSelectProps) {
  const items = useReferenceList(list);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null | undefined>(undefined);
  const shown = pending !== undefined ? pending : value === null ? null : String(value);
  return (
    <Select
      label={label}
      data={(items.data ?? []).map((i) => ({ value: String(i.Id), label: i.Descr }))}
      value={shown}
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      clearable={clearable && !readOnly}
      required={required}
      searchable
      error={error}
      onChange={(next) => {
        setError(null);
        setPending(next);
        onSave(next === null ? null : Number(next)).then(
          () => setPending(undefined),
          (failure: unknown) => {
            setPending(undefined);
            if (!isSilentError(failure)) setError(errorMessage(failure));
          },
        );
      }}
    />
  );
}
