import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.ts';
import { stamps } from './stamps.ts';

/**
 * AI detection: a workspace's external providers. The built-in local detector needs no
 * settings; a CodeProject.AI / DeepStack-compatible detection API and an OpenAI-compatible vision
 * API (which describes an alert) are reached at the URLs kept here, their keys sealed at rest
 * (lib/secrets.ts) and never returned. A camera's own AI settings are `cameras.ai`; the quota's
 * counter is the owner's `usage.aiAnalysisUsed`, reset when `users.ai_usage_period` falls behind
 * the billing period.
 */
export const aiSettings = pgTable('ai_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  codeprojectUrl: text('codeproject_url'),
  /** AES-256-GCM ciphertext; never returned by the API. */
  codeprojectKeyEnc: text('codeproject_key_enc'),
  codeprojectTimeoutMs: integer('codeproject_timeout_ms').notNull().default(10_000),
  openaiUrl: text('openai_url'),
  openaiKeyEnc: text('openai_key_enc'),
  openaiModel: text('openai_model'),
  openaiTimeoutMs: integer('openai_timeout_ms').notNull().default(20_000),
  ...stamps,
});
