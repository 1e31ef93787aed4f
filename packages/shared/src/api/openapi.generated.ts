// Generated from /api/openapi.json by `npm run openapi:generate`: do not edit by hand.

export interface paths {
    "/api/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: each role this process runs (serve: API up; record: leases renewed; work: queue polled) and the database answering within 1 s */
        get: operations["getHealthReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database reachability (within 1 s) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and its workspace */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password: the session, or, when the account has two-factor on, { twoFactorRequired, challenge } for POST /auth/sign-in/2fa */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-in/2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete a sign-in with the challenge and a current code from the authenticator app (or an unused recovery code) */
        post: operations["signInWithSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End this session */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password-reset link */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset token */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the signed-in user’s password */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/settings/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Installation sign-in settings */
        get: operations["getAdminSettingsAuth"];
        /** Change the installation sign-in settings */
        put: operations["setAdminSettingsAuth"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s own live sessions: device, browser, address, signed in, last active, which is this one */
        get: operations["listSecuritySessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one of the caller’s sessions (its live views and realtime streams close) */
        delete: operations["deleteSecuritySession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/sessions/sign-out-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out every session of the caller except this one */
        post: operations["signOutOtherSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s own sign-in history, newest first: successes and failures with address (keyset paging) */
        get: operations["listSecuritySignIns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the caller has two-factor on, recovery codes left, and the workspace’s policy */
        get: operations["getSecurity2fa"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/2fa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start enrolling: a new TOTP secret, its otpauth:// URI and QR code (confirm with /2fa/enable) */
        post: operations["setupSecurity2fa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/2fa/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the enrolment with a current code: two-factor is on; answers ten recovery codes, shown once */
        post: operations["enableSecurity2fa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/2fa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor off, with the password and a current code (or a recovery code) */
        post: operations["disableSecurity2fa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/2fa/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the recovery codes with ten new ones (the password confirms); older codes stop working */
        post: operations["regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/workspace-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Require two-factor authentication of every member of the current workspace (owner or manager) */
        put: operations["setSecurityWorkspacePolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user’s document and workspace */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update display name and preferences */
        patch: operations["updateMe"];
        trace?: never;
    };
    "/api/v1/support": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whom to ask for help: the installation’s support email and phone (null when not set) */
        get: operations["getSupport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current session, or null */
        get: operations["getAuthSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Upload a profile photo (raw PNG, JPEG or WebP body, up to 2 MB) */
        put: operations["setMePhoto"];
        post?: never;
        /** Remove the profile photo */
        delete: operations["deleteMePhoto"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A workspace the caller belongs to */
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the workspace’s settings: viewersMayExport (whether viewers may export footage), newCameraMotionAlerts (whether a new camera starts with motion alerts on) */
        patch: operations["updateWorkspace"];
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List, search and page through users */
        get: operations["listAdminUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mail the installation has sent or kept */
        get: operations["getAdminOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/settings/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The disk guard’s threshold: the free space every recorder keeps on its media folder */
        get: operations["getAdminSettingsStorage"];
        /** Change the disk guard’s threshold */
        put: operations["setAdminSettingsStorage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Installation problems only an administrator can fix (a recorder’s disk full of protected footage) */
        get: operations["listAdminAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The installation at a glance: recorders, database, disk, job queue, offline cameras, sign-ups, plans, revenue, audit */
        get: operations["getAdminDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/onvif/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask an ONVIF camera at host[:port] for its model and profiles (codec, size, frame rate, stream address), and whether it has PTZ, events and a sound backchannel */
        post: operations["probeCamerasOnvif"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move an ONVIF camera at these velocities (pan, tilt, zoom, each −1…1) until a stop, or until 1 s passes without another move (repeat it while the control is held) */
        post: operations["createCameraPtzMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop the camera’s pan, tilt and zoom */
        post: operations["createCameraPtzStop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/home": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the camera to its home position */
        post: operations["createCameraPtzHome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The presets the camera keeps (token and name) */
        get: operations["listCameraPtzPresets"];
        /** Save the camera’s current position as a new preset under this name */
        put: operations["setCameraPtzPresets"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/presets/{token}/goto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the camera to one of its presets */
        post: operations["createCameraPtzPresetGoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/ptz/presets/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of the camera’s presets */
        delete: operations["deleteCameraPtzPreset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cameras of the caller’s workspace (where, orderBy: createdAt | name, limit, startAfter), with the workspace’s count against the plan’s camera limit (quota; null for a member limited to some cameras) */
        get: operations["listCameras"];
        put?: never;
        /** Add a camera (counts against limits.maxCameras of the workspace owner); an ONVIF source (address, credentials, profile, subProfile) is saved as its RTSP stream and substream */
        post: operations["createCamera"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test a source before saving it: codec, resolution and frame rate, or why it failed */
        post: operations["probeCameras"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One camera */
        get: operations["getCamera"];
        put?: never;
        post?: never;
        /** Remove a camera and its recordings */
        delete: operations["deleteCamera"];
        options?: never;
        head?: never;
        /** Change a camera; enabled:false stops its recorder */
        patch: operations["updateCamera"];
        trace?: never;
    };
    "/api/v1/cameras/{id}/arming": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Arm or disarm a camera by hand for some minutes ({ armed, minutes }), or follow its schedule again ({ resume: true }) */
        post: operations["setCameraArming"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/snooze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Snooze the camera’s notifications to people for some minutes ({ minutes: 0 } ends it); webhooks and MQTT still receive */
        post: operations["snoozeCamera"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test a saved camera’s connection with its stored credentials */
        post: operations["probeCamera"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending invitations */
        get: operations["listTeamInvitations"];
        put?: never;
        /** Invite someone by email as manager, operator or viewer (a single-use link valid for 7 days) */
        post: operations["createTeamInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the invitation again with a new link (the old one stops working) valid for 7 more days */
        post: operations["resendTeamInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw a pending invitation */
        delete: operations["deleteTeamInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invitations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation link offers (workspace, role, inviter), before signing in */
        get: operations["getTeamInvitationsPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: join its workspace, which becomes the current one */
        post: operations["acceptTeamInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members with role, camera access, last seen and 2FA state */
        get: operations["listTeamMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member: their sessions in this workspace end at once */
        delete: operations["deleteTeamMember"];
        options?: never;
        head?: never;
        /** Change a member's role or the cameras they may see (cameraIds null = every camera) */
        patch: operations["updateTeamMember"];
        trace?: never;
    };
    "/api/v1/team/ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Transfer ownership to a manager, confirmed by the owner's password */
        post: operations["transferOwnership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspaces the caller belongs to (the switcher) */
        get: operations["listTeamWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/switch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Work in another of your workspaces (this session; new sign-ins open there too) */
        post: operations["switchWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/fn/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Callable functions: admin.setUserRole, admin.setUserDisabled */
        post: operations["callFunction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/storage/object": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download through a signed URL (the signature is the permission); honours Range (206) */
        get: operations["getStorageObject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/storage/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Upload a file to a path in your workspace */
        put: operations["setStorageFiles"];
        post?: never;
        /** Delete a file in your workspace */
        delete: operations["deleteStorageFiles"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/storage/url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A short-lived download URL for a file in your workspace */
        get: operations["getStorageUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/realtime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events for the topics asked (comma-separated): admin.users, admin.installation, me, cameras, exports, recordings, events, schedules, tasks, bulk-operations, ai */
        get: operations["getRealtime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recordings of a camera overlapping [from, to) (ISO times, at most 31 days) */
        get: operations["listRecordings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Footage the plan limits (maxStorage, maxRecordings) made retention delete lately: the latest per limit */
        get: operations["listRecordingsNotices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Protect a recording from pruning (or release it) */
        patch: operations["updateRecording"];
        trace?: never;
    };
    "/api/v1/cameras/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recorded spans and recordings of one local day (gaps are what lies between spans) */
        get: operations["getCameraTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/vod.m3u8": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** HLS v7 VOD playlist of [from, to) from the segment index */
        get: operations["getCameraVodM3u8"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** JPEG of the recorded frame nearest `at` */
        get: operations["getCameraThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/segment.mp4": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A recorded segment through a signed URL; honours Range (206) */
        get: operations["getMediaSegmentMp4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/segment-h264.mp4": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An H.264 copy of a recorded segment (init or media part), made on demand for browsers without its codec */
        get: operations["getMediaSegmentH264Mp4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exports of the workspace, newest first */
        get: operations["listExports"];
        put?: never;
        /** Queue an MP4 export of [from, to) of one camera (at most an hour, copied without re-encoding); viewers only while their workspace lets them */
        post: operations["createExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One export; downloadUrl is signed and short-lived (local: honours Range; S3: a presigned URL) */
        get: operations["getExport"];
        put?: never;
        post?: never;
        /** Delete an export and its file (managers, or whoever asked for it) */
        delete: operations["deleteExport"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a finished export: redirects (302) to a fresh short-lived link, and records the download in the audit log */
        get: operations["getExportDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events of the workspace, newest first (filters; keyset paging by startAfter = the last nextCursor) */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge events: { ids } or everything matching { filter } */
        post: operations["acknowledgeEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set or clear an event’s note */
        patch: operations["updateEvent"];
        trace?: never;
    };
    "/api/v1/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The alert center: the latest alerts and the caller’s unread count (capped at 100) */
        get: operations["listAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark alerts read for the caller: { ids } or { all: true } */
        post: operations["readAlerts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s arming schedules and the time zone they are read in */
        get: operations["listSchedules"];
        put?: never;
        /** Create a weekly schedule: ranges per weekday (0 = Sunday, "HH:MM", end "24:00" allowed) and holidays */
        post: operations["createSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules/time-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the workspace’s time zone (IANA name) that schedules are read in */
        put: operations["setSchedulesTimeZone"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One schedule */
        get: operations["getSchedule"];
        put?: never;
        post?: never;
        /** Delete a schedule (its cameras become always armed) */
        delete: operations["deleteSchedule"];
        options?: never;
        head?: never;
        /** Change a schedule */
        patch: operations["updateSchedule"];
        trace?: never;
    };
    "/api/v1/admin/jobs/failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Background jobs that failed every attempt */
        get: operations["listFailedJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/jobs/failed/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a failed job again now */
        post: operations["retryFailedJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/jobs/failed/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Drop a failed job for good */
        delete: operations["deleteFailedJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s SMS provider account (auth token masked), templates, limits and usage */
        get: operations["getSmsSettings"];
        /** Save the SMS settings: the account is checked with the provider first (nothing saved if refused); without authToken the saved one stays; templates may use {camera}, {kind}, {time}, {link} */
        put: operations["setSmsSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test SMS now to an E.164 number (opt-outs, the rate per minute and the monthly cap apply); logged */
        post: operations["testSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The SMS log, newest first, with each message’s delivery status (keyset paging by startAfter) */
        get: operations["listSmsMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/opt-outs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Numbers that answered STOP and receive no SMS */
        get: operations["listSmsOptOuts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/opt-outs/{phone}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Allow an opted-out number again */
        delete: operations["deleteSmsOptOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s API keys (never the keys themselves): name, role, prefix, creator, expiry, last use */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key (manager, operator or viewer; never above your own role). The key is in this answer only: use it as `Authorization: Bearer <key>` */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key: the next request with it is refused (401) */
        delete: operations["deleteApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first (keyset paging by startAfter): the workspace’s for its owner; every chain with scope=installation (administrators). Filters: person (id, or part of an email or name), action (or a dotted prefix: camera), from, to */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Recompute the hash chain (the workspace’s, or every chain with scope=installation) and say where it first breaks */
        post: operations["verifyAudit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log as CSV with the list’s filters (cells a spreadsheet would run as a formula are prefixed with an apostrophe); the export is itself audited */
        get: operations["getAuditExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans on sale, in the pricing’s order */
        get: operations["listPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s plan, status (as of now), limits, usage, storage over 30 days and invoices */
        get: operations["getBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only: pay for a plan. With Stripe connected, a Checkout Session ({ url }); else a manual invoice the administrator marks paid ({ invoiceId }) */
        post: operations["createBillingCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/change/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only, Stripe-billed: what moving to another plan or interval costs (Stripe’s invoice preview) and whether it applies now (a move up, prorated) or at the period’s end (a move down) */
        post: operations["previewBillingChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only, Stripe-billed: move the workspace’s one subscription to another plan or interval (never a second subscription) */
        post: operations["createBillingChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only: cancel at the end of the paid period (a complimentary plan ends now) */
        post: operations["cancelBilling"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only: keep a plan that was set to cancel at its period’s end */
        post: operations["resumeBilling"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only: a Stripe customer-portal session (cancel, resume, payment method) */
        post: operations["createBillingPortal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the workspace’s invoices */
        get: operations["getBillingInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A manual invoice as PDF (the workspace’s own; any for the administrator) */
        get: operations["getBillingInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/credit-notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A credit note as PDF, numbered AV-YYYY-NNNNNN (the workspace’s own; any for the administrator) */
        get: operations["getBillingCreditNotePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/checkout/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back from Stripe Checkout: read the session from Stripe now (the webhook may be late) and apply it */
        post: operations["syncBillingCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhook-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stripe events received, newest first (status=failed: the ones to retry) */
        get: operations["listAdminWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhook-events/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply a failed Stripe event again from its stored payload (still exactly once) */
        post: operations["retryAdminWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every plan, hidden and archived ones too */
        get: operations["listAdminPlans"];
        put?: never;
        /** Add a plan (a key clash is already-exists) */
        post: operations["createAdminPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/plans/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a plan: prices reach current subscribers from their next period; limits and flags at once; archived hides it from sale */
        patch: operations["updateAdminPlan"];
        trace?: never;
    };
    "/api/v1/admin/users/{id}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Put the user’s workspace on a plan (complimentary, no payment) and/or set its trial’s end (later extends it; now or past ends it) */
        patch: operations["updateAdminUserPlan"];
        trace?: never;
    };
    "/api/v1/admin/payment-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payment provider and invoice settings (Stripe secrets masked) */
        get: operations["getAdminPaymentSettings"];
        /** Save the payment settings; a new Stripe secret key is checked against Stripe first (nothing saved if refused); omitted secrets stay */
        put: operations["setAdminPaymentSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invoices of every workspace, newest first (status=open: waiting for payment) */
        get: operations["listAdminInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/invoices/{id}/paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Manual provider: the money arrived. The workspace becomes active for the period; marking twice changes nothing */
        post: operations["markAdminInvoicePaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/invoices/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Manual provider: the money of a paid invoice went back. The invoice stays as issued; a credit note (AV-YYYY-NNNNNN) takes it back, once */
        post: operations["createAdminInvoiceRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/credit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credit notes of every workspace, newest first (cancellations and refunds of invoices) */
        get: operations["listAdminCreditNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent payments, every provider */
        get: operations["listAdminPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tasks, soonest due first (no due time last), keyset paged by startAfter. Managers see every task (assignee = a user id, me or none); operators only theirs. status: one or several, comma-separated */
        get: operations["listTasks"];
        put?: never;
        /** Create a task; the assignee must be a member of this workspace who may see its camera, and is told by email and push. With eventId and no cameraId the event’s camera is the task’s */
        post: operations["createTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tasks/event-assignment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give an alert to a member to deal with (themselves or a teammate): the event’s open task changes hands, or one is made; the event must be on a camera the caller sees */
        post: operations["createTasksEventAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tasks/assignees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members a task can be assigned to (viewers cannot work tasks), with their camera limits */
        get: operations["listTasksAssignees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One task with its comments (an operator: only a task assigned to them) */
        get: operations["getTask"];
        put?: never;
        post?: never;
        /** Delete a task and its comments */
        delete: operations["deleteTask"];
        options?: never;
        head?: never;
        /** Change a task: managers anything (a new assignee is told), the assignee only its status (open, in_progress, done) */
        patch: operations["updateTask"];
        trace?: never;
    };
    "/api/v1/tasks/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Comment on a task (managers, and the assignee on their own task) */
        post: operations["createTaskComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{id}/cameras/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add cameras to a site in bulk (vms plan): csv (name, url, username, password, recording mode; header row optional) or rows. Lines are checked at once (refused lines have their result in the answer); the rest are probed and created by a job: poll GET /api/v1/camera-imports/:id. At most 500 lines */
        post: operations["importSiteCameras"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/camera-imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A camera import: its status, progress and the result of each line so far (vms plan) */
        get: operations["getCameraImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/camera-imports/{id}/results.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The import’s line-by-line report as CSV (cells a spreadsheet would run as a formula are prefixed with an apostrophe) */
        get: operations["getCameraImportResultsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{id}/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Find ONVIF cameras (vms plan): WS-Discovery on the server’s network (and by unicast to targets), then each device’s profiles and RTSP stream URIs, signed with the credentials when given. Addresses the outbound policy refuses are listed as skipped, never contacted */
        post: operations["discoverSiteCameras"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sites with their figures (cameras online/offline, open alerts of the last 7 days, storage), most attention first; every tag in use; the installation’s map tile URL (null: no map). The vms plan */
        get: operations["listSites"];
        put?: never;
        /** Add a site (the vms plan) */
        post: operations["createSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A site with its cameras and health (uptime since the month began, last recording) */
        get: operations["getSite"];
        put?: never;
        post?: never;
        /** Delete a site; its cameras stay, in no site */
        delete: operations["deleteSite"];
        options?: never;
        head?: never;
        /** Change a site. A default schedule or retention applies to its cameras now and to each camera that joins it */
        patch: operations["updateSite"];
        trace?: never;
    };
    "/api/v1/sites/{id}/cameras": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move cameras into the site (from any other) or out of it; the site’s defaults apply to those joining */
        post: operations["moveSiteCameras"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sites/{id}/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who of the team sees the site */
        get: operations["getSiteAccess"];
        /** Members limited to sites or cameras who may see this site (the others lose it); members who see every camera stay so */
        put: operations["setSiteAccess"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk-operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The 50 most recent bulk operations (a member limited to some cameras: their own), newest first */
        get: operations["listBulkOperations"];
        put?: never;
        /** Apply one change to many cameras (the vms plan): cameraIds, or a filter across sites (siteIds, withoutSite, site tags, status, model, q), within your camera access. A named camera of another workspace or outside your access refuses the whole request. Runs as a job; follow it with GET /api/v1/bulk-operations/:id or the bulk-operations realtime topic. delete needs expectedCount */
        post: operations["createBulkOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk-operations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The cameras a filter matches within your access: how many, the first 500 by name, and the models (codec and size as recorded) a filter can name */
        post: operations["previewBulkOperations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bulk-operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One bulk operation: status, progress and every camera’s result (ok null: not reached yet) */
        get: operations["getBulkOperation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reports of the workspace, newest first, with their files */
        get: operations["listReports"];
        put?: never;
        /** Queue a report (uptime, events, storage or alerts) over [from, to) as PDF or CSV, of the cameras the caller sees, one site’s (siteId: the vms plan) or the ones named; written in the caller’s language */
        post: operations["createReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One report: status, progress, and once done a signed, short-lived downloadUrl */
        get: operations["getReport"];
        put?: never;
        post?: never;
        /** Delete a report and its file */
        delete: operations["deleteReport"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a finished report: redirects (302) to a fresh short-lived link */
        get: operations["getReportDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/report-schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Report schedules of the workspace */
        get: operations["listReportSchedules"];
        put?: never;
        /** Schedule a report each week (Monday to Monday) or month in the site’s or workspace’s zone, mailed with the file attached to members who may see all its cameras; the first is the period running now */
        post: operations["createReportSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/report-schedules/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members who may receive scheduled reports, and whether they are limited to some cameras */
        get: operations["listReportSchedulesRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/report-schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a report schedule (its reports stay) */
        delete: operations["deleteReportSchedule"];
        options?: never;
        head?: never;
        /** Change a report schedule (recipients are checked again) */
        patch: operations["updateReportSchedule"];
        trace?: never;
    };
    "/api/v1/analytics/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events counted by local day or hour (every one of the period, zeros included), by camera or by site (the vms plan). from/to: ISO 8601, from before to, at most 366 days apart. siteId (the vms plan) or cameraId narrow it; days and hours are the workspace’s time zone (a site’s own when it has one) */
        get: operations["listAnalyticsEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/events.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events counted by local day or hour (every one of the period, zeros included), by camera or by site (the vms plan), as CSV (cells a spreadsheet would run as a formula are prefixed with an apostrophe) */
        get: operations["getAnalyticsEventsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/heatmap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events by local weekday (Monday 1 … Sunday 7) and hour of day: all 168 cells. from/to: ISO 8601, from before to, at most 366 days apart. siteId (the vms plan) or cameraId narrow it; days and hours are the workspace’s time zone (a site’s own when it has one) */
        get: operations["getAnalyticsHeatmap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/heatmap.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events by local weekday (Monday 1 … Sunday 7) and hour of day: all 168 cells, as CSV (cells a spreadsheet would run as a formula are prefixed with an apostrophe) */
        get: operations["getAnalyticsHeatmapCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/uptime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each camera’s uptime over the period (from its creation, up to now): outages are its camera.offline events; the latest 50 listed. from/to: ISO 8601, from before to, at most 366 days apart. siteId (the vms plan) or cameraId narrow it; days and hours are the workspace’s time zone (a site’s own when it has one) */
        get: operations["getAnalyticsUptime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/uptime.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each camera’s uptime over the period (from its creation, up to now): outages are its camera.offline events; the latest 50 listed, as CSV (cells a spreadsheet would run as a formula are prefixed with an apostrophe) */
        get: operations["getAnalyticsUptimeCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/outages.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every outage of the period, newest first, as CSV (cells a spreadsheet would run as a formula are prefixed with an apostrophe) */
        get: operations["getAnalyticsOutagesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s storage each day of the period (whole workspace only) and each camera’s footage and days kept. from/to: ISO 8601, from before to, at most 366 days apart. siteId (the vms plan) or cameraId narrow it; days and hours are the workspace’s time zone (a site’s own when it has one) */
        get: operations["getAnalyticsStorage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/storage.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s storage each day of the period (whole workspace only) and each camera’s footage and days kept, as CSV (cells a spreadsheet would run as a formula are prefixed with an apostrophe) */
        get: operations["getAnalyticsStorageCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/footage.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each camera’s footage stored and days kept (oldest footage to now), as CSV (cells a spreadsheet would run as a formula are prefixed with an apostrophe) */
        get: operations["getAnalyticsFootageCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/manager": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace at a glance: who is on, tasks, open alerts by site, the week’s events, getting started */
        get: operations["getDashboardManager"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/getting-started/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put the getting-started checklist away (for this person) */
        post: operations["createDashboardGettingStartedDismiss"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AI detections of a period: per label per day, per camera, by weekday × hour, and the quota used. from/to: ISO 8601 instants or dates (local midnight), from before to, at most 366 days apart; cameraId narrows it; days and hours are the workspace’s time zone. The AI-access plan feature is required (permission-denied otherwise) */
        get: operations["getAiAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/analytics.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One AI analytics figure as CSV (figure: labels = per day with a column per label, cameras, heatmap; cells a spreadsheet would run as a formula are prefixed with an apostrophe). from/to: ISO 8601 instants or dates (local midnight), from before to, at most 366 days apart; cameraId narrows it; days and hours are the workspace’s time zone. The AI-access plan feature is required (permission-denied otherwise) */
        get: operations["getAiAnalyticsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/live-ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Short-lived signed URLs for the live WebSocket (MSE) and live HLS (media elements send no headers) */
        post: operations["createCameraLiveTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/webrtc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebRTC live view: the browser offer (recvonly video, candidates gathered) in, the answer out */
        post: operations["createCameraWebrtc"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/webrtc/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Ends a WebRTC live session */
        delete: operations["deleteCameraWebrtc"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** JPEG (640 px wide) of the camera’s current picture, from its live feed: to draw motion zones on */
        get: operations["getCameraSnapshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/live.mp4ws": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live fragmented MP4 over WebSocket (MSE): a codec JSON text, then init, then fragments */
        get: operations["getCameraLiveMp4ws"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/live/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live Low-Latency HLS (last-resort transport): index.m3u8 (blocking reload with _HLS_msn/_HLS_part), init.mp4, <n>.m4s segments and <n>.<part>.m4s parts, by signed URL or session */
        get: operations["getCameraLiveFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/talkback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Talk through the camera’s loudspeaker (ONVIF audio backchannel): the browser offer (one sendonly Opus track, candidates gathered) in, the answer out; the camera hears G.711 until the session ends */
        post: operations["createCameraTalkback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cameras/{id}/talkback/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stops talking through the camera (push-to-talk released) */
        delete: operations["deleteCameraTalkback"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The AI providers (keys masked: only whether one is set) and the analyses used this billing period. Plans with AI access */
        get: operations["getAiSettings"];
        /** Set the CodeProject.AI / DeepStack server and the OpenAI-compatible vision API (null removes one; an omitted apiKey keeps the stored one). Addresses obey the outbound policy */
        put: operations["setAiSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Analyse the camera’s current picture now with its provider, keeping its labels, minimum score and label zones. Operators and up. Counts against the plan’s AI analysis quota (resource-exhausted past it) and a per-person rate (resource-exhausted with Retry-After) */
        post: operations["analyzeAi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-rules/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s people a rule can name, with their role */
        get: operations["listNotificationRulesRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s notification rules */
        get: operations["listNotificationRules"];
        put?: never;
        /** Create a rule: which kinds and severities, from which cameras, armed or always, to whom, over which channels */
        post: operations["createNotificationRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One rule */
        get: operations["getNotificationRule"];
        put?: never;
        post?: never;
        /** Delete a rule */
        delete: operations["deleteNotificationRule"];
        options?: never;
        head?: never;
        /** Change a rule */
        patch: operations["updateNotificationRule"];
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook destinations (secrets masked) */
        get: operations["listWebhooks"];
        put?: never;
        /** Add a webhook: each event of its kinds is POSTed as JSON with X-Vigil-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body"> */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change a webhook */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed test delivery now; answers the receiver’s response */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log, newest first: each delivery with its attempts (destinations masked) */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a failed, interrupted or skipped delivery again */
        post: operations["retryDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/events/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event’s picture by a signed link (from a notification or webhook): JPEG or a redirect to it */
        get: operations["getNotificationsEventImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/push/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The VAPID public key a browser subscribes to web push with (applicationServerKey) */
        get: operations["getPushConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/device-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s devices, most recently used first */
        get: operations["listDeviceTokens"];
        put?: never;
        /** Save this device for notifications (web: token = the push subscription’s https endpoint, with its keys); saving again refreshes lastUsed and moves the token to the caller */
        post: operations["createDeviceToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/device-tokens/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop notifying a device of the caller (the token URL-encoded, encodeURIComponent) */
        delete: operations["deleteDeviceToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s integrations: the MQTT broker URL (password masked) */
        get: operations["getNotificationsSettings"];
        /** Set the MQTT broker (mqtt:// or mqtts://, checked against the outbound address policy; null turns MQTT off). A password sent back masked keeps the stored one */
        put: operations["setNotificationsSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/settings/mqtt-test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Connect to the broker and publish a test message to vigil/<workspace>/test; answers ok or the error */
        post: operations["testMqttSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The List-Unsubscribe link opened in a browser: redirects to the confirmation page, changes nothing */
        get: operations["getNotificationsUnsubscribe"];
        put?: never;
        /** Turn notification emails and the digest off with a mail’s signed link: { u, t }, or RFC 8058 one-click (link in the query, form body List-Unsubscribe=One-Click) */
        post: operations["unsubscribeNotifications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/webhooks/twilio/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio status callback (form-encoded, X-Twilio-Signature): a message’s delivery status */
        post: operations["receiveTwilioStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/webhooks/twilio/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio inbound message (form-encoded, X-Twilio-Signature): STOP and START replies; answers empty TwiML */
        post: operations["receiveTwilioMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe’s webhook: signed (Stripe-Signature, the webhook secret of Admin › Payment settings); each event applied once */
        post: operations["receiveStripeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every /api/v1 error: a catalogue code and its message. */
        Error: {
            error: {
                /** @enum {string} */
                code: "auth/user-not-found" | "auth/wrong-password" | "auth/email-already-in-use" | "auth/weak-password" | "auth/invalid-email" | "auth/too-many-requests" | "auth/invalid-credential" | "auth/unauthenticated" | "permission-denied" | "not-found" | "already-exists" | "resource-exhausted" | "unavailable" | "deadline-exceeded" | "cancelled" | "invalid-argument" | "failed-precondition" | "aborted" | "out-of-range" | "unimplemented" | "internal" | "data-loss" | "live/transcode-limit" | "onvif/unreachable" | "onvif/not-onvif" | "onvif/wrong-credentials" | "onvif/clock-refused" | "onvif/no-profile";
                message: string;
                /** @description For invalid-argument: which fields were wrong, and why. */
                fields?: {
                    [key: string]: string;
                };
            };
        };
        /** @description An error of the callable protocol (POST /api/fn/{name}): its status name, message and code. */
        CallableError: {
            error: {
                /** @example INVALID_ARGUMENT */
                status: string;
                message: string;
                details?: {
                    /** @enum {string} */
                    code?: "auth/user-not-found" | "auth/wrong-password" | "auth/email-already-in-use" | "auth/weak-password" | "auth/invalid-email" | "auth/too-many-requests" | "auth/invalid-credential" | "auth/unauthenticated" | "permission-denied" | "not-found" | "already-exists" | "resource-exhausted" | "unavailable" | "deadline-exceeded" | "cancelled" | "invalid-argument" | "failed-precondition" | "aborted" | "out-of-range" | "unimplemented" | "internal" | "data-loss" | "live/transcode-limit" | "onvif/unreachable" | "onvif/not-onvif" | "onvif/wrong-credentials" | "onvif/clock-refused" | "onvif/no-profile";
                };
            };
        };
    };
    responses: {
        /** @description The request is malformed or a value is not allowed (auth/user-not-found, auth/wrong-password, auth/weak-password, auth/invalid-email, auth/invalid-credential, invalid-argument, failed-precondition, out-of-range, onvif/unreachable, onvif/not-onvif, onvif/wrong-credentials, onvif/clock-refused, onvif/no-profile). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid session or API key (auth/unauthenticated). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The caller’s role, plan or key may not do this (permission-denied). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource in the caller’s workspace (not-found). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description It exists already, or a concurrent change won; the same request again may pass (auth/email-already-in-use, already-exists, aborted). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A rate limit or quota was reached; try again later (auth/too-many-requests, resource-exhausted, live/transcode-limit). */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A server-side failure: internal (500), unavailable (503, the database is away), deadline-exceeded (504). */
        Unexpected: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The callable failed; `error.status` names why (INVALID_ARGUMENT, UNAUTHENTICATED, PERMISSION_DENIED, …). */
        CallableFailure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CallableError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealthReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ready: boolean;
                        roles: {
                            [key: string]: boolean;
                        };
                        /** @enum {string} */
                        database: "up" | "down";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ready: boolean;
                        roles: {
                            [key: string]: boolean;
                        };
                        /** @enum {string} */
                        database: "up" | "down";
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /** @enum {string} */
                        database: "up" | "down";
                        embedded: boolean;
                        version: string;
                        uptimeSeconds: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /** @enum {string} */
                        database: "up" | "down";
                        embedded: boolean;
                        version: string;
                        uptimeSeconds: number;
                    };
                };
            };
            default: components["responses"]["Unexpected"];
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    displayName: string;
                    timezone?: string;
                    language?: string;
                    invitationToken?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        };
                        workspace: {
                            id: string;
                            name: string;
                            ownerId: string;
                            viewersMayExport: boolean;
                            newCameraMotionAlerts: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        };
                        twoFactor?: {
                            enabled: boolean;
                            required: boolean;
                        };
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        };
                        workspace: {
                            id: string;
                            name: string;
                            ownerId: string;
                            viewersMayExport: boolean;
                            newCameraMotionAlerts: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        };
                        twoFactor?: {
                            enabled: boolean;
                            required: boolean;
                        };
                        token: string;
                    } | {
                        /** @enum {boolean} */
                        twoFactorRequired: true;
                        challenge: string;
                        /** @description ISO 8601 timestamp */
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    signInWithSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge: string;
                    code?: string;
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        };
                        workspace: {
                            id: string;
                            name: string;
                            ownerId: string;
                            viewersMayExport: boolean;
                            newCameraMotionAlerts: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        };
                        twoFactor?: {
                            enabled: boolean;
                            required: boolean;
                        };
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        sent: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAdminSettingsAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enumerationProtection: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setAdminSettingsAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enumerationProtection: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enumerationProtection: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listSecuritySessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @enum {string} */
                            deviceType: "desktop" | "mobile" | "tablet" | "tv" | "bot" | "unknown";
                            os: string | null;
                            browser: string | null;
                            id: string;
                            address: string | null;
                            /** @description ISO 8601 timestamp */
                            signedInAt: string;
                            /** @description ISO 8601 timestamp */
                            lastActiveAt: string;
                            current: boolean;
                            workspace: {
                                id: string;
                                name: string;
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteSecuritySession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    signOutOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        signedOut: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listSecuritySignIns: {
        parameters: {
            query?: {
                limit?: number;
                startAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @enum {string} */
                            deviceType: "desktop" | "mobile" | "tablet" | "tv" | "bot" | "unknown";
                            os: string | null;
                            browser: string | null;
                            id: string;
                            ok: boolean;
                            /** @enum {string|null} */
                            reason: "wrong-password" | "unknown-account" | "two-factor-failed" | "throttled" | "disabled" | null;
                            /** @enum {string|null} */
                            method: "password" | "totp" | "recovery-code" | null;
                            address: string | null;
                            /** @description ISO 8601 timestamp */
                            at: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getSecurity2fa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        /** @description ISO 8601 timestamp */
                        enabledAt: string | null;
                        recoveryCodesLeft: number;
                        workspace: {
                            id: string;
                            name: string;
                            requireTwoFactor: boolean;
                            canChangePolicy: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setupSecurity2fa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        uri: string;
                        qrCode: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    enableSecurity2fa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recoveryCodes: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    disableSecurity2fa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    code?: string;
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    regenerateRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recoveryCodes: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setSecurityWorkspacePolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    requireTwoFactor: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requireTwoFactor: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        };
                        workspace: {
                            id: string;
                            name: string;
                            ownerId: string;
                            viewersMayExport: boolean;
                            newCameraMotionAlerts: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        };
                        twoFactor?: {
                            enabled: boolean;
                            required: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName?: string;
                    preferences?: {
                        /** @enum {string} */
                        language?: "en" | "fr";
                        /** @enum {string} */
                        theme?: "light" | "dark";
                        timezone?: string;
                        notifications?: {
                            email?: boolean;
                            push?: boolean;
                            sms?: boolean;
                            digest?: boolean;
                            phoneNumber?: string | null;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        };
                        workspace: {
                            id: string;
                            name: string;
                            ownerId: string;
                            viewersMayExport: boolean;
                            newCameraMotionAlerts: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        };
                        twoFactor?: {
                            enabled: boolean;
                            required: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getSupport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string | null;
                        phone: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: {
                            user: {
                                uid: string;
                                email: string;
                                displayName: string;
                                photoURL: string | null;
                                /** @enum {string} */
                                role: "admin" | "manager" | "operator" | "viewer" | "user";
                                plan: string;
                                /** @enum {string} */
                                planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                                /** @description ISO 8601 timestamp */
                                trialStartDate: string;
                                /** @description ISO 8601 timestamp */
                                trialEndDate: string;
                                /** @description ISO 8601 timestamp */
                                createdAt: string;
                                /** @description ISO 8601 timestamp */
                                updatedAt: string;
                                /** @description ISO 8601 timestamp */
                                lastLoginAt: string | null;
                                preferences: {
                                    /** @enum {string} */
                                    language: "en" | "fr";
                                    /** @enum {string} */
                                    theme: "light" | "dark";
                                    timezone: string;
                                    notifications: {
                                        email: boolean;
                                        push: boolean;
                                        sms: boolean;
                                        digest?: boolean;
                                        phoneNumber?: string | null;
                                    };
                                };
                                limits: {
                                    maxCameras: number;
                                    maxRecordings: number;
                                    maxStorage: number;
                                    aiAnalysisQuota: number;
                                };
                                usage: {
                                    camerasCount: number;
                                    recordingsCount: number;
                                    storageUsed: number;
                                    aiAnalysisUsed: number;
                                };
                                aiAccess: boolean;
                                vmsAccess: boolean;
                                disabled: boolean;
                                workspaceId: string;
                            };
                            workspace: {
                                id: string;
                                name: string;
                                ownerId: string;
                                viewersMayExport: boolean;
                                newCameraMotionAlerts: boolean;
                                /** @description ISO 8601 timestamp */
                                createdAt: string;
                                /** @description ISO 8601 timestamp */
                                updatedAt: string;
                            };
                            twoFactor?: {
                                enabled: boolean;
                                required: boolean;
                            };
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    setMePhoto: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        };
                        workspace: {
                            id: string;
                            name: string;
                            ownerId: string;
                            viewersMayExport: boolean;
                            newCameraMotionAlerts: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        };
                        twoFactor?: {
                            enabled: boolean;
                            required: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteMePhoto: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        };
                        workspace: {
                            id: string;
                            name: string;
                            ownerId: string;
                            viewersMayExport: boolean;
                            newCameraMotionAlerts: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        };
                        twoFactor?: {
                            enabled: boolean;
                            required: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        ownerId: string;
                        viewersMayExport: boolean;
                        newCameraMotionAlerts: boolean;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    viewersMayExport?: boolean;
                    newCameraMotionAlerts?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        ownerId: string;
                        viewersMayExport: boolean;
                        newCameraMotionAlerts: boolean;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAdminUsers: {
        parameters: {
            query?: {
                /** @description JSON array of { field, op, value } */
                where?: string;
                /** @description field or field:desc */
                orderBy?: string;
                limit?: number;
                /** @description cursor from the previous page */
                startAfter?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAdminOutbox: {
        parameters: {
            query?: {
                /** @description JSON array of { field, op, value } */
                where?: string;
                /** @description field or field:desc */
                orderBy?: string;
                limit?: number;
                /** @description cursor from the previous page */
                startAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            to: string;
                            subject: string;
                            text: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            sentAt: string | null;
                            transport: string;
                            /** @enum {string} */
                            status: "queued" | "sending" | "sent" | "failed" | "interrupted";
                            lastError: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAdminSettingsStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        percent: number;
                        maxGb: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setAdminSettingsStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    percent: number;
                    maxGb: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        percent: number;
                        maxGb: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAdminAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            kind: "disk.only-protected";
                            hostname: string;
                            /** @description ISO 8601 timestamp */
                            since: string;
                            disk: {
                                mediaDir: string;
                                freeBytes: number;
                                thresholdBytes: number;
                                paused: boolean;
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAdminDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 timestamp */
                        at: string;
                        recorders: {
                            id: string;
                            hostname: string;
                            /** @description ISO 8601 timestamp */
                            startedAt: string;
                            cameras: number;
                        }[];
                        unassignedCameras: number;
                        database: {
                            sizeBytes: number;
                            latencyMs: number;
                        };
                        disk: {
                            mediaDir: string;
                            freeBytes: number;
                            totalBytes: number;
                        } | null;
                        jobs: {
                            waiting: number;
                            running: number;
                            dead: number;
                        };
                        cameras: {
                            total: number;
                            offline: number;
                            offlineList: {
                                id: string;
                                name: string;
                                workspaceName: string;
                                status: string;
                                /** @description ISO 8601 timestamp */
                                since: string | null;
                            }[];
                        };
                        signups: {
                            day: string;
                            count: number;
                        }[];
                        plans: {
                            plan: string;
                            status: string;
                            count: number;
                        }[];
                        revenue: {
                            currency: string;
                            amountMinor: number;
                            payments: number;
                        }[];
                        auditVerification: {
                            /** @description ISO 8601 timestamp */
                            at: string;
                            ok: boolean;
                            entries: number;
                            /** @description ISO 8601 timestamp */
                            checkpointAt: string | null;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    probeCamerasOnvif: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address: string;
                    username?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            manufacturer: string | null;
                            model: string | null;
                            firmware: string | null;
                            serial: string | null;
                        };
                        profiles: {
                            token: string;
                            name: string;
                            codec: string | null;
                            width: number | null;
                            height: number | null;
                            fps: number | null;
                            streamUrl: string;
                            snapshotUrl: string | null;
                        }[];
                        ptz: boolean;
                        events: boolean;
                        audioBackchannel: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createCameraPtzMove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 0 */
                    pan?: number;
                    /** @default 0 */
                    tilt?: number;
                    /** @default 0 */
                    zoom?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createCameraPtzStop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createCameraPtzHome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listCameraPtzPresets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        presets: {
                            token: string;
                            name: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setCameraPtzPresets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        name: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createCameraPtzPresetGoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteCameraPtzPreset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listCameras: {
        parameters: {
            query?: {
                /** @description JSON array of { field, op, value } */
                where?: string;
                /** @description field or field:desc */
                orderBy?: string;
                limit?: number;
                /** @description cursor from the previous page */
                startAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            workspaceId: string;
                            name: string;
                            source: {
                                /** @enum {string} */
                                type: "rtsp" | "mjpeg" | "test-pattern";
                                url: string | null;
                                username: string | null;
                                hasPassword: boolean;
                            };
                            substreamUrl: string | null;
                            onvif: {
                                address: string;
                                profileToken: string;
                                ptz: boolean;
                                events: boolean;
                                audioBackchannel: boolean;
                            } | null;
                            /** @enum {string} */
                            recordingMode: "continuous" | "motion" | "off";
                            retentionDays: number;
                            siteId: string | null;
                            enabled: boolean;
                            /** @enum {string} */
                            status: "online" | "offline" | "reconnecting" | "disabled";
                            lastError: string | null;
                            /** @description ISO 8601 timestamp */
                            statusChangedAt: string | null;
                            video: {
                                codec: string | null;
                                width: number | null;
                                height: number | null;
                                fps: number | null;
                                codecString: string | null;
                                profile: string | null;
                                level: string | null;
                            };
                            recordSound: boolean;
                            audio: {
                                codec: string | null;
                                sampleRate: number | null;
                            };
                            motion: {
                                /** @default true */
                                enabled: boolean;
                                /**
                                 * @default vigil
                                 * @enum {string}
                                 */
                                source: "vigil" | "camera" | "both";
                                /** @default 50 */
                                sensitivity: number;
                                /** @default 0.2 */
                                minArea: number;
                                /** @default 0 */
                                minSeconds: number;
                                /** @default [] */
                                masks: number[][][];
                                /** @default [] */
                                zones: {
                                    name: string;
                                    points: number[][];
                                }[];
                            };
                            scheduleId: string | null;
                            scheduleRecording: boolean;
                            eventSeverity: {
                                [key: string]: "alert" | "info";
                            };
                            ai: {
                                /** @default false */
                                enabled: boolean;
                                /**
                                 * @default local
                                 * @enum {string}
                                 */
                                provider: "local" | "codeproject";
                                /**
                                 * @default [
                                 *       "person",
                                 *       "car"
                                 *     ]
                                 */
                                labels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                                /** @default 0.5 */
                                minScore: number;
                                /**
                                 * @default [
                                 *       "person"
                                 *     ]
                                 */
                                alertLabels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                                /** @default {} */
                                labelZones: {
                                    [key: string]: string[];
                                };
                                /** @default false */
                                describe: boolean;
                            };
                            armed: boolean;
                            /** @description ISO 8601 timestamp */
                            armedUntil: string | null;
                            armOverride: {
                                armed: boolean;
                                /** @description ISO 8601 timestamp */
                                until: string;
                            } | null;
                            /** @description ISO 8601 timestamp */
                            notificationsSnoozedUntil: string | null;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                        quota: {
                            used: number;
                            max: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createCamera: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    source: {
                        /** @enum {string} */
                        type: "rtsp";
                        url: string;
                        username?: string;
                        password?: string;
                    } | {
                        /** @enum {string} */
                        type: "mjpeg";
                        url: string;
                        username?: string;
                        password?: string;
                    } | {
                        /** @enum {string} */
                        type: "test-pattern";
                    } | {
                        address: string;
                        username?: string;
                        password?: string;
                        /** @enum {string} */
                        type: "onvif";
                        profile: string;
                        subProfile?: string;
                    };
                    substreamUrl?: string;
                    /** @enum {string} */
                    recordingMode: "continuous" | "motion" | "off";
                    retentionDays?: number;
                    /** Format: uuid */
                    siteId?: string;
                    recordSound?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspaceId: string;
                        name: string;
                        source: {
                            /** @enum {string} */
                            type: "rtsp" | "mjpeg" | "test-pattern";
                            url: string | null;
                            username: string | null;
                            hasPassword: boolean;
                        };
                        substreamUrl: string | null;
                        onvif: {
                            address: string;
                            profileToken: string;
                            ptz: boolean;
                            events: boolean;
                            audioBackchannel: boolean;
                        } | null;
                        /** @enum {string} */
                        recordingMode: "continuous" | "motion" | "off";
                        retentionDays: number;
                        siteId: string | null;
                        enabled: boolean;
                        /** @enum {string} */
                        status: "online" | "offline" | "reconnecting" | "disabled";
                        lastError: string | null;
                        /** @description ISO 8601 timestamp */
                        statusChangedAt: string | null;
                        video: {
                            codec: string | null;
                            width: number | null;
                            height: number | null;
                            fps: number | null;
                            codecString: string | null;
                            profile: string | null;
                            level: string | null;
                        };
                        recordSound: boolean;
                        audio: {
                            codec: string | null;
                            sampleRate: number | null;
                        };
                        motion: {
                            /** @default true */
                            enabled: boolean;
                            /**
                             * @default vigil
                             * @enum {string}
                             */
                            source: "vigil" | "camera" | "both";
                            /** @default 50 */
                            sensitivity: number;
                            /** @default 0.2 */
                            minArea: number;
                            /** @default 0 */
                            minSeconds: number;
                            /** @default [] */
                            masks: number[][][];
                            /** @default [] */
                            zones: {
                                name: string;
                                points: number[][];
                            }[];
                        };
                        scheduleId: string | null;
                        scheduleRecording: boolean;
                        eventSeverity: {
                            [key: string]: "alert" | "info";
                        };
                        ai: {
                            /** @default false */
                            enabled: boolean;
                            /**
                             * @default local
                             * @enum {string}
                             */
                            provider: "local" | "codeproject";
                            /**
                             * @default [
                             *       "person",
                             *       "car"
                             *     ]
                             */
                            labels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default 0.5 */
                            minScore: number;
                            /**
                             * @default [
                             *       "person"
                             *     ]
                             */
                            alertLabels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default {} */
                            labelZones: {
                                [key: string]: string[];
                            };
                            /** @default false */
                            describe: boolean;
                        };
                        armed: boolean;
                        /** @description ISO 8601 timestamp */
                        armedUntil: string | null;
                        armOverride: {
                            armed: boolean;
                            /** @description ISO 8601 timestamp */
                            until: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        notificationsSnoozedUntil: string | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    probeCameras: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    source: {
                        /** @enum {string} */
                        type: "rtsp";
                        url: string;
                        username?: string;
                        password?: string;
                    } | {
                        /** @enum {string} */
                        type: "mjpeg";
                        url: string;
                        username?: string;
                        password?: string;
                    } | {
                        /** @enum {string} */
                        type: "test-pattern";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        codec: string | null;
                        width: number | null;
                        height: number | null;
                        fps: number | null;
                        /** @default null */
                        audio: {
                            codec: string;
                            sampleRate: number | null;
                        } | null;
                        error: string | null;
                        /** @enum {string} */
                        errorCode?: "camera/unreachable" | "camera/refused" | "camera/unauthorized" | "camera/not-found" | "camera/host-not-found" | "camera/not-video";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspaceId: string;
                        name: string;
                        source: {
                            /** @enum {string} */
                            type: "rtsp" | "mjpeg" | "test-pattern";
                            url: string | null;
                            username: string | null;
                            hasPassword: boolean;
                        };
                        substreamUrl: string | null;
                        onvif: {
                            address: string;
                            profileToken: string;
                            ptz: boolean;
                            events: boolean;
                            audioBackchannel: boolean;
                        } | null;
                        /** @enum {string} */
                        recordingMode: "continuous" | "motion" | "off";
                        retentionDays: number;
                        siteId: string | null;
                        enabled: boolean;
                        /** @enum {string} */
                        status: "online" | "offline" | "reconnecting" | "disabled";
                        lastError: string | null;
                        /** @description ISO 8601 timestamp */
                        statusChangedAt: string | null;
                        video: {
                            codec: string | null;
                            width: number | null;
                            height: number | null;
                            fps: number | null;
                            codecString: string | null;
                            profile: string | null;
                            level: string | null;
                        };
                        recordSound: boolean;
                        audio: {
                            codec: string | null;
                            sampleRate: number | null;
                        };
                        motion: {
                            /** @default true */
                            enabled: boolean;
                            /**
                             * @default vigil
                             * @enum {string}
                             */
                            source: "vigil" | "camera" | "both";
                            /** @default 50 */
                            sensitivity: number;
                            /** @default 0.2 */
                            minArea: number;
                            /** @default 0 */
                            minSeconds: number;
                            /** @default [] */
                            masks: number[][][];
                            /** @default [] */
                            zones: {
                                name: string;
                                points: number[][];
                            }[];
                        };
                        scheduleId: string | null;
                        scheduleRecording: boolean;
                        eventSeverity: {
                            [key: string]: "alert" | "info";
                        };
                        ai: {
                            /** @default false */
                            enabled: boolean;
                            /**
                             * @default local
                             * @enum {string}
                             */
                            provider: "local" | "codeproject";
                            /**
                             * @default [
                             *       "person",
                             *       "car"
                             *     ]
                             */
                            labels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default 0.5 */
                            minScore: number;
                            /**
                             * @default [
                             *       "person"
                             *     ]
                             */
                            alertLabels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default {} */
                            labelZones: {
                                [key: string]: string[];
                            };
                            /** @default false */
                            describe: boolean;
                        };
                        armed: boolean;
                        /** @description ISO 8601 timestamp */
                        armedUntil: string | null;
                        armOverride: {
                            armed: boolean;
                            /** @description ISO 8601 timestamp */
                            until: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        notificationsSnoozedUntil: string | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    source?: {
                        /** @enum {string} */
                        type: "rtsp";
                        url: string;
                        username?: string;
                        password?: string;
                    } | {
                        /** @enum {string} */
                        type: "mjpeg";
                        url: string;
                        username?: string;
                        password?: string;
                    } | {
                        /** @enum {string} */
                        type: "test-pattern";
                    };
                    substreamUrl?: string;
                    /** @enum {string} */
                    recordingMode?: "continuous" | "motion" | "off";
                    retentionDays?: number;
                    /** Format: uuid */
                    siteId?: string | null;
                    recordSound?: boolean;
                    enabled?: boolean;
                    motion?: {
                        /** @default true */
                        enabled?: boolean;
                        /**
                         * @default vigil
                         * @enum {string}
                         */
                        source?: "vigil" | "camera" | "both";
                        /** @default 50 */
                        sensitivity?: number;
                        /** @default 0.2 */
                        minArea?: number;
                        /** @default 0 */
                        minSeconds?: number;
                        /** @default [] */
                        masks?: number[][][];
                        /** @default [] */
                        zones?: {
                            name: string;
                            points: number[][];
                        }[];
                    };
                    /** Format: uuid */
                    scheduleId?: string | null;
                    scheduleRecording?: boolean;
                    eventSeverity?: {
                        [key: string]: "alert" | "info";
                    };
                    ai?: {
                        /** @default false */
                        enabled?: boolean;
                        /**
                         * @default local
                         * @enum {string}
                         */
                        provider?: "local" | "codeproject";
                        /**
                         * @default [
                         *       "person",
                         *       "car"
                         *     ]
                         */
                        labels?: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                        /** @default 0.5 */
                        minScore?: number;
                        /**
                         * @default [
                         *       "person"
                         *     ]
                         */
                        alertLabels?: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                        /** @default {} */
                        labelZones?: {
                            [key: string]: string[];
                        };
                        /** @default false */
                        describe?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspaceId: string;
                        name: string;
                        source: {
                            /** @enum {string} */
                            type: "rtsp" | "mjpeg" | "test-pattern";
                            url: string | null;
                            username: string | null;
                            hasPassword: boolean;
                        };
                        substreamUrl: string | null;
                        onvif: {
                            address: string;
                            profileToken: string;
                            ptz: boolean;
                            events: boolean;
                            audioBackchannel: boolean;
                        } | null;
                        /** @enum {string} */
                        recordingMode: "continuous" | "motion" | "off";
                        retentionDays: number;
                        siteId: string | null;
                        enabled: boolean;
                        /** @enum {string} */
                        status: "online" | "offline" | "reconnecting" | "disabled";
                        lastError: string | null;
                        /** @description ISO 8601 timestamp */
                        statusChangedAt: string | null;
                        video: {
                            codec: string | null;
                            width: number | null;
                            height: number | null;
                            fps: number | null;
                            codecString: string | null;
                            profile: string | null;
                            level: string | null;
                        };
                        recordSound: boolean;
                        audio: {
                            codec: string | null;
                            sampleRate: number | null;
                        };
                        motion: {
                            /** @default true */
                            enabled: boolean;
                            /**
                             * @default vigil
                             * @enum {string}
                             */
                            source: "vigil" | "camera" | "both";
                            /** @default 50 */
                            sensitivity: number;
                            /** @default 0.2 */
                            minArea: number;
                            /** @default 0 */
                            minSeconds: number;
                            /** @default [] */
                            masks: number[][][];
                            /** @default [] */
                            zones: {
                                name: string;
                                points: number[][];
                            }[];
                        };
                        scheduleId: string | null;
                        scheduleRecording: boolean;
                        eventSeverity: {
                            [key: string]: "alert" | "info";
                        };
                        ai: {
                            /** @default false */
                            enabled: boolean;
                            /**
                             * @default local
                             * @enum {string}
                             */
                            provider: "local" | "codeproject";
                            /**
                             * @default [
                             *       "person",
                             *       "car"
                             *     ]
                             */
                            labels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default 0.5 */
                            minScore: number;
                            /**
                             * @default [
                             *       "person"
                             *     ]
                             */
                            alertLabels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default {} */
                            labelZones: {
                                [key: string]: string[];
                            };
                            /** @default false */
                            describe: boolean;
                        };
                        armed: boolean;
                        /** @description ISO 8601 timestamp */
                        armedUntil: string | null;
                        armOverride: {
                            armed: boolean;
                            /** @description ISO 8601 timestamp */
                            until: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        notificationsSnoozedUntil: string | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setCameraArming: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    armed: boolean;
                    minutes: number;
                } | {
                    /** @enum {boolean} */
                    resume: true;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspaceId: string;
                        name: string;
                        source: {
                            /** @enum {string} */
                            type: "rtsp" | "mjpeg" | "test-pattern";
                            url: string | null;
                            username: string | null;
                            hasPassword: boolean;
                        };
                        substreamUrl: string | null;
                        onvif: {
                            address: string;
                            profileToken: string;
                            ptz: boolean;
                            events: boolean;
                            audioBackchannel: boolean;
                        } | null;
                        /** @enum {string} */
                        recordingMode: "continuous" | "motion" | "off";
                        retentionDays: number;
                        siteId: string | null;
                        enabled: boolean;
                        /** @enum {string} */
                        status: "online" | "offline" | "reconnecting" | "disabled";
                        lastError: string | null;
                        /** @description ISO 8601 timestamp */
                        statusChangedAt: string | null;
                        video: {
                            codec: string | null;
                            width: number | null;
                            height: number | null;
                            fps: number | null;
                            codecString: string | null;
                            profile: string | null;
                            level: string | null;
                        };
                        recordSound: boolean;
                        audio: {
                            codec: string | null;
                            sampleRate: number | null;
                        };
                        motion: {
                            /** @default true */
                            enabled: boolean;
                            /**
                             * @default vigil
                             * @enum {string}
                             */
                            source: "vigil" | "camera" | "both";
                            /** @default 50 */
                            sensitivity: number;
                            /** @default 0.2 */
                            minArea: number;
                            /** @default 0 */
                            minSeconds: number;
                            /** @default [] */
                            masks: number[][][];
                            /** @default [] */
                            zones: {
                                name: string;
                                points: number[][];
                            }[];
                        };
                        scheduleId: string | null;
                        scheduleRecording: boolean;
                        eventSeverity: {
                            [key: string]: "alert" | "info";
                        };
                        ai: {
                            /** @default false */
                            enabled: boolean;
                            /**
                             * @default local
                             * @enum {string}
                             */
                            provider: "local" | "codeproject";
                            /**
                             * @default [
                             *       "person",
                             *       "car"
                             *     ]
                             */
                            labels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default 0.5 */
                            minScore: number;
                            /**
                             * @default [
                             *       "person"
                             *     ]
                             */
                            alertLabels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default {} */
                            labelZones: {
                                [key: string]: string[];
                            };
                            /** @default false */
                            describe: boolean;
                        };
                        armed: boolean;
                        /** @description ISO 8601 timestamp */
                        armedUntil: string | null;
                        armOverride: {
                            armed: boolean;
                            /** @description ISO 8601 timestamp */
                            until: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        notificationsSnoozedUntil: string | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    snoozeCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    minutes: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        workspaceId: string;
                        name: string;
                        source: {
                            /** @enum {string} */
                            type: "rtsp" | "mjpeg" | "test-pattern";
                            url: string | null;
                            username: string | null;
                            hasPassword: boolean;
                        };
                        substreamUrl: string | null;
                        onvif: {
                            address: string;
                            profileToken: string;
                            ptz: boolean;
                            events: boolean;
                            audioBackchannel: boolean;
                        } | null;
                        /** @enum {string} */
                        recordingMode: "continuous" | "motion" | "off";
                        retentionDays: number;
                        siteId: string | null;
                        enabled: boolean;
                        /** @enum {string} */
                        status: "online" | "offline" | "reconnecting" | "disabled";
                        lastError: string | null;
                        /** @description ISO 8601 timestamp */
                        statusChangedAt: string | null;
                        video: {
                            codec: string | null;
                            width: number | null;
                            height: number | null;
                            fps: number | null;
                            codecString: string | null;
                            profile: string | null;
                            level: string | null;
                        };
                        recordSound: boolean;
                        audio: {
                            codec: string | null;
                            sampleRate: number | null;
                        };
                        motion: {
                            /** @default true */
                            enabled: boolean;
                            /**
                             * @default vigil
                             * @enum {string}
                             */
                            source: "vigil" | "camera" | "both";
                            /** @default 50 */
                            sensitivity: number;
                            /** @default 0.2 */
                            minArea: number;
                            /** @default 0 */
                            minSeconds: number;
                            /** @default [] */
                            masks: number[][][];
                            /** @default [] */
                            zones: {
                                name: string;
                                points: number[][];
                            }[];
                        };
                        scheduleId: string | null;
                        scheduleRecording: boolean;
                        eventSeverity: {
                            [key: string]: "alert" | "info";
                        };
                        ai: {
                            /** @default false */
                            enabled: boolean;
                            /**
                             * @default local
                             * @enum {string}
                             */
                            provider: "local" | "codeproject";
                            /**
                             * @default [
                             *       "person",
                             *       "car"
                             *     ]
                             */
                            labels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default 0.5 */
                            minScore: number;
                            /**
                             * @default [
                             *       "person"
                             *     ]
                             */
                            alertLabels: ("person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush")[];
                            /** @default {} */
                            labelZones: {
                                [key: string]: string[];
                            };
                            /** @default false */
                            describe: boolean;
                        };
                        armed: boolean;
                        /** @description ISO 8601 timestamp */
                        armedUntil: string | null;
                        armOverride: {
                            armed: boolean;
                            /** @description ISO 8601 timestamp */
                            until: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        notificationsSnoozedUntil: string | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    probeCamera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        codec: string | null;
                        width: number | null;
                        height: number | null;
                        fps: number | null;
                        /** @default null */
                        audio: {
                            codec: string;
                            sampleRate: number | null;
                        } | null;
                        error: string | null;
                        /** @enum {string} */
                        errorCode?: "camera/unreachable" | "camera/refused" | "camera/unauthorized" | "camera/not-found" | "camera/host-not-found" | "camera/not-video";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listTeamInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "manager" | "operator" | "viewer";
                            /** @description ISO 8601 timestamp */
                            expiresAt: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            lastSentAt: string;
                            invitedBy: {
                                uid: string;
                                displayName: string;
                            } | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createTeamInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    role: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "manager" | "operator" | "viewer";
                        /** @description ISO 8601 timestamp */
                        expiresAt: string;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        lastSentAt: string;
                        invitedBy: {
                            uid: string;
                            displayName: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    resendTeamInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "manager" | "operator" | "viewer";
                        /** @description ISO 8601 timestamp */
                        expiresAt: string;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        lastSentAt: string;
                        invitedBy: {
                            uid: string;
                            displayName: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteTeamInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getTeamInvitationsPreview: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaceName: string;
                        email: string;
                        /** @enum {string} */
                        role: "manager" | "operator" | "viewer";
                        invitedBy: string;
                        /** @description ISO 8601 timestamp */
                        expiresAt: string;
                        accountExists: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    acceptTeamInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaceId: string;
                        workspaceName: string;
                        /** @enum {string} */
                        role: "manager" | "operator" | "viewer";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            userId: string;
                            email: string;
                            displayName: string;
                            /** @enum {string} */
                            role: "owner" | "manager" | "operator" | "viewer";
                            cameraIds: string[] | null;
                            siteIds: string[] | null;
                            /** @description ISO 8601 timestamp */
                            joinedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastSeenAt: string | null;
                            twoFactorEnabled: boolean;
                            disabled: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role?: string;
                    cameraIds?: string[] | null;
                    siteIds?: string[] | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        email: string;
                        displayName: string;
                        /** @enum {string} */
                        role: "owner" | "manager" | "operator" | "viewer";
                        cameraIds: string[] | null;
                        siteIds: string[] | null;
                        /** @description ISO 8601 timestamp */
                        joinedAt: string;
                        /** @description ISO 8601 timestamp */
                        lastSeenAt: string | null;
                        twoFactorEnabled: boolean;
                        disabled: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    transferOwnership: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listTeamWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "manager" | "operator" | "viewer";
                            current: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    switchWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workspaceId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            uid: string;
                            email: string;
                            displayName: string;
                            photoURL: string | null;
                            /** @enum {string} */
                            role: "admin" | "manager" | "operator" | "viewer" | "user";
                            plan: string;
                            /** @enum {string} */
                            planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                            /** @description ISO 8601 timestamp */
                            trialStartDate: string;
                            /** @description ISO 8601 timestamp */
                            trialEndDate: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                            /** @description ISO 8601 timestamp */
                            lastLoginAt: string | null;
                            preferences: {
                                /** @enum {string} */
                                language: "en" | "fr";
                                /** @enum {string} */
                                theme: "light" | "dark";
                                timezone: string;
                                notifications: {
                                    email: boolean;
                                    push: boolean;
                                    sms: boolean;
                                    digest?: boolean;
                                    phoneNumber?: string | null;
                                };
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            usage: {
                                camerasCount: number;
                                recordingsCount: number;
                                storageUsed: number;
                                aiAnalysisUsed: number;
                            };
                            aiAccess: boolean;
                            vmsAccess: boolean;
                            disabled: boolean;
                            workspaceId: string;
                        };
                        workspace: {
                            id: string;
                            name: string;
                            ownerId: string;
                            viewersMayExport: boolean;
                            newCameraMotionAlerts: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        };
                        twoFactor?: {
                            enabled: boolean;
                            required: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    callFunction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            "4XX": components["responses"]["CallableFailure"];
            default: components["responses"]["CallableFailure"];
        };
    };
    getStorageObject: {
        parameters: {
            query: {
                path: string;
                expires: number;
                name?: string;
                signature: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    setStorageFiles: {
        parameters: {
            query: {
                path: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        path: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteStorageFiles: {
        parameters: {
            query: {
                path: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getStorageUrl: {
        parameters: {
            query: {
                path: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getRealtime: {
        parameters: {
            query?: {
                topics?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    listRecordings: {
        parameters: {
            query: {
                cameraId: string;
                from: string;
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            cameraId: string;
                            /** @enum {string} */
                            kind: "continuous" | "motion";
                            /** @description ISO 8601 timestamp */
                            start: string;
                            /** @description ISO 8601 timestamp */
                            end: string;
                            bytes: number;
                            protected: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listRecordingsNotices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            reason: "maxStorage" | "maxRecordings" | "diskSpace";
                            limit: number;
                            recordingsRemoved: number;
                            bytesRemoved: number;
                            /** @description ISO 8601 timestamp */
                            firstAt: string;
                            /** @description ISO 8601 timestamp */
                            lastAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateRecording: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    protected?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        cameraId: string;
                        /** @enum {string} */
                        kind: "continuous" | "motion";
                        /** @description ISO 8601 timestamp */
                        start: string;
                        /** @description ISO 8601 timestamp */
                        end: string;
                        bytes: number;
                        protected: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCameraTimeline: {
        parameters: {
            query: {
                day: string;
                tz?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        day: string;
                        /** @description ISO 8601 timestamp */
                        start: string;
                        /** @description ISO 8601 timestamp */
                        end: string;
                        spans: {
                            /** @description ISO 8601 timestamp */
                            start: string;
                            /** @description ISO 8601 timestamp */
                            end: string;
                        }[];
                        recordings: {
                            id: string;
                            cameraId: string;
                            /** @enum {string} */
                            kind: "continuous" | "motion";
                            /** @description ISO 8601 timestamp */
                            start: string;
                            /** @description ISO 8601 timestamp */
                            end: string;
                            bytes: number;
                            protected: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCameraVodM3u8: {
        parameters: {
            query: {
                from: string;
                to: string;
                rendition?: "0" | "1";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCameraThumbnail: {
        parameters: {
            query: {
                at: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getMediaSegmentMp4: {
        parameters: {
            query: {
                path: string;
                expires: number;
                signature: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    getMediaSegmentH264Mp4: {
        parameters: {
            query: {
                path: string;
                expires: number;
                signature: string;
                store: "local" | "s3";
                part: "init" | "media";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    listExports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            cameraId: string;
                            /** @description ISO 8601 timestamp */
                            from: string;
                            /** @description ISO 8601 timestamp */
                            to: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            /** @enum {string} */
                            format: "recorded" | "h264";
                            progress: number;
                            bytes: number | null;
                            sha256: string | null;
                            downloadUrl: string | null;
                            error: string | null;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    cameraId: string;
                    from: string;
                    to: string;
                    /**
                     * @default recorded
                     * @enum {string}
                     */
                    format?: "recorded" | "h264";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        cameraId: string;
                        /** @description ISO 8601 timestamp */
                        from: string;
                        /** @description ISO 8601 timestamp */
                        to: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                        /** @enum {string} */
                        format: "recorded" | "h264";
                        progress: number;
                        bytes: number | null;
                        sha256: string | null;
                        downloadUrl: string | null;
                        error: string | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getExportDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                cameraId?: string;
                siteId?: string;
                kind?: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
                label?: "person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush";
                severity?: "alert" | "info";
                from?: string;
                to?: string;
                acknowledged?: "true" | "false";
                limit?: number;
                startAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            cameraId: string | null;
                            /** @enum {string} */
                            kind: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
                            /** @enum {string} */
                            severity: "alert" | "info";
                            /** @description ISO 8601 timestamp */
                            startAt: string;
                            /** @description ISO 8601 timestamp */
                            endAt: string | null;
                            armed: boolean;
                            zones: string[];
                            thumbnailUrl: string | null;
                            /** @description ISO 8601 timestamp */
                            acknowledgedAt: string | null;
                            acknowledgedBy: string | null;
                            note: string | null;
                            detail: {
                                [key: string]: unknown;
                            } | null;
                            /** @enum {string} */
                            source?: "vigil" | "camera";
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    acknowledgeEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                } | {
                    filter: {
                        /** Format: uuid */
                        cameraId?: string;
                        /** Format: uuid */
                        siteId?: string;
                        /** @enum {string} */
                        kind?: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
                        /** @enum {string} */
                        label?: "person" | "bicycle" | "car" | "motorcycle" | "airplane" | "bus" | "train" | "truck" | "boat" | "traffic light" | "fire hydrant" | "stop sign" | "parking meter" | "bench" | "bird" | "cat" | "dog" | "horse" | "sheep" | "cow" | "elephant" | "bear" | "zebra" | "giraffe" | "backpack" | "umbrella" | "handbag" | "tie" | "suitcase" | "frisbee" | "skis" | "snowboard" | "sports ball" | "kite" | "baseball bat" | "baseball glove" | "skateboard" | "surfboard" | "tennis racket" | "bottle" | "wine glass" | "cup" | "fork" | "knife" | "spoon" | "bowl" | "banana" | "apple" | "sandwich" | "orange" | "broccoli" | "carrot" | "hot dog" | "pizza" | "donut" | "cake" | "chair" | "couch" | "potted plant" | "bed" | "dining table" | "toilet" | "tv" | "laptop" | "mouse" | "remote" | "keyboard" | "cell phone" | "microwave" | "oven" | "toaster" | "sink" | "refrigerator" | "book" | "clock" | "vase" | "scissors" | "teddy bear" | "hair drier" | "toothbrush";
                        /** @enum {string} */
                        severity?: "alert" | "info";
                        /** Format: date-time */
                        from?: string;
                        /** Format: date-time */
                        to?: string;
                        acknowledged?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acknowledged: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        cameraId: string | null;
                        /** @enum {string} */
                        kind: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
                        /** @enum {string} */
                        severity: "alert" | "info";
                        /** @description ISO 8601 timestamp */
                        startAt: string;
                        /** @description ISO 8601 timestamp */
                        endAt: string | null;
                        armed: boolean;
                        zones: string[];
                        thumbnailUrl: string | null;
                        /** @description ISO 8601 timestamp */
                        acknowledgedAt: string | null;
                        acknowledgedBy: string | null;
                        note: string | null;
                        detail: {
                            [key: string]: unknown;
                        } | null;
                        /** @enum {string} */
                        source?: "vigil" | "camera";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        cameraId: string | null;
                        /** @enum {string} */
                        kind: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
                        /** @enum {string} */
                        severity: "alert" | "info";
                        /** @description ISO 8601 timestamp */
                        startAt: string;
                        /** @description ISO 8601 timestamp */
                        endAt: string | null;
                        armed: boolean;
                        zones: string[];
                        thumbnailUrl: string | null;
                        /** @description ISO 8601 timestamp */
                        acknowledgedAt: string | null;
                        acknowledgedBy: string | null;
                        note: string | null;
                        detail: {
                            [key: string]: unknown;
                        } | null;
                        /** @enum {string} */
                        source?: "vigil" | "camera";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        unread: number;
                        items: {
                            id: string;
                            cameraId: string | null;
                            /** @enum {string} */
                            kind: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
                            /** @enum {string} */
                            severity: "alert" | "info";
                            /** @description ISO 8601 timestamp */
                            startAt: string;
                            /** @description ISO 8601 timestamp */
                            endAt: string | null;
                            armed: boolean;
                            zones: string[];
                            thumbnailUrl: string | null;
                            /** @description ISO 8601 timestamp */
                            acknowledgedAt: string | null;
                            acknowledgedBy: string | null;
                            note: string | null;
                            detail: {
                                [key: string]: unknown;
                            } | null;
                            /** @enum {string} */
                            source?: "vigil" | "camera";
                            read: boolean;
                            cameraName: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    readAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                } | {
                    /** @enum {boolean} */
                    all: true;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                            ranges: {
                                day: number;
                                start: string;
                                end: string;
                            }[];
                            holidays: {
                                from: string;
                                to: string;
                                armed: boolean;
                                name?: string;
                            }[];
                            cameraCount: number;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        }[];
                        timeZone: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    ranges: {
                        day: number;
                        start: string;
                        end: string;
                    }[];
                    holidays?: {
                        from: string;
                        to: string;
                        armed: boolean;
                        name?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        ranges: {
                            day: number;
                            start: string;
                            end: string;
                        }[];
                        holidays: {
                            from: string;
                            to: string;
                            armed: boolean;
                            name?: string;
                        }[];
                        cameraCount: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setSchedulesTimeZone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    timeZone: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeZone: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        ranges: {
                            day: number;
                            start: string;
                            end: string;
                        }[];
                        holidays: {
                            from: string;
                            to: string;
                            armed: boolean;
                            name?: string;
                        }[];
                        cameraCount: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    ranges?: {
                        day: number;
                        start: string;
                        end: string;
                    }[];
                    holidays?: {
                        from: string;
                        to: string;
                        armed: boolean;
                        name?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        ranges: {
                            day: number;
                            start: string;
                            end: string;
                        }[];
                        holidays: {
                            from: string;
                            to: string;
                            armed: boolean;
                            name?: string;
                        }[];
                        cameraCount: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listFailedJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            task: string;
                            payload: string;
                            attempts: number;
                            maxAttempts: number;
                            lastError: string | null;
                            createdAt: string;
                            failedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    retryFailedJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteFailedJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getSmsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        configured: boolean;
                        /** @enum {string} */
                        provider: "twilio";
                        accountSid: string | null;
                        authTokenHint: string | null;
                        fromNumber: string | null;
                        templates: {
                            default: string;
                            motion?: string;
                            "camera.offline"?: string;
                            "camera.online"?: string;
                            "recording.gap"?: string;
                            "storage.pruned"?: string;
                            "ai.detection"?: string;
                            "camera.tamper"?: string;
                        };
                        ratePerMinute: number;
                        monthlyCap: number;
                        enabled: boolean;
                        usage: {
                            lastMinute: number;
                            thisMonth: number;
                        };
                        /** @description ISO 8601 timestamp */
                        updatedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setSmsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default twilio
                     * @enum {string}
                     */
                    provider?: "twilio";
                    accountSid: string;
                    authToken?: string;
                    fromNumber: string;
                    templates: {
                        default: string;
                        motion?: string;
                        "camera.offline"?: string;
                        "camera.online"?: string;
                        "recording.gap"?: string;
                        "storage.pruned"?: string;
                        "ai.detection"?: string;
                        "camera.tamper"?: string;
                    };
                    ratePerMinute: number;
                    monthlyCap: number;
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        configured: boolean;
                        /** @enum {string} */
                        provider: "twilio";
                        accountSid: string | null;
                        authTokenHint: string | null;
                        fromNumber: string | null;
                        templates: {
                            default: string;
                            motion?: string;
                            "camera.offline"?: string;
                            "camera.online"?: string;
                            "recording.gap"?: string;
                            "storage.pruned"?: string;
                            "ai.detection"?: string;
                            "camera.tamper"?: string;
                        };
                        ratePerMinute: number;
                        monthlyCap: number;
                        enabled: boolean;
                        usage: {
                            lastMinute: number;
                            thisMonth: number;
                        };
                        /** @description ISO 8601 timestamp */
                        updatedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    testSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    to: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        deliveryId: string | null;
                        to: string;
                        body: string;
                        /** @enum {string} */
                        status: "queued" | "sent" | "delivered" | "undelivered" | "failed" | "refused";
                        errorCode: string | null;
                        error: string | null;
                        segments: number;
                        /** @enum {string} */
                        encoding: "GSM-7" | "UCS-2";
                        test: boolean;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listSmsMessages: {
        parameters: {
            query?: {
                status?: "queued" | "sent" | "delivered" | "undelivered" | "failed" | "refused";
                limit?: number;
                startAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            deliveryId: string | null;
                            to: string;
                            body: string;
                            /** @enum {string} */
                            status: "queued" | "sent" | "delivered" | "undelivered" | "failed" | "refused";
                            errorCode: string | null;
                            error: string | null;
                            segments: number;
                            /** @enum {string} */
                            encoding: "GSM-7" | "UCS-2";
                            test: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listSmsOptOuts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            phone: string;
                            /** @description ISO 8601 timestamp */
                            at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteSmsOptOut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                phone: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "manager" | "operator" | "viewer";
                            prefix: string;
                            createdBy: {
                                /** Format: uuid */
                                uid: string;
                                displayName: string;
                            };
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            expiresAt: string | null;
                            /** @description ISO 8601 timestamp */
                            lastUsedAt: string | null;
                            lastUsedIp: string | null;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    role: "manager" | "operator" | "viewer";
                    /** Format: date-time */
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @enum {string} */
                        role: "manager" | "operator" | "viewer";
                        prefix: string;
                        createdBy: {
                            /** Format: uuid */
                            uid: string;
                            displayName: string;
                        };
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        expiresAt: string | null;
                        /** @description ISO 8601 timestamp */
                        lastUsedAt: string | null;
                        lastUsedIp: string | null;
                        expired: boolean;
                        key: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                scope?: "workspace" | "installation";
                person?: string;
                action?: string;
                from?: string;
                to?: string;
                limit?: number;
                startAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            chain: string;
                            seq: number;
                            /** @description ISO 8601 timestamp */
                            at: string;
                            workspaceId: string | null;
                            actorId: string | null;
                            /** @enum {string} */
                            actorKind: "user" | "api-key" | "system";
                            actorEmail: string | null;
                            actorName: string | null;
                            apiKeyId: string | null;
                            action: string;
                            targetType: string | null;
                            targetId: string | null;
                            ip: string | null;
                            details: {
                                [key: string]: unknown;
                            };
                            hash: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    verifyAudit: {
        parameters: {
            query?: {
                scope?: "workspace" | "installation";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        entries: number;
                        chains: number;
                        brokenAt: {
                            id: string;
                            chain: string;
                            seq: number;
                            /** @description ISO 8601 timestamp */
                            at: string;
                            /** @enum {string} */
                            reason: "hash-mismatch" | "link-mismatch" | "missing-entries" | "tail-removed" | "chain-removed" | "checkpoint-mismatch" | "checkpoint-forged";
                        } | null;
                        /** @description ISO 8601 timestamp */
                        checkpointAt: string | null;
                        ms: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAuditExportCsv: {
        parameters: {
            query?: {
                scope?: "workspace" | "installation";
                person?: string;
                action?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            key: string;
                            name: string;
                            description: string;
                            currency: string;
                            prices: {
                                monthly: number;
                                yearly: number;
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            features: {
                                aiAccess: boolean;
                                vms: boolean;
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    getBilling: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        planName: string;
                        /** @enum {string} */
                        planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                        /** @enum {string|null} */
                        interval: "month" | "year" | null;
                        /** @enum {string|null} */
                        source: "manual" | "stripe" | "complimentary" | null;
                        /** @description ISO 8601 timestamp */
                        trialEndDate: string;
                        trialDaysLeft: number;
                        /** @description ISO 8601 timestamp */
                        currentPeriodEnd: string | null;
                        cancelAtPeriodEnd: boolean;
                        pendingChange: {
                            plan: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            /** @description ISO 8601 timestamp */
                            at: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        nextChangeAt: string | null;
                        limits: {
                            maxCameras: number;
                            maxRecordings: number;
                            maxStorage: number;
                            aiAnalysisQuota: number;
                        };
                        usage: {
                            camerasCount: number;
                            recordingsCount: number;
                            storageUsed: number;
                            aiAnalysisUsed: number;
                        };
                        features: {
                            aiAccess: boolean;
                            vms: boolean;
                        };
                        nextAmount: number | null;
                        currency: string;
                        paymentMethod: ({
                            /** @enum {string} */
                            type: "card";
                            brand: string;
                            last4: string;
                        } | {
                            /** @enum {string} */
                            type: "invoice";
                        }) | null;
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        openInvoiceId: string | null;
                        storageHistory: {
                            day: string;
                            bytes: number;
                        }[];
                        invoices: {
                            id: string;
                            number: string;
                            /** @enum {string} */
                            status: "open" | "paid" | "void";
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            planKey: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            periodStart: string;
                            /** @description ISO 8601 timestamp */
                            periodEnd: string;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            /** @description ISO 8601 timestamp */
                            paidAt: string | null;
                            pdfUrl: string | null;
                        }[];
                        creditNotes: {
                            id: string;
                            number: string;
                            invoiceId: string;
                            invoiceNumber: string;
                            /** @enum {string} */
                            reason: "cancellation" | "refund";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            pdfUrl: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createBillingCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    plan: string;
                    /** @enum {string} */
                    interval: "month" | "year";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    } | {
                        invoiceId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    previewBillingChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    plan: string;
                    /** @enum {string} */
                    interval: "month" | "year";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        /** @enum {string} */
                        interval: "month" | "year";
                        /** @enum {string} */
                        timing: "now" | "period-end";
                        /** @description ISO 8601 timestamp */
                        effectiveAt: string;
                        amountDue: number;
                        currency: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createBillingChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    plan: string;
                    /** @enum {string} */
                    interval: "month" | "year";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        planName: string;
                        /** @enum {string} */
                        planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                        /** @enum {string|null} */
                        interval: "month" | "year" | null;
                        /** @enum {string|null} */
                        source: "manual" | "stripe" | "complimentary" | null;
                        /** @description ISO 8601 timestamp */
                        trialEndDate: string;
                        trialDaysLeft: number;
                        /** @description ISO 8601 timestamp */
                        currentPeriodEnd: string | null;
                        cancelAtPeriodEnd: boolean;
                        pendingChange: {
                            plan: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            /** @description ISO 8601 timestamp */
                            at: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        nextChangeAt: string | null;
                        limits: {
                            maxCameras: number;
                            maxRecordings: number;
                            maxStorage: number;
                            aiAnalysisQuota: number;
                        };
                        usage: {
                            camerasCount: number;
                            recordingsCount: number;
                            storageUsed: number;
                            aiAnalysisUsed: number;
                        };
                        features: {
                            aiAccess: boolean;
                            vms: boolean;
                        };
                        nextAmount: number | null;
                        currency: string;
                        paymentMethod: ({
                            /** @enum {string} */
                            type: "card";
                            brand: string;
                            last4: string;
                        } | {
                            /** @enum {string} */
                            type: "invoice";
                        }) | null;
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        openInvoiceId: string | null;
                        storageHistory: {
                            day: string;
                            bytes: number;
                        }[];
                        invoices: {
                            id: string;
                            number: string;
                            /** @enum {string} */
                            status: "open" | "paid" | "void";
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            planKey: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            periodStart: string;
                            /** @description ISO 8601 timestamp */
                            periodEnd: string;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            /** @description ISO 8601 timestamp */
                            paidAt: string | null;
                            pdfUrl: string | null;
                        }[];
                        creditNotes: {
                            id: string;
                            number: string;
                            invoiceId: string;
                            invoiceNumber: string;
                            /** @enum {string} */
                            reason: "cancellation" | "refund";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            pdfUrl: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    cancelBilling: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        planName: string;
                        /** @enum {string} */
                        planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                        /** @enum {string|null} */
                        interval: "month" | "year" | null;
                        /** @enum {string|null} */
                        source: "manual" | "stripe" | "complimentary" | null;
                        /** @description ISO 8601 timestamp */
                        trialEndDate: string;
                        trialDaysLeft: number;
                        /** @description ISO 8601 timestamp */
                        currentPeriodEnd: string | null;
                        cancelAtPeriodEnd: boolean;
                        pendingChange: {
                            plan: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            /** @description ISO 8601 timestamp */
                            at: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        nextChangeAt: string | null;
                        limits: {
                            maxCameras: number;
                            maxRecordings: number;
                            maxStorage: number;
                            aiAnalysisQuota: number;
                        };
                        usage: {
                            camerasCount: number;
                            recordingsCount: number;
                            storageUsed: number;
                            aiAnalysisUsed: number;
                        };
                        features: {
                            aiAccess: boolean;
                            vms: boolean;
                        };
                        nextAmount: number | null;
                        currency: string;
                        paymentMethod: ({
                            /** @enum {string} */
                            type: "card";
                            brand: string;
                            last4: string;
                        } | {
                            /** @enum {string} */
                            type: "invoice";
                        }) | null;
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        openInvoiceId: string | null;
                        storageHistory: {
                            day: string;
                            bytes: number;
                        }[];
                        invoices: {
                            id: string;
                            number: string;
                            /** @enum {string} */
                            status: "open" | "paid" | "void";
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            planKey: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            periodStart: string;
                            /** @description ISO 8601 timestamp */
                            periodEnd: string;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            /** @description ISO 8601 timestamp */
                            paidAt: string | null;
                            pdfUrl: string | null;
                        }[];
                        creditNotes: {
                            id: string;
                            number: string;
                            invoiceId: string;
                            invoiceNumber: string;
                            /** @enum {string} */
                            reason: "cancellation" | "refund";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            pdfUrl: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    resumeBilling: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        planName: string;
                        /** @enum {string} */
                        planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                        /** @enum {string|null} */
                        interval: "month" | "year" | null;
                        /** @enum {string|null} */
                        source: "manual" | "stripe" | "complimentary" | null;
                        /** @description ISO 8601 timestamp */
                        trialEndDate: string;
                        trialDaysLeft: number;
                        /** @description ISO 8601 timestamp */
                        currentPeriodEnd: string | null;
                        cancelAtPeriodEnd: boolean;
                        pendingChange: {
                            plan: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            /** @description ISO 8601 timestamp */
                            at: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        nextChangeAt: string | null;
                        limits: {
                            maxCameras: number;
                            maxRecordings: number;
                            maxStorage: number;
                            aiAnalysisQuota: number;
                        };
                        usage: {
                            camerasCount: number;
                            recordingsCount: number;
                            storageUsed: number;
                            aiAnalysisUsed: number;
                        };
                        features: {
                            aiAccess: boolean;
                            vms: boolean;
                        };
                        nextAmount: number | null;
                        currency: string;
                        paymentMethod: ({
                            /** @enum {string} */
                            type: "card";
                            brand: string;
                            last4: string;
                        } | {
                            /** @enum {string} */
                            type: "invoice";
                        }) | null;
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        openInvoiceId: string | null;
                        storageHistory: {
                            day: string;
                            bytes: number;
                        }[];
                        invoices: {
                            id: string;
                            number: string;
                            /** @enum {string} */
                            status: "open" | "paid" | "void";
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            planKey: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            periodStart: string;
                            /** @description ISO 8601 timestamp */
                            periodEnd: string;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            /** @description ISO 8601 timestamp */
                            paidAt: string | null;
                            pdfUrl: string | null;
                        }[];
                        creditNotes: {
                            id: string;
                            number: string;
                            invoiceId: string;
                            invoiceNumber: string;
                            /** @enum {string} */
                            reason: "cancellation" | "refund";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            pdfUrl: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createBillingPortal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getBillingInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        number: string;
                        /** @enum {string} */
                        status: "open" | "paid" | "void";
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        planKey: string;
                        planName: string;
                        /** @enum {string} */
                        interval: "month" | "year";
                        currency: string;
                        amount: number;
                        tax: number;
                        total: number;
                        /** @description ISO 8601 timestamp */
                        periodStart: string;
                        /** @description ISO 8601 timestamp */
                        periodEnd: string;
                        /** @description ISO 8601 timestamp */
                        issuedAt: string;
                        /** @description ISO 8601 timestamp */
                        paidAt: string | null;
                        pdfUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getBillingInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getBillingCreditNotePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    syncBillingCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        planName: string;
                        /** @enum {string} */
                        planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                        /** @enum {string|null} */
                        interval: "month" | "year" | null;
                        /** @enum {string|null} */
                        source: "manual" | "stripe" | "complimentary" | null;
                        /** @description ISO 8601 timestamp */
                        trialEndDate: string;
                        trialDaysLeft: number;
                        /** @description ISO 8601 timestamp */
                        currentPeriodEnd: string | null;
                        cancelAtPeriodEnd: boolean;
                        pendingChange: {
                            plan: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            /** @description ISO 8601 timestamp */
                            at: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        nextChangeAt: string | null;
                        limits: {
                            maxCameras: number;
                            maxRecordings: number;
                            maxStorage: number;
                            aiAnalysisQuota: number;
                        };
                        usage: {
                            camerasCount: number;
                            recordingsCount: number;
                            storageUsed: number;
                            aiAnalysisUsed: number;
                        };
                        features: {
                            aiAccess: boolean;
                            vms: boolean;
                        };
                        nextAmount: number | null;
                        currency: string;
                        paymentMethod: ({
                            /** @enum {string} */
                            type: "card";
                            brand: string;
                            last4: string;
                        } | {
                            /** @enum {string} */
                            type: "invoice";
                        }) | null;
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        openInvoiceId: string | null;
                        storageHistory: {
                            day: string;
                            bytes: number;
                        }[];
                        invoices: {
                            id: string;
                            number: string;
                            /** @enum {string} */
                            status: "open" | "paid" | "void";
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            planKey: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            periodStart: string;
                            /** @description ISO 8601 timestamp */
                            periodEnd: string;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            /** @description ISO 8601 timestamp */
                            paidAt: string | null;
                            pdfUrl: string | null;
                        }[];
                        creditNotes: {
                            id: string;
                            number: string;
                            invoiceId: string;
                            invoiceNumber: string;
                            /** @enum {string} */
                            reason: "cancellation" | "refund";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            pdfUrl: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAdminWebhookEvents: {
        parameters: {
            query?: {
                status?: "applied" | "ignored" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            type: string;
                            /** @enum {string} */
                            status: "applied" | "ignored" | "failed";
                            error: string | null;
                            attempts: number;
                            /** @description ISO 8601 timestamp */
                            receivedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    retryAdminWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        type: string;
                        /** @enum {string} */
                        status: "applied" | "ignored" | "failed";
                        error: string | null;
                        attempts: number;
                        /** @description ISO 8601 timestamp */
                        receivedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAdminPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            key: string;
                            name: string;
                            description: string;
                            currency: string;
                            prices: {
                                monthly: number;
                                yearly: number;
                            };
                            limits: {
                                maxCameras: number;
                                maxRecordings: number;
                                maxStorage: number;
                                aiAnalysisQuota: number;
                            };
                            features: {
                                aiAccess: boolean;
                                vms: boolean;
                            };
                            public: boolean;
                            archived: boolean;
                            order: number;
                            subscribers: number;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createAdminPlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    name: string;
                    /** @default  */
                    description?: string;
                    currency: string;
                    prices: {
                        monthly: number;
                        yearly: number;
                    };
                    limits: {
                        maxCameras: number;
                        maxRecordings: number;
                        maxStorage: number;
                        aiAnalysisQuota: number;
                    };
                    features: {
                        aiAccess: boolean;
                        vms: boolean;
                    };
                    /** @default true */
                    public?: boolean;
                    /** @default false */
                    archived?: boolean;
                    /** @default 100 */
                    order?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: string;
                        name: string;
                        description: string;
                        currency: string;
                        prices: {
                            monthly: number;
                            yearly: number;
                        };
                        limits: {
                            maxCameras: number;
                            maxRecordings: number;
                            maxStorage: number;
                            aiAnalysisQuota: number;
                        };
                        features: {
                            aiAccess: boolean;
                            vms: boolean;
                        };
                        public: boolean;
                        archived: boolean;
                        order: number;
                        subscribers: number;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateAdminPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    currency?: string;
                    prices?: {
                        monthly: number;
                        yearly: number;
                    };
                    limits?: {
                        maxCameras: number;
                        maxRecordings: number;
                        maxStorage: number;
                        aiAnalysisQuota: number;
                    };
                    features?: {
                        aiAccess: boolean;
                        vms: boolean;
                    };
                    public?: boolean;
                    archived?: boolean;
                    order?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: string;
                        name: string;
                        description: string;
                        currency: string;
                        prices: {
                            monthly: number;
                            yearly: number;
                        };
                        limits: {
                            maxCameras: number;
                            maxRecordings: number;
                            maxStorage: number;
                            aiAnalysisQuota: number;
                        };
                        features: {
                            aiAccess: boolean;
                            vms: boolean;
                        };
                        public: boolean;
                        archived: boolean;
                        order: number;
                        subscribers: number;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateAdminUserPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    plan?: string;
                    /** @description ISO 8601 timestamp */
                    trialEndDate?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uid: string;
                        email: string;
                        displayName: string;
                        photoURL: string | null;
                        /** @enum {string} */
                        role: "admin" | "manager" | "operator" | "viewer" | "user";
                        plan: string;
                        /** @enum {string} */
                        planStatus: "trial" | "active" | "past_due" | "canceled" | "expired";
                        /** @description ISO 8601 timestamp */
                        trialStartDate: string;
                        /** @description ISO 8601 timestamp */
                        trialEndDate: string;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                        /** @description ISO 8601 timestamp */
                        lastLoginAt: string | null;
                        preferences: {
                            /** @enum {string} */
                            language: "en" | "fr";
                            /** @enum {string} */
                            theme: "light" | "dark";
                            timezone: string;
                            notifications: {
                                email: boolean;
                                push: boolean;
                                sms: boolean;
                                digest?: boolean;
                                phoneNumber?: string | null;
                            };
                        };
                        limits: {
                            maxCameras: number;
                            maxRecordings: number;
                            maxStorage: number;
                            aiAnalysisQuota: number;
                        };
                        usage: {
                            camerasCount: number;
                            recordingsCount: number;
                            storageUsed: number;
                            aiAnalysisUsed: number;
                        };
                        aiAccess: boolean;
                        vmsAccess: boolean;
                        disabled: boolean;
                        workspaceId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAdminPaymentSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        currency: string;
                        taxRate: number;
                        graceDays: number;
                        seller: {
                            name: string;
                            address: string;
                            taxId: string;
                        };
                        manualInstructions: string;
                        stripe: {
                            publishableKey: string | null;
                            secretKeyHint: string | null;
                            webhookSecretHint: string | null;
                            accountName: string | null;
                        };
                        /** @description ISO 8601 timestamp */
                        updatedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setAdminPaymentSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    provider?: "manual" | "stripe";
                    currency?: string;
                    taxRate?: number;
                    graceDays?: number;
                    seller?: {
                        name: string;
                        address: string;
                        taxId: string;
                    };
                    manualInstructions?: string;
                    stripe?: {
                        publishableKey: string;
                        secretKey?: string;
                        webhookSecret?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        currency: string;
                        taxRate: number;
                        graceDays: number;
                        seller: {
                            name: string;
                            address: string;
                            taxId: string;
                        };
                        manualInstructions: string;
                        stripe: {
                            publishableKey: string | null;
                            secretKeyHint: string | null;
                            webhookSecretHint: string | null;
                            accountName: string | null;
                        };
                        /** @description ISO 8601 timestamp */
                        updatedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAdminInvoices: {
        parameters: {
            query?: {
                status?: "open" | "paid" | "void";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            number: string;
                            /** @enum {string} */
                            status: "open" | "paid" | "void";
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            planKey: string;
                            planName: string;
                            /** @enum {string} */
                            interval: "month" | "year";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            periodStart: string;
                            /** @description ISO 8601 timestamp */
                            periodEnd: string;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            /** @description ISO 8601 timestamp */
                            paidAt: string | null;
                            pdfUrl: string | null;
                            workspaceId: string;
                            workspaceName: string;
                            ownerEmail: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    markAdminInvoicePaid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        number: string;
                        /** @enum {string} */
                        status: "open" | "paid" | "void";
                        /** @enum {string} */
                        provider: "manual" | "stripe";
                        planKey: string;
                        planName: string;
                        /** @enum {string} */
                        interval: "month" | "year";
                        currency: string;
                        amount: number;
                        tax: number;
                        total: number;
                        /** @description ISO 8601 timestamp */
                        periodStart: string;
                        /** @description ISO 8601 timestamp */
                        periodEnd: string;
                        /** @description ISO 8601 timestamp */
                        issuedAt: string;
                        /** @description ISO 8601 timestamp */
                        paidAt: string | null;
                        pdfUrl: string | null;
                        workspaceId: string;
                        workspaceName: string;
                        ownerEmail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createAdminInvoiceRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        number: string;
                        invoiceId: string;
                        invoiceNumber: string;
                        /** @enum {string} */
                        reason: "cancellation" | "refund";
                        currency: string;
                        amount: number;
                        tax: number;
                        total: number;
                        /** @description ISO 8601 timestamp */
                        issuedAt: string;
                        pdfUrl: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAdminCreditNotes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            number: string;
                            invoiceId: string;
                            invoiceNumber: string;
                            /** @enum {string} */
                            reason: "cancellation" | "refund";
                            currency: string;
                            amount: number;
                            tax: number;
                            total: number;
                            /** @description ISO 8601 timestamp */
                            issuedAt: string;
                            pdfUrl: string;
                            workspaceName: string;
                            ownerEmail: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAdminPayments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            workspaceId: string;
                            workspaceName: string;
                            ownerEmail: string;
                            /** @enum {string} */
                            provider: "manual" | "stripe";
                            amount: number;
                            currency: string;
                            invoiceNumber: string | null;
                            /** @description ISO 8601 timestamp */
                            paidAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listTasks: {
        parameters: {
            query?: {
                assignee?: "me" | "none" | string;
                status?: string;
                overdue?: "true" | "false";
                cameraId?: string;
                eventId?: string;
                limit?: number;
                startAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            priority: "low" | "normal" | "high" | "urgent";
                            /** @enum {string} */
                            status: "open" | "in_progress" | "done" | "canceled";
                            /** @description ISO 8601 timestamp */
                            dueAt: string | null;
                            overdue: boolean;
                            assignee: {
                                id: string;
                                displayName: string;
                            } | null;
                            /** @description ISO 8601 timestamp */
                            assignedAt: string | null;
                            camera: {
                                id: string;
                                name: string;
                            } | null;
                            eventId: string | null;
                            createdBy: {
                                id: string;
                                displayName: string;
                            } | null;
                            /** @description ISO 8601 timestamp */
                            completedAt: string | null;
                            commentCount: number;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    description?: string;
                    /** @enum {string} */
                    priority?: "low" | "normal" | "high" | "urgent";
                    /** Format: date-time */
                    dueAt?: string | null;
                    /** Format: uuid */
                    assigneeId?: string | null;
                    /** Format: uuid */
                    cameraId?: string | null;
                    /** Format: uuid */
                    eventId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        description: string;
                        /** @enum {string} */
                        priority: "low" | "normal" | "high" | "urgent";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "done" | "canceled";
                        /** @description ISO 8601 timestamp */
                        dueAt: string | null;
                        overdue: boolean;
                        assignee: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        assignedAt: string | null;
                        camera: {
                            id: string;
                            name: string;
                        } | null;
                        eventId: string | null;
                        createdBy: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        completedAt: string | null;
                        commentCount: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                        comments: {
                            id: string;
                            author: {
                                id: string;
                                displayName: string;
                            } | null;
                            body: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createTasksEventAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    eventId: string;
                    /** Format: uuid */
                    assigneeId: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        description: string;
                        /** @enum {string} */
                        priority: "low" | "normal" | "high" | "urgent";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "done" | "canceled";
                        /** @description ISO 8601 timestamp */
                        dueAt: string | null;
                        overdue: boolean;
                        assignee: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        assignedAt: string | null;
                        camera: {
                            id: string;
                            name: string;
                        } | null;
                        eventId: string | null;
                        createdBy: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        completedAt: string | null;
                        commentCount: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                        comments: {
                            id: string;
                            author: {
                                id: string;
                                displayName: string;
                            } | null;
                            body: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listTasksAssignees: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            displayName: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "manager" | "operator";
                            cameraIds: string[] | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        description: string;
                        /** @enum {string} */
                        priority: "low" | "normal" | "high" | "urgent";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "done" | "canceled";
                        /** @description ISO 8601 timestamp */
                        dueAt: string | null;
                        overdue: boolean;
                        assignee: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        assignedAt: string | null;
                        camera: {
                            id: string;
                            name: string;
                        } | null;
                        eventId: string | null;
                        createdBy: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        completedAt: string | null;
                        commentCount: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                        comments: {
                            id: string;
                            author: {
                                id: string;
                                displayName: string;
                            } | null;
                            body: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    description?: string;
                    /** @enum {string} */
                    priority?: "low" | "normal" | "high" | "urgent";
                    /** Format: date-time */
                    dueAt?: string | null;
                    /** Format: uuid */
                    assigneeId?: string | null;
                    /** Format: uuid */
                    cameraId?: string | null;
                    /** Format: uuid */
                    eventId?: string | null;
                    /** @enum {string} */
                    status?: "open" | "in_progress" | "done" | "canceled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        description: string;
                        /** @enum {string} */
                        priority: "low" | "normal" | "high" | "urgent";
                        /** @enum {string} */
                        status: "open" | "in_progress" | "done" | "canceled";
                        /** @description ISO 8601 timestamp */
                        dueAt: string | null;
                        overdue: boolean;
                        assignee: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        assignedAt: string | null;
                        camera: {
                            id: string;
                            name: string;
                        } | null;
                        eventId: string | null;
                        createdBy: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        completedAt: string | null;
                        commentCount: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                        comments: {
                            id: string;
                            author: {
                                id: string;
                                displayName: string;
                            } | null;
                            body: string;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createTaskComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        author: {
                            id: string;
                            displayName: string;
                        } | null;
                        body: string;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    importSiteCameras: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    csv?: string;
                    rows?: {
                        name?: string;
                        url?: string;
                        username?: string;
                        password?: string;
                        recordingMode?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        siteId: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                        total: number;
                        processed: number;
                        created: number;
                        failed: number;
                        results: {
                            line: number;
                            name: string;
                            ok: boolean;
                            cameraId?: string;
                            error?: string;
                        }[];
                        error: string | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        finishedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCameraImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        siteId: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                        total: number;
                        processed: number;
                        created: number;
                        failed: number;
                        results: {
                            line: number;
                            name: string;
                            ok: boolean;
                            cameraId?: string;
                            error?: string;
                        }[];
                        error: string | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        finishedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCameraImportResultsCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    discoverSiteCameras: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username?: string;
                    password?: string;
                    targets?: string[];
                    /** @default 3 */
                    seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: {
                            endpoint: string | null;
                            xaddr: string;
                            host: string;
                            name: string | null;
                            manufacturer: string | null;
                            model: string | null;
                            firmware: string | null;
                            streams: {
                                token: string;
                                name: string;
                                encoding: string | null;
                                width: number | null;
                                height: number | null;
                                uri: string;
                            }[];
                            error: string | null;
                        }[];
                        skipped: {
                            xaddr: string;
                            reason: string;
                        }[];
                        durationMs: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listSites: {
        parameters: {
            query?: {
                tag?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                            address: string | null;
                            latitude: number | null;
                            longitude: number | null;
                            timezone: string | null;
                            contacts: {
                                name: string;
                                phone?: string;
                                email?: string | "";
                            }[];
                            notes: string | null;
                            tags: string[];
                            defaultScheduleId: string | null;
                            defaultRetentionDays: number | null;
                            counts: {
                                cameras: number;
                                online: number;
                                offline: number;
                                disabled: number;
                                openAlerts: number;
                                storageBytes: number;
                            };
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        }[];
                        tags: string[];
                        mapTileUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createSite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    address?: string | null;
                    latitude?: number | null;
                    longitude?: number | null;
                    timezone?: string | null;
                    contacts?: {
                        name: string;
                        phone?: string;
                        email?: string | "";
                    }[];
                    notes?: string | null;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        address: string | null;
                        latitude: number | null;
                        longitude: number | null;
                        timezone: string | null;
                        contacts: {
                            name: string;
                            phone?: string;
                            email?: string | "";
                        }[];
                        notes: string | null;
                        tags: string[];
                        defaultScheduleId: string | null;
                        defaultRetentionDays: number | null;
                        counts: {
                            cameras: number;
                            online: number;
                            offline: number;
                            disabled: number;
                            openAlerts: number;
                            storageBytes: number;
                        };
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        address: string | null;
                        latitude: number | null;
                        longitude: number | null;
                        timezone: string | null;
                        contacts: {
                            name: string;
                            phone?: string;
                            email?: string | "";
                        }[];
                        notes: string | null;
                        tags: string[];
                        defaultScheduleId: string | null;
                        defaultRetentionDays: number | null;
                        counts: {
                            cameras: number;
                            online: number;
                            offline: number;
                            disabled: number;
                            openAlerts: number;
                            storageBytes: number;
                        };
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                        health: {
                            camerasOnline: number;
                            cameras: number;
                            storageBytes: number;
                            /** @description ISO 8601 timestamp */
                            lastRecordingAt: string | null;
                            openAlerts: number;
                            uptimeThisMonth: number | null;
                        };
                        cameras: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            status: "online" | "offline" | "reconnecting" | "disabled";
                            enabled: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateSite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    address?: string | null;
                    latitude?: number | null;
                    longitude?: number | null;
                    timezone?: string | null;
                    contacts?: {
                        name: string;
                        phone?: string;
                        email?: string | "";
                    }[];
                    notes?: string | null;
                    tags?: string[];
                    /** Format: uuid */
                    defaultScheduleId?: string | null;
                    defaultRetentionDays?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        address: string | null;
                        latitude: number | null;
                        longitude: number | null;
                        timezone: string | null;
                        contacts: {
                            name: string;
                            phone?: string;
                            email?: string | "";
                        }[];
                        notes: string | null;
                        tags: string[];
                        defaultScheduleId: string | null;
                        defaultRetentionDays: number | null;
                        counts: {
                            cameras: number;
                            online: number;
                            offline: number;
                            disabled: number;
                            openAlerts: number;
                            storageBytes: number;
                        };
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    moveSiteCameras: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    add?: string[];
                    remove?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        address: string | null;
                        latitude: number | null;
                        longitude: number | null;
                        timezone: string | null;
                        contacts: {
                            name: string;
                            phone?: string;
                            email?: string | "";
                        }[];
                        notes: string | null;
                        tags: string[];
                        defaultScheduleId: string | null;
                        defaultRetentionDays: number | null;
                        counts: {
                            cameras: number;
                            online: number;
                            offline: number;
                            disabled: number;
                            openAlerts: number;
                            storageBytes: number;
                        };
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                        health: {
                            camerasOnline: number;
                            cameras: number;
                            storageBytes: number;
                            /** @description ISO 8601 timestamp */
                            lastRecordingAt: string | null;
                            openAlerts: number;
                            uptimeThisMonth: number | null;
                        };
                        cameras: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            status: "online" | "offline" | "reconnecting" | "disabled";
                            enabled: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getSiteAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: {
                            userId: string;
                            displayName: string;
                            email: string;
                            role: string;
                            unlimited: boolean;
                            granted: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setSiteAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userIds: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: {
                            userId: string;
                            displayName: string;
                            email: string;
                            role: string;
                            unlimited: boolean;
                            granted: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listBulkOperations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            change: {
                                /** @enum {string} */
                                kind: "enable";
                            } | {
                                /** @enum {string} */
                                kind: "disable";
                            } | {
                                /** @enum {string} */
                                kind: "recording-mode";
                                /** @enum {string} */
                                recordingMode: "continuous" | "motion" | "off";
                            } | {
                                /** @enum {string} */
                                kind: "retention";
                                retentionDays: number;
                            } | {
                                /** @enum {string} */
                                kind: "schedule";
                                /** Format: uuid */
                                scheduleId: string | null;
                            } | {
                                /** @enum {string} */
                                kind: "motion";
                                motion: {
                                    enabled?: boolean;
                                    sensitivity?: number;
                                    minArea?: number;
                                    minSeconds?: number;
                                };
                            } | {
                                /** @enum {string} */
                                kind: "move-to-site";
                                /** Format: uuid */
                                siteId: string | null;
                            } | {
                                /** @enum {string} */
                                kind: "test-connection";
                            } | {
                                /** @enum {string} */
                                kind: "delete";
                                expectedCount: number;
                            };
                            selection: {
                                filter: {
                                    siteIds?: string[];
                                    withoutSite?: boolean;
                                    tags?: string[];
                                    status?: ("online" | "offline" | "reconnecting" | "disabled")[];
                                    model?: string;
                                    q?: string;
                                } | null;
                            };
                            progress: {
                                total: number;
                                processed: number;
                                succeeded: number;
                                failed: number;
                            };
                            error: string | null;
                            createdBy: {
                                id: string;
                                displayName: string;
                            } | null;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            startedAt: string | null;
                            /** @description ISO 8601 timestamp */
                            finishedAt: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createBulkOperation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cameraIds?: string[];
                    filter?: {
                        siteIds?: string[];
                        withoutSite?: boolean;
                        tags?: string[];
                        status?: ("online" | "offline" | "reconnecting" | "disabled")[];
                        model?: string;
                        q?: string;
                    };
                    change: {
                        /** @enum {string} */
                        kind: "enable";
                    } | {
                        /** @enum {string} */
                        kind: "disable";
                    } | {
                        /** @enum {string} */
                        kind: "recording-mode";
                        /** @enum {string} */
                        recordingMode: "continuous" | "motion" | "off";
                    } | {
                        /** @enum {string} */
                        kind: "retention";
                        retentionDays: number;
                    } | {
                        /** @enum {string} */
                        kind: "schedule";
                        /** Format: uuid */
                        scheduleId: string | null;
                    } | {
                        /** @enum {string} */
                        kind: "motion";
                        motion: {
                            enabled?: boolean;
                            sensitivity?: number;
                            minArea?: number;
                            minSeconds?: number;
                        };
                    } | {
                        /** @enum {string} */
                        kind: "move-to-site";
                        /** Format: uuid */
                        siteId: string | null;
                    } | {
                        /** @enum {string} */
                        kind: "test-connection";
                    } | {
                        /** @enum {string} */
                        kind: "delete";
                        expectedCount: number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    previewBulkOperations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    filter: {
                        siteIds?: string[];
                        withoutSite?: boolean;
                        tags?: string[];
                        status?: ("online" | "offline" | "reconnecting" | "disabled")[];
                        model?: string;
                        q?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        items: {
                            id: string;
                            name: string;
                            siteId: string | null;
                            siteName: string | null;
                            /** @enum {string} */
                            status: "online" | "offline" | "reconnecting" | "disabled";
                            enabled: boolean;
                            /** @enum {string} */
                            recordingMode: "continuous" | "motion" | "off";
                            model: string;
                        }[];
                        models: {
                            model: string;
                            count: number;
                        }[];
                        sites: {
                            id: string;
                            name: string;
                            tags: string[];
                            cameras: number;
                        }[];
                        tags: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getBulkOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                        change: {
                            /** @enum {string} */
                            kind: "enable";
                        } | {
                            /** @enum {string} */
                            kind: "disable";
                        } | {
                            /** @enum {string} */
                            kind: "recording-mode";
                            /** @enum {string} */
                            recordingMode: "continuous" | "motion" | "off";
                        } | {
                            /** @enum {string} */
                            kind: "retention";
                            retentionDays: number;
                        } | {
                            /** @enum {string} */
                            kind: "schedule";
                            /** Format: uuid */
                            scheduleId: string | null;
                        } | {
                            /** @enum {string} */
                            kind: "motion";
                            motion: {
                                enabled?: boolean;
                                sensitivity?: number;
                                minArea?: number;
                                minSeconds?: number;
                            };
                        } | {
                            /** @enum {string} */
                            kind: "move-to-site";
                            /** Format: uuid */
                            siteId: string | null;
                        } | {
                            /** @enum {string} */
                            kind: "test-connection";
                        } | {
                            /** @enum {string} */
                            kind: "delete";
                            expectedCount: number;
                        };
                        selection: {
                            filter: {
                                siteIds?: string[];
                                withoutSite?: boolean;
                                tags?: string[];
                                status?: ("online" | "offline" | "reconnecting" | "disabled")[];
                                model?: string;
                                q?: string;
                            } | null;
                        };
                        progress: {
                            total: number;
                            processed: number;
                            succeeded: number;
                            failed: number;
                        };
                        error: string | null;
                        createdBy: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        startedAt: string | null;
                        /** @description ISO 8601 timestamp */
                        finishedAt: string | null;
                        results: {
                            cameraId: string;
                            cameraName: string;
                            ok: boolean | null;
                            error: string | null;
                            /** @description ISO 8601 timestamp */
                            finishedAt: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listReports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            kind: "uptime" | "events" | "storage" | "alerts";
                            /** @enum {string} */
                            format: "pdf" | "csv";
                            /** @description ISO 8601 timestamp */
                            from: string;
                            /** @description ISO 8601 timestamp */
                            to: string;
                            siteId: string | null;
                            siteName: string | null;
                            cameraCount: number;
                            timeZone: string;
                            /** @enum {string} */
                            language: "en" | "fr";
                            /** @enum {string} */
                            status: "queued" | "running" | "done" | "failed";
                            progress: number;
                            bytes: number | null;
                            downloadUrl: string | null;
                            fileName: string;
                            error: string | null;
                            scheduleId: string | null;
                            requestedBy: {
                                id: string;
                                displayName: string;
                            } | null;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                        }[];
                        timeZone: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "uptime" | "events" | "storage" | "alerts";
                    /** Format: date-time */
                    from: string;
                    /** Format: date-time */
                    to: string;
                    /** Format: uuid */
                    siteId?: string;
                    cameraIds?: string[];
                    /** @enum {string} */
                    format: "pdf" | "csv";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "uptime" | "events" | "storage" | "alerts";
                        /** @enum {string} */
                        format: "pdf" | "csv";
                        /** @description ISO 8601 timestamp */
                        from: string;
                        /** @description ISO 8601 timestamp */
                        to: string;
                        siteId: string | null;
                        siteName: string | null;
                        cameraCount: number;
                        timeZone: string;
                        /** @enum {string} */
                        language: "en" | "fr";
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                        progress: number;
                        bytes: number | null;
                        downloadUrl: string | null;
                        fileName: string;
                        error: string | null;
                        scheduleId: string | null;
                        requestedBy: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getReportDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listReportSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            kind: "uptime" | "events" | "storage" | "alerts";
                            /** @enum {string} */
                            format: "pdf" | "csv";
                            /** @enum {string} */
                            frequency: "weekly" | "monthly";
                            siteId: string | null;
                            siteName: string | null;
                            recipients: {
                                id: string;
                                displayName: string;
                                email: string;
                            }[];
                            /** @enum {string} */
                            language: "en" | "fr";
                            /** @description ISO 8601 timestamp */
                            nextRunAt: string;
                            createdBy: {
                                id: string;
                                displayName: string;
                            } | null;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createReportSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "uptime" | "events" | "storage" | "alerts";
                    /** @enum {string} */
                    format: "pdf" | "csv";
                    /** @enum {string} */
                    frequency: "weekly" | "monthly";
                    /** Format: uuid */
                    siteId?: string | null;
                    recipientIds: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "uptime" | "events" | "storage" | "alerts";
                        /** @enum {string} */
                        format: "pdf" | "csv";
                        /** @enum {string} */
                        frequency: "weekly" | "monthly";
                        siteId: string | null;
                        siteName: string | null;
                        recipients: {
                            id: string;
                            displayName: string;
                            email: string;
                        }[];
                        /** @enum {string} */
                        language: "en" | "fr";
                        /** @description ISO 8601 timestamp */
                        nextRunAt: string;
                        createdBy: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listReportSchedulesRecipients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            displayName: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "manager" | "operator" | "viewer";
                            limited: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteReportSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateReportSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind?: "uptime" | "events" | "storage" | "alerts";
                    /** @enum {string} */
                    format?: "pdf" | "csv";
                    /** @enum {string} */
                    frequency?: "weekly" | "monthly";
                    /** Format: uuid */
                    siteId?: string | null;
                    recipientIds?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "uptime" | "events" | "storage" | "alerts";
                        /** @enum {string} */
                        format: "pdf" | "csv";
                        /** @enum {string} */
                        frequency: "weekly" | "monthly";
                        siteId: string | null;
                        siteName: string | null;
                        recipients: {
                            id: string;
                            displayName: string;
                            email: string;
                        }[];
                        /** @enum {string} */
                        language: "en" | "fr";
                        /** @description ISO 8601 timestamp */
                        nextRunAt: string;
                        createdBy: {
                            id: string;
                            displayName: string;
                        } | null;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listAnalyticsEvents: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
                kind?: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
                groupBy?: "day" | "hour" | "camera" | "site";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 timestamp */
                        from: string;
                        /** @description ISO 8601 timestamp */
                        to: string;
                        timeZone: string;
                        /** @enum {string} */
                        groupBy: "day" | "hour" | "camera" | "site";
                        total: number;
                        buckets: {
                            key: string | null;
                            label: string;
                            count: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsEventsCsv: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
                kind?: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
                groupBy?: "day" | "hour" | "camera" | "site";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsHeatmap: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
                kind?: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 timestamp */
                        from: string;
                        /** @description ISO 8601 timestamp */
                        to: string;
                        timeZone: string;
                        total: number;
                        cells: {
                            weekday: number;
                            hour: number;
                            count: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsHeatmapCsv: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
                kind?: "motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsUptime: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 timestamp */
                        from: string;
                        /** @description ISO 8601 timestamp */
                        to: string;
                        timeZone: string;
                        overall: {
                            observedSeconds: number;
                            downSeconds: number;
                            uptime: number | null;
                        };
                        cameras: {
                            cameraId: string;
                            name: string;
                            siteId: string | null;
                            observedSeconds: number;
                            downSeconds: number;
                            uptime: number | null;
                            outageCount: number;
                            outages: {
                                /** @description ISO 8601 timestamp */
                                startAt: string;
                                /** @description ISO 8601 timestamp */
                                endAt: string | null;
                                seconds: number;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsUptimeCsv: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsOutagesCsv: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsStorage: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 timestamp */
                        from: string;
                        /** @description ISO 8601 timestamp */
                        to: string;
                        timeZone: string;
                        history: {
                            day: string;
                            bytes: number;
                        }[] | null;
                        cameras: {
                            cameraId: string;
                            name: string;
                            siteId: string | null;
                            bytes: number;
                            /** @description ISO 8601 timestamp */
                            oldestAt: string | null;
                            daysKept: number | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsStorageCsv: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAnalyticsFootageCsv: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                /** @description one site (the vms plan) */
                siteId?: string;
                cameraId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getDashboardManager: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        team: {
                            members: number;
                            onNow: {
                                uid: string;
                                displayName: string;
                                role: string;
                            }[];
                            pendingInvitations: number;
                        };
                        tasks: {
                            open: number;
                            overdue: number;
                        };
                        alertsBySite: {
                            siteId: string | null;
                            name: string | null;
                            count: number;
                        }[];
                        week: {
                            day: string;
                            count: number;
                        }[];
                        gettingStarted: {
                            done: {
                                camera: boolean;
                                live: boolean;
                                alerts: boolean;
                                team: boolean;
                            };
                            dismissed: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createDashboardGettingStartedDismiss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAiAnalytics: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                cameraId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 8601 timestamp */
                        from: string;
                        /** @description ISO 8601 timestamp */
                        to: string;
                        timeZone: string;
                        total: number;
                        labels: {
                            label: string;
                            count: number;
                        }[];
                        days: {
                            day: string;
                            total: number;
                            counts: {
                                [key: string]: number;
                            };
                        }[];
                        cameras: {
                            cameraId: string;
                            name: string;
                            count: number;
                        }[];
                        heatmap: {
                            weekday: number;
                            hour: number;
                            count: number;
                        }[];
                        quota: {
                            used: number;
                            quota: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAiAnalyticsCsv: {
        parameters: {
            query: {
                /** @description start of the period, inclusive: an ISO 8601 instant, or a date (local midnight) */
                from: string;
                /** @description end of the period, exclusive: an ISO 8601 instant, or a date (local midnight) */
                to: string;
                cameraId?: string;
                figure?: "labels" | "cameras" | "heatmap";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createCameraLiveTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        hlsUrl: string;
                        expiresAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createCameraWebrtc: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sdp: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessionId: string;
                        sdp: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteCameraWebrtc: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCameraSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCameraLiveMp4ws: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Unexpected"];
        };
    };
    getCameraLiveFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Unexpected"];
        };
    };
    createCameraTalkback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sdp: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessionId: string;
                        sdp: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteCameraTalkback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getAiSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        local: {
                            available: boolean;
                            model: string;
                        };
                        codeproject: {
                            url: string;
                            hasApiKey: boolean;
                            timeoutMs: number;
                        } | null;
                        openai: {
                            url: string;
                            hasApiKey: boolean;
                            model: string;
                            timeoutMs: number;
                        } | null;
                        usage: {
                            used: number;
                            quota: number;
                            /** @description ISO 8601 timestamp */
                            periodStart: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setAiSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    codeproject?: {
                        /** Format: uri */
                        url: string;
                        apiKey?: string | null;
                        timeoutMs?: number;
                    } | null;
                    openai?: {
                        /** Format: uri */
                        url: string;
                        apiKey?: string | null;
                        model: string;
                        timeoutMs?: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        local: {
                            available: boolean;
                            model: string;
                        };
                        codeproject: {
                            url: string;
                            hasApiKey: boolean;
                            timeoutMs: number;
                        } | null;
                        openai: {
                            url: string;
                            hasApiKey: boolean;
                            model: string;
                            timeoutMs: number;
                        } | null;
                        usage: {
                            used: number;
                            quota: number;
                            /** @description ISO 8601 timestamp */
                            periodStart: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    analyzeAi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    cameraId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detections: {
                            label: string;
                            score: number;
                            box: number[];
                            zones?: string[];
                        }[];
                        /** @enum {string} */
                        provider: "local" | "codeproject";
                        tookMs: number;
                        usage: {
                            used: number;
                            quota: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listNotificationRulesRecipients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            displayName: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "manager" | "operator" | "viewer";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listNotificationRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            name: string;
                            enabled: boolean;
                            kinds: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                            severities: ("alert" | "info")[];
                            cameraIds: string[];
                            onlyWhenArmed: boolean;
                            recipientUserIds: string[];
                            recipientRoles: ("owner" | "manager" | "operator" | "viewer")[];
                            channels: ("push" | "email" | "sms")[];
                            cooldownSeconds: number;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createNotificationRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default true */
                    enabled?: boolean;
                    /** @default [] */
                    kinds?: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                    /**
                     * @default [
                     *       "alert"
                     *     ]
                     */
                    severities?: ("alert" | "info")[];
                    /** @default [] */
                    cameraIds?: string[];
                    /** @default false */
                    onlyWhenArmed?: boolean;
                    /** @default [] */
                    recipientUserIds?: string[];
                    /** @default [] */
                    recipientRoles?: ("owner" | "manager" | "operator" | "viewer")[];
                    channels: ("push" | "email" | "sms")[];
                    /** @default 300 */
                    cooldownSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        enabled: boolean;
                        kinds: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                        severities: ("alert" | "info")[];
                        cameraIds: string[];
                        onlyWhenArmed: boolean;
                        recipientUserIds: string[];
                        recipientRoles: ("owner" | "manager" | "operator" | "viewer")[];
                        channels: ("push" | "email" | "sms")[];
                        cooldownSeconds: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getNotificationRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        enabled: boolean;
                        kinds: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                        severities: ("alert" | "info")[];
                        cameraIds: string[];
                        onlyWhenArmed: boolean;
                        recipientUserIds: string[];
                        recipientRoles: ("owner" | "manager" | "operator" | "viewer")[];
                        channels: ("push" | "email" | "sms")[];
                        cooldownSeconds: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteNotificationRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateNotificationRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    enabled?: boolean;
                    kinds?: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                    severities?: ("alert" | "info")[];
                    cameraIds?: string[];
                    onlyWhenArmed?: boolean;
                    recipientUserIds?: string[];
                    recipientRoles?: ("owner" | "manager" | "operator" | "viewer")[];
                    channels?: ("push" | "email" | "sms")[];
                    cooldownSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        enabled: boolean;
                        kinds: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                        severities: ("alert" | "info")[];
                        cameraIds: string[];
                        onlyWhenArmed: boolean;
                        recipientUserIds: string[];
                        recipientRoles: ("owner" | "manager" | "operator" | "viewer")[];
                        channels: ("push" | "email" | "sms")[];
                        cooldownSeconds: number;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                        /** @description ISO 8601 timestamp */
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            url: string;
                            secretHint: string;
                            kinds: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                            enabled: boolean;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    secret: string;
                    /** @default [] */
                    kinds?: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        secretHint: string;
                        kinds: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                        enabled: boolean;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    secret?: string;
                    /** @default [] */
                    kinds?: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        secretHint: string;
                        kinds: ("motion" | "camera.offline" | "camera.online" | "recording.gap" | "storage.pruned" | "ai.detection" | "camera.tamper")[];
                        enabled: boolean;
                        /** @description ISO 8601 timestamp */
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        code: number | null;
                        error: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                channel?: "push" | "email" | "sms" | "webhook" | "mqtt";
                status?: "pending" | "sending" | "retrying" | "sent" | "outbox" | "failed" | "skipped" | "digest" | "interrupted";
                eventId?: string;
                limit?: number;
                startAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            eventId: string | null;
                            taskId: string | null;
                            /** @enum {string} */
                            channel: "push" | "email" | "sms" | "webhook" | "mqtt";
                            destination: string;
                            /** @enum {string} */
                            status: "pending" | "sending" | "retrying" | "sent" | "outbox" | "failed" | "skipped" | "digest" | "interrupted";
                            attempts: {
                                /** @description ISO 8601 timestamp */
                                at: string;
                                ok: boolean;
                                code: number | null;
                                error: string | null;
                                durationMs: number;
                            }[];
                            lastError: string | null;
                            /** @description ISO 8601 timestamp */
                            createdAt: string;
                            /** @description ISO 8601 timestamp */
                            sentAt: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    retryDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getNotificationsEventImage: {
        parameters: {
            query: {
                exp: number;
                sig: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["Unexpected"];
        };
    };
    getPushConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        vapidPublicKey: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    listDeviceTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            token: string;
                            userId: string;
                            platform: string;
                            active: boolean;
                            /** @description ISO 8601 timestamp */
                            lastUsed: string | null;
                            userAgent: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    createDeviceToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    /**
                     * @default web
                     * @enum {string}
                     */
                    platform?: "web" | "android" | "ios";
                    userAgent?: string;
                    keys?: {
                        p256dh: string;
                        auth: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        userId: string;
                        platform: string;
                        active: boolean;
                        /** @description ISO 8601 timestamp */
                        lastUsed: string | null;
                        userAgent: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    deleteDeviceToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getNotificationsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mqttUrl: string | null;
                        mqttDiscovery: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    setNotificationsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mqttUrl: string | null;
                    mqttDiscovery?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mqttUrl: string | null;
                        mqttDiscovery: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    testMqttSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        code: number | null;
                        error: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    getNotificationsUnsubscribe: {
        parameters: {
            query: {
                u: string;
                t: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["Unexpected"];
        };
    };
    unsubscribeNotifications: {
        parameters: {
            query?: {
                u?: string;
                t?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    u: string;
                    t: string;
                } | {
                    /** @enum {string} */
                    "List-Unsubscribe": "One-Click";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        channel: "email";
                        email: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    receiveTwilioStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    AccountSid: string;
                    MessageSid: string;
                    MessageStatus: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    receiveTwilioMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    AccountSid: string;
                    From: string;
                    To: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
    receiveStripeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                        /** @enum {string} */
                        result: "applied" | "ignored" | "duplicate";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Unexpected"];
        };
    };
}
