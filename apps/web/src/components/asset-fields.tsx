import { errorMessage, isSilentError } from '../lib/api-errors';
import { showErrorBanner } from '../lib/banners';
import { InlineField, type InlineFieldProps } from './inline-field';

/** An asset's update call (a TanStack mutation taking some of its fields). */
interface Update<U> {
  mutateAsync: (body: U) => Promise<unknown>;
  mutate: (body: U, options: { onError: (error: Error) => void }) => void;
}

/** The keys of a record whose values are text (or none). */
type TextKey<R> = { [K in keyof R]: R[K] extends string | null ? K : never }[keyof R] & string;

/**
 * The fields of an asset's Details (a site's, an entity's, a data source's), saved through its update call:
 * `text` saves from the inline field editor (after 500 ms; the box goes back with the server's message on a
 * refusal), `now` from selects, switches and the map (a refusal shows the server's message in a banner; the
 * control shows the saved value again since the cache keeps it), and `field` draws the inline field of one
 * text value saved under its own key.
 */
export function assetFields<R, U extends object>(record: R, readOnly: boolean, update: Update<U>) {
  const text =
    <K extends keyof U>(key: K, convert: (value: string | null) => U[K] = (value) => value as U[K]) =>
    (value: string | null) =>
      update.mutateAsync({ [key]: convert(value) } as U);
  const now = (body: U) =>
    update.mutate(body, {
      onError: (error) => {
        if (!isSilentError(error)) showErrorBanner(errorMessage(error));
      },
    });
  const field = (key: TextKey<R> & keyof U, label: string, props: Partial<InlineFieldProps> = {}) => (
    <InlineField
      label={label}
      name={key}
      value={record[key] as string | null}
      readOnly={readOnly}
      onSave={text(key)}
      {...props}
    />
  );
  return { text, now, field };
}
