import { FilesPanel } from '../../../components/files-panel';
import type { TabProps } from '../tab-props';

/** /data-sources/{id}/files: the shared files panel on the meter. */
export function FilesTab({ meter }: TabProps) {
  return <FilesPanel ownerType="meter" ownerId={meter.id} />;
}
