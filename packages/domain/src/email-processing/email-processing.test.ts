import { describe, expect, it } from 'vitest';
import { idOfParkedName, parkedName, parkedUrgency } from './email-processing';

describe('parked email urgency (data-portal.md 4)', () => {
  it('is a notification up to 4 days, urgent over 4, immediate over 9, emergency over 17', () => {
    expect([0, 4, 5, 9, 10, 17, 18, 40].map(parkedUrgency)).toEqual([
      'notification',
      'notification',
      'urgent',
      'urgent',
      'immediate',
      'immediate',
      'emergency',
      'emergency',
    ]);
  });
  it('names an item safely for a path and reads its id back', () => {
    expect(parkedName(12, 'March bill (final).pdf')).toBe('12-March_bill_final_.pdf');
    expect(idOfParkedName('12-March_bill_final_.pdf')).toBe(12);
    expect(idOfParkedName('../etc')).toBeNull();
  });
});
