import {
  DEFAULT_SMS_TEMPLATE,
  EVENT_KINDS,
  SMS_VARIABLES,
  type SmsMessage,
  type SmsSettings,
  type SmsStatus,
  type SmsTemplates,
  type UpdateSmsSettingsInput,
  maskPhone,
  phoneProblem,
  unknownVariables,
} from '@vigil/shared';
import { AppError, RetryLaterError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/list-query.ts';
import { audit } from '../audit/audit.module.ts';
import { type SmsDeps, createSmsSender } from './sms-sender.service.ts';
import { SmsProviderError } from './sms-provider.ts';
import { type SmsCursor, type SmsMessageRow, type SmsSettingsRow, smsRepo as repo } from './sms.repo.ts';

export { createSmsChannel } from './sms-channel.service.ts';
export type { SmsDeps } from './sms-sender.service.ts';
export type SmsService = ReturnType<typeof createSmsService>;

/** The caller: their workspace, and the cameras they may reach in it (the log hides others'). */
export type Actor = ScopedActor;

const DEFAULTS = { ratePerMinute: 30, monthlyCap: 500 };
const TEST_BODY = 'Vigil test message: SMS works for this workspace.';
const hint = (token: string) => `••••${token.slice(-4)}`;

function toMessage(row: SmsMessageRow): SmsMessage {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    to: maskPhone(row.to),
    body: row.body,
    status: row.status as SmsStatus,
    errorCode: row.errorCode,
    error: row.error,
    segments: row.segments,
    encoding: row.encoding as SmsMessage['encoding'],
    test: row.test,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const encodeCursor = (c: SmsCursor): string => encodeKeyset([c.createdAt, c.id]);

function decodeCursor(text: string): SmsCursor {
  const [createdAt, id] = decodeKeyset(text, ['timestamp', 'uuid']);
  return { createdAt: createdAt!, id: id! };
}

/** Field problems of a settings body the schema cannot see: the from number, the templates' variables. */
function settingsProblems(input: UpdateSmsSettingsInput): Record<string, string> {
  const fields: Record<string, string> = {};
  const from = phoneProblem(input.fromNumber);
  if (from) fields.fromNumber = `The from number ${from}.`;
  for (const [key, text] of Object.entries(input.templates)) {
    const unknown = unknownVariables(text ?? '');
    if (unknown.length)
      fields[`templates.${key}`] =
        `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `{${u}}`).join(', ')}: use ${SMS_VARIABLES.map((v) => `{${v}}`).join(', ')}.`;
  }
  return fields;
}

/** The default and the non-empty overrides (an empty override means "use the default"). */
function cleanTemplates(t: SmsTemplates): SmsTemplates {
  const out: SmsTemplates = { default: t.default.trim() };
  for (const kind of EVENT_KINDS) {
    const text = t[kind]?.trim();
    if (text) out[kind] = text;
  }
  return out;
}

/** Why a provider refused an account, as the settings form shows it. */
function verifyRefusal(err: SmsProviderError): AppError {
  if (err.unauthorized)
    return new AppError('invalid-argument', 'Twilio refused these credentials: check the account SID and auth token.', {
      authToken: 'Twilio refused this account SID and auth token.',
    });
  if (err.code === 'from-number')
    return new AppError('failed-precondition', `${err.message}.`, { fromNumber: `${err.message}.` });
  if (err.status === null) return new AppError('unavailable', `${err.message}: the settings were not saved.`);
  return new AppError('failed-precondition', `Twilio refused the settings: ${err.message}`);
}

export function createSmsService(deps: SmsDeps) {
  const { db, secrets, providers } = deps;
  const sender = createSmsSender(deps);

  async function toSettings(workspaceId: string, row: SmsSettingsRow | undefined): Promise<SmsSettings> {
    const usage = await repo.usage(db, workspaceId);
    if (!row)
      return {
        configured: false,
        provider: 'twilio',
        accountSid: null,
        authTokenHint: null,
        fromNumber: null,
        templates: { default: DEFAULT_SMS_TEMPLATE },
        ...DEFAULTS,
        enabled: false,
        usage,
        updatedAt: null,
      };
    let authTokenHint: string | null = null;
    try {
      authTokenHint = hint(secrets.open(row.authToken));
    } catch {}
    return {
      configured: true,
      provider: 'twilio',
      accountSid: row.accountSid,
      authTokenHint,
      fromNumber: row.fromNumber,
      templates: row.templates as SmsTemplates,
      ratePerMinute: row.ratePerMinute,
      monthlyCap: row.monthlyCap,
      enabled: row.enabled,
      usage,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    async settings(actor: Actor): Promise<SmsSettings> {
      return toSettings(actor.workspaceId, await repo.settings(db, actor.workspaceId));
    },

    /**
     * Saves the provider account, templates and limits. A new account, token or number is checked
     * with the provider first; nothing is saved unless it passes. Without a new token the saved one
     * stays (only for the same account).
     */
    async saveSettings(actor: Actor, input: UpdateSmsSettingsInput): Promise<SmsSettings> {
      const problems = settingsProblems(input);
      if (Object.keys(problems).length) throw new AppError('invalid-argument', Object.values(problems)[0], problems);
      const existing = await repo.settings(db, actor.workspaceId);
      const sameAccount = existing?.accountSid === input.accountSid;
      let token = input.authToken;
      if (!token && existing && sameAccount) {
        try {
          token = secrets.open(existing.authToken);
        } catch {}
      }
      if (!token)
        throw new AppError('invalid-argument', 'Enter the auth token of this Twilio account.', {
          authToken: 'Required for a new account.',
        });
      const changed =
        !existing || !sameAccount || input.authToken !== undefined || existing.fromNumber !== input.fromNumber;
      if (changed) {
        try {
          await providers({ accountSid: input.accountSid, authToken: token }).verify(input.fromNumber);
        } catch (err) {
          if (err instanceof SmsProviderError) throw verifyRefusal(err);
          throw err;
        }
      }
      const row = await db.transaction(async (tx) => {
        const saved = await repo.saveSettings(tx, {
          workspaceId: actor.workspaceId,
          provider: input.provider ?? 'twilio',
          accountSid: input.accountSid,
          authToken: secrets.seal(token),
          fromNumber: input.fromNumber,
          templates: cleanTemplates(input.templates),
          ratePerMinute: input.ratePerMinute,
          monthlyCap: input.monthlyCap,
          enabled: input.enabled,
        });
        // Never the token: whether it changed.
        await audit.record(tx, {
          action: 'settings.sms-changed',
          targetType: 'workspace',
          targetId: actor.workspaceId,
          details: {
            accountSid: saved.accountSid,
            fromNumber: saved.fromNumber,
            enabled: saved.enabled,
            ratePerMinute: saved.ratePerMinute,
            monthlyCap: saved.monthlyCap,
            tokenChanged: input.authToken !== undefined,
          },
        });
        return saved;
      });
      return toSettings(actor.workspaceId, row);
    },

    /** "Send test": the same path as a notification (opt-out, rate, cap, the log), sent now. */
    async sendTest(actor: Actor, to: string): Promise<SmsMessage> {
      const problem = phoneProblem(to);
      if (problem) throw new AppError('invalid-argument', `The phone number ${problem}.`, { to: problem });
      const out = await sender.send(actor.workspaceId, to, TEST_BODY, { test: true });
      switch (out.kind) {
        case 'sent':
        case 'failed':
          return toMessage(out.message);
        case 'rate-limited':
          throw new RetryLaterError('resource-exhausted', out.retryAfterSeconds, out.text);
        case 'refused':
          throw new AppError(out.reason === 'monthly-cap' ? 'resource-exhausted' : 'failed-precondition', out.text);
      }
    },

    async messages(actor: Actor, q: { status?: SmsStatus; limit: number; startAfter?: string }) {
      const after = q.startAfter ? decodeCursor(q.startAfter) : undefined;
      const page = await repo.listMessages(db, actor, { status: q.status }, q.limit, after);
      return { items: page.rows.map(toMessage), nextCursor: page.next ? encodeCursor(page.next) : null };
    },

    async optOuts(actor: Actor) {
      const rows = await repo.optOuts(db, actor.workspaceId);
      return { items: rows.map((r) => ({ phone: r.phone, at: r.at.toISOString() })) };
    },

    /** A manager allows a number again (the person asked another way than START). */
    async removeOptOut(actor: Actor, phone: string): Promise<void> {
      if (!(await repo.optIn(db, actor.workspaceId, phone))) throw new AppError('not-found');
    },
  };
}
