/**
 * Reference lists for selectors. Ids are fixed so every installation agrees; Descr is shown to users.
 * Regions are New Zealand's regional council areas, as the product's demo is New Zealand based.
 */
export const LOOKUP_LISTS: Record<string, readonly (readonly [number, string, string?])[]> = {
  regions: [
    [1, 'Northland'],
    [2, 'Auckland'],
    [3, 'Waikato'],
    [4, 'Bay of Plenty'],
    [5, 'Gisborne'],
    [6, "Hawke's Bay"],
    [7, 'Taranaki'],
    [8, 'Manawatū-Whanganui'],
    [9, 'Wellington'],
    [10, 'Tasman'],
    [11, 'Nelson'],
    [12, 'Marlborough'],
    [13, 'West Coast'],
    [14, 'Canterbury'],
    [15, 'Otago'],
    [16, 'Southland'],
    [17, 'Chatham Islands'],
    [99, 'Outside New Zealand'],
  ],
  'building-segmentations': [
    [1, 'Office'],
    [2, 'Retail'],
    [3, 'Warehouse and depot'],
    [4, 'Industrial'],
    [5, 'Education'],
    [6, 'Healthcare'],
    [7, 'Accommodation'],
    [8, 'Recreation and aquatic'],
    [9, 'Library and community'],
    [10, 'Water and wastewater'],
    [11, 'Residential'],
    [12, 'Other'],
  ],
  // Detail: the building segmentation each function belongs to.
  'entity-descriptors': [
    [1, 'General office', '1'],
    [2, 'Call centre', '1'],
    [3, 'Data centre', '4'],
    [4, 'Workshop', '3'],
    [5, 'Vehicle depot', '3'],
    [6, 'Cold store', '3'],
    [7, 'School', '5'],
    [8, 'Library', '9'],
    [9, 'Community hall', '9'],
    [10, 'Swimming pool', '8'],
    [11, 'Gymnasium', '8'],
    [12, 'Clinic', '6'],
    [13, 'Shop', '2'],
    [14, 'Treatment building', '10'],
    [15, 'Other', '12'],
  ],
  'entity-usages': [
    [1, 'Owner occupied'],
    [2, 'Leased to a tenant'],
    [3, 'Shared'],
    [4, 'Vacant'],
  ],
  'aircon-controls': [
    [1, 'None'],
    [2, 'Manual'],
    [3, 'Time clock'],
    [4, 'Building management system'],
  ],
  'heating-types': [
    [1, 'None'],
    [2, 'Heat pump'],
    [3, 'Gas boiler'],
    [4, 'Electric resistance'],
    [5, 'Biomass boiler'],
    [6, 'District heating'],
  ],
  'lighting-types': [
    [1, 'LED'],
    [2, 'Fluorescent'],
    [3, 'Compact fluorescent'],
    [4, 'Halogen or incandescent'],
    [5, 'Mixed'],
  ],
  'entity-controls': [
    [1, 'Controlled by the organisation'],
    [2, 'Controlled by a landlord'],
    [3, 'Controlled by a contractor'],
  ],
  'organisation-types': [
    [1, 'Local government'],
    [2, 'Central government'],
    [3, 'Commercial'],
    [4, 'Education'],
    [5, 'Healthcare'],
    [6, 'Not for profit'],
  ],
  countries: [
    [554, 'New Zealand'],
    [36, 'Australia'],
    [826, 'United Kingdom'],
    [372, 'Ireland'],
    [840, 'United States'],
  ],
  // The spec's default financial reporting id is 2.
  'financial-reporting': [
    [1, 'Including GST'],
    [2, 'Excluding GST'],
  ],
  'year-orders': [
    [1, 'Oldest year first'],
    [2, 'Newest year first'],
  ],
};

/** Indicators for sites and entities: [id, description, unit, variable, applies to]. */
export const INDICATORS: readonly (readonly [number, string, string, boolean, 'site' | 'entity' | 'both'])[] =
  [
    [1, 'Gross floor area', 'm2', false, 'both'],
    [2, 'Net lettable area', 'm2', false, 'both'],
    [3, 'Full-time equivalent staff', 'FTE', true, 'both'],
    [4, 'Visitors per year', 'visitors', true, 'both'],
    [5, 'Pool water volume', 'm3', false, 'entity'],
    [6, 'Heated pool area', 'm2', false, 'entity'],
    [7, 'Water treated per year', 'ML', true, 'entity'],
    [8, 'Population served', 'people', true, 'both'],
    [9, 'Operating hours per week', 'hours', true, 'both'],
  ];
