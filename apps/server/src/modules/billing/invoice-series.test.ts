import { cloneTemplate, createDb } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sampleInvoice } from '../../../test/sample-invoice.ts';
import { invoicesRepo } from './invoices.repo.ts';

/**
 * The invoice series on the real PostgreSQL: 1,000 invoices issued by 8 concurrent workers, a
 * quarter of the transactions rolled back after taking their number, must leave 1 … 1000 with no
 * gap and no duplicate; credit notes keep a series of their own; each year starts again at 1.
 */
const WORKERS = 8;
const TARGET = 1000;

describe('invoice numbers: one unbroken yearly series per installation', () => {
  let handle: ReturnType<typeof createDb>;
  let workspaceId: string;

  beforeAll(async () => {
    handle = createDb(await cloneTemplate(inject('pgAdminUrl')), WORKERS + 1);
    const { rows } = await handle.pool.query(
      `insert into workspaces (name, owner_id) values ('Series', gen_random_uuid()) returning id`,
    );
    workspaceId = rows[0].id;
  });
  afterAll(() => handle?.pool.end());

  const invoiceAt = (number: string, at: Date) => sampleInvoice({ workspaceId, number, issuedAt: at });

  it('1,000 invoices from 8 workers with random rollbacks: no gap, no duplicate', async () => {
    const at = new Date('2026-06-15T12:00:00Z');
    let committed = 0;
    let rolledBack = 0;
    const rollback = new Error('rolled back on purpose');
    const worker = async () => {
      while (committed < TARGET) {
        try {
          await handle.db.transaction(async (tx) => {
            const number = await invoicesRepo.nextNumber(tx, at);
            await invoicesRepo.insert(tx, invoiceAt(number, at));
            // Decided after the number was taken and the row written, as a failure later in issuing would be.
            if (Math.random() < 0.25 || committed >= TARGET) throw rollback;
            committed++;
          });
        } catch (e) {
          if (e !== rollback) throw e;
          rolledBack++;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    const { rows } = await handle.pool.query<{ number: string }>(
      'select number from invoices where workspace_id = $1',
      [workspaceId],
    );
    const numbers = rows.map((r) => r.number).sort();
    expect(rolledBack).toBeGreaterThan(100);
    expect(numbers.length).toBe(TARGET);
    expect(new Set(numbers).size).toBe(TARGET);
    expect(numbers).toEqual(Array.from({ length: TARGET }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
  });

  it('credit notes have their own series; a new year starts at 1', async () => {
    const at = new Date('2027-01-01T00:00:01Z');
    const invoice = await handle.db.transaction(async (tx) =>
      invoicesRepo.insert(tx, invoiceAt(await invoicesRepo.nextNumber(tx, at), at)),
    );
    expect(invoice.number).toBe('2027-000001');
    const first = await handle.db.transaction((tx) => invoicesRepo.creditWhole(tx, invoice, 'cancellation', at));
    const second = await handle.db.transaction((tx) => invoicesRepo.creditWhole(tx, invoice, 'refund', at));
    expect([first.number, second.number]).toEqual(['AV-2027-000001', 'AV-2027-000002']);
    expect(first).toMatchObject({ invoiceId: invoice.id, totalMinor: 1200, taxMinor: 200, currency: 'EUR' });
  });
});
