import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { ConsumptionRow, ConsumptionUpdate } from '@verdant/contracts/data-sources/consumption';
import { filesOperations } from '@verdant/contracts/files';
import { uploadFileTo } from '../../../components/files-api';
import { call, invalidate, keyOf, useOperation } from '../../../lib/operations';

export const useConsumption = (meterId: number) =>
  // Attachment links expire after an hour; fetch fresh ones well before.
  useOperation(ops.consumption, { params: { id: meterId } }, { refetchInterval: 30 * 60_000 });

/** A change to the records also changes the meter's figures (Overview) and its files (attachments). */
function useRecordsMutation<V, R>(run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await invalidate(client, ops.consumption);
      for (const op of [ops.meter, ops.meterGraph])
        await client.invalidateQueries({ queryKey: keyOf(op), refetchType: 'none' });
      await client.invalidateQueries({ queryKey: keyOf(filesOperations.meterFiles), refetchType: 'none' });
    },
  });
}

export const useAddConsumption = (meterId: number) =>
  useRecordsMutation((rows: ConsumptionRow[]) =>
    call(ops.addConsumption, { params: { id: meterId }, body: rows }),
  );

export const useUpdateConsumption = (meterId: number) =>
  useRecordsMutation(({ id, body }: { id: number; body: ConsumptionUpdate }) =>
    call(ops.updateConsumption, { params: { id: meterId, recordId: id }, body }),
  );

export const useDeleteConsumption = (meterId: number) =>
  useRecordsMutation((id: number) => call(ops.deleteConsumption, { params: { id: meterId, recordId: id } }));

/** Uploads a file to the data source's files, then makes it the record's attachment. */
export const useAttachToRecord = (meterId: number) =>
  useRecordsMutation(
    async ({
      record,
      file,
    }: {
      record: Omit<ConsumptionUpdate, 'attachmentId'> & { id: number };
      file: File;
    }) => {
      const uploaded = await uploadFileTo('meter', meterId, file);
      const { id, ...row } = record;
      return call(ops.updateConsumption, {
        params: { id: meterId, recordId: id },
        body: { ...row, attachmentId: uploaded.id },
      });
    },
  );
