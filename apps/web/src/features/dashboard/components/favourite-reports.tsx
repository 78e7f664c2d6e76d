import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportsOperations as ops } from '@verdant/contracts/reports';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showInfoBanner } from '../../../lib/banners';
import { call, invalidate, submitForm, useOperation } from '../../../lib/operations';
import { FavouritesList } from './favourites-list';

/**
 * The dashboard's Favourite Reports tab (core-portal.md, Dashboard): each favourite runs now (a sliding
 * period from today), and can be renamed or deleted.
 */
export function FavouriteReports() {
  const favourites = useOperation(ops.favourites, {});
  const client = useQueryClient();
  const [running, setRunning] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (name: string) => call(ops.deleteFavourite, { body: { name } }),
    onSettled: () => invalidate(client, ops.favourites),
  });
  const rename = useMutation({
    mutationFn: (v: { name: string; newName: string }) => call(ops.renameFavourite, { body: v }),
    onSuccess: () => invalidate(client, ops.favourites),
  });

  async function start(name: string) {
    setRunning(name);
    showInfoBanner(REPORT_MSG.downloadBegins);
    try {
      // The spec's form POST (id, token, file name): the browser downloads the file itself.
      submitForm(ops.downloadFavourite, await call(ops.favouriteLink, { body: { name } }));
    } catch (error) {
      showErrorBanner(errorMessage(error));
    } finally {
      setRunning(null);
    }
  }

  return (
    <FavouritesList
      kind="reports"
      query={favourites}
      rows={(favourites.data ?? []).map((f) => ({
        name: f.name,
        title: <Text fw={500}>{f.name}</Text>,
        description: `${f.reportName} · ${f.asset.name} · ${f.period} · ${f.extension.toUpperCase()}`,
      }))}
      remove={remove}
      rename={rename}
      deleteText={(name) => `Delete the favourite report ${name}?`}
      run={{ running, start }}
    />
  );
}
