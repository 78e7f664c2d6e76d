import { Loader, Select } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import type { Choice } from '../organisation-api';

interface SaveSelectProps {
  label: string;
  /** The field's key in a 400 answer's `fields`. */
  name: string;
  value: string | null;
  choices: Choice[];
  readOnly?: boolean;
  /** Offers an empty choice that saves null. */
  clearable?: boolean;
  placeholder?: string;
  description?: string;
  onSave: (value: string | null) => Promise<unknown>;
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * A select that saves as soon as a choice is made, with the inline editor's indicator; when the server
 * refuses, it goes back to the saved choice and shows the server's message.
 */
export function SaveSelect({
  label,
  name,
  value,
  choices,
  readOnly = false,
  clearable = false,
  placeholder,
  description,
  onSave,
}: SaveSelectProps) {
  const [pending, setPending] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const shown = pending === undefined ? value : pending;

  const change = (next: string | null) => {
    if (next === value) return;
    setPending(next);
    setError(null);
    setState('saving');
    onSave(next).then(
      () => {
        setPending(undefined);
        setState('saved');
      },
      (failure: unknown) => {
        setPending(undefined);
        if (isSilentError(failure)) {
          setState('idle');
          return;
        }
        setError(
          failure instanceof ApiError
            ? (failure.fields[name]?.[0] ?? failure.message)
            : errorMessage(failure),
        );
        setState('failed');
      },
    );
  };

  const indicator =
    state === 'saving' ? (
      <Loader size={14} aria-hidden />
    ) : state === 'saved' ? (
      <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
    ) : state === 'failed' ? (
      <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />
    ) : undefined;

  return (
    <Select
      label={label}
      description={description}
      name={name}
      data={choices}
      value={shown}
      onChange={change}
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      clearable={clearable && !readOnly}
      placeholder={placeholder}
      allowDeselect={false}
      error={error}
      rightSection={indicator}
      data-save-state={state}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
