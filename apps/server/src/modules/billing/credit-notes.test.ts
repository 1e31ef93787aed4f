import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf } from '../../../test/helpers.ts';

const run = promisify(execFile);

/**
 * Credit notes: an issued invoice is never edited. A second checkout cancels the open invoice
 * with a credit note; the administrator's refund of a paid one issues another, once. Both are
 * listed on the workspace's Billing and the administrator's, and print as PDF (read back by pdftotext).
 */
describe('credit notes for cancellations and refunds, listed and printed', () => {
  let t: TestApp;
  let admin: AuthResult;
  let dir: string;
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const textOf = async (pdf: Buffer) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Admin' });
    dir = await mkdtemp(path.join(tmpdir(), 'credit-notes-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a replaced invoice and a refunded one are taken back by numbered credit notes, listed and printed', async () => {
    const owner = await signUp(t.app);
    const checkout = async () =>
      (await call(owner.token, 'POST', '/api/v1/billing/checkout', { plan: 'pro', interval: 'month' })).json()
        .invoiceId as string;
    const first = await checkout();
    const second = await checkout();
    const year = new Date().getUTCFullYear();
    let billing = (await call(owner.token, 'GET', '/api/v1/billing')).json();
    const firstNumber = billing.invoices.find((i: { id: string }) => i.id === first).number;
    expect(billing.creditNotes).toEqual([
      expect.objectContaining({ invoiceId: first, invoiceNumber: firstNumber, reason: 'cancellation', total: 29 }),
    ]);
    const cancellation = billing.creditNotes[0];
    expect(cancellation.number).toMatch(new RegExp(`^AV-${year}-\\d{6}$`));

    // A refund: only of a paid invoice, once.
    const open = await call(admin.token, 'POST', `/api/v1/admin/invoices/${second}/refund`);
    expect([open.statusCode, errorOf(open).code]).toEqual([400, 'failed-precondition']);
    expect((await call(admin.token, 'POST', `/api/v1/admin/invoices/${second}/paid`)).statusCode).toBe(200);
    const refunded = await call(admin.token, 'POST', `/api/v1/admin/invoices/${second}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = refunded.json();
    expect(refund).toMatchObject({ invoiceId: second, reason: 'refund', total: 29, tax: 0 });
    expect(Number(refund.number.slice(-6))).toBe(Number(cancellation.number.slice(-6)) + 1);
    const again = await call(admin.token, 'POST', `/api/v1/admin/invoices/${second}/refund`);
    expect([again.statusCode, errorOf(again).code]).toEqual([409, 'already-exists']);

    billing = (await call(owner.token, 'GET', '/api/v1/billing')).json();
    expect(billing.creditNotes.map((n: { number: string }) => n.number)).toEqual([refund.number, cancellation.number]);
    // The invoice itself is as issued: paid, its amounts unchanged.
    expect(billing.invoices.find((i: { id: string }) => i.id === second)).toMatchObject({
      status: 'paid',
      total: 29,
    });
    const listed = (await call(admin.token, 'GET', '/api/v1/admin/credit-notes')).json().items;
    expect(listed.filter((n: { invoiceId: string }) => [first, second].includes(n.invoiceId))).toHaveLength(2);
    expect(listed[0]).toMatchObject({ number: refund.number, ownerEmail: owner.user.email });

    const pdf = await call(owner.token, 'GET', refund.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await textOf(pdf.rawPayload);
    expect(text).toContain(`Credit note ${refund.number}`);
    expect(text).toContain(
      `Takes back invoice ${billing.invoices.find((i: { id: string }) => i.id === second).number} (refund)`,
    );
    expect(text).toMatch(/-€29\.00|−€29\.00|€-29\.00/);
    // Another workspace's credit note is not found; the administrator reads any.
    const stranger = await signUp(t.app);
    expect((await call(stranger.token, 'GET', refund.pdfUrl)).statusCode).toBe(404);
    expect((await call(admin.token, 'GET', refund.pdfUrl)).statusCode).toBe(200);
  });
});
