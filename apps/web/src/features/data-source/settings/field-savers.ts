import type { MeterDetail, MeterUpdate } from '@verdant/contracts/meters';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner } from '../../../lib/banners';
import { useUpdateMeter } from '../api';

/**
 * Savers for one meter's fields: `text` for the inline field editor (saves after 500 ms, reverts with the
 * server message), `now` for selects and switches (a refusal shows the server message in a banner; the
 * control shows the saved value again since the cache keeps it).
 */
export function useFieldSavers(meter: MeterDetail) {
  const update = useUpdateMeter(meter.id);
  return {
    text:
      <K extends keyof MeterUpdate>(
        key: K,
        convert: (v: string | null) => MeterUpdate[K] = (v) => v as MeterUpdate[K],
      ) =>
      (value: string | null) =>
        update.mutateAsync({ [key]: convert(value) } as MeterUpdate),
    now: (body: MeterUpdate) => update.mutate(body, { onError: (e) => showErrorBanner(errorMessage(e)) }),
  };
}
