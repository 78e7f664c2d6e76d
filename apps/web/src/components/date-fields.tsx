import '@mantine/dates/styles.css';
import { CloseButton, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, MonthPicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { formatDisplayDate, parseDisplayDate, parseDisplayMonth } from '@verdant/domain/dates';
import { formatMonth } from '@verdant/domain/month-labels';
import { type ReactNode, useEffect, useState } from 'react';
import classes from './date-fields.module.css';

export const DATE_HINT = 'Write the date as dd/mm/yyyy';
export const MONTH_HINT = 'Write the month as mm/yyyy or Oct 2026';

interface FieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Stored value: yyyy-MM-dd for a date, yyyy-MM for a month; null when empty. */
  value: string | null;
  /**
   * Called with the stored value as soon as the text is a whole date (or month), with null when emptied, and
   * with the raw text when it is not a date, so that the form's own rule refuses it and nothing is saved.
   */
  onChange: (value: string | null) => void;
  /** Shows a button (named "Clear {label}") that empties the field. */
  clearable?: boolean;
}

interface Kind {
  format: (stored: string | null) => string;
  parse: (text: string) => string | null;
  hint: string;
  placeholder: string;
  picker: (value: string | null, pick: (stored: string) => void) => ReactNode;
}

/**
 * A text box that reads what is typed or pasted (day first, or ISO) with a picker beside it. Esc closes the
 * picker and leaves the modal around it open.
 */
function PickerField({
  kind,
  value,
  onChange,
  clearable,
  error,
  label,
  onBlur,
  onKeyDown,
  ...rest
}: FieldProps & { kind: Kind }) {
  const [text, setText] = useState(kind.format(value));
  const [open, setOpen] = useState(false);
  const [blurred, setBlurred] = useState(false);

  // A value changed from outside (a reset, a server answer) replaces the text unless the text already says it.
  useEffect(() => {
    setText((current) => (kind.parse(current) === value || current === value ? current : kind.format(value)));
  }, [value, kind]);

  const change = (next: string) => {
    setText(next);
    setBlurred(false);
    if (next.trim() === '') onChange(null);
    else onChange(kind.parse(next) ?? next);
  };

  const pick = (stored: string) => {
    setText(kind.format(stored));
    setBlurred(false);
    setOpen(false);
    onChange(stored);
  };

  const invalid = blurred && text.trim() !== '' && kind.parse(text) === null;
  const clear =
    clearable && text !== '' && !rest.readOnly && !rest.disabled ? (
      <CloseButton
        size="sm"
        aria-label={`Clear ${typeof label === 'string' ? label : 'date'}`}
        onClick={() => change('')}
      />
    ) : undefined;

  return (
    <Popover
      opened={open && !rest.readOnly && !rest.disabled}
      onChange={setOpen}
      position="bottom-start"
      trapFocus={false}
      returnFocus={false}
      // A text box is not a popup button: no aria-expanded / aria-haspopup on it.
      withRoles={false}
      withinPortal
      shadow="md"
      // The calendar opens at once: typing and picking go faster, and nothing is ever half drawn.
      transitionProps={{ duration: 0 }}
    >
      <Popover.Target>
        <TextInput
          {...rest}
          label={label}
          value={text}
          placeholder={rest.placeholder ?? kind.placeholder}
          autoComplete="off"
          leftSection={<IconCalendar size={16} aria-hidden />}
          rightSection={rest.rightSection ?? clear}
          error={invalid ? kind.hint : error}
          // Read by Mantine's modal before this box sees the key: an open picker takes the Esc for itself.
          data-mantine-stop-propagation={open ? 'true' : undefined}
          onClick={() => setOpen(true)}
          onChange={(event) => change(event.currentTarget.value)}
          onBlur={(event) => {
            setOpen(false);
            setBlurred(true);
            const stored = kind.parse(text);
            if (stored) setText(kind.format(stored));
            onBlur?.(event);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) {
              event.stopPropagation();
              setOpen(false);
            } else if (event.key === 'ArrowDown') setOpen(true);
            onKeyDown?.(event);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown onMouseDown={(event) => event.preventDefault()}>
        {kind.picker(kind.parse(text), pick)}
      </Popover.Dropdown>
    </Popover>
  );
}

const PICKER_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
  decadeLevelControl: 'Choose a decade',
};

const DATE_KIND: Kind = {
  format: formatDisplayDate,
  parse: parseDisplayDate,
  hint: DATE_HINT,
  placeholder: 'dd/mm/yyyy',
  picker: (value, pick) => (
    <DatePicker
      ariaLabels={PICKER_LABELS}
      classNames={{ day: classes.day }}
      value={value}
      defaultDate={value ?? undefined}
      onChange={(picked) => picked && pick(String(picked).slice(0, 10))}
    />
  ),
};

const MONTH_KIND: Kind = {
  format: (value) => formatMonth(value),
  parse: parseDisplayMonth,
  hint: MONTH_HINT,
  placeholder: 'mm/yyyy',
  picker: (value, pick) => (
    <MonthPicker
      ariaLabels={PICKER_LABELS}
      value={value ? `${value}-01` : null}
      defaultDate={value ? `${value}-01` : undefined}
      onChange={(picked) => picked && pick(String(picked).slice(0, 7))}
    />
  ),
};

/** The one date field of the app: shows and reads dd/MM/yyyy (ISO pasted in too); stores yyyy-MM-dd. */
export function DateField(props: FieldProps) {
  return <PickerField kind={DATE_KIND} {...props} />;
}

/** The one month field of the app: shows 'Oct 2026', reads MM/yyyy or 'Oct 2026' (yyyy-MM pasted in too); stores yyyy-MM. */
export function MonthField(props: FieldProps) {
  return <PickerField kind={MONTH_KIND} {...props} />;
}
