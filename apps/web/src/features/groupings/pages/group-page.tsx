import { GroupPageShell } from '../../../components/group-page-shell';
import { GroupDetails, GroupMembers, GroupOverview } from '../components/group-sections';
import { GroupTargets } from '../components/group-targets';
import { useGroup } from '../group-api';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'members', label: 'Members' },
  { value: 'details', label: 'Details' },
] as const;

/** /site-groups/{id} and /meter-groups/{id}: Overview, Members, Details (with the group's own targets). */
export function GroupPage() {
  return (
    <GroupPageShell
      kind="groups"
      tabs={TABS}
      useItem={useGroup}
      description={(g, type) =>
        `${type === 'site' ? 'Site group' : 'Data source group'}${g.grouping ? ` in ${g.grouping.name}` : ', uncontrolled'}`
      }
    >
      {(g, tab) => (
        <>
          {tab === 'overview' && <GroupOverview group={g} />}
          {tab === 'members' && <GroupMembers group={g} />}
          {tab === 'details' && (
            <>
              <GroupDetails group={g} />
              <GroupTargets group={g} />
            </>
          )}
        </>
      )}
    </GroupPageShell>
  );
}
