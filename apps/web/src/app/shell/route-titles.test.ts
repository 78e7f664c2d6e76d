import { describe, expect, it } from 'vitest';
import { areaOf, currentTabPath, menuEntryFor, titleFor } from './route-titles';

describe('route titles', () => {
  it('names menu screens by their menu label', () => {
    expect(titleFor('/organisation/sites')).toBe('Sites');
    expect(titleFor('/reports/ts')).toBe('Time Series Graph');
    expect(titleFor('/help/')).toBe('Help');
  });

  it('names tab-only and linked screens', () => {
    expect(titleFor('/portals/custom-portals')).toBe('Custom Portals');
    expect(titleFor('/sites/12/settings')).toBe('Site');
    expect(titleFor('/data-sources/7/notes')).toBe('Data Source');
    expect(titleFor('/fleet/vehicles/3')).toBe('Fleet');
    expect(titleFor('/organisations/4')).toBe('Organisation');
  });

  it('answers every spec route with a screen or the not-built page', () => {
    expect(titleFor('/reports')).toBe('Reports');
    expect(titleFor('/reports/benchmark')).not.toBeNull();
    expect(titleFor('/groups/meter-groups')).not.toBeNull();
    expect(titleFor('/vehicle-by-meter/12')).toBe('Vehicle');
    expect(titleFor('/tools/jobs/7')).toBe('Job');
  });

  it('knows nothing of other paths', () => {
    expect(titleFor('/no-such-page')).toBeNull();
    expect(titleFor('/sites')).toBeNull();
  });

  it('finds the enclosing menu entry and tab', () => {
    expect(menuEntryFor('/organisation/sites')?.id).toBe('sites');
    expect(menuEntryFor('/dashboard/favourite-graphs')?.id).toBe('favourite-graphs');
    expect(menuEntryFor('/sites/3')).toBeNull();
    expect(currentTabPath('/groups/site-groups')).toBe('/groups/site-groups');
    expect(currentTabPath('/email-processing/rejected')).toBe('/email-processing/rejected');
    expect(currentTabPath('/help')).toBeNull();
    expect(areaOf('/organisation/fleet')).toBe('organisation');
  });
});
