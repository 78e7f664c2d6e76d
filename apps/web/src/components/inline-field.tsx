import { Loader, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { DEBOUNCE_MS } from '@verdant/domain/constants';
import { formatDisplayDate } from '@verdant/domain/dates';
import { checkInlineValue, type InlineMode, inlineValue } from '@verdant/domain/inline-values';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage, isSilentError } from '../lib/api-errors';
import { DateField } from './date-fields';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface InlineFieldProps {
  label: string;
  /** The field's key in a 400 answer's `fields`, so the field shows its own message. */
  name: string;
  /** The value as last saved on the server. */
  value: string | null;
  mode?: InlineMode;
  readOnly?: boolean;
  /** A further rule (typically the shared contract's) run before saving; a message stops the save. */
  validate?: (value: string | null) => string | null;
  /**
   * Saves the value. Resolving to `{ stored }` says the server kept another value (a new email waits for
   * confirmation, say): the box then shows that one.
   */
  onSave: (value: string | null) => Promise<unknown>;
  /** 'date' shows the app's date field (dd/MM/yyyy typed or picked) and saves yyyy-MM-dd. */
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
}

function storedOf(answer: unknown): string | null | undefined {
  if (typeof answer !== 'object' || answer === null || !('stored' in answer)) return undefined;
  const { stored } = answer as { stored: unknown };
  return typeof stored === 'string' || stored === null ? stored : undefined;
}

function failureMessage(error: unknown, name: string): string {
  if (error instanceof ApiError) return error.fields[name]?.[0] ?? error.message;
  return errorMessage(error);
}

const STATE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved',
};

/**
 * A text box that saves itself: DEBOUNCE_MS after the last keystroke (or at once on blur or Enter), with a
 * saving / saved indicator. When the server refuses, the box goes back to the last saved value and shows
 * the server's message.
 */
export function InlineField({
  label,
  name,
  value,
  mode = 'text',
  readOnly = false,
  validate,
  onSave,
  type = 'text',
  autoComplete = 'off',
}: InlineFieldProps) {
  const [text, setText] = useState(value ?? '');
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(value);
  const timer = useRef<number | undefined>(undefined);
  const focused = useRef(false);
  /** Counts keystrokes, so that a late answer never overwrites something typed after it was sent. */
  const edits = useRef(0);
  const latest = useRef({ text, mode, validate, onSave });
  latest.current = { text, mode, validate, onSave };

  // Another save (of this user's other fields, say) brought a newer value: show it unless typing here.
  useEffect(() => {
    if (focused.current || timer.current !== undefined) return;
    saved.current = value;
    setText(value ?? '');
  }, [value]);

  const save = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const current = latest.current;
    const next = inlineValue(current.text);
    const problem = checkInlineValue(current.mode, current.text) ?? current.validate?.(next) ?? null;
    if (problem) {
      setError(problem);
      setState('failed');
      return;
    }
    if (next === saved.current) {
      setState((s) => (s === 'failed' ? 'idle' : s));
      return;
    }
    const edit = edits.current;
    setError(null);
    setState('saving');
    current.onSave(next).then(
      (answer: unknown) => {
        const kept = storedOf(answer);
        saved.current = kept === undefined ? next : kept;
        if (edit !== edits.current) return;
        if (kept !== undefined) setText(kept ?? '');
        setState('saved');
      },
      (failure: unknown) => {
        if (isSilentError(failure)) {
          setState('idle');
          return;
        }
        if (edit === edits.current) setText(saved.current ?? '');
        setError(failureMessage(failure, name));
        setState('failed');
      },
    );
  }, [name]);

  // Leaving the page (or collapsing the panel) within the debounce still saves what was typed.
  useEffect(
    () => () => {
      if (timer.current !== undefined) save();
    },
    [save],
  );

  if (readOnly) {
    const shown = type === 'date' ? formatDisplayDate(value) : (value ?? '');
    return <TextInput label={label} value={shown} readOnly variant="filled" />;
  }

  const indicator =
    state === 'saving' ? (
      <Loader size={14} aria-hidden />
    ) : state === 'saved' ? (
      <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
    ) : state === 'failed' ? (
      <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />
    ) : null;

  const edit = (next: string) => {
    edits.current += 1;
    setText(next);
    setError(null);
    setState('idle');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(save, DEBOUNCE_MS);
  };
  const common = {
    label,
    name,
    error,
    rightSection: indicator,
    'data-save-state': state,
    onFocus: () => {
      focused.current = true;
    },
    onBlur: () => {
      focused.current = false;
      if (timer.current !== undefined) save();
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter' && timer.current !== undefined) {
        event.preventDefault();
        save();
      }
    },
  };

  return (
    <div>
      {type === 'date' ? (
        <DateField
          {...common}
          clearable={mode !== 'non-empty'}
          value={text === '' ? null : text}
          onChange={(next) => edit(next ?? '')}
        />
      ) : (
        <TextInput
          {...common}
          type={type}
          autoComplete={autoComplete}
          value={text}
          onChange={(event) => edit(event.currentTarget.value)}
        />
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {state === 'idle' ? '' : `${label}: ${STATE_TEXT[state]}`}
      </VisuallyHidden>
    </div>
  );
}
