import { describe, expect, it } from 'vitest';
import { canRetry, deliveryFiltersOf, deliveryQuery, statusTone, withDeliveryFilters } from './delivery-model.ts';
import { generateSecret, secretProblem } from './integrations-model.ts';

describe('delivery log filters', () => {
  it('reads known values from the address bar and ignores the rest', () => {
    expect(deliveryFiltersOf(new URLSearchParams('logChannel=webhook&logStatus=failed'))).toEqual({
      channel: 'webhook',
      status: 'failed',
    });
    expect(deliveryFiltersOf(new URLSearchParams('logChannel=fax&logStatus='))).toEqual({ channel: '', status: '' });
  });

  it('writes the filters while keeping the other parameters', () => {
    const next = withDeliveryFilters(new URLSearchParams('tab=deliveries&logStatus=sent'), {
      channel: 'email',
      status: '',
    });
    expect(next.toString()).toBe('tab=deliveries&logChannel=email');
  });

  it('builds the API query with the cursor', () => {
    expect(deliveryQuery({ channel: 'sms', status: '' }, 30, 'abc')).toBe('limit=30&channel=sms&startAfter=abc');
    expect(deliveryQuery({ channel: '', status: 'failed' }, 30, null)).toBe('limit=30&status=failed');
  });

  it('offers retry only where the server allows it', () => {
    expect(['failed', 'interrupted', 'skipped'].every((s) => canRetry(s as never))).toBe(true);
    expect(['sent', 'pending', 'sending', 'retrying', 'digest'].some((s) => canRetry(s as never))).toBe(false);
    expect(statusTone('sent')).toBe('ok');
    expect(statusTone('failed')).toBe('error');
    // Waiting unsent in the outbox is not a success.
    expect(statusTone('outbox')).toBe('warn');
  });
});

describe('webhook secret', () => {
  it('is 64 hex characters from the random source', () => {
    const secret = generateSecret((b) => b.map((_, i) => i));
    expect(secret).toBe(Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(''));
    expect(generateSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(generateSecret()).not.toBe(generateSecret());
    expect(secretProblem(generateSecret())).toBeNull();
    expect(secretProblem('short')).toBe('notifications.webhooks.error.secretShort');
  });
});
