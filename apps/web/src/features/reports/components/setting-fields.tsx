import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import type { ReportSetting } from '@verdant/contracts/reports';

/** A report's additional settings (data-portal.md 3: name, className, hint, defaultValue). */
export type SettingValues = Record<string, string | number | boolean | null>;

export function SettingFields({
  settings,
  value,
  onChange,
}: {
  settings: ReportSetting[];
  value: SettingValues;
  onChange: (v: SettingValues) => void;
}) {
  const set = (name: string, v: string | number | boolean | null) => onChange({ ...value, [name]: v });
  return settings.map((s) => {
    const current = value[s.name] ?? null;
    switch (s.className) {
      case 'number':
        return (
          <NumberInput
            key={s.name}
            label={s.label}
            description={s.hint}
            min={s.min}
            max={s.max}
            value={typeof current === 'number' ? current : ''}
            onChange={(v) => set(s.name, typeof v === 'number' ? v : null)}
          />
        );
      case 'boolean':
        return (
          <Switch
            key={s.name}
            label={s.label}
            description={s.hint}
            checked={current === true}
            onChange={(e) => set(s.name, e.currentTarget.checked)}
          />
        );
      case 'select':
        return (
          <Select
            key={s.name}
            label={s.label}
            description={s.hint}
            data={s.options ?? []}
            value={current === null ? null : String(current)}
            onChange={(v) => set(s.name, v)}
          />
        );
      default:
        return (
          <TextInput
            key={s.name}
            label={s.label}
            description={s.hint}
            value={current === null ? '' : String(current)}
            onChange={(e) => set(s.name, e.currentTarget.value)}
          />
        );
    }
  });
}
