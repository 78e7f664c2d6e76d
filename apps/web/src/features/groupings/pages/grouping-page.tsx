import { GroupPageShell } from '../../../components/group-page-shell';
import { GroupingAssign } from '../components/grouping-assign';
import { GroupingDetails, GroupingGroups, GroupingReports } from '../components/grouping-sections';
import { useGrouping } from '../grouping-api';

const TABS = [
  { value: 'groups', label: 'Groups' },
  { value: 'details', label: 'Details' },
  { value: 'assign', label: 'Assign' },
  { value: 'unassociated-assets', label: 'Unassociated Assets' },
  { value: 'reports', label: 'Reports' },
] as const;

/** /site-groupings/{id} and /meter-groupings/{id}: Groups, Details, Assign, Unassociated Assets, Reports. */
export function GroupingPage() {
  return (
    <GroupPageShell
      kind="groupings"
      tabs={TABS}
      useItem={useGrouping}
      description={(g, type) =>
        `${type === 'site' ? 'Grouping of site groups' : 'Grouping of data source groups'}${g.controlled ? ', controlled' : ', uncontrolled'}`
      }
    >
      {(g, tab) => (
        <>
          {tab === 'groups' && <GroupingGroups grouping={g} />}
          {tab === 'details' && <GroupingDetails grouping={g} />}
          {tab === 'assign' && <GroupingAssign grouping={g} unassociatedOnly={false} />}
          {tab === 'unassociated-assets' && <GroupingAssign grouping={g} unassociatedOnly />}
          {tab === 'reports' && <GroupingReports grouping={g} />}
        </>
      )}
    </GroupPageShell>
  );
}
