import { Checkbox, Group, MultiSelect } from '@mantine/core';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import type { ZodType } from 'zod';
import { errorMessage } from '../lib/api-errors';
import { showInfoBanner } from '../lib/banners';
import { useOrganisationId } from '../lib/session-store';

/**
 * The sending of a Site or Meter Data Export: the request is checked with its contract first (its first
 * refusal shown in the modal, nothing sent), then the download starts with a banner saying so, and the modal
 * closes when it is saved; a refusal of the server shows in the modal.
 */
export function useExportSubmit<T>(
  contract: ZodType<T>,
  download: (organisationId: number, request: T) => Promise<void>,
  onDone: () => void,
  /** The banner shown as it is sent (null: none, as for an export handed to the jobs centre). */
  banner: string | null = MSG.downloadStarting,
) {
  const orgId = useOrganisationId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (request: unknown) => {
    const parsed = contract.safeParse(request);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.validation);
    if (orgId === null) return;
    setError(null);
    setBusy(true);
    if (banner) showInfoBanner(banner);
    try {
      await download(orgId, parsed.data);
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, submit };
}

/** The assets an export covers: those chosen, or every one in the table when none is. */
export const chosenOrAll = (chosen: string[], items: { id: number }[]) =>
  (chosen.length > 0 ? chosen : items.map((i) => String(i.id))).map(Number);

/** An export's assets (leave empty for all of them) and its quantities. */
export function ExportChoices<Q extends string>({
  label,
  description,
  items,
  assets,
  onAssets,
  quantities,
  labels,
  data,
  onData,
}: {
  label: string;
  description: string;
  items: { id: number; name: string }[];
  assets: string[];
  onAssets: (assets: string[]) => void;
  quantities: readonly Q[];
  labels: Record<Q, string>;
  data: string[];
  onData: (data: string[]) => void;
}) {
  return (
    <>
      <MultiSelect
        label={label}
        description={description}
        searchable
        data={items.map((s) => ({ value: String(s.id), label: s.name }))}
        value={assets}
        onChange={onAssets}
      />
      <Checkbox.Group label="Quantities" value={data} onChange={onData}>
        <Group mt="xs">
          {quantities.map((q) => (
            <Checkbox key={q} value={q} label={labels[q]} />
          ))}
        </Group>
      </Checkbox.Group>
    </>
  );
}
