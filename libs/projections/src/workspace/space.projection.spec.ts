import type { WorkspaceEvent } from '@app/contracts/events/workspace.events';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { spaceProjection as projection } from './space.projection';

const recorded = (event: WorkspaceEvent, position: number) => recordedOn('workspace-W0rkspace1', event, position);

const at = 1_700_000_000_000;
const projectCreated = recorded(
  {
    type: 'SpaceCreated',
    data: { workspaceId: 'W0rkspace1', spaceId: 'vlt_p', kind: 'project', name: 'Launch', isRestricted: true, memberIds: ['u1'], projectMetadataId: 'pmd_1', at },
  },
  1,
);
const described = recorded(
  { type: 'ProjectMetadataChanged', data: { workspaceId: 'W0rkspace1', spaceId: 'vlt_p', description: 'The autumn launch', at: at + 5 } },
  2,
);

describe('space projection', () => {
  it('a regular space has no project metadata', () => {
    const regular = recorded(
      { type: 'SpaceCreated', data: { workspaceId: 'W0rkspace1', spaceId: 'vlt_r', kind: 'regular', name: 'Eng', isRestricted: false, memberIds: [], at } },
      1,
    );
    expect(project(projection, [regular]).get('vlt_r')).not.toHaveProperty('project');
  });

  it('a project starts with empty metadata of its own sId', () => {
    expect(project(projection, [projectCreated]).get('vlt_p')).toMatchObject({
      kind: 'project',
      memberIds: ['u1'],
      project: { sId: 'pmd_1', description: null, createdAt: at, updatedAt: at },
    });
  });

  it('keeps the latest description and when it changed', () => {
    expect(project(projection, [projectCreated, described]).get('vlt_p')?.project).toEqual({
      sId: 'pmd_1',
      description: 'The autumn launch',
      createdAt: at,
      updatedAt: at + 5,
    });
  });

  it('follows who the space holds', () => {
    const changed = recorded({ type: 'SpaceMembersChanged', data: { workspaceId: 'W0rkspace1', spaceId: 'vlt_p', isRestricted: false, memberIds: ['u2'], at: at + 9 } }, 3);
    const docs = project(projection, [projectCreated, changed]);
    expect(docs.get('vlt_p')).toMatchObject({ isRestricted: false, memberIds: ['u2'], updatedAt: at + 9 });
    expect(project(projection, [changed], docs)).toEqual(docs);
  });

  it('applying the same event twice changes nothing', () => {
    const once = project(projection, [projectCreated, described]);
    expect(project(projection, [described], once)).toEqual(once);
    expect(project(projection, [projectCreated], project(projection, [projectCreated]))).toEqual(project(projection, [projectCreated]));
  });
});
