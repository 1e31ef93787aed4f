import { z } from 'zod';
import { isoDate } from './common.ts';
import { emailSchema } from './user.ts';

/** A workspace's team — memberships, invitations, the workspace switcher. */

/** A person's place in a workspace; `owner` is held by exactly one member. */
export const MEMBERSHIP_ROLES = ['owner', 'manager', 'operator', 'viewer'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];
/** What an invitation or a role change may give (ownership moves only by transfer). */
export const MEMBER_ROLES = ['manager', 'operator', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const INVITATION_DAYS = 7;
/** Cameras a member can be limited to (more than this is a camera list, not a limit). */
export const MAX_SCOPED_CAMERAS = 500;

// The role is checked by the service, so `admin` or `owner` get a sentence rather than "invalid enum".
const requestedRole = z.string().trim().min(1).max(20);

export const createInvitationSchema = z.object({ email: emailSchema, role: requestedRole }).strict();
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  expiresAt: isoDate,
  createdAt: isoDate,
  lastSentAt: isoDate,
  invitedBy: z.object({ uid: z.string(), displayName: z.string() }).nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsListSchema = z.object({ items: z.array(invitationSchema) });

export const invitationTokenSchema = z.object({ token: z.string().trim().min(20).max(200) }).strict();

/** What the invitation page shows before anyone signs in (the token is the secret). */
export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  invitedBy: z.string(),
  expiresAt: isoDate,
  /** Whether an account with the invited address exists (sign in) or not (sign up). */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(MEMBERSHIP_ROLES),
  /** Cameras the member is limited to; null = every camera. */
  cameraIds: z.array(z.string()).nullable(),
  /** Sites the member is limited to; null = no site limit. With sites, cameraIds adds single cameras. */
  siteIds: z.array(z.string()).nullable(),
  joinedAt: isoDate,
  /** Their last activity anywhere (a session's last use, else their last sign-in). */
  lastSeenAt: isoDate.nullable(),
  twoFactorEnabled: z.boolean(),
  disabled: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
export const membersListSchema = z.object({ items: z.array(memberSchema) });

export const updateMemberSchema = z
  .object({
    role: requestedRole.optional(),
    cameraIds: z.array(z.string().uuid()).max(MAX_SCOPED_CAMERAS).nullable().optional(),
    siteIds: z.array(z.string().uuid()).max(MAX_SCOPED_CAMERAS).nullable().optional(),
  })
  .strict()
  .refine((v) => v.role !== undefined || v.cameraIds !== undefined || v.siteIds !== undefined, {
    message: 'nothing to change',
  });
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

export const transferOwnershipSchema = z
  .object({ userId: z.string().uuid(), password: z.string().min(1).max(256) })
  .strict();

/** A workspace the signed-in person belongs to (the switcher's list). */
export const myWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(MEMBERSHIP_ROLES),
  current: z.boolean(),
});
export type MyWorkspace = z.infer<typeof myWorkspaceSchema>;
export const myWorkspacesSchema = z.object({ items: z.array(myWorkspaceSchema) });
export const switchWorkspaceSchema = z.object({ workspaceId: z.string().uuid() }).strict();
