import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { assetFields } from '../../../components/asset-fields';
import { useUpdateMeter } from '../data-source-api';

/** The data source's fields saved through its update call (`assetFields`: `text`, `now` and `field`). */
export function useFieldSavers(meter: MeterDetail) {
  return assetFields(meter, !meter.mayEdit, useUpdateMeter(meter.id));
}
