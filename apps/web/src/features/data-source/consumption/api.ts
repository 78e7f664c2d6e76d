import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { filesOperations } from '@verdant/contracts/files';
import {
  type ConsumptionRow,
  type ConsumptionUpdate,
  consumptionCreated,
  consumptionList,
  consumptionUpdated,
} from '@verdant/contracts/meter-consumption';
import { z } from 'zod';
import { uploadFileTo } from '../../../components/files-api';
import { meterKeys } from '../../../components/meter-api';
import { api } from '../../../lib/api-client';
import { keyOf } from '../../../lib/operations';

const listPath = (meterId: number) => `/meters/${meterId}/meter-consumption`;
export const consumptionKeys = { list: (meterId: number) => ['meter', meterId, 'consumption'] as const };

export function useConsumption(meterId: number) {
  return useQuery({
    queryKey: consumptionKeys.list(meterId),
    queryFn: ({ signal }) => api.get(listPath(meterId), { schema: consumptionList, signal }),
    // Attachment links expire after an hour; fetch fresh ones well before.
    refetchInterval: 30 * 60_000,
  });
}

/** A change to the records also changes the meter's figures (Overview) and its files (attachments). */
function useRecordsMutation<V, R>(meterId: number, run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: consumptionKeys.list(meterId) });
      await client.invalidateQueries({ queryKey: meterKeys.meter(meterId), refetchType: 'none' });
      await client.invalidateQueries({ queryKey: keyOf(filesOperations.meterFiles), refetchType: 'none' });
    },
  });
}

export const useAddConsumption = (meterId: number) =>
  useRecordsMutation(meterId, (rows: ConsumptionRow[]) =>
    api.post(`/meters/${meterId}/meter-consumptions`, { body: rows, schema: consumptionCreated }),
  );

export const useUpdateConsumption = (meterId: number) =>
  useRecordsMutation(meterId, ({ id, body }: { id: number; body: ConsumptionUpdate }) =>
    api.put(`${listPath(meterId)}/${id}`, { body, schema: consumptionUpdated }),
  );

export const useDeleteConsumption = (meterId: number) =>
  useRecordsMutation(meterId, (id: number) =>
    api.delete(`${listPath(meterId)}/${id}`, {
      schema: z.object({ success: z.literal(true), message: z.string() }),
    }),
  );

/** Uploads a file to the data source's files, then makes it the record's attachment. */
export const useAttachToRecord = (meterId: number) =>
  useRecordsMutation(
    meterId,
    async ({
      record,
      file,
    }: {
      record: Omit<ConsumptionUpdate, 'attachmentId'> & { id: number };
      file: File;
    }) => {
      const uploaded = await uploadFileTo('meter', meterId, file);
      const { id, ...row } = record;
      return api.put(`${listPath(meterId)}/${id}`, {
        body: { ...row, attachmentId: uploaded.id },
        schema: consumptionUpdated,
      });
    },
  );
