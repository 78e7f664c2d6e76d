import { MSG } from '@verdant/domain/messages';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import { useDeleteInvoice, useSaveInvoice } from '../invoice-api';
import { bodyOf, type Draft, pageCheck, setField, totalsOf } from '../invoice-form';

/**
 * The invoice page's state and calls: the draft and its totals, save (a dry run first, whose alerts are
 * shown before the real save) and delete, and the error or alerts they leave for the dialogs.
 */
export function useInvoiceEditor(initial: Draft) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [alerts, setAlerts] = useState<Draft['alerts'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const navigate = useNavigate();
  const save = useSaveInvoice();
  const remove = useDeleteInvoice();
  const totals = useMemo(() => totalsOf(draft), [draft]);
  const meterPath = `/data-sources/${draft.meterId}`;
  const invoicesPath = `${meterPath}/invoices`;
  const isNew = draft.id === null;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => setField(d, key, value));

  const commit = async () => {
    try {
      const res = await save.mutateAsync(bodyOf(draft, false));
      setAlerts(null);
      const id = res.savedInvoice?.id;
      showSuccessBanner(MSG.invoiceSaved);
      if (id !== undefined) navigate(`${invoicesPath}/${id}`, { replace: isNew });
    } catch (e) {
      setAlerts(null);
      setError(errorMessage(e));
    }
  };
  const onSave = async () => {
    const message = pageCheck(draft);
    if (message) return setError(message);
    try {
      const dry = await save.mutateAsync(bodyOf(draft, true));
      if (dry.alerts.length > 0) return setAlerts(dry.alerts);
      await commit();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const onDelete = async () => {
    if (draft.id === null) return;
    try {
      await remove.mutateAsync(draft.id);
      showSuccessBanner(MSG.invoiceDeleted);
      navigate(invoicesPath);
    } catch (e) {
      setConfirmDelete(false);
      setError(errorMessage(e));
    }
  };

  return {
    draft,
    setDraft,
    set,
    totals,
    meterPath,
    invoicesPath,
    isNew,
    alerts,
    setAlerts,
    error,
    setError,
    confirmDelete,
    setConfirmDelete,
    saving: save.isPending,
    deleting: remove.isPending,
    commit,
    onSave,
    onDelete,
  };
}
