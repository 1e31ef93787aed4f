import type { AuditEntry, AuditVerifyResult } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './harness.ts';

/** A page of the audit log as `token` reads it (query: `?scope=…&action=…`), checked to answer 200. */
export async function auditEntries(app: FastifyInstance, token: string, query = ''): Promise<AuditEntry[]> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/audit${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** POST /api/v1/audit/verify as `token`, checked to answer 200. */
export async function verifyAudit(
  app: FastifyInstance,
  token: string,
  scope = 'workspace',
): Promise<AuditVerifyResult> {
  const res = await app.inject({ method: 'POST', url: `/api/v1/audit/verify?scope=${scope}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
