import type { Me, PageVisitor } from '@vigil/shared';

/** The person as the pages' access rule sees them: role, owner of this workspace, the plan's VMS and AI. */
export function pageVisitor(me: Me | null): PageVisitor {
  return {
    role: me?.user.role,
    isOwner: !!me && me.workspace.ownerId === me.user.uid,
    vms: me?.user.vmsAccess ?? false,
    ai: me?.user.aiAccess ?? false,
  };
}
