import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { badRequest } from '../../lib/errors';
import type { ReportDefinition, SettingValues } from './report-definition';

/** The report's settings: its defaults, overridden by the values given, each checked. */
export function settingsOf(r: ReportDefinition, given: SettingValues): SettingValues {
  const out: SettingValues = {};
  for (const s of r.settings) {
    const value = given[s.name] ?? s.defaultValue;
    const refuse = () =>
      badRequest(REPORT_MSG.settingInvalid.replace('{name}', s.label).replace('{value}', String(value)));
    if (value !== null) {
      if (s.className === 'number') {
        const n = Number(value);
        if (!Number.isFinite(n) || (s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) {
          throw refuse();
        }
        out[s.name] = n;
        continue;
      }
      if (s.className === 'boolean' && typeof value !== 'boolean') throw refuse();
      if (s.className === 'select' && s.options && !s.options.some((o) => o.value === String(value))) {
        throw refuse();
      }
    }
    out[s.name] = value;
  }
  return out;
}
