import { TextInput, type TextInputProps } from '@mantine/core';
import { isSubCent, numericInput, toCents } from '@verdant/domain/invoices/money';
import { MSG } from '@verdant/domain/messages';
import { useEffect, useState } from 'react';

/** A number typed as text: only digits, minus and dot are kept; the value is null while empty or partial. */
export function NumberText({
  value,
  onValue,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onValue: (v: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(value === null ? '' : String(value));
  }, [value, focused]);
  return (
    <TextInput
      inputMode="decimal"
      {...rest}
      value={text}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onChange={(e) => {
        const next = numericInput(e.currentTarget.value);
        setText(next);
        const n = Number(next);
        onValue(next === '' || next === '-' || next === '.' || !Number.isFinite(n) ? null : n);
      }}
    />
  );
}

/** An amount in dollars as text ('123.45'): digits, dot and minus only; a sub-cent value is refused in place. */
export function MoneyText({
  value,
  onValue,
  error,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string | null; onValue: (v: string) => void }) {
  const text = value ?? '';
  const subCent = text !== '' && isSubCent(text);
  return (
    <TextInput
      inputMode="decimal"
      {...rest}
      value={text}
      error={subCent ? MSG.invoiceSubCent : error}
      onChange={(e) => onValue(numericInput(e.currentTarget.value))}
      onBlur={() => {
        const c = toCents(text);
        if (c !== null && text !== '' && !text.includes('.')) onValue(`${text}.00`);
      }}
    />
  );
}
